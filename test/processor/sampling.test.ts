import { describe, expect, it } from 'vitest';
import { isSampled, traceIdSampleValue } from '../../src/processor/sampling.ts';

function randomTraceId(): string {
  let id = '';
  for (let i = 0; i < 32; i++) id += Math.floor(Math.random() * 16).toString(16);
  return id;
}

describe('trace-id sampling', () => {
  it('maps a trace id to [0, 1) deterministically', () => {
    const id = '4bf92f3577b34da6a3ce929d0e0e4736';
    const value = traceIdSampleValue(id);
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThan(1);
    expect(traceIdSampleValue(id)).toBe(value);
    expect(traceIdSampleValue(id.toUpperCase())).toBe(value);
    expect(traceIdSampleValue('ffffffffffffffffffffffffffffffff')).toBeLessThan(1);
  });

  it('depends only on the low 8 bytes of the trace id', () => {
    expect(traceIdSampleValue('00000000000000001234567890abcdef')).toBe(traceIdSampleValue('ffffffffffffffff1234567890abcdef'));
    expect(traceIdSampleValue('00000000000000001234567890abcdef')).not.toBe(traceIdSampleValue('00000000000000001234567890abcdee'));
  });

  it('makes the same decision every time (as in every process)', () => {
    const ids = Array.from({ length: 500 }, randomTraceId);
    const first = ids.map((id) => isSampled(id, 0.3));
    const second = ids.map((id) => isSampled(id, 0.3));
    expect(second).toEqual(first);
  });

  it('a 20% sample is a subset of a 60% sample, and rates are honoured', () => {
    const ids = Array.from({ length: 20_000 }, randomTraceId);
    const twenty = ids.filter((id) => isSampled(id, 0.2));
    const sixty = new Set(ids.filter((id) => isSampled(id, 0.6)));
    for (const id of twenty) expect(sixty.has(id)).toBe(true);
    expect(twenty.length / ids.length).toBeGreaterThan(0.18);
    expect(twenty.length / ids.length).toBeLessThan(0.22);
    expect(sixty.size / ids.length).toBeGreaterThan(0.58);
    expect(sixty.size / ids.length).toBeLessThan(0.62);
  });

  it('spreads sequential ids evenly (hashing, not raw bits)', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => i.toString(16).padStart(32, '0'));
    const share = ids.filter((id) => isSampled(id, 0.5)).length / ids.length;
    expect(share).toBeGreaterThan(0.47);
    expect(share).toBeLessThan(0.53);
  });

  it('keeps all at 1 and none at 0', () => {
    expect(isSampled(randomTraceId(), 1)).toBe(true);
    expect(isSampled(randomTraceId(), 0)).toBe(false);
  });
});
