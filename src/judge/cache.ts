/**
 * The judge cache: an in-memory LRU, optionally backed by JSON files in a directory, keyed by the
 * sha256 of model id, canonical rendered (already redacted) prompt and settings. Identical concurrent
 * lookups share one computation, so identical evaluations cost one call.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A cache of JSON-serializable values. */
export interface JudgeCache<V = unknown> {
  /** The value stored under `key`, or undefined. */
  get(key: string): Promise<V | undefined>;
  /** Stores a value. */
  set(key: string, value: V): Promise<void>;
}

/** Options of {@link createJudgeCache}. */
export interface JudgeCacheOptions {
  /** Entries kept in memory (default 10,000). */
  maxEntries?: number;
  /** Also keep entries as `<key>.json` files in this directory (created when missing). */
  directory?: string;
  /** Entries older than this many ms are ignored (default: kept forever). */
  ttlMs?: number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
}

/** The cache key: sha256 over the parts, each length-prefixed so parts cannot run into each other. */
export function cacheKey(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:${part}\n`);
  return hash.digest('hex');
}

/** Builds an LRU cache, optionally persisted on disk. */
export function createJudgeCache<V = unknown>(options: JudgeCacheOptions = {}): JudgeCache<V> {
  const maxEntries = options.maxEntries ?? 10_000;
  const memory = new Map<string, Entry<V>>();
  const fresh = (entry: Entry<V> | undefined): entry is Entry<V> => entry !== undefined && (options.ttlMs === undefined || Date.now() - entry.storedAt <= options.ttlMs);
  const remember = (key: string, entry: Entry<V>): void => {
    memory.delete(key);
    memory.set(key, entry);
    if (memory.size > maxEntries) memory.delete(memory.keys().next().value as string);
  };
  let made: Promise<unknown> | undefined;
  return {
    async get(key) {
      const entry = memory.get(key);
      if (fresh(entry)) {
        remember(key, entry);
        return entry.value;
      }
      if (!options.directory) return undefined;
      try {
        const stored = JSON.parse(await readFile(join(options.directory, `${key}.json`), 'utf8')) as Entry<V>;
        if (!fresh(stored)) return undefined;
        remember(key, stored);
        return stored.value;
      } catch {
        return undefined;
      }
    },
    async set(key, value) {
      const entry = { value, storedAt: Date.now() };
      remember(key, entry);
      if (!options.directory) return;
      const directory = options.directory;
      made ??= mkdir(directory, { recursive: true });
      await made;
      // Write then rename, so a concurrent reader never sees half a file.
      const target = join(directory, `${key}.json`);
      const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, JSON.stringify(entry));
      await rename(temporary, target);
    },
  };
}

/** A computation in flight, shared by the callers asking for the same key. */
export interface InflightComputation<V> {
  promise: Promise<{ value: V; hit: boolean }>;
  callers: SharedAbort;
}

/** What {@link cachedCompute} needs. */
export interface CachedComputeOptions<V> {
  /** The cache; without one, every call computes. */
  cache: JudgeCache<V> | undefined;
  /** Computations in flight by key, shared by the callers of one evaluator. */
  inflight: Map<string, InflightComputation<V>>;
  key: string;
  /** Computes the value; `signal` aborts once every caller waiting for it has given up. */
  compute: (signal: AbortSignal) => Promise<V>;
  /** This caller's signal: when it aborts, the caller gives up waiting. */
  signal?: AbortSignal | undefined;
}

/**
 * Looks `key` up, else computes, stores and returns the value; concurrent calls with the same key
 * share one computation, cancelled only when all of them gave up. `hit` tells whether the value came
 * from the cache.
 */
export function cachedCompute<V>(options: CachedComputeOptions<V>): Promise<{ value: V; hit: boolean }> {
  const { cache, inflight, key, compute } = options;
  if (!cache) return compute(options.signal ?? new AbortController().signal).then((value) => ({ value, hit: false }));
  const pending = inflight.get(key);
  if (pending) {
    pending.callers.join(options.signal);
    return pending.promise.then(({ value }) => ({ value, hit: true }));
  }
  const callers = new SharedAbort();
  callers.join(options.signal);
  const promise = (async () => {
    const cached = await cache.get(key);
    if (cached !== undefined) return { value: cached, hit: true };
    const value = await compute(callers.signal);
    await cache.set(key, value).catch(() => undefined);
    return { value, hit: false };
  })();
  inflight.set(key, { promise, callers });
  const clear = (): void => {
    inflight.delete(key);
  };
  promise.then(clear, clear);
  return promise;
}

/**
 * The abort signal of work shared by several callers: it aborts when every caller that joined has
 * aborted its own signal; a caller without a signal keeps the work alive.
 */
export class SharedAbort {
  private readonly controller = new AbortController();
  private waiting = 0;

  /** Aborted once every caller gave up. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Adds a caller, which gives up when `signal` aborts (never, without one). */
  join(signal?: AbortSignal): void {
    this.waiting += 1;
    if (!signal) return;
    const leave = (): void => {
      this.waiting -= 1;
      if (this.waiting === 0) this.controller.abort(signal.reason);
    };
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave, { once: true });
  }
}

let sharedCache: JudgeCache | undefined;

/** The process-wide in-memory judge cache used when an evaluator is not given one. */
export function defaultJudgeCache<V>(): JudgeCache<V> {
  sharedCache ??= createJudgeCache();
  return sharedCache as JudgeCache<V>;
}
