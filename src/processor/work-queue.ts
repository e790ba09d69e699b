/**
 * The bounded work queue between the span hooks and the evaluations: a ring buffer with tail drop
 * (counted, one `diag.warn`), a concurrency limit, a timeout per job, a flush that waits for the jobs
 * queued before it, and a drain for shutdown.
 */
import { context, diag, ROOT_CONTEXT } from '@opentelemetry/api';

/** What a running job can observe about itself. */
export interface JobState {
  /** Set when the job passed its timeout; it should not emit anything any more. */
  timedOut: boolean;
}

/** Options of {@link WorkQueue}. */
export interface WorkQueueOptions<T> {
  /** Jobs waiting at most; more are dropped as `queue_full`. */
  maxQueueSize: number;
  /** Jobs running at once. */
  concurrency: number;
  /** Timeout of one job in milliseconds; its slot is freed when it passes. */
  timeoutMillis: number;
  /** Runs one job. */
  run(item: T, state: JobState): Promise<void> | void;
  /** Counts jobs dropped without running (`queue_full`, `shutdown`). */
  onDropped(reason: 'queue_full' | 'shutdown', count: number): void;
  /** Counts jobs that failed outside their own error handling (`timeout`, `processor_error`). */
  onError(errorType: string): void;
}

const INITIAL_RING_SIZE = 256;

interface FlushWaiter {
  target: number;
  resolve: () => void;
}

/** Bounded FIFO of evaluation jobs with a concurrency limit; never throws from `push`. */
export class WorkQueue<T> {
  /** Grows by doubling up to maxQueueSize, so a large bound costs nothing until it is used. */
  private ring: Array<T | undefined>;
  private head = 0;
  private length = 0;
  private pushed = 0;
  private dequeued = 0;
  private readonly running = new Set<number>();
  private waiters: FlushWaiter[] = [];
  private scheduled = false;
  private closed = false;
  private warned = false;
  private starting = false;
  private readonly pump = (): void => {
    this.scheduled = false;
    context.with(ROOT_CONTEXT, () => this.startJobs());
  };

  constructor(private readonly options: WorkQueueOptions<T>) {
    this.ring = new Array<T | undefined>(Math.max(1, Math.min(options.maxQueueSize, INITIAL_RING_SIZE)));
  }

  /** Jobs waiting to run. */
  get size(): number {
    return this.length;
  }

  /** Whether the queue refuses new jobs. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Jobs running now. */
  get inFlight(): number {
    return this.running.size;
  }

  /** Enqueues a job; returns false when it was dropped (queue full or closed) and counted. */
  push(item: T): boolean {
    if (this.closed) {
      this.options.onDropped('shutdown', 1);
      return false;
    }
    if (this.length >= this.options.maxQueueSize) {
      this.options.onDropped('queue_full', 1);
      if (!this.warned) {
        this.warned = true;
        diag.warn(`otel-evals: evaluation queue is full (maxQueueSize ${this.options.maxQueueSize}); further evaluations are dropped and counted as otel_evals.spans.dropped{reason="queue_full"}`);
      }
      return false;
    }
    if (this.length === this.ring.length) this.grow();
    this.ring[(this.head + this.length) % this.ring.length] = item;
    this.length += 1;
    this.pushed += 1;
    if (!this.scheduled && this.running.size < this.options.concurrency) {
      this.scheduled = true;
      setImmediate(this.pump);
    }
    return true;
  }

  /** Resolves when every job pushed before the call has finished (or timed out, or was dropped). */
  flush(): Promise<void> {
    const target = this.pushed;
    if (this.lowestUnfinished() >= target) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiters.push({ target, resolve }));
  }

  /** Calls `visit` for each job still waiting, oldest first, leaving them queued. */
  forEachQueued(visit: (item: T) => void): void {
    for (let i = 0; i < this.length; i++) visit(this.ring[(this.head + i) % this.ring.length] as T);
  }

  /** Refuses new jobs from now on; they are counted as dropped with reason `shutdown`. */
  close(): void {
    this.closed = true;
  }

  /** Waits up to `timeoutMillis` for queued and running jobs, then drops (and counts) what is still queued. */
  async drain(timeoutMillis: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMillis);
      timer.unref?.();
    });
    const timedOut = await Promise.race([this.flush().then(() => false), expired]);
    clearTimeout(timer);
    if (timedOut && this.length > 0) {
      const count = this.length;
      this.dequeued += count;
      this.ring.fill(undefined);
      this.head = 0;
      this.length = 0;
      this.options.onDropped('shutdown', count);
      this.settleWaiters();
    }
  }

  private grow(): void {
    const next = new Array<T | undefined>(Math.min(this.options.maxQueueSize, this.ring.length * 2));
    for (let i = 0; i < this.length; i++) next[i] = this.ring[(this.head + i) % this.ring.length];
    this.ring = next;
    this.head = 0;
  }

  private lowestUnfinished(): number {
    let lowest = this.length > 0 ? this.dequeued : this.pushed;
    for (const seq of this.running) if (seq < lowest) lowest = seq;
    return lowest;
  }

  private settleWaiters(): void {
    if (this.waiters.length === 0) return;
    const lowest = this.lowestUnfinished();
    const ready = this.waiters.filter((waiter) => waiter.target <= lowest);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => waiter.target > lowest);
    for (const waiter of ready) waiter.resolve();
  }

  private startJobs(): void {
    if (this.starting) return;
    this.starting = true;
    while (this.length > 0 && this.running.size < this.options.concurrency) {
      const item = this.ring[this.head] as T;
      this.ring[this.head] = undefined;
      this.head = (this.head + 1) % this.ring.length;
      this.length -= 1;
      const seq = this.dequeued;
      this.dequeued += 1;
      this.running.add(seq);
      this.startJob(item, seq);
    }
    this.starting = false;
    this.settleWaiters();
  }

  private startJob(item: T, seq: number): void {
    const state: JobState = { timedOut: false };
    let finished = false;
    const finish = (): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      this.running.delete(seq);
      context.with(ROOT_CONTEXT, () => this.startJobs());
    };
    const timer = setTimeout(() => {
      state.timedOut = true;
      this.options.onError('timeout');
      finish();
    }, this.options.timeoutMillis);
    timer.unref?.();
    let result: Promise<void> | void;
    try {
      result = this.options.run(item, state);
    } catch {
      this.options.onError('processor_error');
      finish();
      return;
    }
    if (result === undefined) {
      finish();
      return;
    }
    result.then(finish, () => {
      if (!finished) this.options.onError('processor_error');
      finish();
    });
  }
}
