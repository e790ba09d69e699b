import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { sweepIntervalMillis, TraceBuffer } from '../../src/processor/trace-buffer.ts';
import type { SpanLike } from '../../src/extract/types.ts';

function span(name: string): SpanLike {
  return { name, attributes: {}, spanContext: () => ({ traceId: 't', spanId: name, traceFlags: 1 }) };
}
const limits = { maxSpansPerTrace: 4, maxTraces: 2, maxBufferedSpans: 6, traceTtlMillis: 1000 };

function buffer(now = { value: 0 }) {
  let evicted = 0;
  const b = new TraceBuffer(limits, (count) => (evicted += count), () => now.value);
  return { b, evicted: () => evicted, now };
}

describe('TraceBuffer', () => {
  it('returns the descendants of a span in end order, through links of unknown spans', () => {
    const { b } = buffer();
    b.add('t1', 'chat1', 'step1', span('chat1'));
    b.add('t1', 'tool1', 'step1', span('tool1'));
    b.add('t1', 'step1', 'agent', span('step1'));
    b.add('t1', 'chat2', 'custom', span('chat2'));
    b.link('t1', 'custom', 'agent');
    b.add('t1', 'other', 'elsewhere', span('other'));
    expect(b.descendants('t1', 'agent').map((s) => s.name)).toEqual(['chat1', 'tool1', 'step1', 'chat2']);
    expect(b.descendants('t1', 'step1').map((s) => s.name)).toEqual(['chat1', 'tool1']);
    expect(b.descendants('t2', 'agent')).toEqual([]);
  });

  it('counts spans beyond the per-trace limit', () => {
    const { b, evicted } = buffer();
    for (let i = 0; i < 6; i++) b.add('t1', `s${i}`, 'root', span(`s${i}`));
    expect(b.spanCount).toBe(4);
    expect(evicted()).toBe(2);
  });

  it('evicts the oldest trace beyond maxTraces and maxBufferedSpans, counting its spans', () => {
    const { b, evicted } = buffer();
    b.add('t1', 'a', 'r', span('a'));
    b.add('t2', 'b', 'r', span('b'));
    b.add('t3', 'c', 'r', span('c'));
    expect(b.has('t1')).toBe(false);
    expect(evicted()).toBe(1);
    for (let i = 0; i < 3; i++) b.add('t2', `x${i}`, 'r', span(`x${i}`));
    b.add('t3', 'd', 'r', span('d'));
    expect(b.spanCount).toBe(6);
    b.add('t3', 'e', 'r', span('e'));
    expect(b.has('t2')).toBe(false);
    expect(evicted()).toBe(5);
    expect(b.spanCount).toBe(3);
  });

  it('expires traces after the TTL, counted', () => {
    const { b, evicted, now } = buffer();
    b.add('t1', 'a', 'r', span('a'));
    now.value = 500;
    b.add('t2', 'b', 'r', span('b'));
    now.value = 1200;
    b.add('t3', 'c', 'r', span('c'));
    expect(b.has('t1')).toBe(false);
    expect(b.has('t2')).toBe(true);
    expect(evicted()).toBe(1);
  });

  it('sweeps expired traces on a timer that runs only while traces are buffered', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    onTestFinished(() => void vi.useRealTimers());
    let evicted = 0;
    const b = new TraceBuffer(limits, (count) => (evicted += count));
    expect(vi.getTimerCount()).toBe(0);
    b.add('t1', 'a', 'r', span('a'));
    b.add('t1', 'b', 'r', span('b'));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(evicted).toBe(0);
    vi.advanceTimersByTime(1001);
    expect(evicted).toBe(2);
    expect(b.traceCount).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    b.add('t2', 'c', 'r', span('c'));
    expect(vi.getTimerCount()).toBe(1);
    b.clear();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never throws from the sweeper, even when counting fails', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const b = new TraceBuffer(limits, () => {
      throw new Error('meter gone');
    });
    b.add('t1', 'a', 'r', span('a'));
    expect(() => vi.advanceTimersByTime(2000)).not.toThrow();
    expect(b.traceCount).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sweeps every quarter of the TTL, within 1 s and 60 s', () => {
    expect(sweepIntervalMillis(300_000)).toBe(60_000);
    expect(sweepIntervalMillis(20_000)).toBe(5000);
    expect(sweepIntervalMillis(50)).toBe(1000);
  });

  it('releases a trace without counting, and clear counts the rest', () => {
    const { b, evicted } = buffer();
    b.add('t1', 'a', 'r', span('a'));
    b.add('t2', 'b', 'r', span('b'));
    b.release('t1');
    expect(b.spanCount).toBe(1);
    expect(evicted()).toBe(0);
    b.clear();
    expect(evicted()).toBe(1);
    expect(b.traceCount).toBe(0);
  });
});
