/**
 * The same alert rules as Grafana-managed alerts, in Grafana's file provisioning format
 * (provisioning/alerting/*.yaml), for setups where Grafana evaluates the rules instead of Prometheus.
 */
import type { AlertOptions, PrometheusAlertRule } from './alert-rules.ts';
import { DEFAULT_ALERT_OPTIONS, prometheusRules } from './alert-rules.ts';

/** Uid of the Prometheus data source in grafana/provisioning/datasources. */
export const PROMETHEUS_DATASOURCE_UID = 'otel-evals-prometheus';
/** Folder the provisioned rules appear in. */
export const ALERT_FOLDER = 'otel-evals';

/** One rule in Grafana's alerting provisioning format. */
export interface GrafanaAlertRule {
  /** Stable uid. */
  readonly uid: string;
  /** Rule title. */
  readonly title: string;
  /** refId of the query whose non-zero result fires the alert. */
  readonly condition: string;
  /** The queries and expressions. */
  readonly data: readonly Record<string, unknown>[];
  /** State when the query returns nothing: the expression only returns firing series, so OK. */
  readonly noDataState: 'OK';
  /** State when the query fails. */
  readonly execErrState: 'Error';
  /** Pending period. */
  readonly for: string;
  /** Labels. */
  readonly labels: Readonly<Record<string, string>>;
  /** Annotations, templated with `$labels` and `$values`. */
  readonly annotations: Readonly<Record<string, string>>;
}

/** Prometheus' `$value` is the query result; Grafana's equivalent is `$values.A.Value`. */
function grafanaTemplate(text: string): string {
  return text.replace(/\$value\b/g, '$values.A.Value');
}

function grafanaRule(rule: PrometheusAlertRule): GrafanaAlertRule {
  return {
    uid: `otel-evals-${rule.alert.toLowerCase()}`.slice(0, 40),
    title: rule.alert,
    condition: 'B',
    data: [
      {
        refId: 'A',
        relativeTimeRange: { from: 600, to: 0 },
        datasourceUid: PROMETHEUS_DATASOURCE_UID,
        model: { refId: 'A', expr: rule.expr, instant: true, range: false, intervalMs: 60000, maxDataPoints: 43200 },
      },
      {
        // The PromQL already holds the condition and returns only firing series: fire for each one.
        refId: 'B',
        relativeTimeRange: { from: 0, to: 0 },
        datasourceUid: '__expr__',
        model: { refId: 'B', type: 'math', expression: 'is_number($A)', datasource: { type: '__expr__', uid: '__expr__' } },
      },
    ],
    noDataState: 'OK',
    execErrState: 'Error',
    for: rule.for,
    labels: rule.labels,
    annotations: Object.fromEntries(Object.entries(rule.annotations).map(([k, v]) => [k, grafanaTemplate(v)])),
  };
}

/** The alert rules as a Grafana alerting provisioning file. */
export function grafanaAlertProvisioning(options: AlertOptions = DEFAULT_ALERT_OPTIONS): Record<string, unknown> {
  return {
    apiVersion: 1,
    groups: prometheusRules(options).groups.map((group) => ({
      orgId: 1,
      name: group.name,
      folder: ALERT_FOLDER,
      interval: group.interval,
      rules: group.rules.map(grafanaRule),
    })),
  };
}
