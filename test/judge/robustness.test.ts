import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APICallError } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { runEvaluation } from '../../src/core/run-evaluation.ts';
import { TokenBudget } from '../../src/judge/budget.ts';
import { cacheKey, createJudgeCache } from '../../src/judge/cache.ts';
import { JudgeError } from '../../src/judge/judge-error.ts';
import { llmJudge } from '../../src/judge/llm-judge.ts';
import { RateLimiter } from '../../src/judge/rate-limit.ts';
import { backoffDelay, classifyError, retryAfterMs, withRetry } from '../../src/judge/retry.ts';
import { mockJudge, verdictFor } from './mock-judge.ts';

const apiError = (statusCode: number, headers: Record<string, string> = {}) =>
  new APICallError({ message: `HTTP ${statusCode}`, url: 'http://x', requestBodyValues: {}, statusCode, responseHeaders: headers, isRetryable: statusCode === 429 || statusCode >= 500 });

const criteria = [{ name: 'ok', description: 'Fine.', scale: 'likert5' }];
const input = (response: string) => ({ response, criteria: [] });

describe('retry', () => {
  it('classifies 429, 408, 5xx, 4xx and timeouts', () => {
    expect(classifyError(apiError(429, { 'retry-after': '3' }))).toEqual({ errorType: 'rate_limited', retryable: true, retryAfterMs: 3000 });
    expect(classifyError(apiError(408))).toMatchObject({ errorType: 'timeout', retryable: true });
    expect(classifyError(apiError(502))).toMatchObject({ errorType: 'provider_error', retryable: true });
    expect(classifyError(apiError(400))).toMatchObject({ errorType: 'provider_error', retryable: false });
    expect(classifyError(new Error('x'))).toMatchObject({ errorType: 'provider_error', retryable: false });
  });

  it('reads retry-after-ms, Retry-After seconds and HTTP dates', () => {
    expect(retryAfterMs({ 'retry-after-ms': '250' })).toBe(250);
    expect(retryAfterMs({ 'Retry-After': '2' })).toBe(2000);
    expect(retryAfterMs({ 'retry-after': new Date(10_000).toUTCString() }, 4_000)).toBe(6000);
    expect(retryAfterMs({})).toBeUndefined();
  });

  it('backs off exponentially with jitter, capped, and never below Retry-After', () => {
    const klass = { errorType: 'provider_error' as const, retryable: true };
    expect(backoffDelay(1, klass, { initialDelayMs: 100 }, () => 0)).toBe(50);
    expect(backoffDelay(3, klass, { initialDelayMs: 100 }, () => 1)).toBe(400);
    expect(backoffDelay(10, klass, { initialDelayMs: 100, maxDelayMs: 1000 }, () => 1)).toBe(1000);
    expect(backoffDelay(1, { ...klass, retryAfterMs: 700 }, { initialDelayMs: 100 }, () => 0)).toBe(700);
  });

  it('retries retryable failures, sleeping as computed, then succeeds', async () => {
    const sleeps: number[] = [];
    let calls = 0;
    const value = await withRetry(
      async () => {
        calls += 1;
        if (calls === 1) throw apiError(429, { 'retry-after-ms': '123' });
        if (calls === 2) throw apiError(500);
        return 'ok';
      },
      { sleep: async (ms) => void sleeps.push(ms), initialDelayMs: 10 },
    );
    expect(value).toBe('ok');
    expect(calls).toBe(3);
    expect(sleeps[0]).toBe(123);
    expect(sleeps[1]).toBeGreaterThanOrEqual(10);
  });

  it('does not retry a 400 and gives up after maxRetries with a typed JudgeError', async () => {
    let calls = 0;
    const bad = withRetry(async () => {
      calls += 1;
      throw apiError(400);
    }, { sleep: async () => undefined });
    await expect(bad).rejects.toSatisfy((error: unknown) => JudgeError.isInstance(error) && error.errorType === 'provider_error');
    expect(calls).toBe(1);
    const busy = withRetry(async () => Promise.reject(apiError(503)), { maxRetries: 2, sleep: async () => undefined });
    await expect(busy).rejects.toSatisfy((error: unknown) => JudgeError.isInstance(error) && error.attempts === 3);
  });

  it('aborts a slow attempt at its timeout and passes the abort to the call', async () => {
    let aborted = false;
    const slow = withRetry(
      (signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => (aborted = true));
          setTimeout(resolve, 1000);
        }),
      { timeoutMs: 20, maxRetries: 0 },
    );
    await expect(slow).rejects.toSatisfy((error: unknown) => JudgeError.isInstance(error) && error.errorType === 'timeout');
    expect(aborted).toBe(true);
  });
});

