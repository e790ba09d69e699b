/** `otel-evals run <file>`: run suites, store the run, write reports, and gate on the results. */
import { readFile } from 'node:fs/promises';
import type { ComparisonReport, RunReport } from '../../dataset/report-model.ts';
import { parseTargetArgument } from '../../dataset/targets/index.ts';
import { COMPARISON_OPTIONS, comparisonOptions, dbPath, list, parse, positiveInt, positionals, rate, text } from '../args.ts';
import { EXIT_GATE_FAILED, EXIT_PASSED, UsageError } from '../exit-codes.ts';
import { checkFormat, formatForFile, render, writeReport } from '../output.ts';
import { createProgress } from '../progress.ts';
import { startTelemetry } from '../telemetry.ts';

/** The options of the command, as parseArgs takes them; each one is documented in its help. */
export const OPTIONS = {
  suite: { type: 'string', multiple: true },
  ids: { type: 'string', multiple: true },
  tags: { type: 'string', multiple: true },
  category: { type: 'string' },
  target: { type: 'string' },
  concurrency: { type: 'string' },
  timeout: { type: 'string' },
  'fail-fast': { type: 'boolean' },
  'agent-version': { type: 'string' },
  db: { type: 'string' },
  store: { type: 'boolean', default: true },
  resume: { type: 'boolean', default: true },
  format: { type: 'string' },
  output: { type: 'string', multiple: true },
  quiet: { type: 'boolean' },
  'fail-under': { type: 'string' },
  baseline: { type: 'string' },
  'fail-on-regression': { type: 'boolean' },
  ...COMPARISON_OPTIONS,
} as const;

/** The quality-gate verdict of a run: the reasons it failed (empty when it passed). */
export function gateFailures(report: RunReport, failUnder: number | undefined, comparison: ComparisonReport | undefined, failOnRegression: boolean): string[] {
  const reasons: string[] = [];
  for (const suite of report.suites) {
    if (!suite.overallPassed) {
      const score = suite.averageWeightedScore === undefined ? 'no score' : `average weighted score ${suite.averageWeightedScore.toFixed(3)}`;
      reasons.push(`suite "${suite.name}" did not pass: ${score}, threshold ${suite.threshold ?? report.threshold}${suite.cases.some((c) => c.status === 'error') ? ', cases in error' : ''}`);
    }
  }
  const rateOf = report.totals.cases === 0 ? 0 : report.totals.passed / report.totals.cases;
  if (failUnder !== undefined && rateOf < failUnder) reasons.push(`pass rate ${(rateOf * 100).toFixed(1)}% is below --fail-under ${(failUnder * 100).toFixed(1)}%`);
  if (failOnRegression && comparison?.regressed) {
    const names = comparison.criteria.filter((c) => c.verdict === 'regressed').map((c) => c.criterionName);
    reasons.push(`regression against baseline ${comparison.baselineRunId}: ${names.join(', ')}`);
  }
  return reasons;
}

/**
 * Loads a baseline: a JSON report file, a stored run, or for `latest` the newest succeeded run of the
 * same suite file (undefined when there is none yet: the comparison is skipped with a note, so the first
 * run of a CI pipeline with an empty run store does not fail).
 */
export async function loadBaseline(ref: string, db: string, file: string): Promise<RunReport | undefined> {
  if (ref.endsWith('.json')) {
    try {
      return JSON.parse(await readFile(ref, 'utf8')) as RunReport;
    } catch (error) {
      throw new UsageError(`--baseline ${ref}: cannot read a JSON report (${error instanceof Error ? error.message : String(error)})`, 'run');
    }
  }
  const stored = await import('./stored.ts');
  if (ref !== 'latest') return stored.loadStoredReport(db, ref, '--baseline');
  const { resolveSuitePath } = await import('../../dataset/format/load.ts');
  const suiteFile = resolveSuitePath(file);
  const baseline = await stored.latestBaseline(db, suiteFile);
  if (!baseline) process.stderr.write(`otel-evals run: --baseline latest: no succeeded run of ${suiteFile} in ${db} yet; this run is not compared\n`);
  return baseline;
}

/** Runs the command; resolves to the exit code. */
export async function main(args: string[]): Promise<number> {
  const { values, positionals: rest } = parse('run', args, OPTIONS);
  const [file = ''] = positionals('run', rest, ['file']);
  const format = checkFormat('run', text(values.format));
  const failUnder = rate('run', 'fail-under', values['fail-under']);
  const concurrency = positiveInt('run', 'concurrency', values.concurrency);
  const timeoutMillis = positiveInt('run', 'timeout', values.timeout);
  const quiet = values.quiet === true;
  const db = dbPath(values.db);
  const baselineRef = text(values.baseline);
  if (values['fail-on-regression'] === true && !baselineRef) throw new UsageError('--fail-on-regression needs --baseline (a run id, "latest" or a JSON report) to compare with', 'run');
  const baseline = baselineRef ? await loadBaseline(baselineRef, db, file) : undefined;
  const telemetry = await startTelemetry((line) => process.stderr.write(`${line}\n`));
  const progress = quiet ? undefined : createProgress();
  const controller = new AbortController();
  const onSignal = (): void => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const { runSuiteFile } = await import('../../dataset/runner/run-suite-file.ts');
  let report: RunReport;
  try {
    const targetArg = text(values.target);
    report = await runSuiteFile({
      file,
      ...(list(values.suite) ? { suites: list(values.suite) } : {}),
      ...(list(values.ids) ? { ids: list(values.ids) } : {}),
      ...(list(values.tags) ? { tags: list(values.tags) } : {}),
      ...(text(values.category) ? { category: text(values.category) } : {}),
      ...(targetArg ? { target: parseTargetArgument(targetArg) } : {}),
      ...(concurrency ? { concurrency } : {}),
      ...(timeoutMillis ? { timeoutMillis } : {}),
      ...(values['fail-fast'] ? { failFast: true } : {}),
      ...(text(values['agent-version']) ? { agentVersion: text(values['agent-version']) } : {}),
      store: values.store === false ? false : db,
      resume: values.resume !== false,
      ...(telemetry.emitter ? { emitter: telemetry.emitter } : {}),
      signal: controller.signal,
      ...(progress ? { onProgress: (p) => progress.update(p) } : {}),
    });
  } finally {
    progress?.done();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await telemetry.shutdown();
  }
  if (baseline) {
    const { compareRuns } = await import('../../dataset/compare/index.ts');
    report.comparison = compareRuns(baseline, report, comparisonOptions('run', values));
  }
  return finish(report, values, format, failUnder);
}

async function finish(report: RunReport, values: Record<string, unknown>, format: ReturnType<typeof checkFormat>, failUnder: number | undefined): Promise<number> {
  const outputs = (values.output as string[] | undefined) ?? [];
  for (const output of outputs) await writeReport(report, output, formatForFile(output, format));
  if (outputs.length === 0) process.stdout.write(await render(report, format ?? 'table'));
  const reasons = gateFailures(report, failUnder, report.comparison, values['fail-on-regression'] === true);
  if (values.quiet !== true) {
    const { totals } = report;
    process.stderr.write(`run ${report.runId}: ${totals.passed}/${totals.cases} passed, ${totals.failed} failed, ${totals.errors} errors, ${totals.skipped} skipped in ${(report.durationMs / 1000).toFixed(2)} s${outputs.length ? `; wrote ${outputs.join(', ')}` : ''}\n`);
    for (const reason of reasons) process.stderr.write(`quality gate failed: ${reason}\n`);
  }
  return reasons.length > 0 ? EXIT_GATE_FAILED : EXIT_PASSED;
}
