import { describe, expect, it } from 'vitest';
import { renderReport, REPORT_FORMATS } from '../../../src/dataset/report/index.ts';
import type { RunReport } from '../../../src/dataset/report-model.ts';
import { parseXml } from './xml-check.ts';

const EMPTY: RunReport = {
  runId: 'empty',
  status: 'failed',
  suiteFile: 'tests.json',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 0,
  threshold: 0.75,
  suites: [],
  totals: { cases: 0, passed: 0, failed: 0, errors: 0, skipped: 0 },
};

describe('reports of unusual runs', () => {
  it('render a run without suites in every format, as a failure', () => {
    for (const format of REPORT_FORMATS) expect(renderReport(EMPTY, format).length).toBeGreaterThan(0);
    expect(renderReport(EMPTY, 'table')).toContain('Total  0 cases  0 passed  0 failed  0 errors  0 skipped  pass rate –  avg score –  FAILED');
    expect(renderReport(EMPTY, 'markdown')).toContain('## ❌ Evaluation failed: 0/0 cases passed (–)');
    expect(parseXml(renderReport(EMPTY, 'junit')).attributes.tests).toBe('0');
    expect(renderReport(EMPTY, 'html')).toContain('No case has a weighted score.');
  });

  it('render cases without scores, outputs or durations', () => {
    const report: RunReport = {
      ...EMPTY,
      status: 'succeeded',
      suites: [{ name: 's', cases: [{ id: 'only', input: undefined, status: 'skipped', passed: false, durationMs: Number.NaN, attempts: 0, scores: [] }], successRate: 0, overallPassed: false, dimensions: [] }],
      totals: { cases: 1, passed: 0, failed: 0, errors: 0, skipped: 1 },
    };
    expect(renderReport(report, 'table')).toMatch(/skip +only +– +–/);
    const junit = parseXml(renderReport(report, 'junit'));
    expect(junit.children[0]?.children.at(-1)?.children.map((c) => c.name)).toEqual(['properties', 'skipped']);
    expect(renderReport(report, 'html')).toContain('<p class="muted">No scores.</p>');
    expect(renderReport(report, 'markdown')).not.toContain('Failing cases');
  });
});
