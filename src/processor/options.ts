/**
 * Validation of the processor options, in code and from files: every problem is collected with its key
 * path (`rules[0].evaluators[1].pattern`) and reported at once; construction is the one place that
 * throws. The result is the resolved form the processor runs on: compiled matchers, instantiated
 * evaluators, defaults applied.
 */
import type { MeterProvider, TracerProvider } from '@opentelemetry/api';
import { z } from 'zod';
import { InvalidEvaluatorConfigError } from '../core/errors.ts';
import type { ConfigIssue } from '../core/errors.ts';
import { DEFAULT_EVALUATOR_TIMEOUT_MILLIS } from '../core/execute.ts';
import { criteriaByName, DEFAULT_THRESHOLD } from '../core/finalize.ts';
import { validateEvaluatorConfigs } from '../core/registry.ts';
import type { EvaluationCriteria, EvaluationInput, EvaluationStorageProvider, Evaluator, InputLimits } from '../core/types.ts';
import { zodIssuesToConfigIssues } from '../core/zod-issues.ts';
import type { EmitSwitches, Emitter, LoggerProviderLike } from '../emit/types.ts';
import { compileMatch } from './match.ts';
import type { CompiledMatch } from './match.ts';
import { DEFAULT_TRACE_BUFFER_LIMITS } from './trace-buffer.ts';
import type { TraceBufferLimits } from './trace-buffer.ts';
import type { EvaluatingSpanProcessorOptions, EvaluationRule } from './types.ts';

/** Default number of evaluations waiting at most. */
export const DEFAULT_MAX_QUEUE_SIZE = 2048;
/** Default number of evaluations running at once. */
export const DEFAULT_CONCURRENCY = 8;
/** Default time `shutdown()` waits for queued evaluations, in milliseconds. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MILLIS = 30_000;
/** Default inline evaluation budget per span, in microseconds. */
export const DEFAULT_INLINE_BUDGET_MICROS = 2000;

/** A rule ready to run. */
export interface ResolvedRule {
  name: string;
  match: CompiledMatch;
  sample: number;
  criteria: EvaluationCriteria[];
  criteriaByName: Map<string, EvaluationCriteria>;
  evaluators: Evaluator[];
  groundTruth?: (input: EvaluationInput) => unknown;
  threshold: number;
  /** Every evaluator has `evaluateSync`: the whole rule may run inline in `onEnding`. */
  syncOnly: boolean;
  /** Some evaluator has `evaluateSync`: that part may run inline, the rest from the queue. */
  hasSync: boolean;
  /** Set once the move of this rule from inline to queued evaluation was logged. */
  demotionLogged?: boolean;
}

/** Options with defaults applied and rules compiled. */
export interface ResolvedOptions {
  rules: ResolvedRule[];
  maxQueueSize: number;
  concurrency: number;
  evaluationTimeoutMillis: number;
  shutdownTimeoutMillis: number;
  traceBuffer: TraceBufferLimits;
  emit: Required<EmitSwitches>;
  inlineBudgetMicros: number;
  evaluateUnsampled: boolean;
  inputLimits?: InputLimits;
  storageProvider?: EvaluationStorageProvider;
  emitter?: Emitter;
  loggerProvider?: LoggerProviderLike;
  meterProvider?: MeterProvider;
  tracerProvider?: TracerProvider;
}

