import * as otelApi from '@opentelemetry/api';
import type { LoggerProviderLike } from './types.ts';

const NOOP_LOGGER_PROVIDER: LoggerProviderLike = { getLogger: () => ({ emit: () => undefined }) };

// @opentelemetry/api-logs (used with API 1.9 and SDK 2.x) keeps its global getter under this symbol.
const API_LOGS_GLOBAL = Symbol.for('io.opentelemetry.js.api.logs');
const API_LOGS_COMPATIBILITY_VERSION = 1;

/**
 * The global LoggerProvider: from `@opentelemetry/api` >= 1.10 (`logs`), else from the global
 * registered by `@opentelemetry/api-logs` (API 1.9), else a no-op provider.
 */
export function globalLoggerProvider(): LoggerProviderLike {
  const fromApi = (otelApi as { logs?: { getLoggerProvider(): LoggerProviderLike } }).logs;
  if (fromApi) return fromApi.getLoggerProvider();
  const legacyGetter = (globalThis as Record<symbol, unknown>)[API_LOGS_GLOBAL];
  if (typeof legacyGetter === 'function') {
    const provider = (legacyGetter as (version: number) => LoggerProviderLike | undefined)(API_LOGS_COMPATIBILITY_VERSION);
    if (provider) return provider;
  }
  return NOOP_LOGGER_PROVIDER;
}
