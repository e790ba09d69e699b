/**
 * Weighted scoring. Per case: the weighted score is the weighted mean of the
 * normalized criterion scores (sum w_i s_i / sum w_i, skipped and errored results left out); evaluation
 * success is weighted score >= threshold (default 0.75); the dimension success rate is the share of
 * dimensions meeting their target. Per suite: the average weighted score is the mean of the cases'
 * weighted scores, the success rate the share of cases that passed, and overall success is average
 * weighted score >= threshold with no case in error. A failed case within the near-miss margin
 * (default 0.05) of its threshold is marked as a near miss.
 */
import { aggregateResults } from '../../core/aggregate.ts';
import { criteriaByName } from '../../core/finalize.ts';
import type { EvaluationCriteria, EvaluationResult } from '../../core/types.ts';
import type { CaseReport, CaseScore, DimensionReport, RunTotals, SuiteReport } from '../report-model.ts';
import type { DimensionSpec } from '../format/model.ts';
import type { CasePlan } from '../strategies/plan.ts';

/** Default near-miss margin below the threshold. */
export const DEFAULT_NEAR_MISS_MARGIN = 0.05;

/** A case's scores from finalized results. */
export function caseScores(results: readonly EvaluationResult[], plan: CasePlan): CaseScore[] {
  const criteria = criteriaByName(plan.criteria);
  return results.map((result) => {
    const score: CaseScore = {
      criterionName: result.criterionName,
      evaluatorType: result.evaluatorType,
      score: result.score,
      normalizedScore: result.normalizedScore ?? null,
    };
    if (result.passed !== undefined) score.passed = result.passed;
    if (result.label !== undefined) score.label = result.label;
    if (result.reasoning !== undefined) score.reasoning = result.reasoning;
    if (result.error !== undefined) score.error = result.error;
    const threshold = criteria.get(result.criterionName)?.threshold;
    if (threshold !== undefined) score.threshold = threshold;
    const dimension = plan.dimensionOf[result.criterionName];
    if (dimension !== undefined) score.dimension = dimension;
    return score;
  });
}

/** Weighted score, verdict and near-miss flag of a case from its scores. */
export function judgeCase(scores: readonly CaseScore[], plan: CasePlan, nearMissMargin = DEFAULT_NEAR_MISS_MARGIN): Pick<CaseReport, 'status' | 'passed' | 'weightedScore' | 'nearMiss'> {
  const criteria = criteriaByName(plan.criteria);
  const { overallScore } = aggregateResults(scores as unknown as EvaluationResult[], criteria, plan.threshold);
  if (overallScore === undefined) {
    const errored = scores.length > 0 && scores.every((s) => s.error !== undefined);
    return { status: errored ? 'error' : 'skipped', passed: false };
  }
  const passed = overallScore >= plan.threshold;
  const verdict: Pick<CaseReport, 'status' | 'passed' | 'weightedScore' | 'nearMiss'> = { status: passed ? 'passed' : 'failed', passed, weightedScore: overallScore };
  if (!passed && overallScore >= plan.threshold - nearMissMargin) verdict.nearMiss = true;
  return verdict;
}

/** The score of one dimension in one case: the weighted mean of its criteria's scores. */
export function dimensionScore(scores: readonly CaseScore[], dimension: string, criteria: ReadonlyMap<string, EvaluationCriteria>): number | undefined {
  const own = scores.filter((s) => s.dimension === dimension || (s.dimension === undefined && s.criterionName === dimension));
  return aggregateResults(own as unknown as EvaluationResult[], criteria, 0).overallScore;
}

/** Share of a case's dimensions meeting their target. */
export function dimensionSuccessRate(report: CaseReport, dimensions: readonly DimensionReport[], criteria: ReadonlyMap<string, EvaluationCriteria>): number | undefined {
  let met = 0;
  let total = 0;
  for (const dimension of dimensions) {
    const score = dimensionScore(report.scores, dimension.name, criteria);
    if (score === undefined) continue;
    total += 1;
    if (score >= (dimension.targetScore ?? 0)) met += 1;
  }
  return total === 0 ? undefined : met / total;
}

function mean(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : values.reduce((a, b) => a + b, 0) / values.length;
}

const METHOD_OF_TYPE: Record<string, string> = { llm_judge: 'llm_judge', LLMJudge: 'llm_judge', semantic_sim: 'semantic_sim', NLPAccuracy: 'semantic_sim', hybrid: 'hybrid' };

/** Dimension reports of a suite: the declared dimensions, or one per criterion when none are declared. */
export function dimensionReports(cases: readonly CaseReport[], declared: readonly DimensionSpec[], criteria: ReadonlyMap<string, EvaluationCriteria>, threshold: number): DimensionReport[] {
  const base: DimensionReport[] = declared.length > 0
    ? declared.map((d) => ({ name: d.name, ...(d.description ? { description: d.description } : {}), targetScore: d.targetScore, weight: d.weight, method: d.method }))
    : [...new Map(cases.flatMap((c) => c.scores).map((s) => [s.criterionName, s])).values()].map((s) => {
      const criterion = criteria.get(s.criterionName);
      return { name: s.criterionName, targetScore: criterion?.threshold ?? threshold, weight: criterion?.weight ?? 1, method: METHOD_OF_TYPE[s.evaluatorType] ?? 'deterministic' };
    });
  return base.map((dimension) => {
    const perCase = cases.map((c) => dimensionScore(c.scores, dimension.name, criteria)).filter((s): s is number => s !== undefined);
    const meanScore = mean(perCase);
    if (meanScore === undefined) return dimension;
    const target = dimension.targetScore ?? threshold;
    return { ...dimension, meanScore, successRate: perCase.filter((s) => s >= target).length / perCase.length, passed: meanScore >= target };
  });
}

/** Builds a suite report from its cases (in case order). */
export function suiteReport(name: string, cases: CaseReport[], dimensions: DimensionReport[], threshold: number, profile?: string): SuiteReport {
  const averageWeightedScore = mean(cases.map((c) => c.weightedScore).filter((s): s is number => s !== undefined));
  const successRate = cases.length === 0 ? 0 : cases.filter((c) => c.passed).length / cases.length;
  const errors = cases.some((c) => c.status === 'error');
  const report: SuiteReport = { name, cases, successRate, overallPassed: averageWeightedScore !== undefined && averageWeightedScore >= threshold && !errors, dimensions };
  if (averageWeightedScore !== undefined) report.averageWeightedScore = averageWeightedScore;
  if (profile) report.profile = profile;
  return report;
}

/** Counts over all cases of a run. */
export function runTotals(suites: readonly SuiteReport[]): RunTotals {
  const totals: RunTotals = { cases: 0, passed: 0, failed: 0, errors: 0, skipped: 0 };
  for (const c of suites.flatMap((s) => s.cases)) {
    totals.cases += 1;
    if (c.status === 'passed') totals.passed += 1;
    else if (c.status === 'failed') totals.failed += 1;
    else if (c.status === 'error') totals.errors += 1;
    else totals.skipped += 1;
  }
  return totals;
}
