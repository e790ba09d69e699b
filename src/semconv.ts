/**
 * Every attribute, event and metric name otel-evals writes, as constants.
 *
 * GenAI names follow the OpenTelemetry GenAI semantic conventions (copied here as strings because the
 * npm constants are deprecated and lag the spec); our own names use the `otel_evals.` prefix.
 * Names of the telemetry dialects we read live beside their readers in src/extract/.
 */

/** Instrumentation scope of every span, log record and metric otel-evals emits. */
export const OTEL_EVALS_SCOPE = 'otel-evals';

// ---- the gen_ai.evaluation.result event -------------------------------------------------------

/** Event name of one criterion result (a LogRecord with no body). */
export const EVENT_GEN_AI_EVALUATION_RESULT = 'gen_ai.evaluation.result';
/** The evaluation (criterion) name. */
export const ATTR_GEN_AI_EVALUATION_NAME = 'gen_ai.evaluation.name';
/** The score, normalized to 0..1 when numeric. */
export const ATTR_GEN_AI_EVALUATION_SCORE_VALUE = 'gen_ai.evaluation.score.value';
/** Low-cardinality label: `pass`, `fail`, `error`, `skipped`, or a categorical value. */
export const ATTR_GEN_AI_EVALUATION_SCORE_LABEL = 'gen_ai.evaluation.score.label';
/** Free-form explanation (truncated). */
export const ATTR_GEN_AI_EVALUATION_EXPLANATION = 'gen_ai.evaluation.explanation';
/** Id of the evaluated completion, when known. */
export const ATTR_GEN_AI_RESPONSE_ID = 'gen_ai.response.id';
/** Low-cardinality error identifier. */
export const ATTR_ERROR_TYPE = 'error.type';

// ---- GenAI attributes we copy onto our own signals ---------------------------------------------

/** `gen_ai.operation.name`; our evaluation spans use {@link GEN_AI_OPERATION_EVALUATION}. */
export const ATTR_GEN_AI_OPERATION_NAME = 'gen_ai.operation.name';
/** Operation name of evaluation spans. */
export const GEN_AI_OPERATION_EVALUATION = 'evaluation';
/** The model requested by the evaluated operation. */
export const ATTR_GEN_AI_REQUEST_MODEL = 'gen_ai.request.model';
/** The provider of the evaluated operation. */
export const ATTR_GEN_AI_PROVIDER_NAME = 'gen_ai.provider.name';
/** The agent name of the evaluated operation. */
export const ATTR_GEN_AI_AGENT_NAME = 'gen_ai.agent.name';
/** Token type on judge token metrics: `input` or `output`. */
export const ATTR_GEN_AI_TOKEN_TYPE = 'gen_ai.token.type';

// ---- otel_evals.* extras -----------------------------------------------------------------------

/** The processor rule (or offline suite) that produced the result. */
export const ATTR_OTEL_EVALS_RULE = 'otel_evals.rule';
/** The evaluator type that produced the result (`RuleBased`, `LLMJudge`, ...). */
export const ATTR_OTEL_EVALS_EVALUATOR_TYPE = 'otel_evals.evaluator.type';
/** The evaluator's raw score before normalization (number, boolean or string). */
export const ATTR_OTEL_EVALS_SCORE_RAW = 'otel_evals.score.raw';
/** The threshold the normalized score was compared with. */
export const ATTR_OTEL_EVALS_THRESHOLD = 'otel_evals.threshold';
/** Whether the result passed its threshold. */
export const ATTR_OTEL_EVALS_PASSED = 'otel_evals.passed';
/** Reason of a skipped span or result (`no_match`, `unknown_shape`, `budget_exceeded`, ...). */
export const ATTR_OTEL_EVALS_REASON = 'reason';
/** Evaluator types that ran, on evaluation spans. */
export const ATTR_OTEL_EVALS_EVALUATOR_TYPES = 'otel_evals.evaluator.types';
/** Evaluation span attribute: evaluator durations in milliseconds, aligned with the evaluator types. */
export const ATTR_OTEL_EVALS_EVALUATOR_DURATIONS = 'otel_evals.evaluator.durations_ms';
/** Evaluation span attribute: judge input tokens. */
export const ATTR_OTEL_EVALS_JUDGE_INPUT_TOKENS = 'otel_evals.judge.usage.input_tokens';
/** Evaluation span attribute: judge output tokens. */
export const ATTR_OTEL_EVALS_JUDGE_OUTPUT_TOKENS = 'otel_evals.judge.usage.output_tokens';
/** Marks spans produced by a judge call so the processor never evaluates them. */
export const ATTR_OTEL_EVALS_JUDGE = 'otel_evals.judge';
/**
 * Telemetry function id of judge calls: AI SDK spans of a judge call carry it as `gen_ai.agent.name`
 * (OpenTelemetry integration) or `ai.telemetry.functionId` (legacy), so they are recognized as our own.
 */
