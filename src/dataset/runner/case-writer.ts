/** Buffers case results and writes them to the run store in batched transactions. */
import type { RunStore, StoredCase } from '../store/run-store.ts';

/** Batched case writer: flushes every `batchSize` cases or `intervalMillis`, whichever comes first. */
export class CaseWriter {
  private buffer: StoredCase[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly store: RunStore, private readonly runId: string, private readonly batchSize = 100, private readonly intervalMillis = 250) {}

  /** Queues one result. */
  add(item: StoredCase): void {
    this.buffer.push(item);
    if (this.buffer.length >= this.batchSize) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.intervalMillis);
      this.timer.unref();
    }
  }

  /** Writes everything queued, in one transaction. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer;
    this.buffer = [];
    this.store.saveCases(this.runId, batch);
  }
}
