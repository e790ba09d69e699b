/** Builds the processor from the `OTEL_EVALS_CONFIG` file in one call. */
import { EvaluatingSpanProcessor } from '../processor/evaluating-span-processor.ts';
import type { ConfigOverrides } from './from-env.ts';

/**
 * `new EvaluatingSpanProcessor(...)` from the file named by `OTEL_EVALS_CONFIG`, with `overrides` from
 * code; same as `EvaluatingSpanProcessor.fromEnv()`.
 */
export function createProcessorFromEnv(overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = process.env): EvaluatingSpanProcessor {
  return EvaluatingSpanProcessor.fromEnv(overrides, env);
}
