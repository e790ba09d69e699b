/** Emission: evaluation results to span attributes, evaluation spans, log events and metrics. */
export { createEmitter, OTEL_EVALS_VERSION } from './emitter.ts';
export { writeSpanAttributes, emittedScoreValue, resultLabel } from './span-attributes.ts';
export type { AttributeSink } from './span-attributes.ts';
export { emitResultEvents, targetContext, truncateExplanation, resultErrorType } from './log-events.ts';
export { emitEvaluationSpan } from './evaluation-span.ts';
export { ATTR_OTEL_EVALS_EVALUATOR_DURATIONS } from '../semconv.ts';
export { EvaluationMetrics } from './metrics.ts';
export { MetricAttributeGuard, OVERFLOW_VALUE } from './metric-attributes.ts';
export { globalLoggerProvider } from './logs-api.ts';
export type {
  Emitter,
  EmitterOptions,
  EmitSwitches,
  EvaluatedTarget,
  EvaluationRecord,
  EvaluatorTiming,
  LoggerLike,
  LoggerProviderLike,
} from './types.ts';
