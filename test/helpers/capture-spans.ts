/**
 * Runs code against an in-memory OpenTelemetry SDK 3.x tracer provider and returns the finished spans.
 */
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';

/** Calls `run` with a fresh TracerProvider that exports to memory; resolves to the finished spans. */
export async function captureSpans(run: (tracerProvider: TracerProvider) => Promise<unknown>): Promise<ReadableSpan[]> {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  await run(tracerProvider);
  await tracerProvider.forceFlush();
  const spans = [...exporter.getFinishedSpans()];
  await tracerProvider.shutdown();
  return spans;
}
