import { describe, expect, it } from 'vitest';
import { isReportFormat, renderReport, REPORT_FORMATS } from '../../../src/dataset/report/index.ts';
import type { ReportFormat } from '../../../src/dataset/report/index.ts';
import { sampleReport } from './sample-report.ts';

describe('renderReport', () => {
  it('dispatches to each format', () => {
    const report = sampleReport();
    expect(renderReport(report, 'table')).toMatch(/^Run run-2026-11-21/);
    expect(renderReport(report, 'junit')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
    expect(renderReport(report, 'markdown')).toMatch(/^## ❌/);
    expect(renderReport(report, 'html')).toMatch(/^<!DOCTYPE html>/);
    expect(JSON.parse(renderReport(report, 'json'))).toEqual(report);
  });

  it('writes JSON that reads back to the same report, hostile strings included', () => {
    const report = sampleReport({ hostile: true });
    const json = renderReport(report, 'json');
    expect(json.endsWith('}\n')).toBe(true);
    expect(JSON.parse(json)).toEqual(report);
  });

  it('knows its formats and rejects others', () => {
    expect(REPORT_FORMATS).toEqual(['table', 'json', 'junit', 'markdown', 'html']);
    expect(isReportFormat('junit')).toBe(true);
    expect(isReportFormat('pdf')).toBe(false);
    expect(() => renderReport(sampleReport(), 'pdf' as ReportFormat)).toThrow(/Unknown report format "pdf"/);
  });
});
