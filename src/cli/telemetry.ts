/**
 * OpenTelemetry for CLI runs, started only when an OTLP endpoint is configured (so a plain run loads no
 * SDK): traces, logs and metrics over OTLP/HTTP, so each case's `eval_case` span and its
 * `gen_ai.evaluation.result` events and metrics reach the same dashboards as production.
 */
import type { Emitter } from '../emit/types.ts';

/** Telemetry of a CLI run. */
export interface CliTelemetry {
  emitter?: Emitter;
  shutdown(): Promise<void>;
}

/** Whether the environment asks for OTLP export. */
export function otlpConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Starts the SDK when configured; without an endpoint, or without the SDK packages, returns a no-op. */
export async function startTelemetry(warn: (line: string) => void): Promise<CliTelemetry> {
  if (!otlpConfigured()) return { shutdown: () => Promise.resolve() };
  try {
    const [{ NodeSDK }, { OTLPTraceExporter }, { OTLPLogExporter }, { OTLPMetricExporter }, logs, metrics, { createEmitter }] = await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/exporter-logs-otlp-http'),
      import('@opentelemetry/exporter-metrics-otlp-http'),
      import('@opentelemetry/sdk-logs'),
      import('@opentelemetry/sdk-metrics'),
      import('../emit/index.ts'),
    ]);
    const sdk = new NodeSDK({
      serviceName: process.env.OTEL_SERVICE_NAME ?? 'otel-evals',
      traceExporter: new OTLPTraceExporter(),
      logRecordProcessors: [new logs.BatchLogRecordProcessor({ exporter: new OTLPLogExporter() })],
      metricReaders: [new metrics.PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(), exportIntervalMillis: 10_000 })],
      instrumentations: [],
    });
    sdk.start();
    return { emitter: createEmitter(), shutdown: () => sdk.shutdown() };
  } catch (error) {
    warn(`otel-evals: OTLP export requested but the OpenTelemetry SDK could not start (${error instanceof Error ? error.message : String(error)}); install @opentelemetry/sdk-node and the OTLP HTTP exporters`);
    return { shutdown: () => Promise.resolve() };
  }
}