describe('rate limiter', () => {
  it('keeps at most `concurrency` calls in flight, in arrival order', async () => {
    const limiter = new RateLimiter({ concurrency: 2 });
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        limiter.run(0, async () => {
          order.push(i);
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, 10));
          active -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('spaces requests by the requests-per-minute bucket', async () => {
    const limiter = new RateLimiter({ requestsPerMinute: 600 });
    const started = performance.now();
    // 600/min = one per 100 ms after the bucket's burst of 600; drain the burst first.
    await Promise.all(Array.from({ length: 600 }, () => limiter.run(0, async () => undefined)));
    await Promise.all(Array.from({ length: 3 }, () => limiter.run(0, async () => undefined)));
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('waits for the tokens-per-minute bucket, corrected by actual usage', async () => {
    const limiter = new RateLimiter({ tokensPerMinute: 60_000 });
    await limiter.run(1000, async () => undefined, () => 61_000);
    const started = performance.now();
    await limiter.run(100, async () => undefined);
    // 1,000 reserved but 61,000 used leaves the bucket 1,000 in debt: 1,100 tokens at 1,000 tokens/s.
    // Without the correction nothing would wait.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
  });
});

describe('shared limits across evaluators', () => {
  it('evaluators configured with equal rateLimit share one limiter, so the limit holds for the process', async () => {
    let active = 0;
    let peak = 0;
    const answer = (call: { criterionNames: string[] }) => verdictFor(call.criterionNames, 4);
    const slow = () =>
      Object.assign(mockJudge(answer), {
        doGenerate: async () => {
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, 15));
          active -= 1;
          return mockJudge(answer).doGenerate({ prompt: [{ role: 'system', content: '- "ok" (x): y' }] } as never);
        },
      });
    const limits = { concurrency: 3, requestsPerMinute: 100_000 };
    const a = llmJudge({ model: slow(), criteria, cache: false, rateLimit: limits });
    const b = llmJudge({ model: slow(), criteria, cache: false, rateLimit: limits });
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).evaluate(input(`r${i}`), [])));
    expect(peak).toBe(3);
  });
});

