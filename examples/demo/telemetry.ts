/**
 * The demo's OpenTelemetry setup: NodeSDK with our processor registered before the exporting
 * BatchSpanProcessor, and OTLP/HTTP exporters for traces, logs and metrics when a collector listens
 * at OTEL_EXPORTER_OTLP_ENDPOINT (default http://localhost:4318).
 */
import { connect } from 'node:net';
import { context, logs, metrics, propagation, trace } from '@opentelemetry/api';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';

/** The collector endpoint the demo exports to. */
export function otlpEndpoint(): string {
  return process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'http://localhost:4318';
}

/** Whether something accepts TCP connections at the endpoint (within 500 ms). */
export async function collectorListening(endpoint: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port, timeout: 500 });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Starts NodeSDK with the evaluating processor, exporting over OTLP/HTTP when `exportOtlp` is set. */
export function startTelemetry(processor: SpanProcessor, exportOtlp: boolean, metricIntervalMillis = 2000): NodeSDK {
  const spanProcessors: SpanProcessor[] = [processor];
  if (exportOtlp) spanProcessors.push(new BatchSpanProcessor({ exporter: new OTLPTraceExporter() }));
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'otel-evals-demo',
    spanProcessors,
    logRecordProcessors: exportOtlp ? [new BatchLogRecordProcessor({ exporter: new OTLPLogExporter() })] : [],
    metricReaders: exportOtlp ? [new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(), exportIntervalMillis: metricIntervalMillis })] : [],
  });
  sdk.start();
  return sdk;
}

/** Shuts the SDK down (flushing exporters) and releases the global providers, so a later run can register its own. */
export async function stopTelemetry(sdk: NodeSDK): Promise<void> {
  try {
    await sdk.shutdown();
  } finally {
    trace.disable();
    logs.disable();
    metrics.disable();
    propagation.disable();
    context.disable();
  }
}
