/**
 * Builds RunReports for comparison tests from per-case scores.
 */
import type { CaseReport, CaseScore, RunReport } from '../../../src/dataset/report-model.ts';

/** One case's normalized score per criterion (null: skipped). */
export type CaseScores = Record<string, number | null>;

/** A run with one suite whose cases carry the given scores; a case passes when every score >= threshold. */
export function makeRun(runId: string, cases: CaseScores[], options: { suite?: string; threshold?: number; idPrefix?: string } = {}): RunReport {
  const threshold = options.threshold ?? 0.75;
  const reports: CaseReport[] = cases.map((scores, index) => {
    const caseScores: CaseScore[] = Object.entries(scores).map(([criterionName, value]) => ({
      criterionName,
      evaluatorType: 'exact_match',
      score: value,
      normalizedScore: value,
      ...(value === null ? {} : { passed: value >= threshold }),
    }));
    const numeric = caseScores.map((score) => score.normalizedScore).filter((value): value is number => value !== null);
    const weightedScore = numeric.length > 0 ? numeric.reduce((a, b) => a + b, 0) / numeric.length : undefined;
    const passed = weightedScore !== undefined && weightedScore >= threshold;
    return { id: `${options.idPrefix ?? 'case'}-${index}`, input: `input ${index}`, status: passed ? 'passed' : 'failed', passed, weightedScore, durationMs: 5, attempts: 1, scores: caseScores };
  });
  const passed = reports.filter((entry) => entry.passed).length;
  return {
    runId,
    status: 'succeeded',
    suiteFile: 'tests.json',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 100,
    threshold,
    suites: [{ name: options.suite ?? 'main', cases: reports, successRate: passed / reports.length, overallPassed: true, dimensions: [] }],
    totals: { cases: reports.length, passed, failed: reports.length - passed, errors: 0, skipped: 0 },
  };
}

/** Deterministic pseudo-random scores in [0, 1) for `count` cases (a linear congruential sequence). */
export function scoresFrom(seed: number, count: number): number[] {
  const values: number[] = [];
  let state = seed >>> 0;
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    values.push(state / 4294967296);
  }
  return values;
}
