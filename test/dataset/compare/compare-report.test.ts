/**
 * The comparison as the reports show it: two runs compared, attached to the current run, rendered.
 */
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../src/dataset/compare/index.ts';
import { renderReport } from '../../../src/dataset/report/index.ts';
import { findAll, parseXml } from '../report/xml-check.ts';
import { makeRun, scoresFrom } from './make-run.ts';

const N = 30;
const base = scoresFrom(5, N).map((u) => 0.6 + 0.4 * u);
const noise = scoresFrom(6, N).map((u) => (u - 0.5) * 0.02);

function compared(shift: number) {
  const baseline = makeRun('baseline-run', base.map((value) => ({ accuracy: value, format: 1 })));
  const current = makeRun('current-run', base.map((value, i) => ({ accuracy: Math.max(0, value + shift + noise[i]!), format: 1 })));
  current.comparison = compareRuns(baseline, current);
  return current;
}

describe('comparison in reports', () => {
  it('shows a regression in every human format', () => {
    const report = compared(-0.2);
    expect(report.comparison?.regressed).toBe(true);
    expect(renderReport(report, 'table')).toMatch(/accuracy +30 +0\.798 +0\.600 +-0\.198 +\[-0\.\d{3}, -0\.\d{3}\] +63\.3% → 10\.0% +regressed/);
    expect(renderReport(report, 'markdown')).toMatch(/\| accuracy \| 30 \| .* \| 🔴 regressed \|/);
    const html = renderReport(report, 'html');
    expect(html).toContain('<span class="badge regressed">regression</span>');
    expect(html).toMatch(/<td class="text">format<\/td><td class="num">30<\/td>.*?<span class="badge unchanged">unchanged<\/span>/s);
    expect(JSON.parse(renderReport(report, 'json')).comparison).toEqual(report.comparison);
    // JUnit carries the run's cases, not the comparison; it stays valid with one attached.
    expect(findAll(parseXml(renderReport(report, 'junit')), 'testcase')).toHaveLength(N);
  });

  it('shows no regression when nothing changed', () => {
    const report = compared(0);
    expect(report.comparison?.regressed).toBe(false);
    expect(renderReport(report, 'markdown')).toContain('No significant regression.');
    expect(renderReport(report, 'table')).toContain('no regression');
  });
});
