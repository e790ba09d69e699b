/**
 * Console table report: a run header, per suite its cases and dimensions, the comparison verdicts when
 * present, and a totals line. Colour only when asked for.
 */
import type { CaseReport, ComparisonReport, CriterionComparison, RunReport, SuiteReport } from '../report-model.ts';
import { terminalSafe } from './escape.ts';
import { formatDuration, formatInterval, formatPercent, formatScore, formatSigned } from './format.ts';
import { caseLabel, caseReason, countSuite, summarizeRun } from './summary.ts';
import type { Cell, Color } from './text-layout.ts';
import { layoutTable, paint } from './text-layout.ts';

/** Options of the console table. */
export interface TableOptions {
  /** Colour with ANSI escape codes (for a TTY); default false. */
  color?: boolean;
  /**
   * A suite with more cases than this lists only the cases that did not pass, and counts the rest;
   * default 100. `Infinity` lists every case.
   */
  maxCaseRows?: number;
}

const STATUS_CELL: Record<CaseReport['status'], Cell> = {
  passed: { text: 'pass', color: 'green' },
  failed: { text: 'FAIL', color: 'red' },
  error: { text: 'ERROR', color: 'red' },
  skipped: { text: 'skip', color: 'gray' },
};

/** Renders a run as aligned console tables. */
export function renderTable(report: RunReport, options: TableOptions = {}): string {
  const color = options.color ?? false;
  const summary = summarizeRun(report);
  const lines: string[] = [];
  const agent = report.agentVersion ? `  agent ${terminalSafe(report.agentVersion)}` : '';
  lines.push(paint(`Run ${terminalSafe(report.runId)}  ${terminalSafe(report.suiteFile)}  ${report.status}  ${formatDuration(report.durationMs)}${agent}`, 'bold', color));
  const maxRows = options.maxCaseRows ?? 100;
  for (const suite of report.suites) lines.push('', ...suiteLines(suite, report.threshold, color, maxRows));
  if (report.comparison) lines.push('', ...comparisonLines(report.comparison, color));
  const verdict = summary.overallPassed ? paint('PASSED', 'green', color) : paint('FAILED', 'red', color);
  lines.push(
    '',
    `Total  ${summary.cases} ${summary.cases === 1 ? 'case' : 'cases'}  ${summary.passed} passed  ${summary.failed} failed  ${summary.errors} ${summary.errors === 1 ? 'error' : 'errors'}  ${summary.skipped} skipped  ` +
      `pass rate ${formatPercent(summary.passRate)}  avg score ${formatScore(summary.averageWeightedScore)}  ${verdict}  ${formatDuration(summary.durationMs)}`,
  );
  return `${lines.join('\n')}\n`;
}

function suiteLines(suite: SuiteReport, threshold: number, color: boolean, maxRows: number): string[] {
  const counts = countSuite(suite);
  const gate = suite.overallPassed ? paint('PASS', 'green', color) : paint('FAIL', 'red', color);
  const profile = suite.profile ? ` (${terminalSafe(suite.profile)})` : '';
  const header = `Suite ${terminalSafe(suite.name)}${profile}  ${gate}  ${suite.cases.length} ${suite.cases.length === 1 ? 'case' : 'cases'}  ${counts.passed} passed  pass rate ${formatPercent(suite.successRate)}  avg score ${formatScore(suite.averageWeightedScore)}`;
  const rows: Cell[][] = [[{ text: 'STATUS' }, { text: 'CASE' }, { text: 'SCORE' }, { text: 'TIME' }, { text: 'REASON' }]];
  const listed = suite.cases.length > maxRows ? suite.cases.filter((entry) => entry.status !== 'passed') : suite.cases;
  for (const entry of listed) {
    const status = entry.nearMiss && entry.status === 'failed' ? { text: 'near', color: 'yellow' as Color } : STATUS_CELL[entry.status];
    const reason = entry.status === 'failed' || entry.status === 'error' ? caseReason(entry, threshold) : '';
    rows.push([status, { text: caseLabel(entry) }, { text: formatScore(entry.weightedScore) }, { text: formatDuration(entry.durationMs), color: 'gray' }, { text: reason, color: 'gray' }]);
  }
  const lines = [paint(header, 'bold', color), ...layoutTable(rows, { right: [2, 3], maxWidth: { 1: 48, 4: 100 }, indent: '  ', color })];
  const hidden = suite.cases.length - listed.length;
  if (hidden > 0) lines.push(paint(`  … ${hidden} passed cases not listed (every case: --format html or json)`, 'gray', color));
  if (suite.dimensions.length > 0) lines.push('', ...dimensionLines(suite, color));
  return lines;
}

function dimensionLines(suite: SuiteReport, color: boolean): string[] {
  const rows: Cell[][] = [[{ text: 'DIMENSION' }, { text: 'METHOD' }, { text: 'WEIGHT' }, { text: 'TARGET' }, { text: 'ACTUAL' }, { text: 'SUCCESS' }, { text: 'STATUS' }]];
  for (const dimension of suite.dimensions) {
    const status: Cell = dimension.passed === undefined ? { text: '–' } : dimension.passed ? { text: 'met', color: 'green' } : { text: 'MISSED', color: 'red' };
    rows.push([
      { text: dimension.name },
      { text: dimension.method ?? '–' },
      { text: String(dimension.weight) },
      { text: formatScore(dimension.targetScore) },
      { text: formatScore(dimension.meanScore) },
      { text: formatPercent(dimension.successRate) },
      status,
    ]);
  }
  return layoutTable(rows, { right: [2, 3, 4, 5], maxWidth: { 0: 40 }, indent: '  ', color });
}

const VERDICT_COLOR: Record<CriterionComparison['verdict'], Color> = { regressed: 'red', improved: 'green', unchanged: 'gray', insufficient_data: 'yellow' };

function comparisonLines(comparison: ComparisonReport, color: boolean): string[] {
  const level = formatPercent(comparison.confidence).replace('.0%', '%');
  const margin = comparison.margin ? `, margin ${comparison.margin}` : '';
  const header = `Compared with baseline ${terminalSafe(comparison.baselineRunId)} (${level} intervals, at least ${comparison.minPairs} pairs${margin}): ${comparison.regressed ? paint('REGRESSED', 'red', color) : paint('no regression', 'green', color)}`;
  const rows: Cell[][] = [[{ text: 'CRITERION' }, { text: 'PAIRS' }, { text: 'BASELINE' }, { text: 'CURRENT' }, { text: 'DIFF' }, { text: `${level} CI` }, { text: 'PASS RATE' }, { text: 'VERDICT' }]];
  const criteria = comparison.overall ? [...comparison.criteria, comparison.overall] : comparison.criteria;
  for (const criterion of criteria) {
    rows.push([
      { text: criterion.criterionName },
      { text: String(criterion.pairs) },
      { text: formatScore(criterion.baselineMean) },
      { text: formatScore(criterion.currentMean) },
      { text: formatSigned(criterion.meanDiff) },
      { text: formatInterval(criterion.meanDiffCi) },
      { text: `${formatPercent(criterion.baselinePassRate)} → ${formatPercent(criterion.currentPassRate)}` },
      { text: criterion.verdict, color: VERDICT_COLOR[criterion.verdict] },
    ]);
  }
  return [header, ...layoutTable(rows, { right: [1, 2, 3, 4], maxWidth: { 0: 40 }, indent: '  ', color })];
}
