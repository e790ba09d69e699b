/**
 * Maps strategies, suite scorers and dimensions to evaluator entries of the registry. Each entry says
 * which file key each evaluator option came from, so a registry complaint names the key in the file.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ConfigIssue } from '../../core/errors.ts';
import type { EvaluationCriteria, EvaluatorConfigEntry } from '../../core/types.ts';
import type { CaseExpectation, DimensionSpec, ScorerSpec, Strategy, SuiteFile } from '../format/model.ts';
import { customScriptEvaluator } from './custom-script.ts';
import { resolveModelRef } from './models.ts';
import { CREATIVE_RUBRIC, DEFAULT_SEMANTIC_THRESHOLD } from './profiles.ts';

/** One evaluator to run for a case, with where it was configured. */
export interface PlannedEntry {
  config: EvaluatorConfigEntry;
  /** Key path of the configuration in the file. */
  at: string;
  /** File key of the `type` option. */
  typeKey: string;
  /** File key path of an evaluator option. */
  optionKey: (option: string) => string;
  /** Criteria this entry reports on, as declared (names, weights, thresholds, scales). */
  criteria: EvaluationCriteria[];
  /** Dimension the entry's criteria belong to. */
  dimension?: string;
  /** File-level key of an evaluator option that comes from `settings` (the judge or embedding model). */
  fileKeys?: Record<string, string>;
  /** A problem found while planning (a missing model or script): reported instead of building the evaluator. */
  problem?: ConfigIssue;
}

/** The strategy's file keys of evaluator options. */
const OPTION_KEYS: Record<string, string> = { patterns: 'expected.patterns', schema: 'expected.jsonSchema', rubric: 'expected.rubric', threshold: 'expected.semanticThreshold' };

/** The problem of a strategy whose model is not set in the file's settings. */
function missingModel(key: 'judgeModel' | 'embeddingModel', strategy: string, example: string): ConfigIssue {
  return { path: `settings.${key}`, message: `is required by strategy ${strategy}`, fix: `set settings.${key} to a "provider:model" string (e.g. "${example}") or to a name registered with registerSuiteModel in a module listed under modules` };
}

/** The problem of a custom scorer whose script does not exist. */
function missingScript(script: string, at: string): ConfigIssue | undefined {
  if (existsSync(script)) return undefined;
  return { path: at, message: `names ${script}, which does not exist`, fix: 'give the path of a .py, .js, .mjs or .ts file relative to the suite file' };
}

function criterion(name: string, weight: number, threshold?: number, description = name): EvaluationCriteria {
  const out: EvaluationCriteria = { name, description, scale: 'numeric', weight };
  if (threshold !== undefined) out.threshold = threshold;
  return out;
}

/** Evaluator entry of one strategy for a case (hybrid is expanded by the caller). */
export function strategyEntry(
  strategy: Exclude<Strategy, 'hybrid'>,
  expected: CaseExpectation,
  file: SuiteFile,
  at: string,
  weight: number,
  timeoutMillis: number | undefined,
): PlannedEntry {
  const base = { at, typeKey: 'evaluation.strategy', optionKey: (key: string) => OPTION_KEYS[key] ?? `evaluation.${key}` };
  const one = (config: EvaluatorConfigEntry, threshold?: number): PlannedEntry => ({ ...base, config, criteria: [criterion(strategy, weight, threshold)] });
  switch (strategy) {
    case 'exact_match':
      return one({ type: 'exact_match', criterionName: strategy });
    case 'regex_match':
      return one({ type: 'regex_match', criterionName: strategy, patterns: expected.patterns ?? [] });
    case 'json_schema':
      return one({ type: 'json_schema', criterionName: strategy, schema: expected.jsonSchema ?? {} });
    case 'semantic_sim': {
      const threshold = expected.semanticThreshold ?? file.settings.semanticThreshold ?? DEFAULT_SEMANTIC_THRESHOLD;
      const config: EvaluatorConfigEntry = { type: 'semantic_sim', criterionName: strategy, threshold };
      if (file.settings.embeddingModel) config.model = resolveModelRef(file.settings.embeddingModel);
      const entry = { ...one(config, threshold), fileKeys: { model: 'settings.embeddingModel' } };
      return file.settings.embeddingModel ? entry : { ...entry, problem: missingModel('embeddingModel', strategy, 'openai:text-embedding-3-small') };
    }
    case 'llm_judge': {
      const rubric = expected.rubric ?? CREATIVE_RUBRIC;
      const config: EvaluatorConfigEntry = { type: 'llm_judge', rubric };
      if (file.settings.judgeModel) config.model = resolveModelRef(file.settings.judgeModel);
      if (file.settings.failureAnalysis) config.failureAnalysis = true;
      const criteria = rubric.criteria.map((c) => ({ name: c.name, description: c.description, scale: { min: c.scale.min, max: c.scale.max }, weight: c.weight * weight }));
      const entry = { ...base, config, criteria, fileKeys: { model: 'settings.judgeModel' } };
      return file.settings.judgeModel ? entry : { ...entry, problem: missingModel('judgeModel', strategy, 'openai:gpt-4o-mini') };
    }
    case 'custom': {
      const script = path.resolve(file.dir, expected.customScript ?? '');
      const options = { script, criterionName: strategy, ...(timeoutMillis === undefined ? {} : { timeoutMillis }) };
      const problem = missingScript(script, `${at}.expected.customScript`);
      return { ...base, config: customScriptEvaluator(options), criteria: [criterion(strategy, weight)], ...(problem ? { problem } : {}) };
    }
  }
}

