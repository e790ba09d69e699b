/**
 * Report rendering for offline runs. Loaded on demand by the CLI; each format lives in its own module,
 * which can also be imported alone.
 */
import type { RunReport } from '../report-model.ts';
import { renderHtml } from './html.ts';
import { renderJson } from './json.ts';
import { renderJunit } from './junit.ts';
import { renderMarkdown } from './markdown.ts';
import type { MarkdownOptions } from './markdown.ts';
import { renderTable } from './table.ts';
import type { TableOptions } from './table.ts';

/** The report formats `renderReport` produces. */
export type ReportFormat = 'table' | 'json' | 'junit' | 'markdown' | 'html';

/** Every report format, in the order help texts list them. */
export const REPORT_FORMATS: readonly ReportFormat[] = ['table', 'json', 'junit', 'markdown', 'html'];

/** Options of {@link renderReport}; each applies to the formats named. */
export interface RenderOptions extends TableOptions, MarkdownOptions {}

/** Whether a string names a report format. */
export function isReportFormat(value: string): value is ReportFormat {
  return (REPORT_FORMATS as readonly string[]).includes(value);
}

/** Renders a run in the given format: console table, JSON, JUnit XML, Markdown or self-contained HTML. */
export function renderReport(report: RunReport, format: ReportFormat, options: RenderOptions = {}): string {
  switch (format) {
    case 'table':
      return renderTable(report, options);
    case 'json':
      return renderJson(report);
    case 'junit':
      return renderJunit(report);
    case 'markdown':
      return renderMarkdown(report, options);
    case 'html':
      return renderHtml(report);
    default:
      throw new TypeError(`Unknown report format "${String(format)}"; use one of ${REPORT_FORMATS.join(', ')}`);
  }
}

export { renderHtml, renderJson, renderJunit, renderMarkdown, renderTable };
export type { MarkdownOptions, TableOptions };
export { summarizeRun } from './summary.ts';
export type { RunSummary } from './summary.ts';
