/** `otel-evals report <run>`: renders a stored run. */
import { dbPath, parse, positionals, text } from '../args.ts';
import { EXIT_PASSED } from '../exit-codes.ts';
import { checkFormat, formatForFile, render, writeReport } from '../output.ts';
import { loadStoredReport } from './stored.ts';

/** The options of the command, as parseArgs takes them; each one is documented in its help. */
export const OPTIONS = { format: { type: 'string' }, output: { type: 'string' }, db: { type: 'string' } } as const;

/** Runs the command; resolves to the exit code. */
export async function main(args: string[]): Promise<number> {
  const { values, positionals: rest } = parse('report', args, OPTIONS);
  const [ref = ''] = positionals('report', rest, ['run']);
  const format = checkFormat('report', text(values.format));
  const report = await loadStoredReport(dbPath(values.db), ref, 'report');
  const output = text(values.output);
  if (output) {
    await writeReport(report, output, format ?? formatForFile(output, undefined));
    process.stderr.write(`wrote ${output}\n`);
  } else {
    process.stdout.write(await render(report, format ?? 'table'));
  }
  return EXIT_PASSED;
}
