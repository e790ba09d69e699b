/**
 * Tracing suppression without a runtime dependency on `@opentelemetry/core`: the SDK's key is
 * `createContextKey('OpenTelemetry SDK Context Key SUPPRESS_TRACING')`, i.e. `Symbol.for` of that
 * string, so a context carrying it makes every SDK tracer (2.x and 3.x) return non-recording spans.
 */
import { context, createContextKey } from '@opentelemetry/api';
import type { Context } from '@opentelemetry/api';

/** The OpenTelemetry SDK's suppress-tracing context key (same symbol as `@opentelemetry/core`). */
export const SUPPRESS_TRACING_KEY: symbol = createContextKey('OpenTelemetry SDK Context Key SUPPRESS_TRACING');

/** A copy of `ctx` (default: the active context) in which SDK tracers record nothing. */
export function suppressTracing(ctx: Context = context.active()): Context {
  return ctx.setValue(SUPPRESS_TRACING_KEY, true);
}

/** Whether tracing is suppressed in `ctx` (default: the active context). */
export function isTracingSuppressed(ctx: Context = context.active()): boolean {
  return ctx.getValue(SUPPRESS_TRACING_KEY) === true;
}

/** Runs `fn` with tracing suppressed, so spans started inside it (and its awaits) are not recorded. */
export function withTracingSuppressed<T>(fn: () => T): T {
  return context.with(suppressTracing(context.active()), fn);
}
