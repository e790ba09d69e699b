/**
 * The judge rate limiter: a concurrency limit plus token buckets for requests and tokens per minute.
 * One limiter is shared by every judge and embedding call of the process unless another is passed,
 * so the process as a whole stays under the provider's limits. Waiters are served in arrival order.
 */

/** Limits of a rate limiter; omitted limits are unlimited. */
export interface RateLimitOptions {
  /** Calls in flight at once (default 16). */
  concurrency?: number;
  /** Requests per minute. */
  requestsPerMinute?: number;
  /** Tokens (input + output) per minute; a call reserves its estimate, corrected on release. */
  tokensPerMinute?: number;
}

/** Default concurrency of the shared limiter. */
export const DEFAULT_JUDGE_CONCURRENCY = 16;

class TokenBucket {
  private level: number;
  private last = performance.now();

  constructor(private readonly perMinute: number) {
    this.level = perMinute;
  }

  private refill(): void {
    const now = performance.now();
    this.level = Math.min(this.perMinute, this.level + ((now - this.last) * this.perMinute) / 60_000);
    this.last = now;
  }

  /** Milliseconds until `amount` is available (0 when it is now); amounts above capacity wait for a full bucket. */
  waitMs(amount: number): number {
    this.refill();
    const needed = Math.min(amount, this.perMinute);
    return this.level >= needed ? 0 : Math.ceil(((needed - this.level) * 60_000) / this.perMinute);
  }

  take(amount: number): void {
    this.refill();
    this.level -= amount;
  }
}

interface Waiter {
  tokens: number;
  resolve: (release: (actualTokens?: number) => void) => void;
}

/** A concurrency limit with request and token buckets; `acquire` resolves with a release function. */
export class RateLimiter {
  private active = 0;
  private readonly queue: Waiter[] = [];
  private readonly requests?: TokenBucket;
  private readonly tokens?: TokenBucket;
  private timer: NodeJS.Timeout | undefined;
  /** The limits it enforces. */
  readonly options: Readonly<RateLimitOptions>;

  constructor(options: RateLimitOptions = {}) {
    this.options = { concurrency: options.concurrency ?? DEFAULT_JUDGE_CONCURRENCY, ...options };
    if (options.requestsPerMinute) this.requests = new TokenBucket(options.requestsPerMinute);
    if (options.tokensPerMinute) this.tokens = new TokenBucket(options.tokensPerMinute);
  }

  /** Calls in flight now. */
  get inFlight(): number {
    return this.active;
  }

  /** Calls waiting for a slot now. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Waits for a slot and budget for a call estimated at `estimatedTokens`; resolves with `release`,
   * to be called once with the actual token count when the call is over. When `signal` aborts first,
   * the waiter leaves the queue and the promise rejects with the signal's reason.
   */
  acquire(estimatedTokens = 0, signal?: AbortSignal): Promise<(actualTokens?: number) => void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason as Error);
        return;
      }
      const onAbort = (): void => {
        const index = this.queue.indexOf(waiter);
        if (index === -1) return;
        this.queue.splice(index, 1);
        reject(signal?.reason as Error);
        this.pump();
      };
      const waiter: Waiter = {
        tokens: estimatedTokens,
        resolve: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
      this.pump();
    });
  }

  /** Runs `fn` inside a slot; `tokensOf` reads the actual token count from its result; `signal` abandons the wait. */
  async run<T>(estimatedTokens: number, fn: () => Promise<T>, tokensOf?: (value: T) => number | undefined, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(estimatedTokens, signal);
    let actual: number | undefined;
    try {
      const value = await fn();
      actual = tokensOf?.(value);
      return value;
    } finally {
      release(actual);
    }
  }

  private pump(): void {
    while (this.queue.length > 0 && this.active < (this.options.concurrency ?? DEFAULT_JUDGE_CONCURRENCY)) {
      const head = this.queue[0] as Waiter;
      const wait = Math.max(this.requests?.waitMs(1) ?? 0, this.tokens?.waitMs(head.tokens) ?? 0);
      if (wait > 0) {
        this.schedule(wait);
        return;
      }
      this.queue.shift();
      this.requests?.take(1);
      this.tokens?.take(head.tokens);
      this.active += 1;
      head.resolve(this.releaser(head.tokens));
    }
  }

  private releaser(reserved: number): (actualTokens?: number) => void {
    let released = false;
    return (actualTokens) => {
      if (released) return;
      released = true;
      this.active -= 1;
      if (actualTokens !== undefined && this.tokens) this.tokens.take(actualTokens - reserved);
      this.pump();
    };
  }

  private schedule(ms: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, ms);
  }
}

let shared: RateLimiter | undefined;
const byLimits = new Map<string, RateLimiter>();

/** The process-wide limiter used by judge and embedding calls that are not given one. */
export function defaultRateLimiter(): RateLimiter {
  shared ??= new RateLimiter();
  return shared;
}

/** Replaces the process-wide limiter's limits (for example from a config file at startup). */
export function configureDefaultRateLimiter(options: RateLimitOptions): RateLimiter {
  shared = new RateLimiter(options);
  return shared;
}

/** The process-wide limiter for a set of limits: evaluators configured with equal limits share one. */
export function sharedRateLimiter(options: RateLimitOptions): RateLimiter {
  const key = JSON.stringify([options.concurrency, options.requestsPerMinute, options.tokensPerMinute]);
  let limiter = byLimits.get(key);
  if (!limiter) {
    limiter = new RateLimiter(options);
    byLimits.set(key, limiter);
  }
  return limiter;
}
