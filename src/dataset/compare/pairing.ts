/**
 * Pairs the cases of two runs by suite name and case id, and reads each case's value per criterion.
 */
import type { CaseReport, CaseScore, RunReport } from '../report-model.ts';

/** One case's value for one criterion: a normalized score and whether it passed. */
export interface Observation {
  value: number;
  passed: boolean;
}

/** The cases present in both runs, and how many were found in only one. */
export interface CasePairs {
  pairs: Array<{ key: string; baseline: CaseReport; current: CaseReport }>;
  baselineOnly: number;
  currentOnly: number;
}

/** Key of a case within a run: suite name and case id. */
export function caseKey(suiteName: string, caseId: string): string {
  return `${suiteName}\u0000${caseId}`;
}

/** Matches cases by suite name and case id, in the current run's order; a duplicate key keeps its first case. */
export function pairCases(baseline: RunReport, current: RunReport): CasePairs {
  const baselineCases = indexCases(baseline);
  const currentCases = indexCases(current);
  const pairs: CasePairs['pairs'] = [];
  for (const [key, currentCase] of currentCases) {
    const baselineCase = baselineCases.get(key);
    if (baselineCase) pairs.push({ key, baseline: baselineCase, current: currentCase });
  }
  return { pairs, baselineOnly: baselineCases.size - pairs.length, currentOnly: currentCases.size - pairs.length };
}

function indexCases(run: RunReport): Map<string, CaseReport> {
  const cases = new Map<string, CaseReport>();
  for (const suite of run.suites) {
    for (const entry of suite.cases) {
      const key = caseKey(suite.name, entry.id);
      if (!cases.has(key)) cases.set(key, entry);
    }
  }
  return cases;
}

/**
 * A criterion's observation in one case: the normalized score, or 1/0 from `passed` when the score is
 * not numeric. Skipped and errored scores (no value) give `undefined` and leave the pair out. `passed`
 * falls back to value >= threshold (the score's own, else the run's).
 */
export function observeScore(score: CaseScore | undefined, runThreshold: number): Observation | undefined {
  if (!score) return undefined;
  const value = typeof score.normalizedScore === 'number' && Number.isFinite(score.normalizedScore) ? score.normalizedScore : typeof score.passed === 'boolean' && !score.error ? (score.passed ? 1 : 0) : undefined;
  if (value === undefined) return undefined;
  return { value, passed: score.passed ?? value >= (score.threshold ?? runThreshold) };
}

/**
 * A case's overall observation: its weighted score and `passed`. A case that failed or errored without a
 * weighted score counts as 0 (the agent produced nothing usable); a skipped case is left out.
 */
export function observeCase(entry: CaseReport): Observation | undefined {
  if (entry.status === 'skipped') return undefined;
  if (typeof entry.weightedScore === 'number' && Number.isFinite(entry.weightedScore)) return { value: entry.weightedScore, passed: entry.passed };
  return entry.status === 'error' || entry.status === 'failed' ? { value: 0, passed: false } : undefined;
}

/** Criterion names in order of first appearance: the current run's, then those only the baseline has. */
export function criterionNames(baseline: RunReport, current: RunReport): string[] {
  const names = new Set<string>();
  for (const run of [current, baseline]) {
    for (const suite of run.suites) for (const entry of suite.cases) for (const score of entry.scores) names.add(score.criterionName);
  }
  return [...names];
}

/** The first score of a criterion in a case. */
export function findScore(entry: CaseReport, criterionName: string): CaseScore | undefined {
  return entry.scores.find((score) => score.criterionName === criterionName);
}
