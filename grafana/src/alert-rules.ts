/**
 * Alert rules on the evaluation metrics, in Prometheus rule format. The thresholds and windows are
 * parameters, so the committed rules (defaults below) and the end-to-end test (short windows) come from
 * the same expressions. docs/operations.md explains how to tune them.
 */
import { L, M } from './prometheus-names.ts';
import { meanScore, passRate, scoredResults, judgedResults, selector, sumBy } from './promql.ts';

/** Tunable thresholds and windows of the alert rules. */
export interface AlertOptions {
  /** Mean score of the recent window below the baseline mean by more than `margin` (0..1 score scale). */
  readonly regression: { readonly window: string; readonly baselineWindow: string; readonly margin: number; readonly minResults: number; readonly minBaselineResults: number; readonly for: string };
  /** Pass rate of the window below `threshold` (0..1). */
  readonly passRate: { readonly window: string; readonly threshold: number; readonly minResults: number; readonly for: string };
  /** Failed evaluations above `ratio` of all results in the window. */
  readonly errors: { readonly window: string; readonly ratio: number; readonly minErrors: number; readonly for: string };
  /** Any matched span dropped without evaluation in the window. */
  readonly dropped: { readonly window: string; readonly for: string };
  /** LLM-call spans seen but no evaluation result in the window. */
  readonly stopped: { readonly window: string; readonly for: string };
  /** How often Prometheus evaluates the group. */
  readonly interval: string;
}

/** The committed defaults: hourly against the previous week, 10 points of margin. */
export const DEFAULT_ALERT_OPTIONS: AlertOptions = {
  regression: { window: '1h', baselineWindow: '7d', margin: 0.1, minResults: 20, minBaselineResults: 200, for: '15m' },
  passRate: { window: '1h', threshold: 0.8, minResults: 20, for: '15m' },
  errors: { window: '15m', ratio: 0.05, minErrors: 5, for: '10m' },
  dropped: { window: '15m', for: '5m' },
  stopped: { window: '30m', for: '15m' },
  interval: '1m',
};

/** One alerting rule in Prometheus rule format. */
export interface PrometheusAlertRule {
  /** Alert name. */
  readonly alert: string;
  /** PromQL that returns a series per firing alert. */
  readonly expr: string;
  /** How long the expression must hold before the alert fires. */
  readonly for: string;
  /** Labels attached to the alert. */
  readonly labels: Readonly<Record<string, string>>;
  /** Summary and description, with `{{ $labels.x }}` templates. */
  readonly annotations: Readonly<Record<string, string>>;
}

/** A Prometheus rule file. */
export interface PrometheusRuleFile {
  /** The rule groups. */
  readonly groups: readonly { readonly name: string; readonly interval: string; readonly rules: readonly PrometheusAlertRule[] }[];
}

const BY_EVALUATION = [L.service, L.evaluation];

function regressionRule(o: AlertOptions['regression']): PrometheusAlertRule {
  const recent = { by: BY_EVALUATION, window: o.window };
  const baseline = { by: BY_EVALUATION, window: o.baselineWindow, offset: o.window };
  const on = `on (${BY_EVALUATION.join(', ')})`;
  const expr = [
    `(\n${meanScore(recent)}\n)`,
    `< ${on}`,
    `(\n${meanScore(baseline)}\n) - ${o.margin}`,
    `and ${on}`,
    `${scoredResults(recent)} >= ${o.minResults}`,
    `and ${on}`,
    `${scoredResults(baseline)} >= ${o.minBaselineResults}`,
  ].join('\n');
  return {
    alert: 'EvaluationScoreRegression',
    expr,
    for: o.for,
    labels: { severity: 'warning', team: 'ai-quality' },
    annotations: {
      summary: 'Mean {{ $labels.gen_ai_evaluation_name }} score of {{ $labels.job }} dropped to {{ $value | printf "%.2f" }}',
      description: `The mean score of each evaluation over the last ${o.window} is more than ${o.margin} below its mean over the ${o.baselineWindow} before (at least ${o.minResults} and ${o.minBaselineResults} scored results).`,
    },
  };
}

function passRateRule(o: AlertOptions['passRate']): PrometheusAlertRule {
  const w = { by: BY_EVALUATION, window: o.window };
  const on = `on (${BY_EVALUATION.join(', ')})`;
  return {
    alert: 'EvaluationPassRateLow',
    expr: `(\n${passRate(w)}\n) < ${o.threshold}\nand ${on}\n${judgedResults(w)} >= ${o.minResults}`,
    for: o.for,
    labels: { severity: 'warning', team: 'ai-quality' },
    annotations: {
      summary: '{{ $labels.gen_ai_evaluation_name }} pass rate of {{ $labels.job }} is {{ $value | humanizePercentage }}',
      description: `Fewer than ${o.threshold * 100}% of the judged results passed over the last ${o.window} (at least ${o.minResults} results).`,
    },
  };
}

function errorsRule(o: AlertOptions['errors']): PrometheusAlertRule {
  const errors = sumBy([L.service], `increase(${M.evaluationErrors}[${o.window}])`);
  const results = sumBy([L.service], `increase(${M.results}[${o.window}])`);
  return {
    alert: 'EvaluationErrorsRising',
    expr: `(\n${errors}\n/\n${results}\n) > ${o.ratio}\nand on (${L.service})\n${errors} >= ${o.minErrors}`,
    for: o.for,
    labels: { severity: 'warning', team: 'ai-quality' },
    annotations: {
      summary: '{{ $value | humanizePercentage }} of the evaluations of {{ $labels.job }} fail',
      description: `More than ${o.ratio * 100}% of the evaluation results over the last ${o.window} are errors; see the "Evaluation errors" panel for the error types.`,
    },
  };
}

function droppedRule(o: AlertOptions['dropped']): PrometheusAlertRule {
  return {
    alert: 'EvaluationSpansDropped',
    expr: `${sumBy([L.service, L.reason], `increase(${M.spansDropped}[${o.window}])`)} > 0`,
    for: o.for,
    labels: { severity: 'warning', team: 'ai-quality' },
    annotations: {
      summary: '{{ $labels.job }} dropped {{ $value | humanize }} spans without evaluating them ({{ $labels.reason }})',
      description: `Matched spans were dropped over the last ${o.window}: the queue is full or evaluations are too slow. Raise the queue size or concurrency, or sample fewer spans.`,
    },
  };
}

function stoppedRule(o: AlertOptions['stopped']): PrometheusAlertRule {
  return {
    alert: 'EvaluationsStopped',
    expr: `${sumBy([L.service], `rate(${M.llmSpans}[${o.window}])`)} > 0\nunless on (${L.service})\n${sumBy([L.service], `rate(${selector(M.results)}[${o.window}])`)} > 0`,
    for: o.for,
    labels: { severity: 'critical', team: 'ai-quality' },
    annotations: {
      summary: '{{ $labels.job }} sends LLM spans but no evaluation results',
      description: `The collector saw LLM-call spans from this service over the last ${o.window} but no evaluation result arrived: the processor is not registered, its rules stopped matching, or its metrics are not exported.`,
    },
  };
}

/** The alert rules for the given options, in Prometheus rule-file form. */
export function prometheusRules(options: AlertOptions = DEFAULT_ALERT_OPTIONS): PrometheusRuleFile {
  return {
    groups: [
      {
        name: 'otel-evals',
        interval: options.interval,
        rules: [regressionRule(options.regression), passRateRule(options.passRate), errorsRule(options.errors), droppedRule(options.dropped), stoppedRule(options.stopped)],
      },
    ],
  };
}
