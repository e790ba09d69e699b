import { diag, metrics as metricsApi, trace } from '@opentelemetry/api';
import { MAX_EXPLANATION_LENGTH, OTEL_EVALS_SCOPE } from '../semconv.ts';
import { emitEvaluationSpan } from './evaluation-span.ts';
import { emitResultEvents } from './log-events.ts';
import { globalLoggerProvider } from './logs-api.ts';
import { EvaluationMetrics } from './metrics.ts';
import type { Emitter, EmitterOptions, EvaluationRecord } from './types.ts';

/** Version stamped on the instrumentation scope of everything we emit. */
export const OTEL_EVALS_VERSION = '0.1.0';

/**
 * Creates the emitter that turns evaluation records into OpenTelemetry signals: `gen_ai.evaluation.result`
 * log events, `evaluation {rule}` spans and metrics, each switchable. Providers default to the global
 * ones, resolved once here. Result-level errors are counted in `otel_evals.evaluations.errors` by
 * `emit`; `recordError` is for failures outside any result (extraction, emission).
 */
export function createEmitter(options: EmitterOptions = {}): Emitter {
  const maxExplanationLength = options.maxExplanationLength ?? MAX_EXPLANATION_LENGTH;
  const logger = options.events === false ? undefined : (options.loggerProvider ?? globalLoggerProvider()).getLogger(OTEL_EVALS_SCOPE, OTEL_EVALS_VERSION);
  const tracer = options.evaluationSpans === false ? undefined : (options.tracerProvider ?? trace.getTracerProvider()).getTracer(OTEL_EVALS_SCOPE, OTEL_EVALS_VERSION);
  // The metrics API has no proxy provider: resolve the global MeterProvider on first use, so a processor
  // constructed before NodeSDK.start() still records into the SDK's provider.
  let metrics: EvaluationMetrics | undefined;
  let queueSize: (() => number) | undefined;
  const meters = (): EvaluationMetrics | undefined => {
    if (options.metrics === false) return undefined;
    if (!metrics) {
      metrics = new EvaluationMetrics((options.meterProvider ?? metricsApi.getMeterProvider()).getMeter(OTEL_EVALS_SCOPE, OTEL_EVALS_VERSION));
      if (queueSize) metrics.observeQueueSize(queueSize);
    }
    return metrics;
  };
  let warned = false;
  const guarded = (what: string, run: () => void): void => {
    try {
      run();
    } catch (error) {
      if (!warned) {
        warned = true;
        diag.warn(`otel-evals: failed to emit ${what}; further emission failures are not logged`, error);
      }
    }
  };
  return {
    emit(record: EvaluationRecord) {
      if (logger) guarded('evaluation events', () => emitResultEvents(logger, record, maxExplanationLength));
      if (tracer) guarded('evaluation span', () => emitEvaluationSpan(tracer, record, maxExplanationLength));
      guarded('evaluation metrics', () => meters()?.record(record));
    },
    recordDropped: (reason, count = 1) => guarded('dropped count', () => meters()?.recordDropped(reason, count)),
    recordSkipped: (reason, count = 1) => guarded('skipped count', () => meters()?.recordSkipped(reason, count)),
    recordError: (errorType, count = 1) => guarded('error count', () => meters()?.recordError(errorType, count)),
    observeQueueSize: (callback) => {
      queueSize = callback;
      metrics?.observeQueueSize(callback);
    },
  };
}
