/**
 * `hybrid`: one criterion scored as the weighted mean of child evaluators (the "quality components" of
 * a dimension, e.g. 60% exact match + 40% similarity). Children are ordinary evaluator configs with a
 * `weight` (default 1), resolved through the registry; each child's score is the mean of its results'
 * normalized scores; skipped and failed children are left out and listed in `metadata.components`.
 * Cost and latency: those of the children. `evaluateSync` exists when every child has it.
 *
 * The registry lists this definition (through builtins.ts) and this module calls the registry, so
 * registry functions are only called at run time here, never while modules load.
 */
import { z } from 'zod';
import { defineSyncEvaluator } from '../core/define-evaluator.ts';
import { errorMessage, InvalidEvaluatorConfigError, type ConfigIssue } from '../core/errors.ts';
import { normalizeScore } from '../core/normalize.ts';
import { parseOptions } from '../core/options.ts';
import { isEvaluator, validateEvaluatorConfigs, type EvaluatorDefinition } from '../core/registry.ts';
import { errorResult, skippedResult } from '../core/results.ts';
import type { EvaluateOptions, EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator, EvaluatorConfigEntry } from '../core/types.ts';

const TYPE = 'hybrid';

/** A child resolved to its evaluator and weight. */
interface Child {
  evaluator: Evaluator;
  weight: number;
}

/** What one child contributed. */
export interface HybridComponent {
  /** Evaluator type of the child. */
  type: string;
  /** Criteria the child reported. */
  criteria: string[];
  /** Its weight. */
  weight: number;
  /** Mean normalized score of its results, or null when skipped or failed. */
  score: number | null;
  /** `scored`, `skipped` or `error`. */
  status: 'scored' | 'skipped' | 'error';
  /** Why it was skipped or failed. */
  reason?: string;
}

// Children resolved while validating, so the factory does not instantiate them a second time.
const resolved = new WeakMap<object, Child[]>();

/** Options of `hybrid`. */
export const hybridSchema = z
  .strictObject({
    /** Criterion the combined score is reported under (default `hybrid`). */
    criterionName: z.string().min(1).default(TYPE),
    /** Child evaluator configs (`{ type, ...options, weight? }`) or Evaluator objects; weight defaults to 1. */
    evaluators: z.array(z.unknown()).min(1),
    /** Pass when the combined score is at least this (0..1); the criterion's own threshold wins. */
    threshold: z.number().min(0).max(1).optional(),
  })
  .superRefine((options, ctx) => {
    const { children, issues } = resolveChildren(options.evaluators);
    for (const issue of issues) ctx.addIssue({ code: 'custom', path: ['evaluators', ...pathSegments(issue.path)], message: issue.message, params: { fix: issue.fix } });
    if (issues.length === 0) resolved.set(options.evaluators, children);
  });

/** Options of {@link hybrid}, as written in code or files. */
export type HybridOptions = Omit<z.input<typeof hybridSchema>, 'evaluators'> & {
  evaluators: Array<(EvaluatorConfigEntry & { weight?: number }) | Evaluator>;
};

