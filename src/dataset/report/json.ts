/**
 * JSON report: the RunReport itself, indented, so other tools (and `runs compare`) can read it back.
 */
import type { RunReport } from '../report-model.ts';

/** Renders a run as indented JSON with a trailing newline. */
export function renderJson(report: RunReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
