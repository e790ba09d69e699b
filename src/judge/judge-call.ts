/**
 * One structured judge call: through the rate limiter, with our retries and per-attempt timeout, under
 * suppressed tracing and marked as a judge call, and with one repair retry when the structured output
 * is invalid. Token usage is summed over every attempt that reported it.
 */
import { generateText, NoObjectGeneratedError, Output } from 'ai';
import type { LanguageModel, ModelMessage } from 'ai';
import type { z } from 'zod';
import { errorMessage } from '../core/errors.ts';
import { withTracingSuppressed } from '../core/suppress-tracing.ts';
import { JudgeError } from './judge-error.ts';
import { JUDGE_RUNTIME_CONTEXT_KEY, judgeTelemetry } from './judge-span.ts';
import type { RateLimiter } from './rate-limit.ts';
import { withRetry, type RetryOptions } from './retry.ts';


/** Token usage of judge calls. */
export interface JudgeUsage {
  inputTokens: number;
  outputTokens: number;
}

/** Sampling settings of judge calls. */
export interface JudgeSettings {
  temperature: number;
  seed?: number;
  maxOutputTokens?: number;
}

/** What a judge call needs. */
export interface JudgeCallOptions<T> {
  model: Exclude<LanguageModel, string>;
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  settings: JudgeSettings;
  retry: RetryOptions;
  limiter: RateLimiter;
  /** Token estimate reserved in the limiter's token bucket. */
  estimatedTokens: number;
  /** Keep AI SDK telemetry on even when tracing cannot be suppressed (spans are then only marked). */
  traceJudgeCalls?: boolean;
}

/** A judge call's parsed output, usage and how it went. */
export interface JudgeCallResult<T> {
  value: T;
  usage: JudgeUsage;
  /** Whether the repair retry was needed. */
  repaired: boolean;
}

type Attempt<T> = { ok: true; value: T; usage: JudgeUsage } | { ok: false; error: NoObjectGeneratedError; usage: JudgeUsage };

function usageOf(usage: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined): JudgeUsage {
  return { inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0 };
}

async function attempt<T>(options: JudgeCallOptions<T>, messages: ModelMessage[]): Promise<Attempt<T>> {
  const run = (abortSignal: AbortSignal) =>
    withTracingSuppressed(() =>
      generateText({
        model: options.model,
        system: options.system,
        messages,
        output: Output.object({ schema: options.schema, name: 'verdict' }),
        temperature: options.settings.temperature,
        ...(options.settings.seed === undefined ? {} : { seed: options.settings.seed }),
        ...(options.settings.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.settings.maxOutputTokens }),
        maxRetries: 0,
        abortSignal,
        telemetry: judgeTelemetry(options.traceJudgeCalls === true),
        runtimeContext: { [JUDGE_RUNTIME_CONTEXT_KEY]: true },
      }),
    );
  const tokens = (value: Attempt<T>): number => value.usage.inputTokens + value.usage.outputTokens;
  // The caller's abort signal (options.retry.signal) also abandons the wait for a limiter slot.
  return options.limiter.run(
    options.estimatedTokens,
    () =>
      withRetry(async (signal) => {
        try {
          const result = await run(signal);
          return { ok: true, value: result.output as T, usage: usageOf(result.usage) } satisfies Attempt<T>;
        } catch (error) {
          if (NoObjectGeneratedError.isInstance(error)) return { ok: false, error, usage: usageOf(error.usage) } satisfies Attempt<T>;
          throw error;
        }
      }, options.retry),
    tokens,
    options.retry.signal,
  );
}

function add(a: JudgeUsage, b: JudgeUsage): JudgeUsage {
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
}

function repairMessages(prompt: string, failure: NoObjectGeneratedError): ModelMessage[] {
  const cause = failure.cause === undefined ? failure.message : errorMessage(failure.cause);
  return [
    { role: 'user', content: prompt },
    { role: 'assistant', content: failure.text ?? '' },
    { role: 'user', content: `Your answer was not valid for the required JSON schema (${cause.slice(0, 500)}). Reply again with only the corrected JSON object, every criterion included, reasoning before score, scores within their ranges.` },
  ];
}

/** Makes one judge call with one repair retry on invalid output; rejects with a JudgeError. */
export async function callJudge<T>(options: JudgeCallOptions<T>): Promise<JudgeCallResult<T>> {
  const first = await attempt(options, [{ role: 'user', content: options.prompt }]);
  if (first.ok) return { value: first.value, usage: first.usage, repaired: false };
  const second = await attempt(options, repairMessages(options.prompt, first.error));
  const usage = add(first.usage, second.usage);
  if (second.ok) return { value: second.value, usage, repaired: true };
  throw Object.assign(new JudgeError({ message: `invalid_output: the judge's answer did not match the verdict schema after one repair retry: ${second.error.message}`, errorType: 'invalid_output', cause: second.error }), { usage });
}
