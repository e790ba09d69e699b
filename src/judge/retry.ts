/**
 * Retries of judge and embedding calls, ours rather than the AI SDK's (calls are made with
 * `maxRetries: 0`): exponential backoff with full jitter on 429, 408, 5xx, network failures and
 * timeouts, honouring `Retry-After` / `retry-after-ms`; a per-attempt timeout through an AbortSignal.
 * What still fails becomes a JudgeError with its `errorType`.
 */
import { APICallError } from 'ai';
import { errorMessage } from '../core/errors.ts';
import { JudgeError, type JudgeErrorType } from './judge-error.ts';

/** Retry and timeout settings. */
export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** First backoff delay in ms (default 500). */
  initialDelayMs?: number;
  /** Cap of one backoff delay in ms, Retry-After included (default 30,000). */
  maxDelayMs?: number;
  /** Timeout of each attempt in ms (default 30,000). */
  timeoutMs?: number;
  /** Abort everything (e.g. processor shutdown). */
  signal?: AbortSignal;
  /** Called before each retry, for logging and tests. */
  onRetry?: (info: { attempt: number; delayMs: number; errorType: JudgeErrorType; error: unknown }) => void;
  /** Sleep function, replaceable in tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Default retry settings. */
export const DEFAULT_RETRY = { maxRetries: 3, initialDelayMs: 500, maxDelayMs: 30_000, timeoutMs: 30_000 } as const;

const TIMEOUT_MARKER = Symbol.for('otel-evals.judge.attempt-timeout');

/** How a thrown error is treated: its error type and whether another attempt may succeed. */
export interface ErrorClass {
  errorType: JudgeErrorType;
  retryable: boolean;
  retryAfterMs?: number;
}

/** Parses `retry-after-ms` or `Retry-After` (seconds or an HTTP date) into milliseconds. */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  const ms = Number(lower['retry-after-ms']);
  if (lower['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const value = lower['retry-after'];
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Classifies an error thrown by an AI SDK call. */
export function classifyError(error: unknown): ErrorClass {
  if (JudgeError.isInstance(error)) return { errorType: error.errorType, retryable: false };
  if (typeof error === 'object' && error !== null && TIMEOUT_MARKER in error) return { errorType: 'timeout', retryable: true };
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const after = retryAfterMs(error.responseHeaders);
    if (status === 429) return { errorType: 'rate_limited', retryable: true, ...(after === undefined ? {} : { retryAfterMs: after }) };
    if (status === 408) return { errorType: 'timeout', retryable: true };
    const retryable = error.isRetryable || (status !== undefined && status >= 500);
    return { errorType: 'provider_error', retryable, ...(after === undefined ? {} : { retryAfterMs: after }) };
  }
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError') return { errorType: 'timeout', retryable: true };
  return { errorType: 'provider_error', retryable: false };
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs one attempt with its own timeout; a timeout rejects with a marked error. */
async function attemptWithTimeout<T>(fn: (signal: AbortSignal) => Promise<T>, timeoutMs: number, outer?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const timeoutError = Object.assign(new Error(`judge call timed out after ${timeoutMs} ms`), { [TIMEOUT_MARKER]: true, name: 'JudgeTimeout' });
  const onOuterAbort = (): void => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(timeoutError);
      reject(timeoutError);
    }, timeoutMs);
  });
  try {
    return await Promise.race([fn(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

/** Backoff before retry `attempt` (1-based): full jitter over `initial * 2^(attempt-1)`, at least Retry-After. */
export function backoffDelay(attempt: number, klass: ErrorClass, options: Pick<RetryOptions, 'initialDelayMs' | 'maxDelayMs'>, random = Math.random): number {
  const initial = options.initialDelayMs ?? DEFAULT_RETRY.initialDelayMs;
  const cap = options.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs;
  const exponential = Math.min(cap, initial * 2 ** (attempt - 1));
  const jittered = exponential / 2 + random() * (exponential / 2);
  return Math.min(cap, Math.max(jittered, klass.retryAfterMs ?? 0));
}

/**
 * Runs `fn` with retries and a per-attempt timeout. `fn` receives the attempt's AbortSignal and must
 * pass it to the AI SDK call. Rejects with a JudgeError.
 */
export async function withRetry<T>(fn: (signal: AbortSignal) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const maxRetries = options.maxRetries ?? DEFAULT_RETRY.maxRetries;
  const timeoutMs = options.timeoutMs ?? DEFAULT_RETRY.timeoutMs;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await attemptWithTimeout(fn, timeoutMs, options.signal);
    } catch (error) {
      const klass = classifyError(error);
      if (options.signal?.aborted || !klass.retryable || attempt > maxRetries) {
        if (JudgeError.isInstance(error)) throw error;
        throw new JudgeError({ message: `${klass.errorType}: ${errorMessage(error)}${attempt > 1 ? ` (after ${attempt} attempts)` : ''}`, errorType: klass.errorType, attempts: attempt, cause: error });
      }
      const delayMs = backoffDelay(attempt, klass, options);
      options.onRetry?.({ attempt, delayMs, errorType: klass.errorType, error });
      await sleep(delayMs, options.signal);
    }
  }
}
