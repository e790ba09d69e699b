/** Selecting suites and cases: --suite, --ids, --tags and --category. */
import type { ConfigIssue } from '../../core/errors.ts';
import type { EvalCase, SuiteFile, SuiteSpec } from '../format/model.ts';

/** Case filters; an empty filter selects everything. */
export interface CaseFilter {
  /** Suite names to run (default: all). */
  suites?: readonly string[];
  /** Case ids to run. */
  ids?: readonly string[];
  /** Run cases having any of these tags. */
  tags?: readonly string[];
  /** Run cases of this category. */
  category?: string;
}

/** Whether a case passes the id, tag and category filters. */
export function matchesFilter(evalCase: EvalCase, filter: CaseFilter): boolean {
  if (filter.ids?.length && !filter.ids.includes(evalCase.id)) return false;
  if (filter.tags?.length && !filter.tags.some((tag) => evalCase.tags.includes(tag))) return false;
  if (filter.category !== undefined && evalCase.category !== filter.category) return false;
  return true;
}

/** The suites to run with their filtered cases; unknown suite names are reported as issues. */
export function selectSuites(file: SuiteFile, filter: CaseFilter, issues: ConfigIssue[]): SuiteSpec[] {
  const names = new Set(file.suites.map((s) => s.name));
  for (const wanted of filter.suites ?? []) {
    if (!names.has(wanted)) issues.push({ path: '--suite', message: `no suite named "${wanted}"`, fix: `use one of ${[...names].join(', ')}` });
  }
  const chosen = filter.suites?.length ? file.suites.filter((s) => filter.suites?.includes(s.name)) : file.suites.filter((s) => s.isActive);
  return chosen.map((suite) => ({ ...suite, cases: suite.cases.filter((c) => matchesFilter(c, filter)) }));
}
