/**
 * Options of the EvaluatingSpanProcessor: rules (what to evaluate and how), queue and buffer limits,
 * emission switches and providers. The same shape is produced by `loadConfig` from a YAML/JSON file.
 */
import type { AttributeValue, Context, MeterProvider, TracerProvider } from '@opentelemetry/api';
import type { EvaluationCriteria, EvaluationInput, EvaluationStorageProvider, EvaluatorConfigEntry, InputLimits } from '../core/types.ts';
import type { EmitSwitches, Emitter, LoggerProviderLike } from '../emit/types.ts';
import type { Dialect, SpanLike, SpanRole } from '../extract/types.ts';

/**
 * A string condition: an exact string, a glob (`*` any run of characters, `?` one character), a
 * RegExp, or a list of those (any may match).
 */
export type StringMatcher = string | RegExp | ReadonlyArray<string | RegExp>;

/** A condition on one attribute: an exact value, or a predicate on the value (absent: `undefined`). */
export type AttributeMatcher = string | number | boolean | ((value: unknown) => boolean);

/** Which spans a rule evaluates; every condition given must hold (an empty match matches every GenAI span). */
export interface RuleMatch {
  /** `gen_ai.operation.name` or the dialect's equivalent: `invoke_agent`, `chat`, `execute_tool`, ... */
  operation?: StringMatcher;
  /** The span name. */
  spanName?: StringMatcher;
  /** The agent name (`gen_ai.agent.name`, AI SDK `functionId`, ...). */
  agentName?: StringMatcher;
  /** The requested model. */
  model?: StringMatcher;
  /** The provider (`gen_ai.provider.name` or the dialect's equivalent). */
  provider?: StringMatcher;
  /** The tool name of tool spans. */
  toolName?: StringMatcher;
  /** Span attributes: exact values or predicates. */
  attributes?: Readonly<Record<string, AttributeMatcher>>;
  /** The telemetry dialect the span is written in. */
  dialect?: Dialect | readonly Dialect[];
  /** What the span represents: `agent`, `llm`, `tool`, `step`, `chain`, `other`. */
  role?: SpanRole | readonly SpanRole[];
}

/** One evaluation rule: which spans, how often, against which criteria, with which evaluators. */
export interface EvaluationRule {
  /** Unique rule name; carried on every result as `otel_evals.rule`. */
  name: string;
  /** Which spans the rule evaluates (default: every span of a known dialect except `agent_step`). */
  match?: RuleMatch;
  /** Fraction of traces evaluated, 0..1 (default 1), decided deterministically on the trace id. */
  sample?: number;
  /** The criteria the evaluators score. */
  criteria: EvaluationCriteria[];
  /** Evaluators: registered types with options, or Evaluator objects (as in runEvaluation). */
  evaluators: EvaluatorConfigEntry[];
  /** Where the reference answer comes from, given the input built from the span. */
  groundTruth?: (input: EvaluationInput) => unknown;
  /** Threshold on normalized scores for criteria without their own (default 0.75). */
  threshold?: number;
}

/** Limits of the per-trace buffer that gives agent-level rules their descendant spans. */
export interface TraceBufferOptions {
  /** Spans kept per trace (default 512); later spans of the trace are dropped and counted. */
  maxSpansPerTrace?: number;
  /** Traces buffered at once (default 1024); the oldest is evicted and counted. */
  maxTraces?: number;
  /** Spans buffered over all traces (default 16,384); the oldest trace is evicted and counted. */
  maxBufferedSpans?: number;
  /** How long a trace stays buffered after its first span (default 300,000 ms). */
  traceTtlMillis?: number;
}

/** Options of {@link EvaluatingSpanProcessor}. */
export interface EvaluatingSpanProcessorOptions {
  /** The evaluation rules; a span may match several. */
  rules: EvaluationRule[];
  /** Where `gen_ai.evaluation.result` events go (default: the global LoggerProvider). */
  loggerProvider?: LoggerProviderLike;
  /** Where evaluation and pipeline metrics go (default: the global MeterProvider). */
  meterProvider?: MeterProvider;
  /** Where evaluation spans go (default: the global TracerProvider). */
  tracerProvider?: TracerProvider;
  /** Evaluations waiting at most (default 2048); more are dropped and counted as `queue_full`. */
  maxQueueSize?: number;
  /** Evaluations running at once (default 8). */
  concurrency?: number;
  /** Timeout of one evaluation in milliseconds (default 30,000). */
  evaluationTimeoutMillis?: number;
  /** How long `shutdown()` waits for queued evaluations (default 30,000 ms). */
  shutdownTimeoutMillis?: number;
  /** Limits of the agent-level trace buffer. */
  traceBuffer?: TraceBufferOptions;
  /** Which signals to emit (all on by default). */
  emit?: EmitSwitches;
  /**
   * Evaluate spans that are recorded but not sampled (trace flags without the sampled bit, e.g. from a
   * sampler returning RECORD), default true: their events and metrics are still valid although the trace
   * is not exported. False skips them, counted as `otel_evals.spans.skipped{reason="unsampled"}`.
   */
  evaluateUnsampled?: boolean;
  /** Time budget of inline evaluation per span in microseconds (default 2000); 0 disables inline evaluation. */
  inlineBudgetMicros?: number;
  /** Input size limits applied before evaluators run. */
  inputLimits?: InputLimits;
  /** Also saves one AggregatedEvaluationResult per evaluation. */
  storageProvider?: EvaluationStorageProvider;
  /** Replaces the built-in emitter (tests, custom sinks); the providers and switches are then unused. */
  emitter?: Emitter;
}

/** A span as the SDK hands it to `onEnding`: still writable. */
export interface WritableSpanLike extends SpanLike {
  /** Sets an attribute while the span is still open. */
  setAttribute(key: string, value: AttributeValue): unknown;
}

/**
 * The SpanProcessor shape of `@opentelemetry/sdk-trace` 3.x and `sdk-trace-base` >= 2.3, typed
 * structurally so neither package is imported.
 */
export interface SpanProcessorLike {
  /** Called when a span starts. */
  onStart(span: unknown, parentContext: Context): void;
  /** Called while a span ends and is still writable (experimental in the SDK). */
  onEnding?(span: WritableSpanLike): void;
  /** Called after a span ended. */
  onEnd(span: SpanLike): void;
  /** Resolves when pending work is done. */
  forceFlush(): Promise<void>;
  /** Stops the processor. */
  shutdown(): Promise<void>;
}
