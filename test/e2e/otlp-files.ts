/**
 * Readers for the JSON-lines files the collector's file exporter writes (one OTLP/JSON export request per
 * line), flattened to the spans and log records the end-to-end checks need.
 */
import { readFileSync } from 'node:fs';

/** An OTLP/JSON attribute value (only the variants the checks read). */
export interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}

/** An OTLP/JSON key-value attribute. */
export interface KeyValue {
  key: string;
  value: AnyValue;
}

/** A span as the file exporter writes it, with its scope name. */
export interface FileSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: KeyValue[];
  scope: string;
}

/** A log record as the file exporter writes it. */
export interface FileLogRecord {
  traceId?: string;
  spanId?: string;
  eventName?: string;
  attributes?: KeyValue[];
}

function lines(path: string): unknown[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/** Every span in a traces file. */
export function readSpans(path: string): FileSpan[] {
  type Request = { resourceSpans?: { scopeSpans?: { scope?: { name?: string }; spans?: Omit<FileSpan, 'scope'>[] }[] }[] };
  return (lines(path) as Request[]).flatMap((req) =>
    (req.resourceSpans ?? []).flatMap((rs) => (rs.scopeSpans ?? []).flatMap((ss) => (ss.spans ?? []).map((span) => ({ ...span, scope: ss.scope?.name ?? '' })))),
  );
}

/** Every log record in a logs file. */
export function readLogRecords(path: string): FileLogRecord[] {
  type Request = { resourceLogs?: { scopeLogs?: { logRecords?: FileLogRecord[] }[] }[] };
  return (lines(path) as Request[]).flatMap((req) => (req.resourceLogs ?? []).flatMap((rl) => (rl.scopeLogs ?? []).flatMap((sl) => sl.logRecords ?? [])));
}

/** The value of an attribute as a JS value, or undefined when absent. */
export function attribute(attributes: KeyValue[] | undefined, key: string): string | number | boolean | undefined {
  const value = attributes?.find((a) => a.key === key)?.value;
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  return value.boolValue;
}