function splitSettings(settings: Record<string, unknown>): { options: Record<string, unknown>; threshold?: number } {
  const { threshold, ...options } = settings;
  return typeof threshold === 'number' ? { options, threshold } : { options: threshold === undefined ? options : settings };
}

/** Evaluator entry of a registered scorer type with its settings (`custom` takes `settings.script`). */
export function scorerEntry(scorer: string, name: string, settings: Record<string, unknown>, file: SuiteFile, at: string, weight: number, threshold?: number): PlannedEntry {
  const split = splitSettings(settings);
  const limit = split.threshold ?? threshold;
  const optionKey = (key: string): string => `settings.${key}`;
  if (scorer === 'custom') {
    const { script, timeout, export: exportName, ...rest } = split.options;
    const scriptPath = path.resolve(file.dir, typeof script === 'string' ? script : '');
    const config = customScriptEvaluator({
      script: scriptPath,
      criterionName: name,
      settings: rest,
      ...(typeof timeout === 'number' ? { timeoutMillis: timeout } : {}),
      ...(typeof exportName === 'string' ? { exportName } : {}),
    });
    const problem = missingScript(scriptPath, `${at}.settings.script`);
    return { config, at, typeKey: 'scorer', optionKey, criteria: [criterion(name, weight, limit)], ...(problem ? { problem } : {}) };
  }
  const options = 'model' in split.options ? { ...split.options, model: resolveModelRef(split.options.model) } : split.options;
  return { config: { ...options, type: scorer, criterionName: name }, at, typeKey: 'scorer', optionKey, criteria: [criterion(name, weight, limit)] };
}

/** Entries of a suite's scorers. */
export function scorerEntries(scorers: readonly ScorerSpec[], file: SuiteFile, at: string): PlannedEntry[] {
  return scorers.map((s, i) => scorerEntry(s.scorer, s.name, s.settings, file, `${at}[${i}]`, s.weight ?? 1));
}

/**
 * Entries of a dimension. A dimension with components becomes one criterion per component
 * (`dimension.component`) weighted `dimensionWeight * componentWeight / sum(componentWeights)`, so the
 * case's weighted mean over criteria equals the weighted mean over dimension scores.
 */
export function dimensionEntries(dimension: DimensionSpec, file: SuiteFile, at: string): PlannedEntry[] {
  if (!dimension.components) {
    const entry = scorerEntry(dimension.scorer ?? '', dimension.name, dimension.settings, file, at, dimension.weight, dimension.targetScore);
    if (dimension.description && entry.criteria[0]) entry.criteria[0].description = dimension.description;
    return [{ ...entry, dimension: dimension.name }];
  }
  const total = dimension.components.reduce((sum, c) => sum + c.weight, 0) || 1;
  return dimension.components.map((component, i) => {
    const weight = (dimension.weight * component.weight) / total;
    const entry = scorerEntry(component.scorer, `${dimension.name}.${component.name}`, component.settings, file, `${at}.components[${i}]`, weight, dimension.targetScore);
    return { ...entry, dimension: dimension.name };
  });
}
