import type { Attributes } from '@opentelemetry/api';
import { METRIC_ATTRIBUTE_ALLOWLIST } from '../semconv.ts';

const ALLOWED = new Set(METRIC_ATTRIBUTE_ALLOWLIST);
/** Value used once a key has seen too many distinct values. */
export const OVERFLOW_VALUE = '_OTHER';
const MAX_VALUE_LENGTH = 64;

/**
 * Keeps metric attributes low-cardinality: only allowlisted keys, short string values, and at most
 * `maxValuesPerKey` distinct values per key (the rest become `_OTHER`), so a custom evaluator that
 * returns free text as a label cannot explode the series count.
 */
export class MetricAttributeGuard {
  private readonly seen = new Map<string, Set<string>>();

  constructor(private readonly maxValuesPerKey = 100) {}

  /** Filters and caps a set of candidate attributes. */
  filter(candidates: Record<string, string | number | boolean | undefined>): Attributes {
    const out: Attributes = {};
    for (const key in candidates) {
      const value = candidates[key];
      if (value === undefined || !ALLOWED.has(key)) continue;
      out[key] = typeof value === 'string' ? this.cap(key, value) : value;
    }
    return out;
  }

  private cap(key: string, value: string): string {
    const short = value.length > MAX_VALUE_LENGTH ? OVERFLOW_VALUE : value;
    let values = this.seen.get(key);
    if (!values) {
      values = new Set();
      this.seen.set(key, values);
    }
    if (values.has(short)) return short;
    if (values.size >= this.maxValuesPerKey) return OVERFLOW_VALUE;
    values.add(short);
    return short;
  }
}
