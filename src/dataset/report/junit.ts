/**
 * JUnit XML report for CI systems: one <testsuite> per suite, one <testcase> per case; a failed case
 * carries a <failure> listing its failing criteria (score, threshold, reasoning), a case whose target or
 * runtime failed an <error>, a skipped case <skipped>. Times are in seconds.
 */
import type { CaseReport, CaseScore, RunReport, SuiteReport } from '../report-model.ts';
import { escapeXml, escapeXmlAttribute } from './escape.ts';
import { displayValue, formatRawScore, formatScore, formatSeconds } from './format.ts';
import { caseLabel, caseReason, countSuite, failingScores, summarizeRun } from './summary.ts';

/** Longest output or expected value written into <system-out>, in characters. */
const MAX_OUTPUT_CHARS = 4000;

/** Renders a run as a JUnit XML document. */
export function renderJunit(report: RunReport): string {
  const summary = summarizeRun(report);
  const attrs = attributes({
    name: `otel-evals ${report.suiteFile}`,
    tests: summary.cases,
    failures: summary.failed,
    errors: summary.errors,
    skipped: summary.skipped,
    time: formatSeconds(report.durationMs),
    timestamp: report.startedAt,
  });
  const suites = report.suites.map((suite) => renderSuite(suite, report)).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${attrs}>\n${suites}</testsuites>\n`;
}

function renderSuite(suite: SuiteReport, report: RunReport): string {
  const counts = countSuite(suite);
  const time = suite.cases.reduce((sum, entry) => sum + (Number.isFinite(entry.durationMs) ? entry.durationMs : 0), 0);
  const attrs = attributes({
    name: suite.name,
    tests: suite.cases.length,
    failures: counts.failed,
    errors: counts.errors,
    skipped: counts.skipped,
    time: formatSeconds(time),
    timestamp: report.startedAt,
  });
  const properties = renderProperties(
    {
      runId: report.runId,
      agentVersion: report.agentVersion,
      profile: suite.profile,
      threshold: report.threshold,
      averageWeightedScore: suite.averageWeightedScore === undefined ? undefined : formatScore(suite.averageWeightedScore),
      successRate: suite.successRate,
      overallPassed: suite.overallPassed,
    },
    '    ',
  );
  const cases = suite.cases.map((entry) => renderCase(entry, suite, report.threshold)).join('');
  return `  <testsuite${attrs}>\n${properties}${cases}  </testsuite>\n`;
}

function renderCase(entry: CaseReport, suite: SuiteReport, threshold: number): string {
  const attrs = attributes({ name: caseLabel(entry), classname: suite.name, time: formatSeconds(entry.durationMs) });
  const children = [
    renderProperties({ weightedScore: entry.weightedScore === undefined ? undefined : formatScore(entry.weightedScore), nearMiss: entry.nearMiss, attempts: entry.attempts, category: entry.category, traceId: entry.traceId }, '      '),
    renderOutcome(entry, threshold),
    renderSystemOut(entry),
  ].join('');
  return children === '' ? `    <testcase${attrs}/>\n` : `    <testcase${attrs}>\n${children}    </testcase>\n`;
}

function renderOutcome(entry: CaseReport, threshold: number): string {
  const message = escapeXmlAttribute(caseReason(entry, threshold));
  switch (entry.status) {
    case 'failed':
      return `      <failure message="${message}" type="evaluation">${escapeXml(failureDetails(entry, threshold))}</failure>\n`;
    case 'error':
      return `      <error message="${message}" type="error">${escapeXml(entry.error ?? 'the case could not be evaluated')}</error>\n`;
    case 'skipped':
      return `      <skipped message="${escapeXmlAttribute(entry.error ?? 'skipped')}"/>\n`;
    default:
      return '';
  }
}

/** The failing criteria, one block each: name, evaluator, raw and normalized score, threshold, reasoning. */
function failureDetails(entry: CaseReport, threshold: number): string {
  const failing = failingScores(entry);
  const lines = [`weighted score ${formatScore(entry.weightedScore)} (threshold ${threshold})`];
  for (const score of failing) lines.push('', ...scoreLines(score));
  return lines.join('\n');
}

function scoreLines(score: CaseScore): string[] {
  const lines = [`${score.criterionName} (${score.evaluatorType}): score ${formatRawScore(score.score)}, normalized ${formatScore(score.normalizedScore)}${score.threshold === undefined ? '' : `, threshold ${score.threshold}`}`];
  if (score.error) lines.push(`  error: ${score.error}`);
  if (score.reasoning) lines.push(`  reasoning: ${score.reasoning}`);
  return lines;
}

function renderSystemOut(entry: CaseReport): string {
  if (entry.status === 'passed' || entry.status === 'skipped') return '';
  const parts = [`input:\n${displayValue(entry.input, MAX_OUTPUT_CHARS)}`];
  if (entry.output !== undefined) parts.push(`output:\n${displayValue(entry.output, MAX_OUTPUT_CHARS)}`);
  if (entry.expected !== undefined) parts.push(`expected:\n${displayValue(entry.expected, MAX_OUTPUT_CHARS)}`);
  return `      <system-out>${escapeXml(parts.join('\n\n'))}</system-out>\n`;
}

function renderProperties(values: Record<string, string | number | boolean | undefined>, indent: string): string {
  const entries = Object.entries(values).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined);
  if (entries.length === 0) return '';
  const items = entries.map(([name, value]) => `${indent}  <property name="${escapeXmlAttribute(name)}" value="${escapeXmlAttribute(String(value))}"/>\n`).join('');
  return `${indent}<properties>\n${items}${indent}</properties>\n`;
}

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`)
    .join('');
}
