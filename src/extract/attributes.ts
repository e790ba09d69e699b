/**
 * Defensive attribute reading shared by the dialect readers: typed lookups, capped JSON parsing, and
 * a warnings list instead of exceptions. Nothing here throws.
 */
import type { HrTime } from '@opentelemetry/api';
import type { ExtractedSpan, SpanClassification, SpanLike, SpanRole } from './types.ts';

/** Default cap on the characters of one attribute value that extraction will parse. */
export const DEFAULT_MAX_ATTRIBUTE_CHARS = 1_000_000;

/** Upper bound on indexed messages, tool calls and functions read from one span. */
export const MAX_INDEXED_ITEMS = 1000;

/** Upper bound on the entries of a structured (AnyValue) message array read from one attribute. */
export const MAX_STRUCTURED_ITEMS = 10_000;

/** Options of extractSpan. */
export interface ExtractOptions {
  /** Attribute values longer than this are not parsed; a warning is recorded (default 1,000,000). */
  maxAttributeChars?: number;
}

/** A dialect's span kind mapped to a role and a GenAI-equivalent operation. */
export interface RoleAndOperation {
  readonly role: SpanRole;
  readonly operation: string;
}

/** The attributes of a span as a plain record. */
export type Attrs = Readonly<Record<string, unknown>>;

/** Per-span reading state: the attributes, the size cap and the warnings collected so far. */
export interface ReadContext {
  readonly attrs: Attrs;
  readonly maxChars: number;
  readonly warnings: string[];
}

/** A reading context for one span. */
export function readContext(span: SpanLike, options: ExtractOptions | undefined): ReadContext {
  const max = options?.maxAttributeChars;
  return {
    attrs: span.attributes as Attrs,
    maxChars: typeof max === 'number' && max > 0 ? max : DEFAULT_MAX_ATTRIBUTE_CHARS,
    warnings: [],
  };
}

/** A string attribute, or undefined when absent or of another type (no allocation). */
export function str(attrs: Attrs, key: string): string | undefined {
  const value = attrs[key];
  return typeof value === 'string' ? value : undefined;
}

/** The first of several string attributes that is present. */
export function firstStr(attrs: Attrs, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = attrs[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** A finite number attribute (numeric strings accepted), or undefined. */
export function num(attrs: Attrs, key: string): number | undefined {
  const value = attrs[key];
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** The first of several number attributes that is present. */
export function firstNum(attrs: Attrs, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const value = num(attrs, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

function isBinary(value: unknown): boolean {
  return value instanceof Uint8Array || value instanceof ArrayBuffer || ArrayBuffer.isView(value);
}

/**
 * A text attribute for free text (responses, prompts): strings within the cap as is; oversize or
 * binary values are skipped with a warning.
 */
export function readText(ctx: ReadContext, key: string): string | undefined {
  const value = ctx.attrs[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    if (value.length > ctx.maxChars) {
      ctx.warnings.push(`${key}: ${value.length} chars exceed the ${ctx.maxChars}-char limit; not read`);
      return undefined;
    }
    return value;
  }
  if (isBinary(value)) {
    ctx.warnings.push(`${key}: binary value ignored`);
    return undefined;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * A structured attribute: a JSON string (parsed) or an already structured AnyValue (returned as is).
 * Oversize strings, malformed JSON and binary values yield undefined and a warning.
 */
export function readJson(ctx: ReadContext, key: string): unknown {
  const value = ctx.attrs[key];
  if (value === undefined || value === null) return undefined;
  if (isBinary(value)) {
    ctx.warnings.push(`${key}: binary value ignored`);
    return undefined;
  }
  if (typeof value !== 'string') return value;
  return parseJsonText(ctx, key, value);
}

/**
 * A value that may be JSON or plain text (tool arguments and results, `input.value`): parsed when it
 * is JSON, kept as text otherwise; oversize and binary values are skipped with a warning.
 */
export function readLenient(ctx: ReadContext, key: string): unknown {
  const value = ctx.attrs[key];
  if (typeof value === 'string') {
    const text = readText(ctx, key);
    return text === undefined ? undefined : maybeJson(text, ctx.maxChars);
  }
  return readJson(ctx, key);
}

/**
 * A value recorded as JSON of any type (a JSON string literal included), falling back to the raw
 * text when it is not JSON; oversize and binary values are skipped with a warning.
 */
export function readJsonOrText(ctx: ReadContext, key: string): unknown {
  const value = ctx.attrs[key];
  if (typeof value !== 'string') return readJson(ctx, key);
  const text = readText(ctx, key);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Parses a JSON text read from `key`, with the size cap; undefined and a warning when it cannot. */
export function parseJsonText(ctx: ReadContext, key: string, text: string): unknown {
  if (text.length > ctx.maxChars) {
    ctx.warnings.push(`${key}: ${text.length} chars exceed the ${ctx.maxChars}-char limit; not parsed`);
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    ctx.warnings.push(`${key}: malformed JSON (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}

/**
 * A value that may be JSON: strings that look like a JSON object or array are parsed when they can
 * be (within the cap), anything else comes back unchanged. Never warns: plain text is legitimate.
 */
export function maybeJson(value: unknown, maxChars: number = DEFAULT_MAX_ATTRIBUTE_CHARS): unknown {
  if (typeof value !== 'string' || value.length > maxChars) return value;
  const head = value.trimStart()[0];
  if (head !== '{' && head !== '[') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** A plain object, or undefined. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !isBinary(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A string field of an object, or undefined. */
export function field(record: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** An HrTime as milliseconds since the epoch. */
export function hrTimeToMs(time: HrTime | undefined): number | undefined {
  if (!Array.isArray(time) || time.length < 2) return undefined;
  return time[0] * 1000 + time[1] / 1e6;
}

/** The instrumentation scope name of a span (3.x/2.x `instrumentationScope`, older `instrumentationLibrary`). */
export function scopeName(span: SpanLike): string | undefined {
  return (span.instrumentationScope ?? span.instrumentationLibrary)?.name;
}

/** Copies the defined values of `source` onto `target`. */
export function assignDefined<T extends object>(target: T, source: Partial<T>): T {
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined) (target as Record<string, unknown>)[key] = value;
  }
  return target;
}

/** The identity part of an ExtractedSpan: ids, name, times, status and the classification. */
export function baseExtracted(span: SpanLike, classification: SpanClassification): ExtractedSpan {
  const context = span.spanContext();
  const base: ExtractedSpan = { ...classification, traceId: context.traceId, spanId: context.spanId, name: span.name };
  return assignDefined(base, {
    parentSpanId: span.parentSpanContext?.spanId,
    startTimeMs: hrTimeToMs(span.startTime),
    endTimeMs: hrTimeToMs(span.endTime),
    error: span.status?.code === 2 ? span.status.message || 'error' : undefined,
  });
}

/** Attaches the collected warnings to an extracted span, when there are any. */
export function withWarnings(extracted: ExtractedSpan, ctx: ReadContext): ExtractedSpan {
  if (ctx.warnings.length > 0) extracted.warnings = [...(extracted.warnings ?? []), ...ctx.warnings];
  return extracted;
}
