/** `otel-evals validate <file>`: every problem of a suite file, without running anything. */
import { parseTargetArgument } from '../../dataset/targets/index.ts';
import { list, parse, positionals, text } from '../args.ts';
import { EXIT_PASSED } from '../exit-codes.ts';

/** The options of the command, as parseArgs takes them; each one is documented in its help. */
export const OPTIONS = { target: { type: 'string' }, suite: { type: 'string', multiple: true } } as const;

/** Runs the command; resolves to the exit code (problems throw a SuiteFileError: exit 2). */
export async function main(args: string[]): Promise<number> {
  const { values, positionals: rest } = parse('validate', args, OPTIONS);
  const [file = ''] = positionals('validate', rest, ['file']);
  const { prepareRun } = await import('../../dataset/runner/prepare.ts');
  const targetArg = text(values.target);
  const prepared = await prepareRun({ file, requireTarget: false, ...(targetArg ? { target: parseTargetArgument(targetArg) } : {}), ...(list(values.suite) ? { suites: list(values.suite) } : {}) });
  const cases = prepared.suites.reduce((n, s) => n + s.spec.cases.length, 0);
  const migrated = prepared.file.migratedFrom ? ' (tests.json v1: run "otel-evals migrate" to convert it)' : '';
  process.stdout.write(`${prepared.file.file}: valid${migrated}, profile ${prepared.file.profile}, ${prepared.suites.length} suite(s), ${cases} case(s)\n`);
  for (const suite of prepared.suites) process.stdout.write(`  ${suite.spec.name}: ${suite.spec.cases.length} case(s), target ${suite.target.description}\n`);
  return EXIT_PASSED;
}
