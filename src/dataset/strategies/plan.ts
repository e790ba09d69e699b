/**
 * What a case is scored with: the file's dimensions, its suite's scorers, and its strategy (explicit, or
 * the profile default when no scorers or dimensions apply), resolved to registered evaluators. Every
 * problem is collected with the file key path it came from.
 */
import type { ConfigIssue } from '../../core/errors.ts';
import { DEFAULT_THRESHOLD } from '../../core/finalize.ts';
import { isEvaluator, validateEvaluatorConfigs } from '../../core/registry.ts';
import type { EvaluationCriteria, Evaluator, EvaluatorConfigEntry } from '../../core/types.ts';
import type { EvalCase, Strategy, SuiteFile, SuiteSpec } from '../format/model.ts';
import { dimensionEntries, scorerEntries, strategyEntry, type PlannedEntry } from './entries.ts';
import { modelRefName } from './models.ts';
import { defaultStrategy } from './profiles.ts';
import { verdictEvaluator } from '../targets/rules-replay.ts';

/** How one case is scored. */
export interface CasePlan {
  evaluators: Evaluator[];
  /** Criteria with weights and thresholds; the case's weighted score is their weighted mean. */
  criteria: EvaluationCriteria[];
  /** Evaluation success threshold of the case's weighted score. */
  threshold: number;
  /** Criterion name -> dimension name. */
  dimensionOf: Record<string, string>;
  /** The reference evaluators compare against. */
  groundTruth: unknown;
}

const MARK = '\u0000';
const evaluatorCache = new Map<string, Evaluator>();

function caseEntries(file: SuiteFile, suite: SuiteSpec, evalCase: EvalCase, issues: ConfigIssue[]): PlannedEntry[] {
  const entries: PlannedEntry[] = [];
  file.dimensions.forEach((d, i) => entries.push(...dimensionEntries(d, file, `dimensions[${i}]`)));
  if (suite.scorers) entries.push(...scorerEntries(suite.scorers, file, `${suite.path}.scorers`));
  if (evalCase.verdict) return [verdictEntry(evalCase), ...entries];
  const explicit = evalCase.strategy !== undefined;
  if (!explicit && entries.length > 0) return entries;
  const strategy = defaultStrategy(file.profile, evalCase);
  if (!strategy) {
    issues.push({ path: `${evalCase.path}.expected`, message: `gives nothing to compare against for profile ${file.profile}`, fix: 'set expected.output, patterns, jsonSchema, rubric or customScript, or evaluation.strategy' });
    return entries;
  }
  const at = evalCase.path;
  if (strategy !== 'hybrid') {
    entries.push(strategyEntry(strategy, evalCase.expected, file, at, 1, evalCase.timeoutMs));
    return entries;
  }
  for (const [name, weight] of Object.entries(evalCase.weights ?? {})) {
    if (name === 'hybrid' || !isStrategy(name)) {
      issues.push({ path: `${at}.evaluation.weights.${name}`, message: `is not a strategy a hybrid can combine`, fix: 'use exact_match, regex_match, json_schema, semantic_sim, llm_judge or custom' });
      continue;
    }
    entries.push(strategyEntry(name, evalCase.expected, file, at, weight, evalCase.timeoutMs));
  }
  return entries;
}

/** The entry of a case replayed through the processor's rules: the rule's own results and criteria. */
function verdictEntry(evalCase: EvalCase): PlannedEntry {
  const verdict = evalCase.verdict as NonNullable<EvalCase['verdict']>;
  const criteria = verdict.criteria?.map((c) => ({ ...c })) ?? verdict.results.map((r) => ({ name: r.criterionName, description: r.criterionName, scale: 'numeric' as const, weight: 1 }));
  return { config: verdictEvaluator(verdict), at: evalCase.path, typeKey: 'rules', optionKey: (key) => key, criteria };
}

function isStrategy(name: string): name is Exclude<Strategy, 'hybrid'> {
  return ['exact_match', 'regex_match', 'json_schema', 'semantic_sim', 'llm_judge', 'custom'].includes(name);
}

const failureCache = new Map<string, ConfigIssue[]>();

/**
 * Validates and builds an entry's evaluator through the registry (cached per distinct config). A type
 * whose options have no `criterionName` (RuleBased names criteria per rule) is retried without it.
 */
