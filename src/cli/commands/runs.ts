/** `otel-evals runs list|show|compare`: the run store. */
import { COMPARISON_OPTIONS, comparisonOptions, dbPath, parse, positionals, positiveInt, text } from '../args.ts';
import type { CompareOptions } from '../../dataset/compare/compare-runs.ts';
import { EXIT_GATE_FAILED, EXIT_PASSED, UsageError } from '../exit-codes.ts';
import { checkFormat, render } from '../output.ts';
import { loadStoredReport, openExistingStore } from './stored.ts';

/** The options of the command, as parseArgs takes them; each one is documented in its help. */
export const OPTIONS = { db: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' }, format: { type: 'string' }, 'fail-on-regression': { type: 'boolean' }, ...COMPARISON_OPTIONS } as const;

async function list(db: string, limit: number, json: boolean): Promise<number> {
  const store = await openExistingStore(db, 'runs list');
  try {
    const runs = store.listRuns(limit);
    if (json) {
      process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
      return EXIT_PASSED;
    }
    process.stdout.write(`${'RUN'.padEnd(30)} ${'STATUS'.padEnd(10)} ${'CASES'.padEnd(11)} ${'STARTED'.padEnd(24)} AGENT VERSION / FILE\n`);
    for (const run of runs) {
      process.stdout.write(`${run.id.padEnd(30)} ${run.status.padEnd(10)} ${`${run.doneCases}/${run.totalCases}`.padEnd(11)} ${run.startedAt.padEnd(24)} ${run.agentVersion}  ${run.suiteFile}\n`);
    }
    if (runs.length === 0) process.stdout.write('(no runs)\n');
    return EXIT_PASSED;
  } finally {
    store.close();
  }
}

async function compare(db: string, baselineRef: string, currentRef: string, format: string | undefined, failOnRegression: boolean, options: CompareOptions): Promise<number> {
  const baseline = await loadStoredReport(db, baselineRef, 'runs compare');
  const current = await loadStoredReport(db, currentRef, 'runs compare');
  const { compareRuns } = await import('../../dataset/compare/index.ts');
  current.comparison = compareRuns(baseline, current, options);
  const chosen = checkFormat('runs', format) ?? 'table';
  process.stdout.write(chosen === 'json' ? `${JSON.stringify(current.comparison, null, 2)}\n` : await render(current, chosen));
  return failOnRegression && current.comparison.regressed ? EXIT_GATE_FAILED : EXIT_PASSED;
}

/** Runs the command; resolves to the exit code. */
export async function main(args: string[]): Promise<number> {
  const { values, positionals: rest } = parse('runs', args, OPTIONS);
  const [sub, ...refs] = rest;
  const db = dbPath(values.db);
  switch (sub) {
    case 'list':
      positionals('runs list', refs, []);
      return list(db, positiveInt('runs', 'limit', values.limit) ?? 20, values.json === true);
    case 'show': {
      const [ref = ''] = positionals('runs show', refs, ['run']);
      const report = await loadStoredReport(db, ref, 'runs show');
      process.stdout.write(await render(report, checkFormat('runs', text(values.format)) ?? 'table'));
      return EXIT_PASSED;
    }
    case 'compare': {
      const [baseline = '', current = ''] = positionals('runs compare', refs, ['baseline', 'current']);
      return compare(db, baseline, current, text(values.format), values['fail-on-regression'] === true, comparisonOptions('runs compare', values));
    }
    default:
      throw new UsageError(sub === undefined ? 'missing subcommand: list, show or compare' : `unknown subcommand "${sub}": use list, show or compare`, 'runs');
  }
}
