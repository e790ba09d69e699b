import type { z } from 'zod';
import { builtinEvaluators } from '../evaluators/builtins.ts';
import { InvalidEvaluatorConfigError, type ConfigIssue } from './errors.ts';
import { zodIssuesToConfigIssues } from './zod-issues.ts';
import type { Evaluator, EvaluatorConfigEntry } from './types.ts';

/** Relative cost of running an evaluator once. */
export type EvaluatorCost = 'free' | 'paid';
/** Typical latency class of one evaluation. */
export type EvaluatorLatency = 'microseconds' | 'milliseconds' | 'seconds';

/** A configurable evaluator type: its options schema, its factory and what it costs. */
export interface EvaluatorDefinition<Options = never> {
  /** The type string used in `evaluatorConfigs`. */
  type: string;
  /** Schema of the options (every key of the config entry except `type`). */
  schema: z.ZodType<Options>;
  /** Builds an evaluator from validated options. */
  factory: (options: Options) => Evaluator;
  /** One line on what it measures. */
  description: string;
  /** Cost class (free: local computation; paid: model calls). */
  cost: EvaluatorCost;
  /** Latency class of one evaluation. */
  latency: EvaluatorLatency;
}

// Options are checked by each definition's own schema before its factory sees them.
type AnyDefinition = EvaluatorDefinition<never> & { factory: (options: unknown) => Evaluator };

const registry = new Map<string, AnyDefinition>();
let seeded = false;

function table(): Map<string, AnyDefinition> {
  if (!seeded) {
    seeded = true;
    for (const definition of builtinEvaluators()) {
      if (!registry.has(definition.type)) registry.set(definition.type, definition as AnyDefinition);
    }
  }
  return registry;
}

/**
 * Adds a configurable evaluator type without touching core code:
 * `registerEvaluator('PiiCheck', (options) => piiCheck(options), z.object({ criterionName: z.string() }))`.
 */
export function registerEvaluator<Options>(
  type: string,
  factory: (options: Options) => Evaluator,
  schema: z.ZodType<Options>,
  info: Partial<Pick<EvaluatorDefinition, 'description' | 'cost' | 'latency'>> = {},
): void {
  if (!type) throw new TypeError('registerEvaluator: type must be a non-empty string');
  table().set(type, {
    type,
    factory,
    schema,
    description: info.description ?? `Custom evaluator ${type}`,
    cost: info.cost ?? 'free',
    latency: info.latency ?? 'milliseconds',
  } as unknown as AnyDefinition);
}

/** The definition registered for a type, if any. */
export function getEvaluatorDefinition(type: string): EvaluatorDefinition<unknown> | undefined {
  return table().get(type) as EvaluatorDefinition<unknown> | undefined;
}

/** Every registered evaluator definition, built-ins first. */
export function listEvaluatorDefinitions(): ReadonlyArray<EvaluatorDefinition<unknown>> {
  return [...table().values()] as ReadonlyArray<EvaluatorDefinition<unknown>>;
}

/** Whether an entry of `evaluatorConfigs` is an Evaluator object rather than a registered type. */
export function isEvaluator(entry: unknown): entry is Evaluator {
  return typeof entry === 'object' && entry !== null && typeof (entry as Evaluator).evaluate === 'function';
}

/** Result of validating evaluator entries: the evaluators when every entry is valid, and all problems. */
export interface EvaluatorValidation {
  evaluators: Evaluator[];
  issues: ConfigIssue[];
}

const entryCache = new WeakMap<object, Evaluator>();
const listCache = new WeakMap<readonly EvaluatorConfigEntry[], Evaluator[]>();

/**
 * Validates every entry and instantiates the evaluators, collecting all problems with their key paths
 * (`evaluatorConfigs[2].rules[0].pattern: ...`) instead of stopping at the first.
 */
export function validateEvaluatorConfigs(entries: readonly EvaluatorConfigEntry[], path = 'evaluatorConfigs'): EvaluatorValidation {
  const issues: ConfigIssue[] = [];
  const evaluators: Evaluator[] = [];
  if (!Array.isArray(entries)) {
    return { evaluators, issues: [{ path, message: 'must be an array of evaluator configs', fix: 'e.g. [{ type: "RuleBased", rules: [...] }]' }] };
  }
  entries.forEach((entry, index) => {
    const evaluator = instantiate(entry, `${path}[${index}]`, issues);
    if (evaluator) evaluators.push(evaluator);
  });
  return { evaluators, issues };
}

/**
 * Validates and instantiates evaluators, throwing {@link InvalidEvaluatorConfigError} listing every problem.
 * Results are cached per config array and per entry, so a hot loop does not re-validate.
 */
export function resolveEvaluators(entries: readonly EvaluatorConfigEntry[], path = 'evaluatorConfigs'): Evaluator[] {
  const cached = Array.isArray(entries) ? listCache.get(entries) : undefined;
  if (cached) return cached;
  const { evaluators, issues } = validateEvaluatorConfigs(entries, path);
  if (issues.length > 0) throw new InvalidEvaluatorConfigError(issues);
  listCache.set(entries, evaluators);
  return evaluators;
}

function instantiate(entry: unknown, path: string, issues: ConfigIssue[]): Evaluator | undefined {
  if (isEvaluator(entry)) return entry;
  if (typeof entry !== 'object' || entry === null) {
    issues.push({ path, message: `must be an evaluator config object or an Evaluator, got ${entry === null ? 'null' : typeof entry}`, fix: 'use { type: "<EvaluatorType>", ...options }' });
    return undefined;
  }
  const cached = entryCache.get(entry);
  if (cached) return cached;
  const { type, config, ...rest } = entry as Record<string, unknown>;
  if (typeof type !== 'string' || type === '') {
    issues.push({ path: `${path}.type`, message: 'is missing', fix: `set type to one of ${knownTypes()}` });
    return undefined;
  }
  const definition = table().get(type);
  if (!definition) {
    issues.push({ path: `${path}.type`, message: `unknown evaluator type "${type}"`, fix: `use one of ${knownTypes()}, or registerEvaluator("${type}", factory, schema) first` });
    return undefined;
  }
  // The seed's `{ type, config: { ... } }` form is accepted by lifting `config` into the options.
  const nested = typeof config === 'object' && config !== null && !Array.isArray(config);
  const options = nested ? { ...(config as Record<string, unknown>), ...rest } : config === undefined ? rest : { ...rest, config };
  const parsed = definition.schema.safeParse(options);
  if (!parsed.success) {
    const nestedKeys = nested ? new Set(Object.keys(config as object)) : new Set<string>();
    issues.push(...zodIssuesToConfigIssues(parsed.error.issues, path, (key) => (nestedKeys.has(key) ? `config.${key}` : key)));
    return undefined;
  }
  try {
    const evaluator = definition.factory(parsed.data);
    entryCache.set(entry, evaluator);
    return evaluator;
  } catch (error) {
    issues.push({ path, message: `could not be created: ${error instanceof Error ? error.message : String(error)}` });
    return undefined;
  }
}

function knownTypes(): string {
  return [...table().keys()].join(', ');
}
