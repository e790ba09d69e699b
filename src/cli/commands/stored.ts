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

/** The report of a stored run by id, id prefix or `latest`. */
export async function loadStoredReport(db: string, ref: string, what: string): Promise<RunReport> {
  const store = await openExistingStore(db, what);
  try {
    const run = store.getRun(ref);
    if (!run) throw new UsageError(`${what}: no run "${ref}" in ${db} (see "otel-evals runs list")`);
    return reportOf(store, run);
  } finally {
    store.close();
  }
}
