/**
 * Deep JSON equality with a readable list of differences: object key order never matters, array order
 * optionally not (arrays are then compared as multisets), and keys named in `ignoreKeys` are left out at
 * any depth. Properties whose value is `undefined` count as absent, as in JSON.
 */
import { isJsonObject } from './schema.ts';

/** How two JSON values are compared. */
export interface JsonDiffOptions {
  /** Compare arrays as multisets. */
  ignoreOrder: boolean;
  /** Key names left out of the comparison at any depth. */
  ignoreKeys: ReadonlySet<string>;
  /** Stop after this many differences. */
  maxDifferences: number;
}

/** The differences between `actual` and `expected`, as `path: what` lines; empty when they are equal. */
export function jsonDifferences(actual: unknown, expected: unknown, options: JsonDiffOptions): string[] {
  const out: string[] = [];
  compare(actual, expected, '', options, out);
  return out;
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}

function compare(actual: unknown, expected: unknown, path: string, options: JsonDiffOptions, out: string[]): void {
  if (out.length >= options.maxDifferences) return;
  const where = path || '(root)';
  const actualKind = kind(actual);
  const expectedKind = kind(expected);
  if (actualKind !== expectedKind) {
    out.push(`${where}: expected ${expectedKind} ${show(expected)}, got ${actualKind} ${show(actual)}`);
  } else if (actualKind === 'array') {
    compareArrays(actual as unknown[], expected as unknown[], path, options, out);
  } else if (actualKind === 'object') {
    compareObjects(actual as Record<string, unknown>, expected as Record<string, unknown>, path, options, out);
  } else if (actual !== expected) {
    out.push(`${where}: expected ${show(expected)}, got ${show(actual)}`);
  }
}

function compareObjects(actual: Record<string, unknown>, expected: Record<string, unknown>, path: string, options: JsonDiffOptions, out: string[]): void {
  for (const key of Object.keys(expected)) {
    if (options.ignoreKeys.has(key) || expected[key] === undefined) continue;
    const child = `${path}/${key}`;
    if (actual[key] === undefined) {
      if (out.length < options.maxDifferences) out.push(`${child}: missing (expected ${show(expected[key])})`);
    } else {
      compare(actual[key], expected[key], child, options, out);
    }
  }
  for (const key of Object.keys(actual)) {
    if (options.ignoreKeys.has(key) || actual[key] === undefined || expected[key] !== undefined) continue;
    if (out.length < options.maxDifferences) out.push(`${path}/${key}: unexpected key (${show(actual[key])})`);
  }
}

function compareArrays(actual: unknown[], expected: unknown[], path: string, options: JsonDiffOptions, out: string[]): void {
  if (options.ignoreOrder) {
    compareMultisets(actual, expected, path, options, out);
    return;
  }
  if (actual.length !== expected.length) {
    out.push(`${path || '(root)'}: expected ${expected.length} elements, got ${actual.length}`);
  }
  const shared = Math.min(actual.length, expected.length);
  for (let i = 0; i < shared; i++) compare(actual[i], expected[i], `${path}/${i}`, options, out);
}

function compareMultisets(actual: unknown[], expected: unknown[], path: string, options: JsonDiffOptions, out: string[]): void {
  const remaining = new Map<string, number>();
  for (const item of expected) {
    const key = canonical(item, options);
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  const unexpected: string[] = [];
  for (const item of actual) {
    const key = canonical(item, options);
    const count = remaining.get(key) ?? 0;
    if (count > 0) remaining.set(key, count - 1);
    else unexpected.push(key);
  }
  const missing = [...remaining].flatMap(([key, count]) => new Array<string>(count).fill(key));
  if (missing.length === 0 && unexpected.length === 0) return;
  const parts: string[] = [];
  if (missing.length > 0) parts.push(`${missing.length} expected element(s) missing, e.g. ${shorten(missing[0] ?? '')}`);
  if (unexpected.length > 0) parts.push(`${unexpected.length} unexpected element(s), e.g. ${shorten(unexpected[0] ?? '')}`);
  out.push(`${path || '(root)'} (order ignored): ${parts.join('; ')}`);
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}

/** A canonical JSON text: keys sorted, ignored keys dropped, arrays sorted when order is ignored. */
export function canonical(value: unknown, options: Pick<JsonDiffOptions, 'ignoreOrder' | 'ignoreKeys'>): string {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item, options));
    if (options.ignoreOrder) items.sort();
    return `[${items.join(',')}]`;
  }
  if (isJsonObject(value)) {
    const keys = Object.keys(value).filter((key) => !options.ignoreKeys.has(key) && value[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key], options)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