function instantiate(entry: PlannedEntry, issues: ConfigIssue[]): Evaluator | undefined {
  if (entry.problem) {
    issues.push(entry.problem);
    return undefined;
  }
  if (isEvaluator(entry.config)) return entry.config;
  const key = JSON.stringify(entry.config, (_key, value: unknown) => modelRefName(value) ?? value);
  const cached = evaluatorCache.get(key);
  if (cached) return cached;
  const failed = failureCache.get(key);
  if (failed) {
    // Cached with the registry's paths: each entry reports them at its own key in its own file.
    issues.push(...failed.map((issue) => ({ ...issue, path: rewritePath(issue.path, entry) })));
    return undefined;
  }
  let result = validateEvaluatorConfigs([entry.config], MARK);
  if (result.issues.some((issue) => issue.path === `${MARK}[0].criterionName` && issue.message === 'is not a known option')) {
    const { criterionName: _unused, ...rest } = entry.config;
    result = validateEvaluatorConfigs([rest as EvaluatorConfigEntry], MARK);
  }
  const evaluator = result.evaluators[0];
  if (evaluator && result.issues.length === 0) {
    evaluatorCache.set(key, evaluator);
    return evaluator;
  }
  failureCache.set(key, result.issues);
  issues.push(...result.issues.map((issue) => ({ ...issue, path: rewritePath(issue.path, entry) })));
  return undefined;
}

/** Turns a registry path (`\0[0].patterns[1]`) into the file's key path (`testCases[2].expected.patterns[1]`). */
function rewritePath(registryPath: string, entry: PlannedEntry): string {
  const rest = registryPath.startsWith(`${MARK}[0]`) ? registryPath.slice(MARK.length + 3) : registryPath;
  if (rest === '') return entry.at;
  const match = /^\.(?:config\.)?([^.[]+)(.*)$/.exec(rest);
  if (!match) return `${entry.at}${rest}`;
  const [, option = '', tail = ''] = match;
  const fileKey = entry.fileKeys?.[option];
  if (fileKey) return `${fileKey}${tail}`;
  return `${entry.at}.${option === 'type' ? entry.typeKey : entry.optionKey(option)}${tail}`;
}

/**
 * The case's threshold: the suite's, else a single criterion's own (a scorer's `threshold`, a semantic
 * threshold, a rubric's passingThreshold), else the file's, else 0.75.
 */
function caseThreshold(file: SuiteFile, suite: SuiteSpec, entries: readonly PlannedEntry[], evalCase: EvalCase): number {
  if (suite.threshold !== undefined) return suite.threshold;
  if (evalCase.verdict?.threshold !== undefined) return evalCase.verdict.threshold;
  if (entries.length === 1 && entries[0]) {
    const [entry] = entries;
    const rubric = isEvaluator(entry.config) ? undefined : (entry.config.rubric as { passingThreshold?: unknown } | undefined);
    if (typeof rubric?.passingThreshold === 'number') return rubric.passingThreshold;
    if (entry.criteria.length === 1 && entry.criteria[0]?.threshold !== undefined) return entry.criteria[0].threshold;
  }
  return file.settings.threshold ?? DEFAULT_THRESHOLD;
}

/** Resolves how a case is scored; problems go to `issues` with their file key paths. */
export function planCase(file: SuiteFile, suite: SuiteSpec, evalCase: EvalCase, issues: ConfigIssue[]): CasePlan {
  const entries = caseEntries(file, suite, evalCase, issues);
  const evaluators: Evaluator[] = [];
  const criteria = new Map<string, EvaluationCriteria>();
  const dimensionOf: Record<string, string> = {};
  for (const entry of entries) {
    const evaluator = instantiate(entry, issues);
    if (!evaluator) continue;
    evaluators.push(evaluator);
    for (const c of entry.criteria) {
      criteria.set(c.name, c);
      if (entry.dimension) dimensionOf[c.name] = entry.dimension;
    }
    for (const name of evaluator.criterionNames ?? []) {
      if (!criteria.has(name)) criteria.set(name, { name, description: name, scale: 'numeric', weight: entry.criteria[0]?.weight ?? 1 });
      if (entry.dimension) dimensionOf[name] ??= entry.dimension;
    }
  }
  return { evaluators, criteria: [...criteria.values()], threshold: caseThreshold(file, suite, entries, evalCase), dimensionOf, groundTruth: evalCase.expected.output };
}
