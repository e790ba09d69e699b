/**
 * Options of `LLMJudge` / `llm_judge`, one schema for code and config files. Objects that only code
 * can pass (a model, a cache, a limiter, a budget, a redaction function) are accepted alongside their
 * plain-data forms.
 */
import { z } from 'zod';
import type { LanguageModel } from 'ai';
import { BUILTIN_REDACTIONS, type BuiltinRedaction } from './redact.ts';
import type { JudgeCache } from './cache.ts';
import { RateLimiter } from './rate-limit.ts';
import { TokenBudget } from './budget.ts';
import { getJudgeTemplate, JUDGE_TEMPLATE_NAMES } from './templates.ts';
import { templateVariables } from './render.ts';

/** Whether a value looks like an AI SDK model object (has `modelId` and `provider`). */
export function isModelObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { modelId?: unknown }).modelId === 'string' && typeof (value as { provider?: unknown }).provider === 'string';
}

/** `provider:model` string or an AI SDK model object. */
export const modelOptionSchema = z.union([
  z.string().regex(/^[A-Za-z0-9_-]+:.+/, 'must be "<provider>:<model>", e.g. "openai:gpt-4o-mini" or "openai-compatible:ollama:llama3.1"'),
  z.custom<Exclude<LanguageModel, string>>(isModelObject, 'must be a "provider:model" string or an AI SDK model object'),
]);

const scaleSchema = z.union([z.string().min(1), z.strictObject({ min: z.number(), max: z.number() })]);

/** A criterion given in the judge options. */
export const judgeCriterionSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1),
  scale: scaleSchema.default('likert5'),
  weight: z.number().min(0).optional(),
  threshold: z.number().min(0).max(1).optional(),
  labelScores: z.record(z.string(), z.number()).optional(),
  scoreDescriptions: z.record(z.string(), z.string()).optional(),
});

/** An EvalRubric: weighted criteria with a min..max scale (and what each score means), a passing threshold on the weighted score, optional overall feedback. */
export const rubricSchema = z.strictObject({
  criteria: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        description: z.string().min(1),
        weight: z.number().min(0),
        scale: z.strictObject({ min: z.number(), max: z.number(), descriptions: z.record(z.string(), z.string()).optional() }).refine((s) => s.max > s.min, 'max must be greater than min'),
      }),
    )
    .min(1),
  passingThreshold: z.number().min(0).max(1),
  overallFeedback: z.boolean().optional(),
});

/** The EvalRubric form of rubric criteria. */
export type EvalRubric = z.input<typeof rubricSchema>;

const redactionSchema = z.union([
  z.boolean(),
  z.strictObject({
    builtins: z.array(z.enum(BUILTIN_REDACTIONS as [BuiltinRedaction, ...BuiltinRedaction[]])).optional(),
    patterns: z.array(z.strictObject({ name: z.string().min(1), pattern: z.union([z.string().min(1), z.instanceof(RegExp)]), replacement: z.string().optional() })).optional(),
    redact: z.custom<(text: string) => string>((value) => typeof value === 'function', 'must be a function').optional(),
  }),
]);

const cacheSchema = z.union([
  z.boolean(),
  z.strictObject({ maxEntries: z.number().int().positive().optional(), directory: z.string().min(1).optional(), ttlMs: z.number().positive().optional() }),
  z.custom<JudgeCache>((value) => typeof value === 'object' && value !== null && typeof (value as JudgeCache).get === 'function' && typeof (value as JudgeCache).set === 'function'),
]);

/** Shared options of model-backed evaluators (judge and embeddings). */
export const modelCallOptionsShape = {
  /** Base URL of the API for `provider:model` strings. */
  baseURL: z.string().url().optional(),
  /** Environment variable holding the API key for `provider:model` strings. */
  apiKeyEnv: z.string().min(1).optional(),
  /** Timeout of each attempt in ms. */
  timeoutMs: z.number().int().positive().default(30_000),
  /** Retries on 429, 5xx and timeouts. */
  maxRetries: z.number().int().min(0).max(10).default(3),
  /** First backoff delay in ms. */
  initialDelayMs: z.number().int().min(0).default(500),
  /** Cap of one backoff delay in ms. */
  maxDelayMs: z.number().int().min(0).default(30_000),
  /** Judge-only redaction: true (default, all built-ins), false, or settings. */
  redaction: redactionSchema.default(true),
  /** Cache: true (default, the shared in-memory cache), false, settings, or a cache object. */
  cache: cacheSchema.default(true),
  /** Limits for a limiter shared by every evaluator configured with the same limits. */
  rateLimit: z.strictObject({ concurrency: z.number().int().positive().optional(), requestsPerMinute: z.number().positive().optional(), tokensPerMinute: z.number().positive().optional() }).optional(),
  /** A limiter instance (overrides rateLimit). */
  rateLimiter: z.instanceof(RateLimiter).optional(),
  /** Keep AI SDK telemetry on for judge calls even when tracing cannot be suppressed (spans are marked). */
  traceJudgeCalls: z.boolean().default(false),
};

/** Options schema of `LLMJudge` / `llm_judge`. */
export const llmJudgeSchema = z
  .strictObject({
    model: modelOptionSchema,
    template: z.string().min(1).default('default'),
    instructions: z.string().min(1).optional(),
    criteria: z.array(judgeCriterionSchema).min(1).optional(),
    criterionNames: z.array(z.string().min(1)).min(1).optional(),
    rubric: rubricSchema.optional(),
    threshold: z.number().min(0).max(1).optional(),
    temperature: z.number().min(0).max(2).default(0),
    seed: z.number().int().optional().default(42),
    maxOutputTokens: z.number().int().positive().optional(),
    samples: z.number().int().min(1).max(10).default(1),
    failureAnalysis: z.boolean().default(false),
    budget: z.union([z.strictObject({ maxTokens: z.number().int().positive(), windowMs: z.number().int().positive().optional() }), z.instanceof(TokenBudget)]).optional(),
    ...modelCallOptionsShape,
  })
  .superRefine((options, ctx) => {
    if (getJudgeTemplate(options.template)) return;
    if (!options.template.includes('{{')) {
      ctx.addIssue({ code: 'custom', path: ['template'], message: `unknown template "${options.template}"; use one of ${JUDGE_TEMPLATE_NAMES.join(', ')}, or a prompt text with {{response}} and other variables` });
      return;
    }
    try {
      templateVariables(options.template);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['template'], message: (error as Error).message });
    }
  });

/** Options of {@link llmJudge}, as written in code or files. */
export type LLMJudgeOptions = z.input<typeof llmJudgeSchema>;
/** Validated options of the judge. */
export type ParsedLLMJudgeOptions = z.output<typeof llmJudgeSchema>;
