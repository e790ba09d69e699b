/**
 * Reads the PromQL back out of generated dashboards and rule files, for the tests that check every query
 * against the metric names and against a live Prometheus.
 */

/** One PromQL expression and where it came from. */
export interface FoundQuery {
  /** Dashboard panel title, variable name or alert name. */
  readonly source: string;
  /** The expression as written, template variables included. */
  readonly expr: string;
}

interface PanelLike {
  readonly title?: string;
  readonly type?: string;
  readonly targets?: readonly { readonly expr?: unknown; readonly refId?: string }[];
  readonly panels?: readonly PanelLike[];
}

/** Every panel target's `expr` of a dashboard JSON model, rows included. */
export function dashboardPanelQueries(dashboard: { readonly panels?: readonly PanelLike[] }): FoundQuery[] {
  const found: FoundQuery[] = [];
  const visit = (panels: readonly PanelLike[] | undefined): void => {
    for (const panel of panels ?? []) {
      for (const t of panel.targets ?? []) {
        if (typeof t.expr === 'string') found.push({ source: `${panel.title ?? panel.type ?? '?'} ${t.refId ?? ''}`.trim(), expr: t.expr });
      }
      visit(panel.panels);
    }
  };
  visit(dashboard.panels);
  return found;
}

/** `label_values(selector, label)` queries of the dashboard's query variables. */
export function dashboardVariableQueries(dashboard: { readonly templating?: { readonly list?: readonly { readonly name: string; readonly type: string; readonly query?: unknown }[] } }): FoundQuery[] {
  return (dashboard.templating?.list ?? [])
    .filter((v) => v.type === 'query' && typeof v.query === 'string')
    .map((v) => ({ source: `variable ${v.name}`, expr: v.query as string }));
}

/** Every alerting rule's `expr` of a Prometheus rule file. */
export function ruleQueries(file: { readonly groups?: readonly { readonly rules?: readonly { readonly alert?: string; readonly record?: string; readonly expr: string }[] }[] }): FoundQuery[] {
  return (file.groups ?? []).flatMap((g) => (g.rules ?? []).map((r) => ({ source: r.alert ?? r.record ?? '?', expr: r.expr })));
}

/** Values the tests substitute for Grafana's template variables. */
export const TEST_VARIABLE_VALUES: Readonly<Record<string, string>> = {
  __rate_interval: '1m',
  __interval: '15s',
  __range: '5m',
  service: '.*',
  agent: '.*',
  model: '.*',
  evaluation: '.*',
  rule: '.*',
};

/** Replaces `$name`, `${name}` and `${name:format}` with the given values. */
export function fillVariables(expr: string, values: Readonly<Record<string, string>> = TEST_VARIABLE_VALUES): string {
  return expr.replace(/\$\{(\w+)(?::\w+)?\}|\$(\w+)/g, (match, braced: string | undefined, bare: string | undefined) => values[braced ?? bare ?? ''] ?? match);
}

const KEYWORDS = new Set(['and', 'or', 'unless', 'offset', 'bool', 'inf', 'nan']);

/**
 * The metric names a PromQL expression selects: identifiers left after removing strings, label matchers,
 * range and grouping clauses, function calls and keywords.
 */
export function metricNamesIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\boffset\s+\w+/g, ' ');
  const names = new Set<string>();
  for (const m of stripped.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*(?=\s*(\(?))/g)) {
    const [name] = m;
    if (m[1] === '(' || KEYWORDS.has(name.toLowerCase())) continue;
    names.add(name);
  }
  return [...names];
}