const hasMethod = (name: string) => (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[name] === 'function';
const objectWith = (name: string, example: string) =>
  z.custom<object>(hasMethod(name), { message: `must be an object with a ${name}() method`, params: { fix: example } });
const isFunction = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', { message: 'must be a function' });
const pattern = z.union([z.string(), z.instanceof(RegExp)]);
const stringMatcher = z.union([pattern, z.array(pattern)]);
const dialect = z.enum(['genai', 'ai-sdk-legacy', 'openllmetry', 'openinference']);
const role = z.enum(['agent', 'llm', 'tool', 'step', 'chain', 'other']);
const positiveInt = z.int().min(1);

/** Schema of a rule's `match`. */
export const ruleMatchSchema = z.strictObject({
  operation: stringMatcher.optional(),
  spanName: stringMatcher.optional(),
  agentName: stringMatcher.optional(),
  model: stringMatcher.optional(),
  provider: stringMatcher.optional(),
  toolName: stringMatcher.optional(),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), isFunction])).optional(),
  dialect: z.union([dialect, z.array(dialect)]).optional(),
  role: z.union([role, z.array(role)]).optional(),
});

const criterionSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  scale: z.union([z.string().min(1), z.strictObject({ min: z.number(), max: z.number() })]),
  weight: z.number().min(0).optional(),
  threshold: z.number().min(0).max(1).optional(),
  labelScores: z.record(z.string(), z.number()).optional(),
});

const ruleSchema = z.strictObject({
  name: z.string().min(1),
  match: ruleMatchSchema.optional(),
  sample: z.number().min(0).max(1).optional(),
  criteria: z.array(criterionSchema).min(1, { message: 'needs at least one criterion' }),
  evaluators: z.array(z.unknown()).min(1, { message: 'needs at least one evaluator' }),
  groundTruth: isFunction.optional(),
  threshold: z.number().min(0).max(1).optional(),
});

/** Schema of the processor options (evaluator entries are checked by the registry afterwards). */
export const processorOptionsSchema = z.strictObject({
  rules: z.array(ruleSchema).min(1, { message: 'needs at least one rule' }),
  loggerProvider: objectWith('getLogger', 'pass a LoggerProvider from @opentelemetry/sdk-logs').optional(),
  meterProvider: objectWith('getMeter', 'pass a MeterProvider from @opentelemetry/sdk-metrics').optional(),
  tracerProvider: objectWith('getTracer', 'pass a TracerProvider from @opentelemetry/sdk-trace').optional(),
  maxQueueSize: positiveInt.optional(),
  concurrency: positiveInt.optional(),
  evaluationTimeoutMillis: z.number().positive().optional(),
  shutdownTimeoutMillis: z.number().positive().optional(),
  traceBuffer: z.strictObject({
    maxSpansPerTrace: positiveInt.optional(),
    maxTraces: positiveInt.optional(),
    maxBufferedSpans: positiveInt.optional(),
    traceTtlMillis: z.number().positive().optional(),
  }).optional(),
  emit: z.strictObject({
    events: z.boolean().optional(),
    evaluationSpans: z.boolean().optional(),
    metrics: z.boolean().optional(),
    spanAttributes: z.boolean().optional(),
  }).optional(),
  inlineBudgetMicros: z.number().min(0).optional(),
  evaluateUnsampled: z.boolean().optional(),
  inputLimits: z.strictObject({ maxChars: positiveInt.optional(), onOversize: z.enum(['truncate', 'skip']).optional() }).optional(),
  storageProvider: objectWith('saveResult', 'pass an EvaluationStorageProvider such as JsonFileStorageProvider').optional(),
  emitter: objectWith('emit', 'pass an Emitter (see src/emit/types.ts)').optional(),
});

/** Every problem of the options, with key paths; evaluator entries are validated through the registry. */
export function collectOptionIssues(options: unknown): { issues: ConfigIssue[]; evaluators: Evaluator[][] } {
  const parsed = processorOptionsSchema.safeParse(options);
  const issues: ConfigIssue[] = parsed.success ? [] : zodIssuesToConfigIssues(parsed.error.issues, '');
  const evaluators: Evaluator[][] = [];
  const rules = (options as { rules?: unknown } | undefined)?.rules;
  if (!Array.isArray(rules)) return { issues, evaluators };
  const names = new Set<string>();
  rules.forEach((rule: unknown, index) => {
    const { name, evaluators: entries } = (rule ?? {}) as { name?: unknown; evaluators?: unknown };
    if (typeof name === 'string' && names.has(name)) {
      issues.push({ path: `rules[${index}].name`, message: `duplicate rule name "${name}"`, fix: 'give every rule a unique name' });
    }
    if (typeof name === 'string') names.add(name);
    if (!Array.isArray(entries)) return;
    const validation = validateEvaluatorConfigs(entries, `rules[${index}].evaluators`);
    issues.push(...validation.issues);
    evaluators[index] = validation.evaluators;
  });
  return { issues, evaluators };
}

