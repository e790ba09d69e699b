import type { AttributeValue } from '@opentelemetry/api';
import type { EvaluationResult } from '../core/types.ts';
import { spanPassedKey, spanScoreLabelKey, spanScoreValueKey } from '../semconv.ts';

/** Anything attributes can be set on: a writable span in `onEnding`, or a span being built. */
export interface AttributeSink {
  setAttribute(key: string, value: AttributeValue): unknown;
}

/** The score value emitted for a result: the normalized score, else a raw numeric score, else none. */
export function emittedScoreValue(result: EvaluationResult): number | undefined {
  if (typeof result.normalizedScore === 'number') return result.normalizedScore;
  return typeof result.score === 'number' && Number.isFinite(result.score) ? result.score : undefined;
}

/** The low-cardinality label of a result: its own label, else derived from error, skip or passed. */
export function resultLabel(result: EvaluationResult): string | undefined {
  if (result.error) return 'error';
  if (result.label) return result.label;
  if (result.score === null) return 'skipped';
  if (result.passed !== undefined) return result.passed ? 'pass' : 'fail';
  return undefined;
}

/**
 * Writes `gen_ai.evaluation.<criterion>.score.value`, `.score.label` and `.passed` for each result.
 * Never throws: a failing sink leaves the remaining attributes unwritten.
 */
export function writeSpanAttributes(span: AttributeSink, results: readonly EvaluationResult[]): void {
  try {
    for (const result of results) {
      const value = emittedScoreValue(result);
      if (value !== undefined) span.setAttribute(spanScoreValueKey(result.criterionName), value);
      const label = resultLabel(result);
      if (label !== undefined) span.setAttribute(spanScoreLabelKey(result.criterionName), label);
      if (result.passed !== undefined) span.setAttribute(spanPassedKey(result.criterionName), result.passed);
    }
  } catch {
    // A span that refuses attributes must not break evaluation.
  }
}
