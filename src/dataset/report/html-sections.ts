/**
 * HTML report sections about the whole run: executive summary, dimensions, score distribution and the
 * baseline comparison.
 */
import type { ComparisonReport, CriterionComparison, RunReport } from '../report-model.ts';
import { escapeHtml as esc } from './escape.ts';
import { formatDuration, formatInterval, formatPercent, formatScore, formatSigned } from './format.ts';
import { barChart, histogram, intervalChart } from './html-charts.ts';
import { countSuite, summarizeRun } from './summary.ts';

/** A summary card; `id` lets tests and scripts find the number on the page. */
function card(id: string, label: string, value: string, tone?: 'pass' | 'fail'): string {
  return `<div class="card${tone ? ` ${tone}` : ''}" id="${id}"><div class="label">${esc(label)}</div><div class="value">${esc(value)}</div></div>`;
}

/** A status badge; `kind` is one of our own status words (never user text). */
export function badge(kind: string, text: string = kind): string {
  return `<span class="badge ${esc(kind)}">${esc(text)}</span>`;
}

/** Executive summary: headline cards, per-suite table and the dimensions that missed their targets. */
export function summarySection(report: RunReport): string {
  const summary = summarizeRun(report);
  const cards = [
    card('summary-overall', 'Overall', summary.overallPassed ? 'PASS' : 'FAIL', summary.overallPassed ? 'pass' : 'fail'),
    card('summary-cases', 'Cases', String(summary.cases)),
    card('summary-pass-rate', 'Pass rate', formatPercent(summary.passRate)),
    card('summary-average-score', 'Avg weighted score', formatScore(summary.averageWeightedScore)),
    card('summary-duration', 'Duration', formatDuration(summary.durationMs)),
  ];
  const counts = `<p id="summary-counts">${summary.passed} passed, ${summary.failed} failed, ${summary.errors} ${summary.errors === 1 ? 'error' : 'errors'}, ${summary.skipped} skipped; ${thresholdSentence(report)}</p>`;
  const rows = report.suites.map((suite) => {
    const c = countSuite(suite);
    return `<tr><td class="text">${esc(suite.name)}</td><td>${esc(suite.profile ?? '–')}</td><td class="num">${suite.cases.length}</td><td class="num">${c.passed}</td><td class="num">${c.failed}</td><td class="num">${c.errors}</td><td class="num">${c.skipped}</td><td class="num">${formatPercent(suite.successRate)}</td><td class="num">${formatScore(suite.averageWeightedScore)}</td><td>${badge(suite.overallPassed ? 'passed' : 'failed', suite.overallPassed ? 'pass' : 'fail')}</td></tr>`;
  });
  const table = `<table><thead><tr><th>Suite</th><th>Profile</th><th class="num">Cases</th><th class="num">Passed</th><th class="num">Failed</th><th class="num">Errors</th><th class="num">Skipped</th><th class="num">Pass rate</th><th class="num">Avg score</th><th>Gate</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  const missed = report.suites.flatMap((suite) => suite.dimensions.filter((d) => d.passed === false).map((d) => `<li><strong>${esc(d.name)}</strong> (${esc(suite.name)}): ${formatScore(d.meanScore)} against a target of ${formatScore(d.targetScore)}</li>`));
  const missedList = missed.length > 0 ? `<h3>Dimensions below target</h3><ul id="summary-missed-dimensions">${missed.join('')}</ul>` : '';
  const regression = report.comparison ? `<p>Compared with baseline <code>${esc(report.comparison.baselineRunId)}</code>: ${report.comparison.regressed ? badge('regressed', 'regression') : badge('unchanged', 'no regression')}</p>` : '';
  return `<section id="summary"><h2>Executive summary</h2><div class="cards">${cards.join('')}</div>${counts}${regression}${table}${missedList}</section>`;
}

/** Dimension targets against actual scores, as a table and a bar chart per suite. */
export function dimensionsSection(report: RunReport): string {
  const suites = report.suites.filter((suite) => suite.dimensions.length > 0);
  if (suites.length === 0) return '';
  const parts = suites.map((suite) => {
    const rows = suite.dimensions.map((d) => {
      const status = d.passed === undefined ? '–' : badge(d.passed ? 'met' : 'missed');
      return `<tr><td class="text"><strong>${esc(d.name)}</strong>${d.description ? `<div class="muted">${esc(d.description)}</div>` : ''}</td><td>${esc(d.method ?? '–')}</td><td class="num">${esc(String(d.weight))}</td><td class="num">${formatScore(d.targetScore)}</td><td class="num">${formatScore(d.meanScore)}</td><td class="num">${formatPercent(d.successRate)}</td><td>${status}</td></tr>`;
    });
    const chart = barChart(
      suite.dimensions.map((d) => ({ label: d.name, value: d.meanScore, ...(d.targetScore === undefined ? {} : { target: d.targetScore }), ...(d.passed === undefined ? {} : { ok: d.passed }) })),
      `Dimension scores of ${suite.name} against their targets`,
    );
    return `<h3>${esc(suite.name)}</h3><table><thead><tr><th>Dimension</th><th>Method</th><th class="num">Weight</th><th class="num">Target</th><th class="num">Actual</th><th class="num">Success rate</th><th>Status</th></tr></thead><tbody>${rows.join('')}</tbody></table>${chart}<p class="muted">Bars: mean score; dark tick: target.</p>`;
  });
  return `<section id="dimensions"><h2>Dimensions: target versus actual</h2>${parts.join('')}</section>`;
}

/** Histogram of the cases' weighted scores against the threshold. */
export function distributionSection(report: RunReport): string {
  const scores = report.suites.flatMap((suite) => suite.cases.map((entry) => entry.weightedScore)).filter((score): score is number => typeof score === 'number' && Number.isFinite(score));
  const near = report.suites.reduce((sum, suite) => sum + suite.cases.filter((entry) => entry.nearMiss).length, 0);
  const body = scores.length === 0 ? '<p class="muted">No case has a weighted score.</p>' : histogram(scores, report.threshold, 'Distribution of weighted scores');
  const note = near > 0 ? `<p>${near} near ${near === 1 ? 'miss' : 'misses'}: failed within the near-miss margin of the threshold.</p>` : '';
  return `<section id="distribution"><h2>Score distribution</h2>${body}<p class="muted">${scores.length} scored cases in ten bins; dashed line: the threshold.</p>${note}</section>`;
}

/** Baseline comparison: verdict per criterion with intervals, as a table and a forest plot. */
export function comparisonSection(comparison: ComparisonReport | undefined): string {
  if (!comparison) return '';
  const level = `${Math.round(comparison.confidence * 1000) / 10}%`;
  const criteria: CriterionComparison[] = comparison.overall ? [...comparison.criteria, comparison.overall] : comparison.criteria;
  const rows = criteria.map(
    (c) =>
      `<tr><td class="text">${esc(c.criterionName)}</td><td class="num">${c.pairs}</td><td class="num">${formatScore(c.baselineMean)}</td><td class="num">${formatScore(c.currentMean)}</td><td class="num">${formatSigned(c.meanDiff)}</td><td class="num">${formatInterval(c.meanDiffCi)}</td><td class="num">${passRate(c.baselinePassRate, c.baselinePassRateCi)}</td><td class="num">${passRate(c.currentPassRate, c.currentPassRateCi)}</td><td>${badge(c.verdict, c.verdict.replace('_', ' '))}${c.reason ? `<div class="muted">${esc(c.reason)}</div>` : ''}</td></tr>`,
  );
  const chart = intervalChart(
    criteria.map((c) => ({ label: c.criterionName, estimate: c.meanDiff, ci: c.meanDiffCi, verdict: c.verdict })),
    comparison.margin ?? 0,
    'Mean score differences with their confidence intervals',
  );
  const unpaired = comparison.unpaired && (comparison.unpaired.baselineOnly > 0 || comparison.unpaired.currentOnly > 0) ? ` ${comparison.unpaired.baselineOnly} cases only in the baseline and ${comparison.unpaired.currentOnly} only in this run were not compared.` : '';
  const headline = comparison.regressed ? badge('regressed', 'regression') : badge('unchanged', 'no regression');
  return (
    `<section id="comparison"><h2>Compared with baseline <code>${esc(comparison.baselineRunId)}</code> ${headline}</h2>` +
    `<p>Differences are current minus baseline on normalized scores, paired case by case, with ${level} paired bootstrap intervals; pass rates carry ${level} Wilson intervals. A verdict needs at least ${comparison.minPairs} paired cases${comparison.margin ? `; drops smaller than ${comparison.margin} are tolerated` : ''}.${unpaired}</p>` +
    `<table><thead><tr><th>Criterion</th><th class="num">Pairs</th><th class="num">Baseline</th><th class="num">Current</th><th class="num">Diff</th><th class="num">${level} CI</th><th class="num">Baseline pass rate</th><th class="num">Current pass rate</th><th>Verdict</th></tr></thead><tbody>${rows.join('')}</tbody></table>${chart}</section>`
  );
}

/** A pass rate with its interval as percentages: `75.0% [60.0%, 86.0%]`. */
function passRate(rate: number | undefined, ci: readonly [number, number] | undefined): string {
  if (rate === undefined) return '–';
  return ci ? `${formatPercent(rate)} [${formatPercent(ci[0])}, ${formatPercent(ci[1])}]` : formatPercent(rate);
}

/** How a case passes: one threshold for the run, or the suites' own when they differ. */
function thresholdSentence(report: RunReport): string {
  const thresholds = report.suites.map((suite) => `${esc(suite.name)} ${esc(String(suite.threshold ?? report.threshold))}`);
  const distinct = new Set(report.suites.map((suite) => suite.threshold ?? report.threshold));
  if (distinct.size <= 1) return `a case passes when its weighted score reaches ${esc(String([...distinct][0] ?? report.threshold))}.`;
  return `a case passes when its weighted score reaches its suite's threshold (${thresholds.join(', ')}).`;
}
