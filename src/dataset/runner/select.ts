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
  const selected = chosen.map((suite) => ({ ...suite, cases: suite.cases.filter((c) => matchesFilter(c, filter)) }));
  checkSelection(chosen, selected, filter, issues);
  return selected;
}

/** A case filter that names unknown ids, or selects no case at all, is a mistake worth stopping for. */
function checkSelection(chosen: readonly SuiteSpec[], selected: readonly SuiteSpec[], filter: CaseFilter, issues: ConfigIssue[]): void {
  const known = new Set(chosen.flatMap((suite) => suite.cases.map((c) => c.id)));
  const unknown = (filter.ids ?? []).filter((id) => !known.has(id));
  if (unknown.length > 0 && known.size > 0) issues.push({ path: '--ids', message: `no case has the id ${unknown.map((id) => `"${id}"`).join(', ')}`, fix: 'use ids of the testCases (or eval set cases) of the suites run; "otel-evals validate" lists the suites' });
  const filtered = Boolean(filter.ids?.length || filter.tags?.length || filter.category !== undefined);
  if (filtered && unknown.length === 0 && known.size > 0 && selected.every((suite) => suite.cases.length === 0)) {
    const given = [filter.ids?.length ? `--ids ${filter.ids.join(',')}` : '', filter.tags?.length ? `--tags ${filter.tags.join(',')}` : '', filter.category !== undefined ? `--category ${filter.category}` : ''].filter(Boolean).join(' ');
    issues.push({ path: given, message: 'selects no case', fix: 'check the tags and category of the cases (testCases[].tags / category, or metadata.tags / category), or drop the filter' });
  }
}
