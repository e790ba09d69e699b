/**
 * Links from dashboard panels to Grafana Explore: the evaluation spans in Tempo and the
 * gen_ai.evaluation.result events in Loki, filtered by the dashboard's template variables and time range.
 */
import { DashboardLinkBuilder } from '@grafana/grafana-foundation-sdk/dashboard';
import {
  ATTR_GEN_AI_EVALUATION_NAME,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_OTEL_EVALS_RULE,
  GEN_AI_OPERATION_EVALUATION,
} from '../../src/semconv.ts';
import { promLabel } from './prometheus-names.ts';

/** Template variable holding the Tempo data source uid. */
export const TEMPO_VARIABLE = 'tempo';
/** Template variable holding the Loki data source uid. */
export const LOKI_VARIABLE = 'loki';

/** Encodes an Explore pane as a URL parameter, keeping `${...}` template references for Grafana. */
function exploreUrl(datasource: { type: string; uid: string }, query: Record<string, unknown>): string {
  const panes = {
    a: { datasource: datasource.uid, queries: [{ refId: 'A', datasource, ...query }], range: { from: '${__from}', to: '${__to}' } },
  };
  const encoded = encodeURIComponent(JSON.stringify(panes)).replace(/%24%7B([^%]+(?:%3A[a-z]+)?)%7D/g, (_m, name: string) => `\${${decodeURIComponent(name)}}`);
  return `/explore?schemaVersion=1&orgId=1&panes=${encoded}`;
}

/** TraceQL for the `evaluation {rule}` spans of the selected services and rules. */
export const EVALUATION_SPANS_TRACEQL =
  `{ resource.service.name =~ "\${service:regex}" && span.${ATTR_GEN_AI_OPERATION_NAME} = "${GEN_AI_OPERATION_EVALUATION}"` +
  ` && span.${ATTR_OTEL_EVALS_RULE} =~ "\${rule:regex}" }`;

/** LogQL for the gen_ai.evaluation.result events (Loki stores log attributes as structured metadata). */
export const EVALUATION_EVENTS_LOGQL =
  `{service_name=~"\${service:regex}"} | ${promLabel(ATTR_GEN_AI_EVALUATION_NAME)}=~"\${evaluation:regex}"` +
  ` | ${promLabel(ATTR_OTEL_EVALS_RULE)}=~"\${rule:regex}"`;

/** A panel link that opens the evaluation spans in Tempo. */
export function tempoEvaluationSpansLink(): DashboardLinkBuilder {
  const url = exploreUrl({ type: 'tempo', uid: `\${${TEMPO_VARIABLE}}` }, { queryType: 'traceql', query: EVALUATION_SPANS_TRACEQL, limit: 50 });
  return new DashboardLinkBuilder('Evaluation spans in Tempo').url(url).targetBlank(true);
}

/** A panel link that opens the evaluation events in Loki. */
export function lokiEvaluationEventsLink(): DashboardLinkBuilder {
  const url = exploreUrl({ type: 'loki', uid: `\${${LOKI_VARIABLE}}` }, { expr: EVALUATION_EVENTS_LOGQL, queryType: 'range' });
  return new DashboardLinkBuilder('Evaluation events in Loki').url(url).targetBlank(true);
}
