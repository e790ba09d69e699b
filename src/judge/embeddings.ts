/**
 * Embeddings for NLPAccuracy: a micro-batcher that collects the
 * texts of concurrently queued evaluations for a few milliseconds and embeds them with one `embedMany`
 * call, through the shared rate limiter, our retries and suppressed tracing. Vectors are cached by
 * model and text; identical texts in flight share one request.
 */
import { embedMany } from 'ai';
import type { EmbeddingModel } from 'ai';
export { cosineSimilarity } from './cosine.ts';
import { withTracingSuppressed } from '../core/suppress-tracing.ts';
import { cacheKey, type JudgeCache } from './cache.ts';
import { JUDGE_RUNTIME_CONTEXT_KEY, judgeTelemetry } from './judge-span.ts';
import type { RateLimiter } from './rate-limit.ts';
import { withRetry, type RetryOptions } from './retry.ts';

/** One embedded text: its vector, the tokens attributed to it, and whether it came from the cache. */
export interface EmbeddedText {
  vector: number[];
  tokens: number;
  cached: boolean;
}

/** Options of an {@link EmbeddingBatcher}. */
export interface EmbeddingBatcherOptions {
  model: () => Promise<Exclude<EmbeddingModel, string>>;
  /** Stable model id for cache keys. */
  modelId: string;
  limiter: RateLimiter;
  retry: RetryOptions;
  cache?: JudgeCache<number[]> | undefined;
  /** How long to collect texts before a call, in ms (default 5). */
  batchDelayMs?: number;
  /** Texts per call at most (default 64). */
  maxBatchSize?: number;
  /** Keep AI SDK telemetry on even when tracing cannot be suppressed. */
  traceJudgeCalls?: boolean;
}

interface Pending {
  text: string;
  key: string;
  resolve: (value: EmbeddedText) => void;
  reject: (error: unknown) => void;
}

/** Collects texts for a few milliseconds and embeds them together. */
export class EmbeddingBatcher {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly inflight = new Map<string, Promise<EmbeddedText>>();
  /** Provider calls made so far. */
  calls = 0;

  constructor(private readonly options: EmbeddingBatcherOptions) {}

  /** Embeds one text, batched with the others queued within `batchDelayMs`. */
  async embed(text: string): Promise<EmbeddedText> {
    const key = cacheKey([this.options.modelId, text]);
    const cached = await this.options.cache?.get(key);
    if (cached) return { vector: cached, tokens: 0, cached: true };
    const pending = this.inflight.get(key);
    if (pending) return pending.then((value) => ({ ...value, tokens: 0, cached: true }));
    const promise = new Promise<EmbeddedText>((resolve, reject) => {
      this.queue.push({ text, key, resolve, reject });
      if (this.queue.length >= (this.options.maxBatchSize ?? 64)) this.flushSoon(0);
      else this.flushSoon(this.options.batchDelayMs ?? 5);
    });
    this.inflight.set(key, promise);
    const clear = (): void => {
      this.inflight.delete(key);
    };
    promise.then(clear, clear);
    return promise;
  }

  private flushSoon(delayMs: number): void {
    if (this.timer && delayMs > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, delayMs);
  }

  private flush(): void {
    const max = this.options.maxBatchSize ?? 64;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, max);
      void this.run(batch);
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      const values = batch.map((entry) => entry.text);
      const chars = values.reduce((sum, value) => sum + value.length, 0);
      const model = await this.options.model();
      this.calls += 1;
      const result = await this.options.limiter.run(
        Math.ceil(chars / 4),
        () => withRetry((abortSignal) => withTracingSuppressed(() => embedMany({ model, values, maxRetries: 0, abortSignal, telemetry: judgeTelemetry(this.options.traceJudgeCalls === true), runtimeContext: { [JUDGE_RUNTIME_CONTEXT_KEY]: true } })), this.options.retry),
        (value) => value.usage.tokens,
      );
      const tokens = result.usage.tokens ?? 0;
      await Promise.all(
        batch.map(async (entry, index) => {
          const vector = result.embeddings[index] ?? [];
          await this.options.cache?.set(entry.key, vector).catch(() => undefined);
          // Tokens are attributed to texts by their share of the characters.
          entry.resolve({ vector, tokens: chars > 0 ? Math.round((tokens * entry.text.length) / chars) : 0, cached: false });
        }),
      );
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}
