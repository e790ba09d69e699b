/**
 * Self-contained HTML report: inline CSS and SVG, no scripts, no external resources, and a content
 * security policy that forbids loading any, so the file can be archived as a CI artifact and opened
 * anywhere. Every value from the run is escaped.
 */
import type { RunReport } from '../report-model.ts';
import { escapeHtml as esc } from './escape.ts';
import { formatDuration } from './format.ts';
import { casesSection, failureSection } from './html-cases.ts';
import { comparisonSection, dimensionsSection, distributionSection, summarySection } from './html-sections.ts';
import { REPORT_CSS } from './html-style.ts';
import { summarizeRun } from './summary.ts';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** Renders a run as one self-contained HTML page. */
export function renderHtml(report: RunReport): string {
  const summary = summarizeRun(report);
  const title = `Evaluation report: ${report.suiteFile}`;
  const meta = [
    `run <code>${esc(report.runId)}</code>`,
    esc(report.status),
    `started ${esc(report.startedAt)}`,
    report.finishedAt ? `finished ${esc(report.finishedAt)}` : '',
    formatDuration(report.durationMs),
    report.agentVersion ? `agent ${esc(report.agentVersion)}` : '',
  ].filter(Boolean);
  const dimensions = dimensionsSection(report);
  const comparison = comparisonSection(report.comparison);
  const links = [
    ['summary', 'Summary'],
    ...(dimensions ? [['dimensions', 'Dimensions']] : []),
    ['distribution', 'Distribution'],
    ...(comparison ? [['comparison', 'Comparison']] : []),
    ['failures', 'Failures'],
    ['cases', 'Cases'],
  ];
  const nav = links.map(([id, label]) => `<a href="#${id}">${label}</a>`).join('');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)} (${summary.overallPassed ? 'pass' : 'fail'})</title>`,
    `<style>${REPORT_CSS}</style>`,
    '</head>',
    '<body>',
    `<header><h1>${esc(title)}</h1><div class="meta">${meta.join(' · ')}</div></header>`,
    `<nav>${nav}</nav>`,
    '<main>',
    summarySection(report),
    dimensions,
    distributionSection(report),
    comparison,
    failureSection(report),
    casesSection(report),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
