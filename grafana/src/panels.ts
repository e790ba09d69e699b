/**
 * Small constructors for the panels the dashboards use, so every panel shares the Prometheus data source
 * variable, the legend style and the links to Tempo and Loki.
 */
import {
  BigValueColorMode,
  BigValueGraphMode,
  GraphDrawStyle,
  LegendDisplayMode,
  LegendPlacement,
  StackingConfigBuilder,
  StackingMode,
  VizLegendOptionsBuilder,
} from '@grafana/grafana-foundation-sdk/common';
import type { DataSourceRef } from '@grafana/grafana-foundation-sdk/common';
import { PanelBuilder as HeatmapPanelBuilder } from '@grafana/grafana-foundation-sdk/heatmap';
import { DataqueryBuilder, PromQueryFormat } from '@grafana/grafana-foundation-sdk/prometheus';
import { PanelBuilder as StatPanelBuilder } from '@grafana/grafana-foundation-sdk/stat';
import { PanelBuilder as TimeseriesPanelBuilder } from '@grafana/grafana-foundation-sdk/timeseries';
import { lokiEvaluationEventsLink, tempoEvaluationSpansLink } from './explore-links.ts';

/** Template variable holding the Prometheus data source uid. */
export const PROMETHEUS_VARIABLE = 'datasource';

/** The Prometheus data source every panel queries. */
export const PROMETHEUS: DataSourceRef = { type: 'prometheus', uid: `\${${PROMETHEUS_VARIABLE}}` };

/** One PromQL query of a panel: expression and legend. */
export interface PanelQuery {
  /** The PromQL expression (may use template variables). */
  readonly expr: string;
  /** Legend format, e.g. `{{gen_ai_evaluation_name}}`. */
  readonly legend?: string;
}

/** What every panel constructor takes. */
export interface PanelOptions {
  /** Panel title. */
  readonly title: string;
  /** One-line description shown in the panel's info tooltip. */
  readonly description: string;
  /** The queries, refIds A, B, ... in order. */
  readonly queries: readonly PanelQuery[];
  /** Grafana unit id (`percentunit`, `s`, `short`, ...). */
  readonly unit?: string;
  /** Width on the 24-column grid. */
  readonly width?: number;
  /** Height in grid rows. */
  readonly height?: number;
  /** Add links to the evaluation spans and events. */
  readonly exploreLinks?: boolean;
}

function target(query: PanelQuery, index: number, format = PromQueryFormat.TimeSeries, instant = false): DataqueryBuilder {
  const builder = new DataqueryBuilder().refId(String.fromCharCode(65 + index)).expr(query.expr).datasource(PROMETHEUS).format(format);
  if (query.legend) builder.legendFormat(query.legend);
  if (instant) builder.instant();
  else builder.range();
  return builder;
}

/** A time series panel with a table legend. */
export function timeseriesPanel(options: PanelOptions & { readonly bars?: boolean; readonly stacked?: boolean; readonly min?: number; readonly max?: number }): TimeseriesPanelBuilder {
  const panel = new TimeseriesPanelBuilder()
    .title(options.title)
    .description(options.description)
    .datasource(PROMETHEUS)
    .unit(options.unit ?? 'short')
    .span(options.width ?? 12)
    .height(options.height ?? 8)
    .legend(new VizLegendOptionsBuilder().displayMode(LegendDisplayMode.Table).placement(LegendPlacement.Bottom).showLegend(true).calcs(['mean', 'lastNotNull']))
    .targets(options.queries.map((q, i) => target(q, i)));
  if (options.bars) panel.drawStyle(GraphDrawStyle.Bars).fillOpacity(80);
  if (options.stacked) panel.stacking(new StackingConfigBuilder().mode(StackingMode.Normal));
  if (options.min !== undefined) panel.min(options.min);
  if (options.max !== undefined) panel.max(options.max);
  if (options.exploreLinks) panel.links([tempoEvaluationSpansLink(), lokiEvaluationEventsLink()]);
  return panel;
}

/** A single-value stat panel over the dashboard's time range (instant query). */
export function statPanel(options: PanelOptions): StatPanelBuilder {
  const panel = new StatPanelBuilder()
    .title(options.title)
    .description(options.description)
    .datasource(PROMETHEUS)
    .unit(options.unit ?? 'short')
    .span(options.width ?? 6)
    .height(options.height ?? 4)
    .graphMode(BigValueGraphMode.None)
    .colorMode(BigValueColorMode.Value)
    .targets(options.queries.map((q, i) => target(q, i, PromQueryFormat.TimeSeries, true)));
  if (options.exploreLinks) panel.links([tempoEvaluationSpansLink(), lokiEvaluationEventsLink()]);
  return panel;
}

/** A heatmap of pre-bucketed histogram data (`sum by (le)`). */
export function heatmapPanel(options: PanelOptions): HeatmapPanelBuilder {
  const panel = new HeatmapPanelBuilder()
    .title(options.title)
    .description(options.description)
    .datasource(PROMETHEUS)
    .span(options.width ?? 12)
    .height(options.height ?? 8)
    .calculate(false)
    .targets(options.queries.map((q, i) => target({ ...q, legend: q.legend ?? '{{le}}' }, i, PromQueryFormat.Heatmap)));
  if (options.exploreLinks) panel.links([tempoEvaluationSpansLink(), lokiEvaluationEventsLink()]);
  return panel;
}
