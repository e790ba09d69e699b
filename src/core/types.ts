/**
 * The evaluation contracts: the seed's EvaluationInput, EvaluationCriteria, EvaluationScale,
 * EvaluationResult, AggregatedEvaluationResult, Evaluator and EvaluationStorageProvider, with the
 * extensions the design adds (thresholds, normalized scores, tool calls, telemetry source).
 */

/**
 * How a criterion is scored. `binary` and `pass/fail` normalize to 0 or 1, `likert5` as (s-1)/4,
 * `numeric` as is in 0..1 or divided by 100 in (1, 100], `{ min, max }` linearly; any other string
 * names a custom or categorical scale.
 */
export type EvaluationScale = 'binary' | 'likert5' | 'numeric' | 'pass/fail' | { min: number; max: number } | string;

/** What is measured: a named criterion with its scale, weight and pass threshold. */
export interface EvaluationCriteria {
  /** Unique identifier of the criterion. */
  name: string;
  /** Human-readable explanation (also what an LLM judge is told). */
  description: string;
  /** The scale the criterion is scored on. */
  scale: EvaluationScale;
  /** Weight in the aggregated score; defaults to 1. */
  weight?: number;
  /** Pass threshold on the normalized 0..1 score. */
  threshold?: number;
  /** Scores of categorical labels, for string scales: `{ good: 1, ok: 0.5, bad: 0 }`. */
  labelScores?: Record<string, number>;
}

/** A text part of a message. */
export interface TextPart {
  type: 'text';
  text: string;
}

/** A tool call part in the AI SDK shape. */
export interface ToolCallPart {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** A tool result part in the AI SDK shape. */
export interface ToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  output: unknown;
}

/** A tool call part in the seed's underscore shape. */
export interface LegacyToolCallPart {
  type: 'tool_call';
  toolCallId?: string;
  toolName: string;
  args?: unknown;
}

/** A tool result part in the seed's underscore shape. */
export interface LegacyToolResultPart {
  type: 'tool_result';
  toolCallId?: string;
  toolName?: string;
  result?: unknown;
}

/** Any part a message can hold; unknown part types are carried along and ignored by evaluators. */
export type MessagePart =
  | TextPart
  | ToolCallPart
  | ToolResultPart
  | LegacyToolCallPart
  | LegacyToolResultPart
  | { type: string; [key: string]: unknown };

/** One message of an agent conversation. */
export interface AgentMessage {
  id?: string;
  role: 'system' | 'user' | 'assistant' | 'tool' | (string & {});
  content: string | readonly MessagePart[];
  createdAt?: number;
  metadata?: Record<string, unknown>;
}

/** A normalized tool call: what was called, with what, and what came back. */
export interface ToolCall {
  /** Call id, when the source has one. */
  id?: string;
  /** Tool name. */
  name: string;
  /** Arguments, parsed from JSON when they arrived as a string. */
  arguments?: unknown;
  /** The tool's result, when known. */
  result?: unknown;
  /** Error message when the call failed. */
  error?: string;
}

/** Where an input came from when it was read from telemetry. */
export interface EvaluationSource {
  traceId?: string;
  spanId?: string;
  responseId?: string;
  spanName?: string;
  operation?: string;
}

/** The data packet of one evaluation: the response and everything an evaluator may need. */
export interface EvaluationInput {
  /** The initiating prompt (the last user message). */
  prompt?: string;
  /** The agent output being evaluated. */
  response: string | AgentMessage;
  /** Arbitrary contextual data (system instructions, tool definitions, retrieved documents, ...). */
  context?: Record<string, unknown>;
  /** Reference answer or data. */
  groundTruth?: unknown;
  /** Criteria being evaluated against. */
  criteria: EvaluationCriteria[];
  /** Snapshot of the agent configuration at the time of the response. */
  agentConfig?: Record<string, unknown>;
  /** Relevant message history, tool call and result parts included. */
  messageHistory?: AgentMessage[];
  /** Normalized tool calls, in call order. */
  toolCalls?: ToolCall[];
  /** Timestamp of the response generation (ms since epoch). */
  timestamp?: number;
  /** Session or conversation id. */
  sessionId?: string;
  /** Agent instance id. */
  agentId?: string;
  /** Other metadata (for instance test runner context). */
  metadata?: Record<string, unknown>;
  /** Telemetry identifiers, when the input came from a span. */
  source?: EvaluationSource;
}

/** The raw score an evaluator produced: `null` means not applicable or skipped (never counted as 0). */
export type EvaluationScore = number | boolean | string | null;

