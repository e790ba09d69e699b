/**
 * The per-trace buffer behind agent-level evaluation: LLM, tool and step spans of a trace are kept
 * until the agent span above them ends, bounded per trace, in total and in time. Every span that leaves
 * the buffer without being handed over is counted; none disappears silently.
 */
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import type { SpanLike } from '../extract/types.ts';

/** Resolved limits of the buffer. */
export interface TraceBufferLimits {
  maxSpansPerTrace: number;
  maxTraces: number;
  maxBufferedSpans: number;
  traceTtlMillis: number;
}

/** Default limits. */
export const DEFAULT_TRACE_BUFFER_LIMITS: Readonly<TraceBufferLimits> = {
  maxSpansPerTrace: 512,
  maxTraces: 1024,
  maxBufferedSpans: 16_384,
  traceTtlMillis: 300_000,
};

/** One buffered span, or only a parent link for a span of no known dialect between two buffered ones. */
interface BufferedSpan {
  spanId: string;
  parentSpanId: string | undefined;
  span: SpanLike | undefined;
}

interface TraceEntry {
  createdAt: number;
  spans: BufferedSpan[];
  /** Buffered entries that hold a span (links excluded), for the limits. */
  spanCount: number;
}

/** Longest pause between two TTL sweeps while traces are buffered, in milliseconds. */
export const MAX_SWEEP_INTERVAL_MILLIS = 60_000;
/** Shortest pause between two TTL sweeps, in milliseconds. */
export const MIN_SWEEP_INTERVAL_MILLIS = 1000;

/** How often expired traces are swept while the buffer holds any: a quarter of the TTL, within 1 s to 60 s. */
export function sweepIntervalMillis(traceTtlMillis: number): number {
  return Math.min(MAX_SWEEP_INTERVAL_MILLIS, Math.max(MIN_SWEEP_INTERVAL_MILLIS, Math.round(traceTtlMillis / 4)));
}

/**
 * Bounded per-trace span buffer; `onEvicted` receives the number of spans lost. Expired traces are
 * evicted on every add and by an unref'd timer that runs only while traces are buffered, so memory is
 * released when traffic stops, at most a sweep interval after the TTL.
 */
export class TraceBuffer {
  private readonly traces = new Map<string, TraceEntry>();
  private totalSpans = 0;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly limits: TraceBufferLimits,
    private readonly onEvicted: (count: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spans buffered over all traces. */
  get spanCount(): number {
    return this.totalSpans;
  }

  /** Traces buffered. */
  get traceCount(): number {
    return this.traces.size;
  }

  /** Whether a trace has buffered spans (cheap: one map lookup). */
  has(traceId: string): boolean {
    return this.traces.has(traceId);
  }

  /** Buffers an ended span of a known dialect. */
  add(traceId: string, spanId: string, parentSpanId: string | undefined, span: SpanLike): void {
    const now = this.now();
    this.expire(now);
    let entry = this.traces.get(traceId);
    if (entry === undefined) {
      if (this.traces.size >= this.limits.maxTraces) this.evictOldest();
      entry = { createdAt: now, spans: [], spanCount: 0 };
      this.traces.set(traceId, entry);
      if (this.sweeper === undefined) this.startSweeper();
    }
    if (entry.spanCount >= this.limits.maxSpansPerTrace) {
      // The span is dropped (and counted) but its parent link is kept, so spans below it still reach their agent.
      this.onEvicted(1);
      this.link(traceId, spanId, parentSpanId);
      return;
    }
    while (this.totalSpans >= this.limits.maxBufferedSpans && this.traces.size > 1) this.evictOldest(entry);
    if (this.totalSpans >= this.limits.maxBufferedSpans) {
      this.onEvicted(1);
      return;
    }
    entry.spans.push({ spanId, parentSpanId, span });
    entry.spanCount += 1;
    this.totalSpans += 1;
  }

  /**
   * Records the parent link of a span of no known dialect in a trace already buffered, so descendants
   * below it still reach their agent (an application span between an agent and its LLM calls).
   */
  link(traceId: string, spanId: string, parentSpanId: string | undefined): void {
    const entry = this.traces.get(traceId);
    if (entry === undefined || parentSpanId === undefined || entry.spans.length >= this.limits.maxSpansPerTrace * 2) return;
    entry.spans.push({ spanId, parentSpanId, span: undefined });
  }

  /**
   * The buffered descendants of a span, in the order they ended, each span once. They stay buffered
   * (an enclosing agent may need them too) until the trace's local root ends or the TTL passes.
   */
  descendants(traceId: string, ancestorSpanId: string): SpanLike[] {
    const entry = this.traces.get(traceId);
    if (entry === undefined) return [];
    const parents = new Map<string, string | undefined>();
    for (const item of entry.spans) parents.set(item.spanId, item.parentSpanId);
    const out: SpanLike[] = [];
    const seen = new Set<string>();
    for (const item of entry.spans) {
      if (item.span === undefined || seen.has(item.spanId)) continue;
      if (descendsFrom(item.parentSpanId, ancestorSpanId, parents)) {
        seen.add(item.spanId);
        out.push(item.span);
      }
    }
    return out;
  }

  /** Forgets a trace whose local root ended; its spans were available to every agent in it. */
  release(traceId: string): void {
    const entry = this.traces.get(traceId);
    if (entry === undefined) return;
    this.traces.delete(traceId);
    this.totalSpans -= entry.spanCount;
  }

  /** Evicts traces older than the TTL (done on every add and by the sweeper). */
  expire(now: number = this.now()): void {
    for (const [traceId, entry] of this.traces) {
      if (now - entry.createdAt < this.limits.traceTtlMillis) break;
      this.evict(traceId, entry);
    }
  }

  /** Drops everything, counting the spans as evicted, and stops the sweeper. */
  clear(): void {
    for (const [traceId, entry] of this.traces) this.evict(traceId, entry);
    this.stopSweeper();
  }

  private startSweeper(): void {
    const sweep = (): void => {
      try {
        this.expire();
      } catch {
        // Counting an eviction failed; a timer callback must never throw into the application.
      }
      // Stopped once empty rather than on every release, so a busy buffer does not churn timers.
      if (this.traces.size === 0) this.stopSweeper();
    };
    // Started in the root context, so the timer does not keep the context of the span that started it.
    this.sweeper = context.with(ROOT_CONTEXT, () => setInterval(sweep, sweepIntervalMillis(this.limits.traceTtlMillis)));
    this.sweeper.unref?.();
  }

  private stopSweeper(): void {
    if (this.sweeper === undefined) return;
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private evictOldest(keep?: TraceEntry): void {
    for (const [traceId, entry] of this.traces) {
      if (entry === keep) continue;
      this.evict(traceId, entry);
      return;
    }
  }

  private evict(traceId: string, entry: TraceEntry): void {
    this.traces.delete(traceId);
    this.totalSpans -= entry.spanCount;
    if (entry.spanCount > 0) this.onEvicted(entry.spanCount);
  }
}

function descendsFrom(parentSpanId: string | undefined, ancestorSpanId: string, parents: Map<string, string | undefined>): boolean {
  let current = parentSpanId;
  for (let depth = 0; current !== undefined && depth < 256; depth++) {
    if (current === ancestorSpanId) return true;
    current = parents.get(current);
  }
  return false;
}
