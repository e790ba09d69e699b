/**
 * Reads a suite file (tests.json v1 or v2, JSON or YAML), validates it with every problem's key path,
 * migrates v1 on the fly and returns the runner's model. Problems are thrown together as a
 * SuiteFileError whose issues name the file, the key path and the fix.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type * as Yaml from 'yaml';
import type { ConfigIssue } from '../../core/errors.ts';
import { InvalidEvaluatorConfigError } from '../../core/errors.ts';
import { zodIssuesToConfigIssues } from '../../core/zod-issues.ts';
import { evalConfigV1Schema, isV1Document, migrateV1, v1Cases } from './migrate-v1.ts';
import type { SuiteFile } from './model.ts';
import { normalizeConfig } from './normalize.ts';
import { evalConfigV2Schema, type EvalConfigV2Input } from './schema-v2.ts';

/** A suite file that could not be read or failed validation; lists every problem. */
export class SuiteFileError extends InvalidEvaluatorConfigError {
  /** The file's model when only cross-reference problems were found, so later checks can still run on it. */
  partial?: SuiteFile;

  constructor(readonly file: string, issues: readonly ConfigIssue[]) {
    super(dedupe(issues).map((issue) => ({ ...issue, file })), `Invalid suite file ${file}`);
    this.name = 'SuiteFileError';
  }
}

/** The issues without repeats (a suite scorer's problem is found once per case). */
function dedupe(issues: readonly ConfigIssue[]): ConfigIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether a path names a YAML file. */
export function isYamlPath(file: string): boolean {
  return /\.ya?ml$/i.test(file);
}

type YamlModule = typeof Yaml;
let yamlModule: YamlModule | undefined;

/** Loads the YAML parser on first use, so JSON suites never load it. */
async function yaml(): Promise<YamlModule> {
  yamlModule ??= await import('yaml');
  return yamlModule;
}

/** Parses JSON or YAML text; a syntax error becomes an issue with its line and column. */
export async function parseDocument(text: string, file: string): Promise<unknown> {
  const yamlParser = isYamlPath(file) ? (await yaml()).parse : undefined;
  try {
    return yamlParser ? yamlParser(text) : JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SuiteFileError(file, [{ path: '(document)', message: `is not valid ${isYamlPath(file) ? 'YAML' : 'JSON'}: ${message}`, fix: 'correct the syntax at the position given' }]);
  }
}

/** The v2 document a parsed document stands for: itself, or its v1 migration. */
export function toV2Document(document: unknown, file: string): { document: unknown; migratedFrom?: 1 } {
  if (!isV1Document(document)) return { document };
  const parsed = evalConfigV1Schema.safeParse(document);
  if (!parsed.success) throw new SuiteFileError(file, zodIssuesToConfigIssues(parsed.error.issues, ''));
  return { document: migrateV1(v1Cases(parsed.data)), migratedFrom: 1 };
}

/** Validates a parsed document (v1 or v2) and builds the model; throws SuiteFileError on any problem. */
export function validateSuiteDocument(document: unknown, file: string): SuiteFile {
  const absolute = path.resolve(file);
  const { document: v2, migratedFrom } = toV2Document(document, absolute);
  const parsed = evalConfigV2Schema.safeParse(v2);
  if (!parsed.success) throw new SuiteFileError(absolute, zodIssuesToConfigIssues(parsed.error.issues, ''));
  const issues: ConfigIssue[] = [];
  const model = normalizeConfig(parsed.data, absolute, issues);
  if (migratedFrom) model.migratedFrom = migratedFrom;
  if (issues.length > 0) {
    const error = new SuiteFileError(absolute, issues);
    error.partial = model;
    throw error;
  }
  return model;
}

/** Where a suite file is looked for in a directory, in order: the format's `eval/` folder, then the root. */
export const SUITE_FILE_CANDIDATES = ['eval/tests.json', 'eval/tests.yaml', 'eval/tests.yml', 'tests.json', 'tests.yaml', 'tests.yml'];

/** The absolute path of the suite file `file` names: the file itself, or in a directory the first candidate found. */
export function resolveSuitePath(file: string): string {
  const absolute = path.resolve(file);
  if (!existsSync(absolute) || !statSync(absolute).isDirectory()) return absolute;
  const found = SUITE_FILE_CANDIDATES.map((candidate) => path.join(absolute, candidate)).find((candidate) => existsSync(candidate));
  if (found) return found;
  throw new SuiteFileError(absolute, [{ path: '(file)', message: `is a directory holding none of ${SUITE_FILE_CANDIDATES.join(', ')}`, fix: 'pass the path of the suite file, or put it at eval/tests.json' }]);
}

/** Reads, validates and normalizes a suite file (a directory stands for its eval/tests.json or tests.json). */
export async function loadSuiteFile(file: string): Promise<SuiteFile> {
  const absolute = resolveSuitePath(file);
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SuiteFileError(absolute, [{ path: '(file)', message: code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? String(error)})`, fix: 'pass the path of a tests.json or suite YAML file' }]);
  }
  return validateSuiteDocument(await parseDocument(text, absolute), absolute);
}

/**
 * Migrates a v1 file to v2 text in the same syntax (JSON or YAML). Returns `undefined` when the file is
 * already v2.
 */
export async function migrateSuiteFile(file: string): Promise<{ text: string; document: EvalConfigV2Input } | undefined> {
  const absolute = resolveSuitePath(file);
  const document = await parseDocument(readFileSync(absolute, 'utf8'), absolute);
  const { document: v2, migratedFrom } = toV2Document(document, absolute);
  if (!migratedFrom) return undefined;
  const migrated = v2 as EvalConfigV2Input;
  validateSuiteDocument(migrated, absolute);
  return { document: migrated, text: isYamlPath(absolute) ? (await yaml()).stringify(migrated) : `${JSON.stringify(migrated, null, 2)}\n` };
}
