/**
 * The "Agent evaluations" dashboard: scores, pass rates, volume, latency, judge cost and the health of the
 * evaluation pipeline, filtered by service, agent, model, evaluation and rule.
 */
import type { Dashboard } from '@grafana/grafana-foundation-sdk/dashboard';
import {
  DashboardBuilder,
  DashboardCursorSync,
  DatasourceVariableBuilder,
  QueryVariableBuilder,
  RowBuilder,
  VariableRefresh,
  VariableSort,
} from '@grafana/grafana-foundation-sdk/dashboard';
import { LOKI_VARIABLE, lokiEvaluationEventsLink, TEMPO_VARIABLE, tempoEvaluationSpansLink } from './explore-links.ts';
import { heatmapPanel, PROMETHEUS, PROMETHEUS_VARIABLE, statPanel, timeseriesPanel } from './panels.ts';
import { L, M } from './prometheus-names.ts';
import {
  judgedResults,
  meanScore,
  passRate,
  RESULT_VARIABLES,
  RUN_VARIABLES,
  selector,
  sumBy,
  VARIABLE_LABELS,
  variableMatchers,
} from './promql.ts';
import type { VariableName } from './promql.ts';

/** Stable uid, so links and provisioning keep pointing at the same dashboard. */
export const AGENT_EVALUATIONS_UID = 'otel-evals-agent-evaluations';

const RATE = '$__rate_interval';
const RANGE = '$__range';
const results = variableMatchers(RESULT_VARIABLES);
const runs = variableMatchers(RUN_VARIABLES);
const service = variableMatchers(['service']);

/** `expr`, or 0 when nothing happened: counters of rare events (drops, errors) have no series until the first one. */
function orZero(expr: string): string {
  return `${expr}\nor on() vector(0)`;
}

function queryVariable(name: VariableName, label: string, dependsOn: readonly VariableName[]): QueryVariableBuilder {
  const query = `label_values(${selector(M.results, variableMatchers(dependsOn))}, ${VARIABLE_LABELS[name]})`;
  return new QueryVariableBuilder(name)
    .label(label)
    .datasource(PROMETHEUS)
    .query(query)
    .definition(query)
    .refresh(VariableRefresh.OnTimeRangeChanged)
    .sort(VariableSort.AlphabeticalAsc)
    .multi(true)
    .includeAll(true)
    // `.*` also matches series without the label (say, spans with no agent name).
    .allValue('.*');
}

function variables(builder: DashboardBuilder): DashboardBuilder {
  return builder
    .withVariable(new DatasourceVariableBuilder(PROMETHEUS_VARIABLE).label('Prometheus').type('prometheus'))
    .withVariable(new DatasourceVariableBuilder(TEMPO_VARIABLE).label('Tempo').type('tempo'))
    .withVariable(new DatasourceVariableBuilder(LOKI_VARIABLE).label('Loki').type('loki'))
    .withVariable(queryVariable('service', 'Service', []))
    .withVariable(queryVariable('agent', 'Agent', ['service']))
    .withVariable(queryVariable('model', 'Model', ['service', 'agent']))
    .withVariable(queryVariable('evaluation', 'Evaluation', ['service', 'agent', 'model']))
    .withVariable(queryVariable('rule', 'Rule', ['service', 'agent', 'model', 'evaluation']));
}

function overviewRow(builder: DashboardBuilder): DashboardBuilder {
  return builder
    .withRow(new RowBuilder('Overview'))
    .withPanel(statPanel({ title: 'Mean score', description: 'Mean normalized score (0..1) of all scored results in the time range.', unit: 'percentunit', queries: [{ expr: meanScore({ by: [], window: RANGE, matchers: results }) }], exploreLinks: true }))
    .withPanel(statPanel({ title: 'Pass rate', description: 'Passed / (passed + failed) over the time range; results without a threshold are left out.', unit: 'percentunit', queries: [{ expr: passRate({ by: [], window: RANGE, matchers: results }) }], exploreLinks: true }))
    .withPanel(statPanel({ title: 'Results', description: 'Evaluation results (one per criterion) in the time range.', queries: [{ expr: sumBy([], `increase(${selector(M.results, results)}[${RANGE}])`) }] }))
    .withPanel(statPanel({ title: 'Evaluation errors', description: 'Evaluations that failed (evaluator threw, judge timed out, ...) in the time range.', queries: [{ expr: orZero(sumBy([], `increase(${selector(M.evaluationErrors, variableMatchers(['service', 'rule']))}[${RANGE}])`)) }] }));
}

function scoresRow(builder: DashboardBuilder): DashboardBuilder {
  const byEvaluation = [L.evaluation];
  return builder
    .withRow(new RowBuilder('Scores'))
    .withPanel(timeseriesPanel({ title: 'Mean score by evaluation', description: 'Mean normalized score per evaluation: increase of the histogram sum over the increase of its count.', unit: 'percentunit', min: 0, max: 1, queries: [{ expr: meanScore({ by: byEvaluation, window: RATE, matchers: results }), legend: `{{${L.evaluation}}}` }], exploreLinks: true }))
    .withPanel(timeseriesPanel({ title: 'Pass rate by evaluation', description: 'Passed / (passed + failed) per evaluation.', unit: 'percentunit', min: 0, max: 1, queries: [{ expr: passRate({ by: byEvaluation, window: RATE, matchers: results }), legend: `{{${L.evaluation}}}` }], exploreLinks: true }))
    .withPanel(heatmapPanel({ title: 'Score distribution', description: 'How many results fell in each score bucket (0, 0.1, ..., 1) over time.', queries: [{ expr: sumBy(['le'], `increase(${selector(M.scoreBucket, results)}[${RATE}])`) }], exploreLinks: true }))
    .withPanel(timeseriesPanel({ title: 'Results by label', description: 'Results per score label (pass, fail, error, skipped, or a categorical value) and evaluation.', bars: true, stacked: true, queries: [{ expr: sumBy([L.evaluation, L.label], `increase(${selector(M.results, results)}[${RATE}])`), legend: `{{${L.evaluation}}} {{${L.label}}}` }], exploreLinks: true }));
}

