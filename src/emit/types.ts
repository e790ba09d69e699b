/**
 * The emission contract: what the processor (and the offline runner) hands over once a span or a case
 * has been evaluated, and the pipeline-health counters it reports.
 */
import type { Attributes, Context, MeterProvider, TracerProvider } from '@opentelemetry/api';
import type { EvaluationCriteria, EvaluationResult } from '../core/types.ts';

/** Minimal Logs API LoggerProvider shape (api >= 1.10 `logs`, or `@opentelemetry/api-logs`). */
export interface LoggerProviderLike {
  getLogger(name: string, version?: string): LoggerLike;
}

/** Minimal Logs API Logger shape. */
export interface LoggerLike {
  emit(record: {
    eventName?: string;
    timestamp?: number;
    severityNumber?: number;
    severityText?: string;
    attributes?: Attributes;
    context?: Context;
  }): void;
}

/** Which signals to emit; everything defaults to on. */
export interface EmitSwitches {
  /** `gen_ai.evaluation.result` log events (default true). */
  events?: boolean;
  /** `evaluation {rule}` child spans (default true). */
  evaluationSpans?: boolean;
  /** Score, result, duration and pipeline metrics (default true). */
  metrics?: boolean;
  /** Inline `gen_ai.evaluation.<criterion>.*` attributes on evaluated spans (default true). */
  spanAttributes?: boolean;
}

/** Options of the emitter. */
export interface EmitterOptions extends EmitSwitches {
  /** Defaults to the global LoggerProvider. */
  loggerProvider?: LoggerProviderLike;
  /** Defaults to the global MeterProvider. */
  meterProvider?: MeterProvider;
  /** Defaults to the global TracerProvider. */
  tracerProvider?: TracerProvider;
  /** Cap on explanation length in events and spans (default 1024). */
  maxExplanationLength?: number;
}

/** The span (or offline case) that was evaluated. */
export interface EvaluatedTarget {
  traceId: string;
  spanId: string;
  /** W3C trace flags of the evaluated span (1 = sampled). */
  traceFlags: number;
  /** Processor rule or offline suite name. */
  rule: string;
  spanName?: string;
  operation?: string;
  responseId?: string;
  model?: string;
  provider?: string;
  agentName?: string;
}

/** Timing of one evaluator within an evaluation. */
export interface EvaluatorTiming {
  type: string;
  durationMs: number;
}

/** One completed evaluation, ready to be emitted. Results are finalized (normalized, passed, label). */
export interface EvaluationRecord {
  target: EvaluatedTarget;
  results: readonly EvaluationResult[];
  /** Start of the evaluation, ms since epoch. */
  startTimeMs: number;
  durationMs: number;
  evaluators: readonly EvaluatorTiming[];
  /** Judge token usage of this evaluation, when a judge ran. */
  judgeUsage?: { inputTokens?: number; outputTokens?: number };
  /** The criteria evaluated, for thresholds in events. */
  criteria?: readonly EvaluationCriteria[];
  /** The run threshold applied to criteria without their own (default 0.75). */
  threshold?: number;
}

/** Emits evaluation records and pipeline health; never throws. */
export interface Emitter {
  /** Emits events, the evaluation span and metrics for one record. */
  emit(record: EvaluationRecord): void;
  /** Counts matched spans dropped without evaluation (`queue_full`, `shutdown`, `buffer_evicted`, ...). */
  recordDropped(reason: string, count?: number): void;
  /** Counts spans or results skipped (`unknown_shape`, `sampled_out`, `budget_exceeded`, ...). */
  recordSkipped(reason: string, count?: number): void;
  /** Counts failed evaluations by error type. */
  recordError(errorType: string, count?: number): void;
  /** Registers the callback the queue-size gauge observes. */
  observeQueueSize(callback: () => number): void;
}
