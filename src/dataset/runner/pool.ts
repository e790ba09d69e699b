/** A bounded worker pool that runs items in order of index and stops taking new ones on request. */

/**
 * Runs `work(i)` for i in 0..count-1 with at most `concurrency` in flight, taking items in index order.
 * Once `stopped()` is true no new item starts; items already running finish.
 */
export async function runPool(count: number, concurrency: number, work: (index: number) => Promise<void>, stopped: () => boolean = () => false): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count && !stopped()) {
      const index = next;
      next += 1;
      await work(index);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, () => worker());
  await Promise.all(workers);
}

/** Rejects with `error()` after `ms`, aborting `controller`; `clear` cancels it. */
export function deadline(ms: number, controller: AbortController, error: () => Error): { promise: Promise<never>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = error();
      controller.abort(reason);
      reject(reason);
    }, ms);
  });
  promise.catch(() => undefined);
  return { promise, clear: () => clearTimeout(timer) };
}