/** Validates options and resolves them, throwing InvalidEvaluatorConfigError listing every problem. */
export function resolveProcessorOptions(options: EvaluatingSpanProcessorOptions): ResolvedOptions {
  const { issues, evaluators } = collectOptionIssues(options);
  if (issues.length > 0) throw new InvalidEvaluatorConfigError(issues, 'Invalid EvaluatingSpanProcessor options');
  const buffer = options.traceBuffer ?? {};
  const resolved: ResolvedOptions = {
    rules: options.rules.map((rule, index) => resolveRule(rule, evaluators[index] ?? [])),
    maxQueueSize: options.maxQueueSize ?? DEFAULT_MAX_QUEUE_SIZE,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    evaluationTimeoutMillis: options.evaluationTimeoutMillis ?? DEFAULT_EVALUATOR_TIMEOUT_MILLIS,
    shutdownTimeoutMillis: options.shutdownTimeoutMillis ?? DEFAULT_SHUTDOWN_TIMEOUT_MILLIS,
    traceBuffer: {
      maxSpansPerTrace: buffer.maxSpansPerTrace ?? DEFAULT_TRACE_BUFFER_LIMITS.maxSpansPerTrace,
      maxTraces: buffer.maxTraces ?? DEFAULT_TRACE_BUFFER_LIMITS.maxTraces,
      maxBufferedSpans: buffer.maxBufferedSpans ?? DEFAULT_TRACE_BUFFER_LIMITS.maxBufferedSpans,
      traceTtlMillis: buffer.traceTtlMillis ?? DEFAULT_TRACE_BUFFER_LIMITS.traceTtlMillis,
    },
    emit: {
      events: options.emit?.events ?? true,
      evaluationSpans: options.emit?.evaluationSpans ?? true,
      metrics: options.emit?.metrics ?? true,
      spanAttributes: options.emit?.spanAttributes ?? true,
    },
    inlineBudgetMicros: options.inlineBudgetMicros ?? DEFAULT_INLINE_BUDGET_MICROS,
    evaluateUnsampled: options.evaluateUnsampled ?? true,
  };
  if (options.inputLimits) resolved.inputLimits = options.inputLimits;
  if (options.storageProvider) resolved.storageProvider = options.storageProvider;
  if (options.emitter) resolved.emitter = options.emitter;
  if (options.loggerProvider) resolved.loggerProvider = options.loggerProvider;
  if (options.meterProvider) resolved.meterProvider = options.meterProvider;
  if (options.tracerProvider) resolved.tracerProvider = options.tracerProvider;
  return resolved;
}

function resolveRule(rule: EvaluationRule, evaluators: Evaluator[]): ResolvedRule {
  const resolved: ResolvedRule = {
    name: rule.name,
    match: compileMatch(rule.match),
    sample: rule.sample ?? 1,
    criteria: rule.criteria,
    criteriaByName: criteriaByName(rule.criteria),
    evaluators,
    threshold: rule.threshold ?? DEFAULT_THRESHOLD,
    syncOnly: evaluators.length > 0 && evaluators.every((evaluator) => typeof evaluator.evaluateSync === 'function'),
    hasSync: evaluators.some((evaluator) => typeof evaluator.evaluateSync === 'function'),
  };
  if (rule.groundTruth) resolved.groundTruth = rule.groundTruth;
  return resolved;
}
