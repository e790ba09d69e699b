/**
 * Turns the shared model-call options into the objects a judge or embedding evaluator runs with:
 * redactor, cache, rate limiter and retry settings.
 */
import { createJudgeCache, defaultJudgeCache, type JudgeCache } from './cache.ts';
import { defaultRateLimiter, sharedRateLimiter, type RateLimiter } from './rate-limit.ts';
import { createRedactor, type RedactionOptions, type Redactor } from './redact.ts';
import type { RetryOptions } from './retry.ts';

/** The plain-data form of the shared options after validation. */
export interface ModelCallOptions {
  baseURL?: string | undefined;
  apiKeyEnv?: string | undefined;
  timeoutMs: number;
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  redaction: boolean | RedactionOptions;
  cache: boolean | { maxEntries?: number | undefined; directory?: string | undefined; ttlMs?: number | undefined } | JudgeCache;
  rateLimit?: { concurrency?: number | undefined; requestsPerMinute?: number | undefined; tokensPerMinute?: number | undefined } | undefined;
  rateLimiter?: RateLimiter | undefined;
  traceJudgeCalls: boolean;
}

/** What a model-backed evaluator runs with. */
export interface ModelCallResources<V> {
  redactor: Redactor;
  cache: JudgeCache<V> | undefined;
  limiter: RateLimiter;
  retry: RetryOptions;
}

function isCacheObject(value: ModelCallOptions['cache']): value is JudgeCache {
  return typeof value === 'object' && typeof (value as JudgeCache).get === 'function';
}

/** Builds the redactor, cache, limiter and retry settings from validated options. */
export function modelCallResources<V>(options: ModelCallOptions): ModelCallResources<V> {
  const redactor = createRedactor(options.redaction === true ? {} : options.redaction === false ? { enabled: false } : options.redaction);
  let cache: JudgeCache<V> | undefined;
  if (options.cache === true) cache = defaultJudgeCache<V>();
  else if (isCacheObject(options.cache)) cache = options.cache as JudgeCache<V>;
  else if (options.cache !== false) cache = createJudgeCache<V>(stripUndefined(options.cache));
  const limiter = options.rateLimiter ?? (options.rateLimit ? sharedRateLimiter(stripUndefined(options.rateLimit)) : defaultRateLimiter());
  const retry: RetryOptions = { maxRetries: options.maxRetries, timeoutMs: options.timeoutMs, initialDelayMs: options.initialDelayMs, maxDelayMs: options.maxDelayMs };
  return { redactor, cache, limiter, retry };
}

function stripUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}