function volumeRow(builder: DashboardBuilder): DashboardBuilder {
  return builder
    .withRow(new RowBuilder('Volume, latency and cost'))
    .withPanel(timeseriesPanel({
      title: 'Evaluation volume',
      description: 'Results per second by evaluation, next to the LLM-call spans the collector sees: a gap between them is sampling, or a rule that stopped matching.',
      unit: 'reqps',
      width: 8,
      queries: [
        { expr: sumBy([L.evaluation], `rate(${selector(M.results, results)}[${RATE}])`), legend: `{{${L.evaluation}}}` },
        { expr: sumBy([], `rate(${selector(M.llmSpans, service)}[${RATE}])`), legend: 'LLM spans' },
        { expr: sumBy([], `rate(${selector(M.results, [...results, [L.passed, '=~', 'true|false']])}[${RATE}])`), legend: 'judged results' },
      ],
    }))
    .withPanel(timeseriesPanel({
      title: 'Evaluation latency',
      description: 'p50 and p95 wall time of each evaluator run, by evaluator type.',
      unit: 's',
      width: 8,
      queries: [0.5, 0.95].map((q) => ({
        expr: `histogram_quantile(${q}, ${sumBy(['le', L.evaluatorType], `rate(${selector(M.durationBucket, runs)}[${RATE}])`)})`,
        legend: `p${q * 100} {{${L.evaluatorType}}}`,
      })),
    }))
    .withPanel(timeseriesPanel({ title: 'Judge tokens', description: 'Tokens per second used by LLM judges, by token type (input, output).', width: 8, queries: [{ expr: orZero(sumBy([L.tokenType], `rate(${selector(M.judgeTokens, runs)}[${RATE}])`)), legend: `{{${L.tokenType}}}` }] }));
}

function pipelineRow(builder: DashboardBuilder): DashboardBuilder {
  return builder
    .withRow(new RowBuilder('Pipeline health'))
    .withPanel(timeseriesPanel({ title: 'Queue size', description: 'Evaluations waiting in each process queue. Near the queue limit, spans start being dropped.', width: 6, queries: [{ expr: sumBy([L.service, 'instance'], `${selector(M.queueSize, service)}`), legend: '{{job}} {{instance}}' }] }))
    .withPanel(timeseriesPanel({ title: 'Dropped spans', description: 'Matched spans that were never evaluated, by reason (queue_full, shutdown, ...). Should be 0.', unit: 'short', width: 6, bars: true, queries: [{ expr: orZero(sumBy([L.reason], `increase(${selector(M.spansDropped, service)}[${RATE}])`)), legend: `{{${L.reason}}}` }] }))
    .withPanel(timeseriesPanel({ title: 'Skipped spans and results', description: 'Spans or results skipped on purpose, by reason (sampled out, unknown shape, missing input, ...).', unit: 'short', width: 6, bars: true, queries: [{ expr: orZero(sumBy([L.reason], `increase(${selector(M.spansSkipped, service)}[${RATE}])`)), legend: `{{${L.reason}}}` }] }))
    .withPanel(timeseriesPanel({ title: 'Evaluation errors', description: 'Failed evaluations by error type. Compare with the results rate to judge severity.', unit: 'short', width: 6, bars: true, queries: [{ expr: orZero(sumBy([L.errorType], `increase(${selector(M.evaluationErrors, variableMatchers(['service', 'rule']))}[${RATE}])`)), legend: `{{${L.errorType}}}` }] }))
    .withPanel(timeseriesPanel({ title: 'Judged share of results', description: 'Share of results that were judged against a threshold (the rest were skipped or errored).', unit: 'percentunit', width: 24, height: 6, min: 0, max: 1, queries: [{ expr: `${judgedResults({ by: [], window: RATE, matchers: results })}\n/\n${sumBy([], `increase(${selector(M.results, results)}[${RATE}])`)}`, legend: 'judged' }] }));
}

/** Builds the "Agent evaluations" dashboard model. */
export function agentEvaluationsDashboard(): Dashboard {
  const builder = new DashboardBuilder('Agent evaluations')
    .uid(AGENT_EVALUATIONS_UID)
    .description('Scores, pass rates and pipeline health of otel-evals evaluations, from the metrics in Prometheus.')
    .tags(['otel-evals', 'genai', 'evaluations'])
    .editable()
    .tooltip(DashboardCursorSync.Crosshair)
    .time({ from: 'now-6h', to: 'now' })
    .refresh('1m')
    .timezone('browser')
    .links([tempoEvaluationSpansLink(), lokiEvaluationEventsLink()]);
  return pipelineRow(volumeRow(scoresRow(overviewRow(variables(builder))))).build();
}