describe('cache', () => {
  let directory: string | undefined;
  afterEach(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('keys by length-prefixed parts, evicts the least recently used, and honours a TTL', async () => {
    expect(cacheKey(['ab', 'c'])).not.toBe(cacheKey(['a', 'bc']));
    const cache = createJudgeCache<number>({ maxEntries: 2 });
    await cache.set('a', 1);
    await cache.set('b', 2);
    await cache.get('a');
    await cache.set('c', 3);
    expect([await cache.get('a'), await cache.get('b'), await cache.get('c')]).toEqual([1, undefined, 3]);
    const expiring = createJudgeCache<number>({ ttlMs: 1 });
    await expiring.set('x', 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await expiring.get('x')).toBeUndefined();
  });

  it('persists judge calls on disk so another process (a new cache) is served without a model call', async () => {
    directory = await mkdtemp(join(tmpdir(), 'otel-evals-judge-'));
    const model = mockJudge((call) => verdictFor(call.criterionNames, 4));
    await llmJudge({ model, criteria, cache: { directory }, rateLimiter: new RateLimiter() }).evaluate(input('hello'), []);
    expect((await readdir(directory)).filter((f) => f.endsWith('.json'))).toHaveLength(1);
    const [again] = await llmJudge({ model, criteria, cache: { directory }, rateLimiter: new RateLimiter() }).evaluate(input('hello'), []);
    expect(model.seen).toHaveLength(1);
    expect(again).toMatchObject({ score: 4, metadata: { cached: true, usage: { inputTokens: 0, outputTokens: 0 } } });
  });

  it('makes identical concurrent evaluations cost one call', async () => {
    const model = mockJudge((call) => verdictFor(call.criterionNames, 4), { delayMs: 20 });
    const judge = llmJudge({ model, criteria, cache: createJudgeCache(), rateLimiter: new RateLimiter() });
    const results = await Promise.all(Array.from({ length: 5 }, () => judge.evaluate(input('same'), [])));
    expect(model.seen).toHaveLength(1);
    expect(results.filter(([r]) => r?.metadata?.cached === false)).toHaveLength(1);
    // Changing a setting that reaches the model changes the key.
    await llmJudge({ model, criteria, cache: createJudgeCache(), temperature: 0.5, rateLimiter: new RateLimiter() }).evaluate(input('same'), []);
    expect(model.seen).toHaveLength(2);
  });
});

describe('runner timeout shorter than the judge (docs/evaluators/llm-judge.md, settings for the span processor)', () => {
  it('gives a timeout error result and cancels the judge call, freeing its limiter slot and spending no more', async () => {
    const model = mockJudge((call) => verdictFor(call.criterionNames, 4), { delayMs: 300 });
    const limiter = new RateLimiter({ concurrency: 1 });
    const judge = llmJudge({ model, criteria, cache: createJudgeCache(), rateLimiter: limiter });
    const aggregated = await runEvaluation({ response: 'slow', criteria }, { evaluatorConfigs: [judge], evaluatorTimeoutMillis: 30 });
    expect(aggregated.results).toMatchObject([{ criterionName: 'ok', label: 'error', metadata: { errorType: 'timeout' } }]);
    // The call was aborted (no retry followed) and its slot is free: another evaluation does not wait for it.
    const other = mockJudge((call) => verdictFor(call.criterionNames, 2));
    const waited = performance.now();
    await llmJudge({ model: other, criteria, cache: false, rateLimiter: limiter }).evaluate(input('other'), []);
    expect(performance.now() - waited).toBeLessThan(200);
    expect(model.seen).toHaveLength(1);
    expect(limiter.inFlight).toBe(0);
  });

  it('leaves a call shared with a caller that still waits running, and abandons a wait for a limiter slot', async () => {
    const model = mockJudge((call) => verdictFor(call.criterionNames, 4), { delayMs: 100 });
    const limiter = new RateLimiter({ concurrency: 1 });
    const judge = llmJudge({ model, criteria, cache: createJudgeCache(), rateLimiter: limiter });
    const [impatient, patient] = await Promise.all([
      runEvaluation({ response: 'shared', criteria }, { evaluatorConfigs: [judge], evaluatorTimeoutMillis: 20 }),
      runEvaluation({ response: 'shared', criteria }, { evaluatorConfigs: [judge], evaluatorTimeoutMillis: 5_000 }),
    ]);
    expect(impatient.results[0]).toMatchObject({ label: 'error', metadata: { errorType: 'timeout' } });
    expect(patient.results[0]).toMatchObject({ score: 4, label: 'pass' });
    expect(model.seen).toHaveLength(1);

    // A second input queued behind the first for the only slot gives up at its timeout without a call.
    const [, queued] = await Promise.all([
      runEvaluation({ response: 'first', criteria }, { evaluatorConfigs: [judge], evaluatorTimeoutMillis: 5_000 }),
      runEvaluation({ response: 'second', criteria }, { evaluatorConfigs: [judge], evaluatorTimeoutMillis: 20 }),
    ]);
    expect(queued.results[0]).toMatchObject({ label: 'error', metadata: { errorType: 'timeout' } });
    // Long enough for a call that still waited for the slot to have been made.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(model.seen.map((call) => call.prompt.includes('second'))).toEqual([false, false]);
    expect(limiter.waiting).toBe(0);
  });
});

describe('token budget', () => {
  it('skips with reason budget_exceeded once the window is spent, counts the skips, and recovers', async () => {
    let now = 0;
    const budget = new TokenBudget({ maxTokens: 200, windowMs: 1000 }, () => now);
    const model = mockJudge((call) => verdictFor(call.criterionNames, 4), { usage: { input: 100, output: 20 } });
    const judge = llmJudge({ model, criteria, budget, cache: createJudgeCache(), rateLimiter: new RateLimiter() });
    const first = await judge.evaluate(input('a'), []);
    const second = await judge.evaluate(input('b'), []);
    const third = await judge.evaluate(input('c'), []);
    expect([first[0]?.score, second[0]?.score]).toEqual([4, 4]);
    expect(third[0]).toMatchObject({ score: null, label: 'skipped', reasoning: 'skipped: budget_exceeded', metadata: { reason: 'budget_exceeded' } });
    expect(budget.used).toBe(240);
    expect(budget.skipped).toBe(1);
    // Cache hits cost nothing and are served even with the budget spent.
    expect((await judge.evaluate(input('a'), []))[0]?.score).toBe(4);
    now = 1500;
    expect((await judge.evaluate(input('c'), []))[0]?.score).toBe(4);
    expect(model.seen).toHaveLength(3);
  });

  it('accepts a per-rule budget from config', async () => {
    const model = mockJudge((call) => verdictFor(call.criterionNames, 4), { usage: { input: 100, output: 20 } });
    const judge = llmJudge({ model, criteria, budget: { maxTokens: 100 }, cache: false, rateLimiter: new RateLimiter() });
    await judge.evaluate(input('a'), []);
    expect((await judge.evaluate(input('b'), []))[0]?.metadata?.reason).toBe('budget_exceeded');
  });
});
