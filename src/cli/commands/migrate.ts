/** `otel-evals migrate <file>`: converts a tests.json v1 file to v2. */
import { writeFile } from 'node:fs/promises';
import { parse, positionals, text } from '../args.ts';
import { EXIT_PASSED, UsageError } from '../exit-codes.ts';

/** The options of the command, as parseArgs takes them; each one is documented in its help. */
export const OPTIONS = { output: { type: 'string' }, 'in-place': { type: 'boolean' } } as const;

/** Runs the command; resolves to the exit code. */
export async function main(args: string[]): Promise<number> {
  const { values, positionals: rest } = parse('migrate', args, OPTIONS);
  const [file = ''] = positionals('migrate', rest, ['file']);
  const output = text(values.output);
  if (output && values['in-place']) throw new UsageError('use either --output or --in-place', 'migrate');
  const { migrateSuiteFile, loadSuiteFile, resolveSuitePath } = await import('../../dataset/format/load.ts');
  const source = resolveSuitePath(file);
  await loadSuiteFile(source);
  const migrated = await migrateSuiteFile(source);
  if (!migrated) {
    process.stderr.write(`${source} is already a v2 file; nothing to migrate\n`);
    return EXIT_PASSED;
  }
  const destination = values['in-place'] ? source : output;
  if (destination) {
    await writeFile(destination, migrated.text);
    process.stderr.write(`migrated ${source} (v1, ${migrated.document.testCases?.length ?? 0} cases) to v2: ${destination}\n`);
  } else {
    process.stdout.write(migrated.text);
  }
  return EXIT_PASSED;
}
