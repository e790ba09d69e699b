/** Writing reports: format from --format or the file extension, rendered by the report modules. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunReport } from '../dataset/report-model.ts';
import type { ReportFormat } from '../dataset/report/index.ts';
import { UsageError } from './exit-codes.ts';

const FORMATS = ['table', 'json', 'junit', 'markdown', 'html'];
const BY_EXTENSION: Record<string, ReportFormat> = { '.json': 'json', '.xml': 'junit', '.md': 'markdown', '.markdown': 'markdown', '.html': 'html', '.htm': 'html', '.txt': 'table' };

/** Checks a --format value. */
export function checkFormat(command: string, value: string | undefined): ReportFormat | undefined {
  if (value === undefined) return undefined;
  if (!FORMATS.includes(value)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got "${value}"`, command);
  return value as ReportFormat;
}

/** The format of an output file: its extension's, else the --format given, else json. */
export function formatForFile(file: string, explicit: ReportFormat | undefined): ReportFormat {
  return BY_EXTENSION[path.extname(file).toLowerCase()] ?? explicit ?? 'json';
}

/** Renders a report (loading the renderers on demand). */
export async function render(report: RunReport, format: ReportFormat): Promise<string> {
  const { renderReport } = await import('../dataset/report/index.ts');
  const color = format === 'table' && process.stdout.isTTY === true && !process.env.NO_COLOR;
  const out = renderReport(report, format, { color });
  return out.endsWith('\n') ? out : `${out}\n`;
}

/** Writes a report to a file, creating directories. */
export async function writeReport(report: RunReport, file: string, format: ReportFormat): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await writeFile(file, await render(report, format));
}
