/** `otel-evals migrate <file>`: converts a tests.json v1 file to v2. */
import { writeFile } from 'node:fs/promises';
import { parse, positionals, text } from '../args.ts';
import { EXIT_PASSED, UsageError } from '../exit-codes.ts';

const OPTIONS = { output: { type: 'string' }, 'in-place': { type: 'boolean' } } as const;

/** Runs the command; resolves to the exit code. */
export async function main(args: string[]): Promise<number> {
  const { values, positionals: rest } = parse('migrate', args, OPTIONS);
  const [file = ''] = positionals('migrate', rest, ['file']);
  const output = text(values.output);
  if (output && values['in-place']) throw new UsageError('use either --output or --in-place', 'migrate');
  const { migrateSuiteFile, loadSuiteFile } = await import('../../dataset/format/load.ts');
  await loadSuiteFile(file);
  const migrated = await migrateSuiteFile(file);
  if (!migrated) {
    process.stderr.write(`${file} is already a v2 file; nothing to migrate\n`);
    return EXIT_PASSED;
  }
  const destination = values['in-place'] ? file : output;
  if (destination) {
    await writeFile(destination, migrated.text);
    process.stderr.write(`migrated ${file} (v1, ${migrated.document.testCases?.length ?? 0} cases) to v2: ${destination}\n`);
  } else {
    process.stdout.write(migrated.text);
  }
  return EXIT_PASSED;
}
