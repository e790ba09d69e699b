/**
 * End-to-end checks 3 and 4, against the running Prometheus: the evaluation and pipeline metrics arrived
 * under the names the dashboards use, every dashboard query (template variables filled) returns data,
 * and every alert expression is valid and evaluates.
 *
 *   PROMETHEUS_URL=http://127.0.0.1:9090 tsx test/e2e/check-prometheus.ts
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { dashboardPanelQueries, dashboardVariableQueries, fillVariables, ruleQueries } from '../../grafana/src/dashboard-queries.ts';
import { M } from '../../grafana/src/prometheus-names.ts';
import { instantQuery } from './prometheus-api.ts';

const root = resolve(import.meta.dirname, '../..');
const failures: string[] = [];

/** Metrics the demo workload does not produce (no LLM judge, no queue overflow, no evaluator failure). */
const WORKLOAD_DEPENDENT = new Set<string>([M.judgeTokens, M.spansDropped, M.evaluationErrors]);

async function checkMetricNames(): Promise<void> {
  const samples = await instantQuery('count by (__name__) ({__name__=~"gen_ai_evaluation_.*|otel_evals_.*"})');
  const present = new Set(samples.map((s) => s.metric.__name__ ?? ''));
  console.log(`   metric names in Prometheus: ${[...present].sort().join(', ')}`);
  const expected = new Set(Object.values(M).flatMap((name) => (name.endsWith('_bucket') ? [name, name.replace(/_bucket$/, '_sum'), name.replace(/_bucket$/, '_count')] : [name])));
  for (const name of present) if (!expected.has(name)) failures.push(`3: ${name} arrived but no dashboard or rule uses it`);
  for (const name of expected) {
    if (present.has(name)) continue;
    if (WORKLOAD_DEPENDENT.has(name)) console.log(`   (not produced by this workload: ${name})`);
    else failures.push(`3: ${name} is used by the dashboards but did not arrive`);
  }
  console.log(`${failures.length === 0 ? 'ok' : 'not ok'} 3: evaluation and pipeline metrics arrived under the dashboards' names`);
}

async function checkDashboards(): Promise<void> {
  const dashboard = JSON.parse(readFileSync(resolve(root, 'grafana/dashboards/agent-evaluations.json'), 'utf8'));
  const panels = dashboardPanelQueries(dashboard);
  const before = failures.length;
  for (const query of panels) {
    try {
      const result = await instantQuery(fillVariables(query.expr));
      if (result.length === 0) failures.push(`4: panel "${query.source}" returned no data:\n${fillVariables(query.expr)}`);
    } catch (error) {
      failures.push(`4: panel "${query.source}" failed: ${(error as Error).message}`);
    }
  }
  for (const variable of dashboardVariableQueries(dashboard)) {
    const match = /^label_values\((.*),\s*(\w+)\)$/s.exec(fillVariables(variable.expr));
    if (!match) {
      failures.push(`4: ${variable.source} is not label_values(selector, label)`);
      continue;
    }
    const values = (await instantQuery(`count by (${match[2]}) (${match[1]})`)).map((s) => s.metric[match[2] ?? ''] ?? '').filter((v) => v !== '');
    if (values.length === 0) failures.push(`4: ${variable.source} has no values`);
    else console.log(`   ${variable.source}: ${values.sort().join(', ')}`);
  }
  console.log(`${failures.length === before ? 'ok' : 'not ok'} 4: ${panels.length} dashboard panel queries return data`);
}

async function checkAlertExpressions(): Promise<void> {
  const rules = ruleQueries(parse(readFileSync(resolve(root, 'grafana/alerts/otel-evals.rules.yaml'), 'utf8')));
  const before = failures.length;
  for (const rule of rules) {
    try {
      await instantQuery(rule.expr);
    } catch (error) {
      failures.push(`4: alert ${rule.source} does not evaluate: ${(error as Error).message}`);
    }
  }
  console.log(`${failures.length === before ? 'ok' : 'not ok'} 4: ${rules.length} alert expressions evaluate`);
}

await checkMetricNames();
await checkDashboards();
await checkAlertExpressions();
if (failures.length > 0) {
  for (const failure of failures) console.error(`FAIL ${failure}`);
  process.exit(1);
}
