/**
 * Runs test/helpers/traceloop-sdk-capture.ts in a child process (the Traceloop SDK installs a global
 * NodeSDK) and returns its spans as SpanLike values. The child gets no Traceloop API key, prompt sync
 * off, a loopback base URL, and no OTLP metrics or logs exporters.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { SpanLike } from '../../src/extract/types.ts';
import type { CapturedRun, CapturedSpan } from './traceloop-sdk-capture.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./traceloop-sdk-capture.ts', import.meta.url));

/** The child's environment: the parent's, minus anything that could send data off this machine. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('TRACELOOP_') || key.startsWith('OTEL_')) delete env[key];
  return {
    ...env,
    TRACELOOP_SYNC_ENABLED: 'false',
    TRACELOOP_BASE_URL: 'http://127.0.0.1:9',
    OTEL_METRICS_EXPORTER: 'none',
    OTEL_LOGS_EXPORTER: 'none',
  };
}

/** A captured span as the SpanLike the extractors read. */
export function spanFromCapture(span: CapturedSpan): SpanLike {
  const { traceId, spanId, parentSpanId } = span;
  return {
    name: span.name,
    attributes: span.attributes,
    spanContext: () => ({ traceId, spanId, traceFlags: 1 }),
    parentSpanContext: parentSpanId === undefined ? undefined : { traceId, spanId: parentSpanId, traceFlags: 1 },
    startTime: span.startTime,
    endTime: span.endTime,
    instrumentationScope: { name: span.scope },
    status: span.status,
  };
}

/** The Traceloop SDK run of the capture script: its answer, its spans and the hosts it connected to. */
export async function runTraceloopSdk(): Promise<{ answer: string; spans: SpanLike[]; connections: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'otel-evals-traceloop-'));
  try {
    const out = join(dir, 'run.json');
    await promisify(execFile)(process.execPath, ['--import', 'tsx', SCRIPT, out], { cwd: ROOT, env: childEnv(), timeout: 60_000 });
    const run = JSON.parse(await readFile(out, 'utf8')) as CapturedRun;
    return { answer: run.answer, spans: run.spans.map(spanFromCapture), connections: run.connections };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
