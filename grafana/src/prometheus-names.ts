/**
 * Prometheus names of the metrics otel-evals emits, derived from the OpenTelemetry names in src/semconv.ts
 * with the translation the collector's prometheus exporter applies
 * (`translation_strategy: UnderscoreEscapingWithSuffixes`, see collector-config/otelcol.yaml).
 */
import {
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_EVALUATION_NAME,
  ATTR_GEN_AI_EVALUATION_SCORE_LABEL,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_TOKEN_TYPE,
  ATTR_OTEL_EVALS_EVALUATOR_TYPE,
  ATTR_OTEL_EVALS_PASSED,
  ATTR_OTEL_EVALS_REASON,
  ATTR_OTEL_EVALS_RULE,
  METRIC_GEN_AI_EVALUATION_DURATION,
  METRIC_GEN_AI_EVALUATION_RESULTS,
  METRIC_GEN_AI_EVALUATION_SCORE,
  METRIC_OTEL_EVALS_EVALUATION_ERRORS,
  METRIC_OTEL_EVALS_JUDGE_TOKENS,
  METRIC_OTEL_EVALS_LLM_SPANS,
  METRIC_OTEL_EVALS_QUEUE_SIZE,
  METRIC_OTEL_EVALS_SPANS_DROPPED,
  METRIC_OTEL_EVALS_SPANS_SKIPPED,
} from '../../src/semconv.ts';

/** The OpenTelemetry instrument kinds that matter for Prometheus naming. */
export type InstrumentKind = 'counter' | 'histogram' | 'gauge';

/** An OpenTelemetry metric as the collector receives it. */
export interface OtelMetric {
  /** The OpenTelemetry metric name. */
  readonly name: string;
  /** The instrument kind. */
  readonly kind: InstrumentKind;
  /** The UCUM unit (`1`, `s`, `{token}`, ...). */
  readonly unit: string;
}

/** Units the translation spells out as a suffix; `{annotations}` add nothing. */
const UNIT_SUFFIXES: Readonly<Record<string, string>> = { s: 'seconds', ms: 'milliseconds', By: 'bytes' };

/** A label name as Prometheus stores it: anything outside `[a-zA-Z0-9_]` becomes `_`. */
export function promLabel(attribute: string): string {
  return attribute.replace(/[^a-zA-Z0-9_]/g, '_');
}

/**
 * The Prometheus base name of a metric: dots to underscores, the unit suffix (`_seconds`), `_ratio` for
 * unit `1` on gauges only, then `_total` for counters. Histograms add `_bucket`, `_sum` and `_count`.
 */
export function promMetricName(metric: OtelMetric): string {
  let name = promLabel(metric.name);
  const unitSuffix = metric.unit === '1' ? (metric.kind === 'gauge' ? 'ratio' : '') : (UNIT_SUFFIXES[metric.unit] ?? '');
  if (unitSuffix && !name.endsWith(`_${unitSuffix}`)) name += `_${unitSuffix}`;
  if (metric.kind === 'counter') name += '_total';
  return name;
}

/** Every metric the processor emits, with the unit it is created with (src/emit/metrics.ts). */
export const PROCESSOR_METRICS = {
  score: { name: METRIC_GEN_AI_EVALUATION_SCORE, kind: 'histogram', unit: '1' },
  results: { name: METRIC_GEN_AI_EVALUATION_RESULTS, kind: 'counter', unit: '{result}' },
  duration: { name: METRIC_GEN_AI_EVALUATION_DURATION, kind: 'histogram', unit: 's' },
  judgeTokens: { name: METRIC_OTEL_EVALS_JUDGE_TOKENS, kind: 'counter', unit: '{token}' },
  queueSize: { name: METRIC_OTEL_EVALS_QUEUE_SIZE, kind: 'gauge', unit: '{evaluation}' },
  spansDropped: { name: METRIC_OTEL_EVALS_SPANS_DROPPED, kind: 'counter', unit: '{span}' },
  spansSkipped: { name: METRIC_OTEL_EVALS_SPANS_SKIPPED, kind: 'counter', unit: '{span}' },
  evaluationErrors: { name: METRIC_OTEL_EVALS_EVALUATION_ERRORS, kind: 'counter', unit: '{error}' },
} as const satisfies Record<string, OtelMetric>;

/**
 * Metrics the collector derives itself (collector-config/otelcol.yaml, signal_to_metrics connector):
 * LLM-call spans, so "evaluations stopped" can be told apart from "traffic stopped".
 */
export const COLLECTOR_METRICS = {
  llmSpans: { name: METRIC_OTEL_EVALS_LLM_SPANS, kind: 'counter', unit: '{span}' },
} as const satisfies Record<string, OtelMetric>;

/** Prometheus metric names used by the dashboards and alert rules. */
export const M = {
  scoreBucket: `${promMetricName(PROCESSOR_METRICS.score)}_bucket`,
  scoreSum: `${promMetricName(PROCESSOR_METRICS.score)}_sum`,
  scoreCount: `${promMetricName(PROCESSOR_METRICS.score)}_count`,
  results: promMetricName(PROCESSOR_METRICS.results),
  durationBucket: `${promMetricName(PROCESSOR_METRICS.duration)}_bucket`,
  judgeTokens: promMetricName(PROCESSOR_METRICS.judgeTokens),
  queueSize: promMetricName(PROCESSOR_METRICS.queueSize),
  spansDropped: promMetricName(PROCESSOR_METRICS.spansDropped),
  spansSkipped: promMetricName(PROCESSOR_METRICS.spansSkipped),
  evaluationErrors: promMetricName(PROCESSOR_METRICS.evaluationErrors),
  llmSpans: promMetricName(COLLECTOR_METRICS.llmSpans),
} as const;

/** Prometheus label names used by the dashboards and alert rules. */
export const L = {
  /** service.namespace/service.name, as the prometheus exporter maps it. */
  service: 'job',
  evaluation: promLabel(ATTR_GEN_AI_EVALUATION_NAME),
  label: promLabel(ATTR_GEN_AI_EVALUATION_SCORE_LABEL),
  passed: promLabel(ATTR_OTEL_EVALS_PASSED),
  rule: promLabel(ATTR_OTEL_EVALS_RULE),
  evaluatorType: promLabel(ATTR_OTEL_EVALS_EVALUATOR_TYPE),
  operation: promLabel(ATTR_GEN_AI_OPERATION_NAME),
  model: promLabel(ATTR_GEN_AI_REQUEST_MODEL),
  provider: promLabel(ATTR_GEN_AI_PROVIDER_NAME),
  agent: promLabel(ATTR_GEN_AI_AGENT_NAME),
  tokenType: promLabel(ATTR_GEN_AI_TOKEN_TYPE),
  reason: promLabel(ATTR_OTEL_EVALS_REASON),
  errorType: promLabel(ATTR_ERROR_TYPE),
} as const;
