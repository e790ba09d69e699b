/**
 * PromQL the dashboards and alert rules share: label selectors built from template variables, and the
 * formulas (mean score, pass rate) written once.
 */
import { L, M } from './prometheus-names.ts';

/** A label matcher: label name, operator and (already escaped) value. */
export type Matcher = readonly [label: string, op: '=' | '=~' | '!=' | '!~', value: string];

/** `metric{a="x",b=~"y"}`; the braces are omitted when there are no matchers. */
export function selector(metric: string, matchers: readonly Matcher[] = []): string {
  if (matchers.length === 0) return metric;
  return `${metric}{${matchers.map(([label, op, value]) => `${label}${op}"${value}"`).join(', ')}}`;
}

/** Template variables of the dashboards, each a regex matcher on one label. */
export const VARIABLE_LABELS = {
  service: L.service,
  agent: L.agent,
  model: L.model,
  evaluation: L.evaluation,
  rule: L.rule,
} as const;

/** Name of one dashboard template variable. */
export type VariableName = keyof typeof VARIABLE_LABELS;

/** Regex matchers on the given template variables (`job=~"$service"`, ...). */
export function variableMatchers(names: readonly VariableName[]): Matcher[] {
  return names.map((name) => [VARIABLE_LABELS[name], '=~', `$${name}`] as const);
}

/** Variables that apply to the score histogram and the results counter. */
export const RESULT_VARIABLES: readonly VariableName[] = ['service', 'agent', 'model', 'evaluation', 'rule'];
/** Variables that apply to metrics recorded per evaluator run (duration, judge tokens). */
export const RUN_VARIABLES: readonly VariableName[] = ['service', 'agent', 'model', 'rule'];

/** `sum by (labels) (fn(selector[window]))`, or without `by` when labels is empty. */
export function sumBy(labels: readonly string[], inner: string): string {
  return labels.length === 0 ? `sum(${inner})` : `sum by (${labels.join(', ')}) (${inner})`;
}

/** Options shared by the ratio formulas. */
export interface RatioOptions {
  /** Labels to group by. */
  readonly by: readonly string[];
  /** Range window, e.g. `1h` or `$__rate_interval`. */
  readonly window: string;
  /** Optional `offset` applied to every range selector. */
  readonly offset?: string;
  /** Extra matchers on every selector. */
  readonly matchers?: readonly Matcher[];
}

function range(metric: string, options: RatioOptions, extra: readonly Matcher[] = []): string {
  const offset = options.offset ? ` offset ${options.offset}` : '';
  return `${selector(metric, [...(options.matchers ?? []), ...extra])}[${options.window}]${offset}`;
}

/**
 * Mean normalized score over a window: increase of the histogram's `_sum` divided by the increase of its
 * `_count`, so every result weighs the same whatever the scrape interval.
 */
export function meanScore(options: RatioOptions): string {
  return `${sumBy(options.by, `increase(${range(M.scoreSum, options)})`)}\n/\n${sumBy(options.by, `increase(${range(M.scoreCount, options)})`)}`;
}

/** Number of scored results in a window (the histogram's `_count`). */
export function scoredResults(options: RatioOptions): string {
  return sumBy(options.by, `increase(${range(M.scoreCount, options)})`);
}

/** Number of results that passed or failed a threshold in a window (others have no `passed`). */
export function judgedResults(options: RatioOptions): string {
  return sumBy(options.by, `increase(${range(M.results, options, [[L.passed, '=~', 'true|false']])})`);
}

/**
 * Pass rate over a window: passed / (passed + failed). Results without a threshold (skipped, errors)
 * have no `passed` label and are left out. The `or ... * 0` keeps groups where nothing passed at 0
 * instead of dropping them.
 */
export function passRate(options: RatioOptions): string {
  const passed = sumBy(options.by, `increase(${range(M.results, options, [[L.passed, '=', 'true']])})`);
  const failed = sumBy(options.by, `increase(${range(M.results, options, [[L.passed, '=', 'false']])})`);
  return `(\n  ${passed}\n  or\n  ${failed} * 0\n)\n/\n${judgedResults(options)}`;
}