/** Splits `[1].rules[0].pattern` into `[1, 'rules', 0, 'pattern']`. */
function pathSegments(path: string): PropertyKey[] {
  return [...path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((match) => (match[1] === undefined ? (match[2] ?? '') : Number(match[1])));
}

function childIndex(path: string): number {
  return Number(/^\[(\d+)\]/.exec(path)?.[1] ?? -1);
}

function resolveChildren(entries: readonly unknown[]): { children: Child[]; issues: ConfigIssue[] } {
  const issues: ConfigIssue[] = [];
  const weights: number[] = [];
  const configs = entries.map((entry, index) => {
    // An Evaluator object is used as is (its own `weight` property, if any, is its weight).
    const evaluatorObject = isEvaluator(entry);
    if (typeof entry !== 'object' || entry === null || evaluatorObject) {
      const weight = evaluatorObject ? (entry as unknown as { weight?: unknown }).weight : undefined;
      weights.push(typeof weight === 'number' && weight >= 0 ? weight : 1);
      return entry as EvaluatorConfigEntry;
    }
    const { weight, ...config } = entry as Record<string, unknown>;
    if (weight !== undefined && (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0)) {
      issues.push({ path: `[${index}].weight`, message: `must be a number >= 0, got ${JSON.stringify(weight)}`, fix: 'set weight to the relative importance, e.g. 0.6' });
    }
    weights.push(typeof weight === 'number' ? weight : 1);
    return config as EvaluatorConfigEntry;
  });
  const validation = validateEvaluatorConfigs(configs, '');
  issues.push(...validation.issues);
  // Report in child order, whichever check found the problem.
  issues.sort((a, b) => childIndex(a.path) - childIndex(b.path));
  if (issues.length === 0 && weights.length > 0 && weights.every((weight) => weight === 0)) {
    issues.push({ path: '', message: 'every weight is 0', fix: 'give at least one child a positive weight' });
  }
  return { children: validation.evaluators.map((evaluator, index) => ({ evaluator, weight: weights[index] ?? 1 })), issues };
}

/** Combines child evaluators into one criterion: the weighted mean of their normalized scores. */
export function hybrid(options: HybridOptions): Evaluator {
  return buildHybrid(parseOptions(hybridSchema, options, TYPE));
}

function buildHybrid(opts: z.output<typeof hybridSchema>): Evaluator {
  let children = resolved.get(opts.evaluators);
  if (!children) {
    const resolution = resolveChildren(opts.evaluators);
    if (resolution.issues.length > 0) throw new InvalidEvaluatorConfigError(resolution.issues.map((issue) => ({ ...issue, path: `evaluators${issue.path}` })), 'Invalid hybrid options');
    children = resolution.children;
  }
  const all = children;
  const combineResults = (outcomes: Outcome[], criteria: EvaluationCriteria[]): EvaluationResult[] => [combine(outcomes, all, criteria, opts)];
  if (all.every((child) => child.evaluator.evaluateSync)) {
    return defineSyncEvaluator({
      type: TYPE,
      criterionNames: [opts.criterionName],
      evaluateSync: (input, criteria) => combineResults(all.map((child) => runSync(child.evaluator, input, criteria)), criteria),
    });
  }
  return {
    type: TYPE,
    criterionNames: [opts.criterionName],
    async evaluate(input, criteria, options) {
      const outcomes = await Promise.all(all.map((child) => runAsync(child.evaluator, input, criteria, options)));
      return combineResults(outcomes, criteria);
    },
  };
}

type Outcome = { results: EvaluationResult[] } | { error: string };

function runSync(evaluator: Evaluator, input: EvaluationInput, criteria: EvaluationCriteria[]): Outcome {
  try {
    return { results: evaluator.evaluateSync?.(input, criteria) ?? [] };
  } catch (error) {
    return { error: errorMessage(error) };
  }
}

async function runAsync(evaluator: Evaluator, input: EvaluationInput, criteria: EvaluationCriteria[], options: EvaluateOptions | undefined): Promise<Outcome> {
  if (evaluator.evaluateSync) return runSync(evaluator, input, criteria);
  try {
    return { results: await evaluator.evaluate(input, criteria, options) };
  } catch (error) {
    return { error: errorMessage(error) };
  }
}

/**
 * A child result on 0..1: by the input's declaration of its criterion when there is one, else the
 * normalized score the child computed itself (an LLM judge knows its own scales), else by the score's type.
 */
function childScore(result: EvaluationResult, criterion: EvaluationCriteria | undefined): number | null {
  if (!criterion && typeof result.normalizedScore === 'number') return result.normalizedScore;
  return normalizeScore(result.score, criterion);
}

function component(child: Child, outcome: Outcome, byName: ReadonlyMap<string, EvaluationCriteria>): HybridComponent {
  const base = { type: child.evaluator.type, weight: child.weight };
  if ('error' in outcome) return { ...base, criteria: [...(child.evaluator.criterionNames ?? [])], score: null, status: 'error', reason: outcome.error };
  const criteria = outcome.results.map((result) => result.criterionName);
  let sum = 0;
  let count = 0;
  const reasons: string[] = [];
  for (const result of outcome.results) {
    if (result.error) reasons.push(result.error);
    const normalized = result.error ? null : childScore(result, byName.get(result.criterionName));
    if (normalized === null) {
      if (!result.error) reasons.push(result.reasoning ?? `${result.criterionName} not scored`);
      continue;
    }
    sum += normalized;
    count++;
  }
  if (count > 0) return { ...base, criteria, score: sum / count, status: 'scored' };
  const failed = outcome.results.some((result) => result.error);
  return { ...base, criteria, score: null, status: failed ? 'error' : 'skipped', reason: reasons.join('; ') || 'no results' };
}

function combine(outcomes: Outcome[], children: readonly Child[], criteria: EvaluationCriteria[], opts: z.output<typeof hybridSchema>): EvaluationResult {
  // Direct callers may pass no criteria; the runner and the processor always pass an array.
  const byName = new Map((criteria ?? []).map((criterion) => [criterion.name, criterion]));
  const components = children.map((child, index) => component(child, outcomes[index] ?? { error: 'no outcome' }, byName));
  const scored = components.filter((c) => c.score !== null && c.weight > 0);
  const others = components.filter((c) => !scored.includes(c)).map((c) => `${c.type} ${c.status}${c.reason ? ` (${c.reason})` : ''}`);
  const totalWeight = scored.reduce((sum, c) => sum + c.weight, 0);
  if (totalWeight === 0) {
    const failed = components.some((c) => c.status === 'error');
    const why = `no component could be scored: ${others.join('; ')}`;
    if (!failed) return skippedResult(opts.criterionName, TYPE, why, { components });
    const result = errorResult(opts.criterionName, TYPE, why);
    result.metadata = { ...result.metadata, components };
    return result;
  }
  const score = scored.reduce((sum, c) => sum + c.weight * (c.score ?? 0), 0) / totalWeight;
  const parts = scored.map((c) => `${c.type} ${(c.score ?? 0).toFixed(3)} x ${c.weight}`);
  const result: EvaluationResult = {
    criterionName: opts.criterionName,
    score,
    evaluatorType: TYPE,
    reasoning: `Weighted score ${score.toFixed(3)} from ${scored.length} of ${components.length} components: ${parts.join(', ')}${others.length > 0 ? `; left out: ${others.join('; ')}` : ''}.`,
    metadata: { components },
  };
  if (opts.threshold !== undefined) result.passed = score >= opts.threshold;
  return result;
}

/** Registry entry of `hybrid`. */
export const hybridDefinition: EvaluatorDefinition<z.output<typeof hybridSchema>> = {
  type: TYPE,
  schema: hybridSchema,
  factory: (options) => buildHybrid(options),
  description: 'Weighted combination of child evaluators into one criterion (skipped children left out).',
  cost: 'free',
  latency: 'microseconds',
};
