/**
 * From verdicts to results: k samples combined (mean for numbers, majority for labels) with their
 * agreement, scores checked against each scale and normalized with the shared normalizeScore, `passed`
 * from thresholds only (never from anything the judge says), usage split across the results.
 */
import { normalizeScore } from '../core/normalize.ts';
import type { EvaluationResult } from '../core/types.ts';
import type { JudgeUsage } from './judge-call.ts';
import type { Redactor } from './redact.ts';
import { scoreSpecFor, type CriterionVerdict, type JudgeCriterion, type JudgeVerdict } from './verdict-schema.ts';

/** One criterion's combined score over samples. */
export interface CombinedScore {
  score: number | string;
  reasoning: string;
  /** 1 when every sample agreed; see docs/evaluators/llm-judge.md for the formula. */
  agreement: number;
  samples: Array<number | string>;
}

/**
 * Combines the samples of one criterion. Numbers: the mean; agreement = 1 - (max - min) / (scale max -
 * scale min). Labels: the most frequent (first seen on ties); agreement = share of samples with it.
 * The reasoning is that of the sample closest to the combined score.
 */
export function combineSamples(criterion: JudgeCriterion, verdicts: readonly CriterionVerdict[]): CombinedScore {
  const spec = scoreSpecFor(criterion);
  const scores = verdicts.map((verdict) => verdict.score);
  if (spec.kind === 'label') {
    const counts = new Map<string, number>();
    for (const score of scores) counts.set(String(score), (counts.get(String(score)) ?? 0) + 1);
    let best = String(scores[0]);
    for (const [label, count] of counts) if (count > (counts.get(best) ?? 0)) best = label;
    const chosen = verdicts.find((verdict) => String(verdict.score) === best);
    return { score: best, reasoning: chosen?.reasoning ?? '', agreement: (counts.get(best) ?? 0) / scores.length, samples: scores };
  }
  const numbers = scores.map(Number);
  const mean = numbers.reduce((sum, value) => sum + value, 0) / numbers.length;
  const range = spec.max - spec.min;
  const agreement = range > 0 ? 1 - (Math.max(...numbers) - Math.min(...numbers)) / range : 1;
  let closest = 0;
  numbers.forEach((value, index) => {
    if (Math.abs(value - mean) < Math.abs((numbers[closest] ?? mean) - mean)) closest = index;
  });
  return { score: mean, reasoning: verdicts[closest]?.reasoning ?? '', agreement, samples: scores };
}

/** Splits a token count into `parts` integers that sum to it (earlier parts get the remainder). */
export function splitTokens(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, index) => base + (index < total - base * parts ? 1 : 0));
}

/** Options of {@link buildResults}. */
export interface BuildResultsOptions {
  criteria: readonly JudgeCriterion[];
  verdicts: readonly JudgeVerdict[];
  evaluatorType: string;
  /** Default threshold for criteria without one (else the run threshold applies later). */
  threshold?: number | undefined;
  usage: JudgeUsage;
  redactor: Redactor;
  metadata: Record<string, unknown>;
}

/** Builds one result per criterion from the sampled verdicts. */
export function buildResults(options: BuildResultsOptions): EvaluationResult[] {
  const inputs = splitTokens(options.usage.inputTokens, options.criteria.length);
  const outputs = splitTokens(options.usage.outputTokens, options.criteria.length);
  return options.criteria.map((criterion, index) => {
    const verdicts = options.verdicts.map((verdict) => verdict.scores[criterion.name]).filter((verdict): verdict is CriterionVerdict => verdict !== undefined);
    const combined = combineSamples(criterion, verdicts);
    const normalizedScore = normalizeScore(combined.score, criterion);
    const threshold = criterion.threshold ?? options.threshold;
    const result: EvaluationResult = {
      criterionName: criterion.name,
      score: combined.score,
      normalizedScore,
      reasoning: options.redactor.redact(combined.reasoning),
      evaluatorType: options.evaluatorType,
      metadata: {
        ...options.metadata,
        usage: { inputTokens: inputs[index] ?? 0, outputTokens: outputs[index] ?? 0 },
        ...(options.verdicts.length > 1 ? { samples: combined.samples, agreement: combined.agreement } : {}),
      },
    };
    if (typeof combined.score === 'string') result.label = combined.score;
    if (threshold !== undefined && normalizedScore !== null) {
      result.passed = normalizedScore >= threshold;
      if (typeof combined.score !== 'string') result.label = result.passed ? 'pass' : 'fail';
    }
    return result;
  });
}

/** The weighted normalized score of rubric results (weights from the criteria, default 1). */
export function weightedScore(results: readonly EvaluationResult[], criteria: readonly JudgeCriterion[]): number | undefined {
  let sum = 0;
  let weights = 0;
  results.forEach((result, index) => {
    const weight = criteria[index]?.weight ?? 1;
    if (typeof result.normalizedScore === 'number') {
      sum += result.normalizedScore * weight;
      weights += weight;
    }
  });
  return weights > 0 ? sum / weights : undefined;
}
