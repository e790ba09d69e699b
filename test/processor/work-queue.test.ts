import { diag } from '@opentelemetry/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkQueue } from '../../src/processor/work-queue.ts';
import type { WorkQueueOptions } from '../../src/processor/work-queue.ts';

interface Gate {
  promise: Promise<void>;
  open: () => void;
}
function gate(): Gate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

function queue(overrides: Partial<WorkQueueOptions<number>> = {}) {
  const dropped: Record<string, number> = {};
  const errors: string[] = [];
  const ran: number[] = [];
  let running = 0;
  let maxRunning = 0;
  const g = gate();
  const q = new WorkQueue<number>({
    maxQueueSize: 4,
    concurrency: 2,
    timeoutMillis: 5_000,
    run: async (item) => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await g.promise;
      ran.push(item);
      running -= 1;
    },
    onDropped: (reason, count) => (dropped[reason] = (dropped[reason] ?? 0) + count),
    onError: (type) => errors.push(type),
    ...overrides,
  });
  return { q, dropped, errors, ran, gate: g, maxRunning: () => maxRunning };
}

afterEach(() => vi.restoreAllMocks());

describe('WorkQueue', () => {
  it('tail-drops beyond maxQueueSize, counts each drop and warns exactly once', async () => {
    const warn = vi.spyOn(diag, 'warn');
    const { q, dropped, ran, gate: g } = queue();
    const accepted = Array.from({ length: 10 }, (_, i) => q.push(i));
    expect(accepted).toEqual([true, true, true, true, false, false, false, false, false, false]);
    expect(dropped.queue_full).toBe(6);
    expect(warn).toHaveBeenCalledTimes(1);
    g.open();
    await q.flush();
    expect(ran).toEqual([0, 1, 2, 3]);
  });

  it('runs at most `concurrency` jobs at once, off the caller stack', async () => {
    const { q, ran, gate: g, maxRunning } = queue({ maxQueueSize: 100 });
    for (let i = 0; i < 20; i++) q.push(i);
    expect(q.inFlight).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(q.inFlight).toBe(2);
    expect(q.size).toBe(18);
    g.open();
    await q.flush();
    expect(ran).toHaveLength(20);
    expect(maxRunning()).toBe(2);
  });

  it('flush waits for queued and running jobs pushed before it', async () => {
    const { q, ran, gate: g } = queue({ maxQueueSize: 100 });
    for (let i = 0; i < 5; i++) q.push(i);
    let flushed = false;
    const flush = q.flush().then(() => (flushed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(flushed).toBe(false);
    g.open();
    await flush;
    expect(ran).toHaveLength(5);
    expect(q.size + q.inFlight).toBe(0);
    await q.flush();
  });

  it('frees the slot of a job that passes its timeout and counts it', async () => {
    const { q, errors } = queue({ timeoutMillis: 30, run: () => new Promise<void>(() => {}) });
    q.push(1);
    await q.flush();
    expect(errors).toEqual(['timeout']);
    expect(q.inFlight).toBe(0);
  });

  it('counts a job that throws or rejects and goes on', async () => {
    let calls = 0;
    const { q, errors } = queue({
      run: (item) => {
        calls += 1;
        if (item === 1) throw new Error('sync');
        if (item === 2) return Promise.reject(new Error('async'));
        return undefined;
      },
    });
    q.push(1);
    q.push(2);
    q.push(3);
    await q.flush();
    expect(calls).toBe(3);
    expect(errors).toEqual(['processor_error', 'processor_error']);
  });

  it('visits the waiting jobs oldest first without taking them, across a wrapped ring', async () => {
    const { q, gate: g, ran } = queue({ concurrency: 1 });
    for (let i = 1; i <= 3; i++) q.push(i);
    await new Promise((resolve) => setImmediate(resolve));
    // 1 is running, so the ring (4 slots) starts at slot 1; 2, 3, 4 fill it and 5 wraps to slot 0.
    q.push(4);
    q.push(5);
    const seen: number[] = [];
    q.forEachQueued((item) => seen.push(item));
    expect(seen).toEqual([2, 3, 4, 5]);
    expect(q.size).toBe(4);
    g.open();
    await q.flush();
    expect(ran).toEqual([1, 2, 3, 4, 5]);
  });

  it('after close refuses work as `shutdown`; drain drops what outlives its timeout', async () => {
    const { q, dropped } = queue({ concurrency: 1, run: () => new Promise<void>(() => {}) });
    q.push(1);
    q.push(2);
    q.push(3);
    await new Promise((resolve) => setImmediate(resolve));
    q.close();
    expect(q.push(4)).toBe(false);
    expect(dropped.shutdown).toBe(1);
    await q.drain(20);
    expect(dropped.shutdown).toBe(3);
    expect(q.size).toBe(0);
  });
});