/** The result of one criterion from one evaluator. */
export interface EvaluationResult {
  /** Links back to EvaluationCriteria.name. */
  criterionName: string;
  /** The raw score; `null` when skipped or not applicable (reasoning says why). */
  score: EvaluationScore;
  /** The score on 0..1, or `null` when it cannot be normalized; set by the runner. */
  normalizedScore?: number | null;
  /** Whether the normalized score met its threshold. */
  passed?: boolean;
  /** Low-cardinality label: `pass`, `fail`, `error`, `skipped` or a categorical value. */
  label?: string;
  /** Explanation of the score. */
  reasoning?: string;
  /** Type of the evaluator that produced it. */
  evaluatorType: string;
  /** Error message when this evaluation failed. */
  error?: string;
  /** Evaluator-specific metadata. */
  metadata?: Record<string, unknown>;
}

/** Per-call options the runner passes to `Evaluator.evaluate`. */
export interface EvaluateOptions {
  /**
   * Aborted (with an EvaluationTimeoutError) when the runner stops waiting for this evaluation; pass it to
   * cancellable work such as model calls so a timed-out evaluation stops spending.
   */
  signal?: AbortSignal;
}

/** Contract every evaluator implements. */
export interface Evaluator {
  /** Unique identifier of the evaluator type. */
  type: string;
  /** Scores the input against the criteria this evaluator is configured for. */
  evaluate(input: EvaluationInput, criteria: EvaluationCriteria[], options?: EvaluateOptions): Promise<EvaluationResult[]>;
  /**
   * Synchronous form, present on cheap deterministic evaluators; the span processor uses it to write
   * scores inline while a span is still writable.
   */
  evaluateSync?(input: EvaluationInput, criteria: EvaluationCriteria[]): EvaluationResult[];
  /** Criteria this evaluator reports on, so a failure can be attributed to them. */
  criterionNames?: readonly string[];
}

/** Persists aggregated results. */
export interface EvaluationStorageProvider {
  /** Saves one aggregated result; rejects when it could not. */
  saveResult(result: AggregatedEvaluationResult): Promise<void>;
}

/** A configurable evaluator entry: a registered type with its options. */
export interface EvaluatorConfig {
  /** Registered evaluator type (`RuleBased`, `exact_match`, ...). */
  type: string;
  [option: string]: unknown;
}

/** What `evaluatorConfigs` may hold: a registered type with options, or any Evaluator object. */
export type EvaluatorConfigEntry = EvaluatorConfig | Evaluator;

/** Limits that keep a huge input from stalling the process. */
export interface InputLimits {
  /** Maximum characters of the response, prompt and groundTruth texts (default 100,000). */
  maxChars?: number;
  /** What to do with a longer text: `truncate` (default) or `skip` every criterion with the reason. */
  onOversize?: 'truncate' | 'skip';
}

/** Configuration of one evaluation run. */
export interface EvaluationRunConfig {
  /** Evaluators to run: registered types with options, or Evaluator objects. */
  evaluatorConfigs: EvaluatorConfigEntry[];
  /** Where to persist the aggregated result. */
  storageProvider?: EvaluationStorageProvider;
  /** Run-level metadata copied into the result. */
  metadata?: Record<string, unknown>;
  /** Threshold on the normalized overall score (default 0.75), and per criterion without its own. */
  threshold?: number;
  /** Timeout of each evaluator in milliseconds (default 30,000). */
  evaluatorTimeoutMillis?: number;
  /** Input size limits. */
  inputLimits?: InputLimits;
}

/** One problem met during a run; the run went on. */
export interface EvaluationRunError {
  /** Where it happened: an evaluator type, or `storage`. */
  source: string;
  /** Criterion concerned, when known. */
  criterionName?: string;
  /** Low-cardinality category: `timeout`, `evaluator_error`, `storage_error`. */
  errorType: string;
  /** The message. */
  message: string;
}

/** Snapshot of what a run was configured with. */
export interface EvaluationConfigSnapshot {
  evaluatorTypes: string[];
  criteriaNames: string[];
  storageProviderType: string;
  metadataKeys: string[];
}

/** Run-level metadata of an aggregated result. */
export interface AggregatedEvaluationMetadata {
  /** Errors met during the run (evaluators, storage). */
  errors: EvaluationRunError[];
  /** Wall time of the run in milliseconds. */
  durationMs: number;
  [key: string]: unknown;
}

/** The result of an evaluation run. */
export interface AggregatedEvaluationResult {
  /** Weighted mean of the normalized scores; absent when no result is numeric. */
  overallScore?: number;
  /** Whether overallScore met the run threshold; absent with overallScore. */
  passed?: boolean;
  /** Every result of every evaluator. */
  results: EvaluationResult[];
  /** Completion time of the run (ms since epoch). */
  timestamp: number;
  agentId?: string;
  sessionId?: string;
  /** The exact input evaluated (after input limits). */
  inputSnapshot: EvaluationInput;
  /** What the run was configured with. */
  evaluationConfigSnapshot?: EvaluationConfigSnapshot;
  /** Run metadata: the config's metadata plus errors and duration. */
  metadata: AggregatedEvaluationMetadata;
}
