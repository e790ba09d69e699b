/**
 * Markdown report for pull-request summaries (GitHub-flavoured): a headline, a table per suite,
 * the failing cases with their reasons, dimensions, and the comparison verdicts when present.
 */
import type { ComparisonReport, CriterionComparison, RunReport } from '../report-model.ts';
import { escapeMarkdown } from './escape.ts';
import { formatDuration, formatInterval, formatPercent, formatScore, formatSigned, truncate } from './format.ts';
import { caseLabel, caseReason, countSuite, failingCases, summarizeRun } from './summary.ts';

/** Options of the Markdown report. */
export interface MarkdownOptions {
  /** Most failing cases listed before the rest are counted; default 50 (keeps a PR comment small). */
  maxFailures?: number;
}

const VERDICT_ICON: Record<CriterionComparison['verdict'], string> = { regressed: '🔴 regressed', improved: '🟢 improved', unchanged: '⚪ unchanged', insufficient_data: '🟡 insufficient data' };

/** Renders a run as GitHub-flavoured Markdown. */
export function renderMarkdown(report: RunReport, options: MarkdownOptions = {}): string {
  const summary = summarizeRun(report);
  const icon = summary.overallPassed ? '✅' : '❌';
  const lines = [
    `## ${icon} Evaluation ${summary.overallPassed ? 'passed' : 'failed'}: ${summary.passed}/${summary.cases} cases passed (${formatPercent(summary.passRate)})`,
    '',
    `Run ${escapeMarkdown(report.runId)} of ${escapeMarkdown(report.suiteFile)}${report.agentVersion ? ` (agent ${escapeMarkdown(report.agentVersion)})` : ''}: ` +
      `average weighted score **${formatScore(summary.averageWeightedScore)}** (threshold ${report.threshold}), ${formatDuration(summary.durationMs)}.`,
    '',
    ...suiteTable(report),
    ...dimensionTable(report),
    ...failureList(report, options.maxFailures ?? 50),
    ...(report.comparison ? comparisonTable(report.comparison) : []),
  ];
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

function suiteTable(report: RunReport): string[] {
  const rows = report.suites.map((suite) => {
    const counts = countSuite(suite);
    return row([escapeMarkdown(suite.name), String(suite.cases.length), String(counts.passed), String(counts.failed), String(counts.errors), String(counts.skipped), formatPercent(suite.successRate), formatScore(suite.averageWeightedScore), suite.overallPassed ? '✅ pass' : '❌ fail']);
  });
  return [row(['Suite', 'Cases', 'Passed', 'Failed', 'Errors', 'Skipped', 'Pass rate', 'Avg score', 'Gate']), row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']), ...rows, ''];
}

function dimensionTable(report: RunReport): string[] {
  const rows = report.suites.flatMap((suite) =>
    suite.dimensions.map((dimension) =>
      row([escapeMarkdown(suite.name), escapeMarkdown(dimension.name), escapeMarkdown(dimension.method ?? '–'), formatScore(dimension.targetScore), formatScore(dimension.meanScore), formatPercent(dimension.successRate), dimension.passed === undefined ? '–' : dimension.passed ? '✅' : '❌']),
    ),
  );
  if (rows.length === 0) return [];
  return ['### Dimensions', '', row(['Suite', 'Dimension', 'Method', 'Target', 'Actual', 'Success', 'Met']), row(['---', '---', '---', '---:', '---:', '---:', '---']), ...rows, ''];
}

function failureList(report: RunReport, maxFailures: number): string[] {
  const failing = failingCases(report);
  if (failing.length === 0) return [];
  const shown = failing.slice(0, maxFailures).map(({ suite, entry }) =>
    row([escapeMarkdown(suite.name), escapeMarkdown(truncate(caseLabel(entry), 80)), entry.status === 'error' ? 'error' : entry.nearMiss ? 'near miss' : 'failed', formatScore(entry.weightedScore), escapeMarkdown(truncate(caseReason(entry, report.threshold), 300))]),
  );
  const more = failing.length > maxFailures ? ['', `…and ${failing.length - maxFailures} more failing cases.`] : [];
  return [`### Failing cases (${failing.length})`, '', row(['Suite', 'Case', 'Status', 'Score', 'Reason']), row(['---', '---', '---', '---:', '---']), ...shown, ...more, ''];
}

function comparisonTable(comparison: ComparisonReport): string[] {
  const level = `${Math.round(comparison.confidence * 1000) / 10}%`;
  const criteria = comparison.overall ? [...comparison.criteria, comparison.overall] : comparison.criteria;
  const rows = criteria.map((criterion) =>
    row([
      escapeMarkdown(criterion.criterionName),
      String(criterion.pairs),
      formatScore(criterion.baselineMean),
      formatScore(criterion.currentMean),
      formatSigned(criterion.meanDiff),
      formatInterval(criterion.meanDiffCi),
      `${formatPercent(criterion.baselinePassRate)} → ${formatPercent(criterion.currentPassRate)}`,
      VERDICT_ICON[criterion.verdict],
    ]),
  );
  const headline = comparison.regressed ? '**Regression detected.**' : 'No significant regression.';
  const margin = comparison.margin ? `, margin ${comparison.margin}` : '';
  return [
    `### Compared with baseline ${escapeMarkdown(comparison.baselineRunId)}`,
    '',
    `${headline} ${level} paired bootstrap intervals, at least ${comparison.minPairs} paired cases per verdict${margin}.`,
    '',
    row(['Criterion', 'Pairs', 'Baseline', 'Current', 'Diff', `${level} CI`, 'Pass rate', 'Verdict']),
    row(['---', '---:', '---:', '---:', '---:', '---', '---', '---']),
    ...rows,
    '',
  ];
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

