/**
 * Processor options from the environment: `OTEL_EVALS_CONFIG` names a YAML or JSON config file.
 */
import { InvalidEvaluatorConfigError } from '../core/errors.ts';
import type { EvaluatingSpanProcessorOptions } from '../processor/types.ts';
import { loadConfig, OTEL_EVALS_CONFIG_ENV } from './load-config.ts';

/** What code may add to a file config: providers, storage, an emitter (code wins over the file). */
export type ConfigOverrides = Partial<EvaluatingSpanProcessorOptions>;

/**
 * Reads the file named by `OTEL_EVALS_CONFIG` and merges `overrides` over it; throws
 * InvalidEvaluatorConfigError when the variable is unset or the file is invalid.
 */
export function optionsFromEnv(overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = process.env): EvaluatingSpanProcessorOptions {
  const path = env[OTEL_EVALS_CONFIG_ENV];
  if (path === undefined || path.trim() === '') {
    throw new InvalidEvaluatorConfigError(
      [{ path: OTEL_EVALS_CONFIG_ENV, message: 'is not set', fix: `set ${OTEL_EVALS_CONFIG_ENV}=./otel-evals.yaml (a YAML or JSON config file)` }],
      'Invalid otel-evals configuration',
    );
  }
  return { ...loadConfig(path.trim()), ...overrides };
}
