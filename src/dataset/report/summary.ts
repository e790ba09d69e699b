/**
 * Figures every report format shows, computed once and the same way everywhere.
 */
import type { CaseReport, CaseScore, RunReport, SuiteReport } from '../report-model.ts';

/** Headline figures of a run. */
export interface RunSummary {
  cases: number;
  passed: number;
  failed: number;
  errors: number;
  skipped: number;
  /** passed / cases (skipped cases count as not passed: they were not shown to pass). */
  passRate: number | undefined;
  /** Mean of the weighted scores of the cases that have one, over all suites. */
  averageWeightedScore: number | undefined;
  /** Every suite met its gate and the run did not fail. */
  overallPassed: boolean;
  durationMs: number;
}

/** Run-level figures from the run's totals and suites. */
export function summarizeRun(report: RunReport): RunSummary {
  const { cases, passed, failed, errors, skipped } = report.totals;
  return {
    cases,
    passed,
    failed,
    errors,
    skipped,
    passRate: cases > 0 ? passed / cases : undefined,
    averageWeightedScore: meanOf(report.suites.flatMap((suite) => suite.cases.map((entry) => entry.weightedScore))),
    overallPassed: report.status !== 'failed' && report.suites.length > 0 && report.suites.every((suite) => suite.overallPassed),
    durationMs: report.durationMs,
  };
}

/** Case counts of one suite by status. */
export function countSuite(suite: SuiteReport): { passed: number; failed: number; errors: number; skipped: number } {
  const counts = { passed: 0, failed: 0, errors: 0, skipped: 0 };
  for (const entry of suite.cases) {
    if (entry.status === 'passed') counts.passed++;
    else if (entry.status === 'failed') counts.failed++;
    else if (entry.status === 'error') counts.errors++;
    else counts.skipped++;
  }
  return counts;
}

/** Mean of the finite numbers in a list, `undefined` when there are none. */
export function meanOf(values: ReadonlyArray<number | null | undefined>): number | undefined {
  let sum = 0;
  let count = 0;
  for (const value of values) {
    if (typeof value === 'number' && Number.isFinite(value)) {
      sum += value;
      count++;
    }
  }
  return count > 0 ? sum / count : undefined;
}

/** Whether a score counts as failing: explicitly not passed, or errored. */
export function isFailingScore(score: CaseScore): boolean {
  return score.passed === false || score.error !== undefined;
}

/** The failing scores of a case, in the order the case lists them. */
export function failingScores(entry: CaseReport): CaseScore[] {
  return entry.scores.filter(isFailingScore);
}

/** Cases that did not pass (failed or errored; skipped cases are not failures), with their suite. */
export function failingCases(report: RunReport): Array<{ suite: SuiteReport; entry: CaseReport }> {
  return report.suites.flatMap((suite) => suite.cases.filter((entry) => entry.status === 'failed' || entry.status === 'error').map((entry) => ({ suite, entry })));
}

/** One line explaining why a score failed: `exact_match 0.000 < 0.75: expected "4", got "5"`. */
export function describeFailure(score: CaseScore): string {
  if (score.error) return `${score.criterionName}: error: ${score.error}`;
  const value = score.normalizedScore === null ? String(score.score) : score.normalizedScore.toFixed(3);
  const threshold = score.threshold === undefined ? '' : ` < ${score.threshold}`;
  const reasoning = score.reasoning ? `: ${score.reasoning}` : '';
  return `${score.criterionName} ${value}${threshold}${reasoning}`;
}

/** Why a case did not pass, in one line: its error, or its failing criteria, or its weighted score (against its own threshold, else `threshold`). */
export function caseReason(entry: CaseReport, threshold: number): string {
  if (entry.error) return `error: ${entry.error}`;
  const failing = failingScores(entry);
  if (failing.length > 0) return failing.map(describeFailure).join('; ');
  if (entry.weightedScore !== undefined) return `weighted score ${entry.weightedScore.toFixed(3)} < ${entry.threshold ?? threshold}`;
  return entry.status;
}

/** A case's display name: `id` or `id name`. */
export function caseLabel(entry: CaseReport): string {
  return entry.name && entry.name !== entry.id ? `${entry.id} ${entry.name}` : entry.id;
}
