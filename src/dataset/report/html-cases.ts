/**
 * HTML report sections about single cases: failure analysis and the per-case drill-down.
 */
import type { CaseReport, CaseScore, RunReport, SuiteReport } from '../report-model.ts';
import { escapeHtml as esc } from './escape.ts';
import { displayValue, formatDuration, formatRawScore, formatScore } from './format.ts';
import { countChart } from './html-charts.ts';
import { badge } from './html-sections.ts';
import { caseLabel, failingScores, isFailingScore } from './summary.ts';

/** Most failing cases described one by one in the failure analysis; the rest are counted. */
const MAX_FAILURE_CARDS = 200;

/** Anchor of a case's drill-down, from its position (never from user text). */
function caseAnchor(suiteIndex: number, caseIndex: number): string {
  return `case-${suiteIndex}-${caseIndex}`;
}

/** Failure analysis: failures per criterion, then each failing case's root cause or failing criteria. */
export function failureSection(report: RunReport): string {
  const failing = report.suites.flatMap((suite, s) => suite.cases.map((entry, c) => ({ suite, entry, anchor: caseAnchor(s, c) })).filter(({ entry }) => entry.status === 'failed' || entry.status === 'error'));
  if (failing.length === 0) return `<section id="failures"><h2>Failure analysis</h2><p class="ok-text">No case failed.</p></section>`;
  const counts = new Map<string, number>();
  for (const { entry } of failing) {
    for (const score of failingScores(entry)) counts.set(score.criterionName, (counts.get(score.criterionName) ?? 0) + 1);
    if (entry.status === 'error' && entry.scores.length === 0) counts.set('(case error)', (counts.get('(case error)') ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const chart = sorted.length > 0 ? `<h3>Failures by criterion</h3>${countChart(sorted, 'Failing scores per criterion')}` : '';
  const cards = failing.slice(0, MAX_FAILURE_CARDS).map(({ suite, entry, anchor }) => failureCard(suite, entry, anchor));
  const more = failing.length > MAX_FAILURE_CARDS ? `<p class="muted">…and ${failing.length - MAX_FAILURE_CARDS} more failing cases, listed in the drill-down below.</p>` : '';
  return `<section id="failures"><h2>Failure analysis</h2><p>${failing.length} ${failing.length === 1 ? 'case' : 'cases'} did not pass.</p>${chart}<h3>Failing cases</h3>${cards.join('')}${more}</section>`;
}

function failureCard(suite: SuiteReport, entry: CaseReport, anchor: string): string {
  const title = `<h3><a href="#${anchor}">${esc(caseLabel(entry))}</a> <span class="muted">${esc(suite.name)}</span> ${statusBadge(entry)}</h3>`;
  const error = entry.error ? `<p><strong>Error:</strong> ${esc(entry.error)}</p>` : '';
  const analysis = entry.failureAnalysis;
  if (analysis) {
    const recommendations = analysis.recommendations.length > 0 ? `<p><strong>Recommendations</strong></p><ul>${analysis.recommendations.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` : '';
    return `<div class="failure">${title}${error}<p><strong>Root cause:</strong> ${esc(analysis.rootCause)}</p>${recommendations}</div>`;
  }
  const failing = failingScores(entry);
  const list = failing.length > 0 ? `<ul>${failing.map((score) => `<li>${describeScore(score)}</li>`).join('')}</ul>` : entry.error ? '' : `<p>Weighted score ${formatScore(entry.weightedScore)} is below the threshold.</p>`;
  return `<div class="failure">${title}${error}${list}</div>`;
}

function describeScore(score: CaseScore): string {
  const threshold = score.threshold === undefined ? '' : ` (threshold ${esc(String(score.threshold))})`;
  const value = score.error ? `error: ${esc(score.error)}` : `${formatScore(score.normalizedScore)}${threshold}`;
  const reasoning = score.reasoning ? ` <span class="muted">${esc(score.reasoning)}</span>` : '';
  return `<strong>${esc(score.criterionName)}</strong> <span class="muted">${esc(score.evaluatorType)}</span>: ${value}${reasoning}`;
}

function statusBadge(entry: CaseReport): string {
  return entry.nearMiss && entry.status === 'failed' ? badge('near', 'near miss') : badge(entry.status);
}

/** Failing cases shown opened in the drill-down (the first ones of the run); the others open on a click. */
const MAX_OPEN_CASES = 10;

/**
 * Per-case drill-down: one collapsible element per case with input, output, expected and every score.
 * The first failed or errored cases start opened, so the page shows what went wrong without a click.
 */
export function casesSection(report: RunReport): string {
  let opened = 0;
  const suites = report.suites.map((suite, s) => {
    const items = suite.cases.map((entry, c) => {
      const open = (entry.status === 'failed' || entry.status === 'error') && opened < MAX_OPEN_CASES;
      if (open) opened += 1;
      return caseDetails(entry, caseAnchor(s, c), open);
    });
    return `<h3>${esc(suite.name)} <span class="muted">${suite.cases.length} ${suite.cases.length === 1 ? 'case' : 'cases'}</span></h3>${items.join('')}`;
  });
  return `<section id="cases"><h2>Cases</h2>${suites.join('')}</section>`;
}

function caseDetails(entry: CaseReport, anchor: string, open: boolean): string {
  const summary = `<summary>${statusBadge(entry)}<span class="case-name">${esc(caseLabel(entry))}</span><span class="muted">score ${formatScore(entry.weightedScore)}</span><span class="muted">${formatDuration(entry.durationMs)}</span></summary>`;
  const meta = [
    `status ${esc(entry.status)}`,
    `${entry.attempts} ${entry.attempts === 1 ? 'attempt' : 'attempts'}`,
    entry.category ? `category ${esc(entry.category)}` : '',
    entry.tags && entry.tags.length > 0 ? `tags ${entry.tags.map(esc).join(', ')}` : '',
    entry.traceId ? `trace <code>${esc(entry.traceId)}</code>` : '',
  ].filter(Boolean);
  const blocks = [
    `<p class="muted">${meta.join(' · ')}</p>`,
    entry.error ? `<p class="bad-text"><strong>Error:</strong> ${esc(entry.error)}</p>` : '',
    valueBlock('Input', entry.input),
    outputBlocks(entry),
    scoresTable(entry.scores),
  ];
  return `<details id="${anchor}"${open ? ' open' : ''}>${summary}<div class="body">${blocks.join('')}</div></details>`;
}

/** Output and expected value side by side (stacked on a narrow screen), so a reader compares them at a glance. */
function outputBlocks(entry: CaseReport): string {
  const blocks = [entry.output === undefined ? '' : valueBlock('Output', entry.output), entry.expected === undefined ? '' : valueBlock('Expected', entry.expected)].filter(Boolean);
  return blocks.length === 2 ? `<div class="pair">${blocks.join('')}</div>` : blocks.join('');
}

function valueBlock(label: string, value: unknown): string {
  return `<div><strong>${esc(label)}</strong><pre>${esc(displayValue(value))}</pre></div>`;
}

function scoresTable(scores: readonly CaseScore[]): string {
  if (scores.length === 0) return '<p class="muted">No scores.</p>';
  const rows = scores.map((score) => {
    const status = score.error ? badge('error') : score.passed === undefined ? '–' : isFailingScore(score) ? badge('failed', 'fail') : badge('passed', 'pass');
    const detail = [score.error ? `<div class="bad-text">${esc(score.error)}</div>` : '', score.reasoning ? esc(score.reasoning) : ''].join('');
    return `<tr><td class="text"><strong>${esc(score.criterionName)}</strong>${score.dimension ? `<div class="muted">${esc(score.dimension)}</div>` : ''}</td><td>${esc(score.evaluatorType)}</td><td class="num">${esc(formatRawScore(score.score))}</td><td class="num">${formatScore(score.normalizedScore)}</td><td class="num">${score.threshold === undefined ? '–' : esc(String(score.threshold))}</td><td>${status}</td><td class="text">${detail}</td></tr>`;
  });
  return `<table><thead><tr><th>Criterion</th><th>Evaluator</th><th class="num">Score</th><th class="num">Normalized</th><th class="num">Threshold</th><th>Result</th><th>Reasoning</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
