import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import * as semconv from '../../src/semconv.ts';
import { dashboardPanelQueries, dashboardVariableQueries, metricNamesIn, ruleQueries } from '../../grafana/src/dashboard-queries.ts';
import { COLLECTOR_METRICS, PROCESSOR_METRICS, promMetricName } from '../../grafana/src/prometheus-names.ts';

const root = resolve(import.meta.dirname, '../..');
const dashboard = JSON.parse(readFileSync(resolve(root, 'grafana/dashboards/agent-evaluations.json'), 'utf8'));
const rules = parse(readFileSync(resolve(root, 'grafana/alerts/otel-evals.rules.yaml'), 'utf8'));

const semconvMetricNames = Object.entries(semconv)
  .filter(([key, value]) => key.startsWith('METRIC_') && typeof value === 'string')
  .map(([, value]) => value as string);

/** Prometheus series names a metric produces. */
function seriesNames(metric: { name: string; kind: 'counter' | 'histogram' | 'gauge'; unit: string }): string[] {
  const base = promMetricName(metric);
  return metric.kind === 'histogram' ? [`${base}_bucket`, `${base}_sum`, `${base}_count`] : [base];
}

const allowed = new Set([...Object.values(PROCESSOR_METRICS), ...Object.values(COLLECTOR_METRICS)].flatMap(seriesNames));

describe('metric names', () => {
  it('covers exactly the metrics declared in semconv.ts', () => {
    expect([...Object.values(PROCESSOR_METRICS), ...Object.values(COLLECTOR_METRICS)].map((m) => m.name).sort()).toEqual([...semconvMetricNames].sort());
  });

  it('translates names as the collector prometheus exporter does (observed in the end-to-end test)', () => {
    expect(promMetricName(PROCESSOR_METRICS.score)).toBe('gen_ai_evaluation_score');
    expect(promMetricName(PROCESSOR_METRICS.results)).toBe('gen_ai_evaluation_results_total');
    expect(promMetricName(PROCESSOR_METRICS.duration)).toBe('gen_ai_evaluation_duration_seconds');
    expect(promMetricName(PROCESSOR_METRICS.judgeTokens)).toBe('otel_evals_judge_tokens_total');
    expect(promMetricName(PROCESSOR_METRICS.queueSize)).toBe('otel_evals_queue_size');
    expect(promMetricName(PROCESSOR_METRICS.spansDropped)).toBe('otel_evals_spans_dropped_total');
    expect(promMetricName(PROCESSOR_METRICS.evaluationErrors)).toBe('otel_evals_evaluations_errors_total');
    expect(promMetricName(COLLECTOR_METRICS.llmSpans)).toBe('otel_evals_llm_spans_total');
  });

  it('extracts metric names from PromQL', () => {
    expect(metricNamesIn('sum by (le) (rate(a_bucket{x=~"$y", z="w"}[5m] offset 1h)) / on (job) b_total > 0 and c')).toEqual(['a_bucket', 'b_total', 'c']);
    expect(metricNamesIn('histogram_quantile(0.5, sum by (le) (rate(d[1m]))) or on() vector(0)')).toEqual(['d']);
  });

  const queries = [...dashboardPanelQueries(dashboard), ...dashboardVariableQueries(dashboard), ...ruleQueries(rules)];

  it('finds the queries of every panel, variable and alert', () => {
    expect(queries.length).toBeGreaterThan(20);
  });

  for (const query of queries) {
    it(`${query.source} selects only metrics otel-evals emits`, () => {
      const names = metricNamesIn(query.expr.replace(/^label_values\((.*),\s*\w+\)$/s, '$1'));
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(allowed, `${name} in ${query.expr}`).toContain(name);
    });
  }
});
