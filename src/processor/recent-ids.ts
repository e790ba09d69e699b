/**
 * A bounded set of recently seen ids (FIFO eviction), so a span that ends twice is evaluated once
 * without keeping every span id forever.
 */

/** Remembers the last `capacity` ids added. */
export class RecentIds {
  private readonly ids = new Set<string>();
  private readonly ring: Array<string | undefined>;
  private next = 0;

  constructor(capacity: number) {
    this.ring = new Array<string | undefined>(Math.max(1, capacity));
  }

  /** Adds an id; returns false when it was already there. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    const evicted = this.ring[this.next];
    if (evicted !== undefined) this.ids.delete(evicted);
    this.ring[this.next] = id;
    this.next = (this.next + 1) % this.ring.length;
    this.ids.add(id);
    return true;
  }

  /** Ids remembered now. */
  get size(): number {
    return this.ids.size;
  }
}