export const OTEL_EVALS_JUDGE_FUNCTION_ID = 'otel-evals.judge';

/** Prefix of per-criterion attributes written on the evaluated span and on evaluation spans. */
export const EVALUATION_ATTRIBUTE_PREFIX = 'gen_ai.evaluation.';

/**
 * The attribute-safe form of a criterion name: lower-cased, anything outside `[a-z0-9_]` turned into `_`.
 * `"Helpfulness (1-5)"` becomes `helpfulness__1_5_`.
 */
export function criterionAttributeKey(criterionName: string): string {
  return criterionName.toLowerCase().replace(/[^a-z0-9_]/g, '_');
}

/** `gen_ai.evaluation.<criterion>.score.value` for a criterion name. */
export function spanScoreValueKey(criterionName: string): string {
  return `${EVALUATION_ATTRIBUTE_PREFIX}${criterionAttributeKey(criterionName)}.score.value`;
}

/** `gen_ai.evaluation.<criterion>.score.label` for a criterion name. */
export function spanScoreLabelKey(criterionName: string): string {
  return `${EVALUATION_ATTRIBUTE_PREFIX}${criterionAttributeKey(criterionName)}.score.label`;
}

/** `gen_ai.evaluation.<criterion>.passed` for a criterion name. */
export function spanPassedKey(criterionName: string): string {
  return `${EVALUATION_ATTRIBUTE_PREFIX}${criterionAttributeKey(criterionName)}.passed`;
}

// ---- metrics -----------------------------------------------------------------------------------

/** Histogram of normalized scores (unit `1`, buckets 0, 0.1, ..., 1). */
export const METRIC_GEN_AI_EVALUATION_SCORE = 'gen_ai.evaluation.score';
/** Counter of criterion results, by label and passed. */
export const METRIC_GEN_AI_EVALUATION_RESULTS = 'gen_ai.evaluation.results';
/** Histogram of evaluation durations in seconds. */
export const METRIC_GEN_AI_EVALUATION_DURATION = 'gen_ai.evaluation.duration';
/** Counter of judge tokens, by `gen_ai.token.type`. */
export const METRIC_OTEL_EVALS_JUDGE_TOKENS = 'otel_evals.judge.tokens';
/** Gauge of evaluations waiting in the processor's queue. */
export const METRIC_OTEL_EVALS_QUEUE_SIZE = 'otel_evals.queue.size';
/** Counter of matched spans dropped without evaluation, by `reason`. */
export const METRIC_OTEL_EVALS_SPANS_DROPPED = 'otel_evals.spans.dropped';
/** Counter of spans or results skipped, by `reason`. */
export const METRIC_OTEL_EVALS_SPANS_SKIPPED = 'otel_evals.spans.skipped';
/** Counter of failed evaluations, by `error.type`. */
export const METRIC_OTEL_EVALS_EVALUATION_ERRORS = 'otel_evals.evaluations.errors';

/**
 * Counter of LLM-call spans, derived by the collector (collector-config/otelcol.yaml) rather than emitted by
 * the processor, so "evaluations stopped" can be told apart from "traffic stopped".
 */
export const METRIC_OTEL_EVALS_LLM_SPANS = 'otel_evals.llm.spans';

/** Bucket boundaries advised for the score histogram. */
export const SCORE_BUCKETS: readonly number[] = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
/** Bucket boundaries advised for the duration histogram, in seconds. */
export const DURATION_BUCKETS: readonly number[] = [
  0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
];

/**
 * The only attribute keys metrics may carry: low-cardinality by construction, never free text.
 */
export const METRIC_ATTRIBUTE_ALLOWLIST: readonly string[] = [
  ATTR_GEN_AI_EVALUATION_NAME,
  ATTR_GEN_AI_EVALUATION_SCORE_LABEL,
  ATTR_OTEL_EVALS_PASSED,
  ATTR_OTEL_EVALS_RULE,
  ATTR_OTEL_EVALS_EVALUATOR_TYPE,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_TOKEN_TYPE,
  ATTR_OTEL_EVALS_REASON,
  ATTR_ERROR_TYPE,
];

/** Default cap on the length of explanations written to events and spans. */
export const MAX_EXPLANATION_LENGTH = 1024;
