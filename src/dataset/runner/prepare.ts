/**
 * Everything before the first case runs, shared by `run` and `validate`: load and validate the file,
 * import its modules, select suites and cases, resolve targets (the command line winning) and resolve
 * every case's evaluators. All problems are reported together as one SuiteFileError.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ConfigIssue } from '../../core/errors.ts';
import { loadSuiteFile, SuiteFileError } from '../format/load.ts';
import type { EvalCase, SuiteFile, SuiteSpec, TargetSpec } from '../format/model.ts';
import { planCase, type CasePlan } from '../strategies/plan.ts';
import { createTarget, TargetError } from '../targets/index.ts';
import type { Target } from '../targets/types.ts';
import { checkDependencies } from './scripts.ts';
import { selectSuites, type CaseFilter } from './select.ts';

/** A suite ready to run. */
export interface PreparedSuite {
  spec: SuiteSpec;
  target: Target;
  plans: CasePlan[];
}

/** A file ready to run. */
export interface PreparedRun {
  file: SuiteFile;
  suites: PreparedSuite[];
}

/** Options of {@link prepareRun}. */
export interface PrepareOptions extends CaseFilter {
  /** The suite file, or an already loaded one. */
  file: string | SuiteFile;
  /** Target overriding the file's (a spec resolved against `targetBaseDir`, or a Target). */
  target?: TargetSpec | Target;
  /** Directory a command-line target spec is relative to (default: the working directory). */
  targetBaseDir?: string;
  /** Whether a suite without a target is a problem (default true; `validate` checks files meant for --target). */
  requireTarget?: boolean;
}

/** Stands in for the target of a suite validated without one; running it is a TargetError. */
const NO_TARGET: Target = {
  kind: 'none',
  description: 'none in the file (give --target when running)',
  version: () => Promise.resolve('none'),
  invoke: () => Promise.reject(new TargetError('no target: give the file a "target", or pass --target')),
};

function isTarget(value: TargetSpec | Target): value is Target {
  return typeof (value as Target).invoke === 'function';
}

async function importModules(file: SuiteFile, issues: ConfigIssue[]): Promise<void> {
  for (const [index, module] of file.modules.entries()) {
    const resolved = path.resolve(file.dir, module);
    try {
      await import(existsSync(resolved) ? pathToFileURL(resolved).href : module);
    } catch (error) {
      issues.push({ path: `modules[${index}]`, message: `cannot be imported: ${error instanceof Error ? error.message : String(error)}`, fix: 'give a path relative to the suite file, or an installed package' });
    }
  }
}

/** Fixture paths in a payload (relative strings naming existing files next to the suite) made absolute. */
export function resolveFixtures(value: unknown, dir: string): unknown {
  if (typeof value === 'string') {
    if (/\s|:\/\//.test(value) || !/[/\\]|^\.\.?$|\.\w+$/.test(value) || path.isAbsolute(value)) return value;
    const resolved = path.resolve(dir, value);
    return existsSync(resolved) ? resolved : value;
  }
  if (Array.isArray(value)) return value.map((item) => resolveFixtures(item, dir));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveFixtures(v, dir)]));
  return value;
}

function withFixtures(evalCase: EvalCase, dir: string): EvalCase {
  const resolved: EvalCase = { ...evalCase, input: typeof evalCase.input === 'object' ? resolveFixtures(evalCase.input, dir) : evalCase.input };
  if (evalCase.context) resolved.context = resolveFixtures(evalCase.context, dir) as Record<string, unknown>;
  return resolved;
}

function suiteTarget(options: PrepareOptions, file: SuiteFile, spec: SuiteSpec, issues: ConfigIssue[]): Target | undefined {
  if (options.target) return isTarget(options.target) ? options.target : createTarget(options.target, options.targetBaseDir ?? process.cwd());
  const chosen = spec.target ?? file.target;
  if (chosen) return createTarget(chosen, file.dir);
  if (options.requireTarget === false) return NO_TARGET;
  issues.push({ path: 'target', message: `no target for suite "${spec.name}"`, fix: 'add "target": { "module": "./agent.mjs" } (or http, outputs, traces) to the file or the suite, or pass --target' });
  return undefined;
}

/** Loads a suite file; with only cross-reference problems, records them and goes on with the model, so every problem is reported at once. */
async function loadOrPartial(file: string, issues: ConfigIssue[]): Promise<SuiteFile> {
  try {
    return await loadSuiteFile(file);
  } catch (error) {
    if (!(error instanceof SuiteFileError) || !error.partial) throw error;
    issues.push(...error.issues.map(({ file: _file, ...issue }) => issue));
    return error.partial;
  }
}

/** Loads, validates and resolves a run; throws SuiteFileError listing every problem. */
export async function prepareRun(options: PrepareOptions): Promise<PreparedRun> {
  const issues: ConfigIssue[] = [];
  const file = typeof options.file === 'string' ? await loadOrPartial(options.file, issues) : options.file;
  await importModules(file, issues);
  if (file.setup?.dependencies) issues.push(...checkDependencies(file.setup.dependencies, file.dir));
  const suites: PreparedSuite[] = [];
  for (const spec of selectSuites(file, options, issues)) {
    const target = suiteTarget(options, file, spec, issues);
    if (!target) continue;
    let cases = spec.cases;
    if (cases.length === 0 && file.suites.length === 1 && target.discoverCases && !(options.ids?.length || options.tags?.length || options.category)) {
      cases = await target.discoverCases();
    }
    cases = cases.map((c) => withFixtures(c, file.dir));
    const plans = cases.map((c) => planCase(file, spec, c, issues));
    suites.push({ spec: { ...spec, cases }, target, plans });
  }
  if (issues.length > 0) throw new SuiteFileError(file.file, issues);
  return { file, suites };
}
