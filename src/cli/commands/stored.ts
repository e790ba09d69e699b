/** Reading stored runs for `report`, `runs show|compare` and `--baseline`. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RunReport } from '../../dataset/report-model.ts';
import { RunStore, type StoredRun } from '../../dataset/store/run-store.ts';
import { criteriaByName } from '../../core/finalize.ts';
import { dimensionReports, runTotals, suiteReport } from '../../dataset/runner/scoring.ts';
import { UsageError } from '../exit-codes.ts';

/** Opens an existing run store; a missing file is a usage error. */
export async function openExistingStore(db: string, what: string): Promise<RunStore> {
  if (!existsSync(path.resolve(db))) throw new UsageError(`${what}: no run store at ${db} (run "otel-evals run" first, or pass --db)`);
  return RunStore.open(db);
}

/** A stored run's report; an unfinished run is rebuilt from the cases it completed. */
export function reportOf(store: RunStore, run: StoredRun): RunReport {
  const stored = store.getReport(run.id);
  if (stored) return stored;
  const bySuite = new Map<string, RunReport['suites'][number]['cases']>();
  for (const item of [...store.caseResults(run.id).values()].sort((a, b) => a.position - b.position)) {
    const cases = bySuite.get(item.suite) ?? [];
    cases.push(item.report);
    bySuite.set(item.suite, cases);
  }
  const suites = [...bySuite].map(([name, cases]) => suiteReport(name, cases, dimensionReports(cases, [], criteriaByName([]), run.threshold), run.threshold));
  const started = Date.parse(run.startedAt);
  return { runId: run.id, status: run.status, suiteFile: run.suiteFile, agentVersion: run.agentVersion, startedAt: run.startedAt, ...(run.finishedAt ? { finishedAt: run.finishedAt } : {}), durationMs: (run.finishedAt ? Date.parse(run.finishedAt) : Date.now()) - started, threshold: run.threshold, suites, totals: runTotals(suites) };
}

/** The run a reference names in an open store; an unknown or ambiguous reference is a usage error. */
export function findRun(store: RunStore, db: string, ref: string, what: string): StoredRun {
  const matches = store.matchRuns(ref);
  const [run] = matches;
  if (!run) throw new UsageError(`${what}: no run "${ref}" in ${db} (see "otel-evals runs list")`);
  if (matches.length > 1) throw new UsageError(`${what}: "${ref}" matches several runs (${matches.map((m) => m.id).join(', ')}${matches.length >= 5 ? ', ...' : ''}); give more of the run id`);
  return run;
}

/** The report of a stored run by id, id prefix or `latest`. */
export async function loadStoredReport(db: string, ref: string, what: string): Promise<RunReport> {
  const store = await openExistingStore(db, what);
  try {
    return reportOf(store, findRun(store, db, ref, what));
  } finally {
    store.close();
  }
}

/**
 * The baseline `--baseline latest` stands for: the newest succeeded run of the same suite file (by its
 * absolute path, else by its path relative to the working directory, so a checkout in another directory
 * still finds it). Undefined when there is none yet, as on a first CI run with an empty cache.
 */
export async function latestBaseline(db: string, suiteFile: string): Promise<RunReport | undefined> {
  if (!existsSync(path.resolve(db))) return undefined;
  const store = await RunStore.open(db);
  try {
    const relative = path.relative(process.cwd(), suiteFile);
    const run = store.latestSucceeded(suiteFile, relative.startsWith('..') ? undefined : relative.split(path.sep).join('/'));
    return run ? reportOf(store, run) : undefined;
  } finally {
    store.close();
  }
}
