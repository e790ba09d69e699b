/**
 * The real OpenTelemetry SDK (3.x) wired to in-memory exporters, for telemetry tests.
 */
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import type { ReadableLogRecord } from '@opentelemetry/sdk-logs';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import type { MetricData } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace';

/** A metric reader whose collection the test triggers. */
class ManualMetricReader extends MetricReader {
  protected override onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected override onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** Providers and exporters of one in-memory telemetry pipeline. */
export interface MemoryTelemetry {
  tracerProvider: TracerProvider;
  loggerProvider: LoggerProvider;
  meterProvider: MeterProvider;
  spanExporter: InMemorySpanExporter;
  logExporter: InMemoryLogRecordExporter;
  spans(): ReadableSpan[];
  logs(): ReadableLogRecord[];
  /** Collects metrics now and returns them flattened. */
  collectMetrics(): Promise<MetricData[]>;
  /** The three providers, to pass as options. */
  providers: { tracerProvider: TracerProvider; loggerProvider: LoggerProvider; meterProvider: MeterProvider };
  shutdown(): Promise<void>;
}

/** Builds an in-memory pipeline; `before` processors run ahead of the exporting one. */
export function memoryTelemetry(options: { before?: SpanProcessor[] } = {}): MemoryTelemetry {
  const spanExporter = new InMemorySpanExporter();
  const logExporter = new InMemoryLogRecordExporter();
  const reader = new ManualMetricReader();
  const tracerProvider = new TracerProvider({ spanProcessors: [...(options.before ?? []), new SimpleSpanProcessor({ exporter: spanExporter })] });
  const loggerProvider = new LoggerProvider({ processors: [new SimpleLogRecordProcessor({ exporter: logExporter })] });
  const meterProvider = new MeterProvider({ readers: [reader] });
  return {
    tracerProvider,
    loggerProvider,
    meterProvider,
    spanExporter,
    logExporter,
    spans: () => spanExporter.getFinishedSpans(),
    logs: () => logExporter.getFinishedLogRecords(),
    providers: { tracerProvider, loggerProvider, meterProvider },
    async collectMetrics() {
      const { resourceMetrics } = await reader.collect();
      return resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics);
    },
    async shutdown() {
      await Promise.all([tracerProvider.shutdown(), loggerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
}
