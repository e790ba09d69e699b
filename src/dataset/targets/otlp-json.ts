/**
 * Reads OTLP JSON trace files (an ExportTraceServiceRequest, or the collector file exporter's one request
 * per line) into the SpanLike shape the extraction layer reads, so replayed spans are evaluated exactly
 * as the online processor evaluates live ones.
 */
import type { HrTime, SpanContext } from '@opentelemetry/api';
import type { SpanLike } from '../../extract/types.ts';

interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number | string;
  bytesValue?: string;
  arrayValue?: { values?: OtlpAnyValue[] };
  kvlistValue?: { values?: OtlpKeyValue[] };
}
interface OtlpKeyValue {
  key: string;
  value?: OtlpAnyValue;
}
interface OtlpSpan {
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
  name?: string;
  startTimeUnixNano?: string | number;
  endTimeUnixNano?: string | number;
  attributes?: OtlpKeyValue[];
  flags?: number;
}
interface OtlpRequest {
  resourceSpans?: Array<{ scopeSpans?: Array<{ scope?: { name?: string; version?: string }; spans?: OtlpSpan[] }> }>;
}

/** A replayed span: SpanLike plus its ids as plain strings. */
export interface ReplayedSpan extends SpanLike {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
}

/** Converts an OTLP JSON AnyValue to a plain value (kvlists to objects, arrays to arrays). */
export function anyValue(value: OtlpAnyValue | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  if (value.bytesValue !== undefined) return value.bytesValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(anyValue);
  if (value.kvlistValue) return Object.fromEntries((value.kvlistValue.values ?? []).map((kv) => [kv.key, anyValue(kv.value)]));
  return undefined;
}

/** OTLP/JSON ids are hex; some writers used base64. Returns lower-case hex. */
export function normalizeId(id: string | undefined, bytes: number): string {
  if (!id) return '';
  if (new RegExp(`^[0-9a-fA-F]{${bytes * 2}}$`).test(id)) return id.toLowerCase();
  const decoded = Buffer.from(id, 'base64');
  return decoded.length === bytes ? decoded.toString('hex') : id.toLowerCase();
}

function hrTime(nanos: string | number | undefined): HrTime | undefined {
  if (nanos === undefined) return undefined;
  const value = BigInt(nanos);
  return [Number(value / 1_000_000_000n), Number(value % 1_000_000_000n)];
}

function toSpan(span: OtlpSpan, scope: { name?: string; version?: string } | undefined): ReplayedSpan {
  const traceId = normalizeId(span.traceId, 16);
  const spanId = normalizeId(span.spanId, 8);
  const parentSpanId = normalizeId(span.parentSpanId, 8) || undefined;
  const attributes: Record<string, unknown> = {};
  for (const kv of span.attributes ?? []) attributes[kv.key] = anyValue(kv.value);
  const context: SpanContext = { traceId, spanId, traceFlags: 1 };
  const parent: SpanContext | undefined = parentSpanId ? { traceId, spanId: parentSpanId, traceFlags: 1 } : undefined;
  const replayed: ReplayedSpan = {
    traceId,
    spanId,
    name: span.name ?? '',
    attributes,
    spanContext: () => context,
    ...(parentSpanId ? { parentSpanId, parentSpanContext: parent } : {}),
    ...(span.startTimeUnixNano !== undefined ? { startTime: hrTime(span.startTimeUnixNano) } : {}),
    ...(span.endTimeUnixNano !== undefined ? { endTime: hrTime(span.endTimeUnixNano) } : {}),
    ...(scope?.name ? { instrumentationScope: { name: scope.name, ...(scope.version ? { version: scope.version } : {}) } } : {}),
  };
  return replayed;
}

/** Parses OTLP JSON text (one request, or one request per line) into spans, in file order. */
export function parseOtlpJson(text: string): ReplayedSpan[] {
  let requests: OtlpRequest[];
  try {
    const whole = JSON.parse(text) as OtlpRequest | OtlpRequest[];
    requests = Array.isArray(whole) ? whole : [whole];
  } catch {
    requests = text.split('\n').filter((line) => line.trim() !== '').map((line, index) => {
      try {
        return JSON.parse(line) as OtlpRequest;
      } catch (error) {
        throw new Error(`line ${index + 1}: not OTLP JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
      }
    });
  }
  const spans: ReplayedSpan[] = [];
  for (const request of requests) {
    for (const resource of request.resourceSpans ?? []) {
      for (const scopeSpans of resource.scopeSpans ?? []) {
        for (const span of scopeSpans.spans ?? []) spans.push(toSpan(span, scopeSpans.scope));
      }
    }
  }
  return spans;
}

/** Spans grouped by trace id, each group ordered by end time (children before the root that ends last). */
export function groupByTrace(spans: readonly ReplayedSpan[]): Map<string, ReplayedSpan[]> {
  const traces = new Map<string, ReplayedSpan[]>();
  for (const span of spans) {
    const list = traces.get(span.traceId) ?? [];
    list.push(span);
    traces.set(span.traceId, list);
  }
  const end = (span: ReplayedSpan): number => (span.endTime ? span.endTime[0] * 1e9 + span.endTime[1] : 0);
  for (const list of traces.values()) list.sort((a, b) => end(a) - end(b));
  return traces;
}
