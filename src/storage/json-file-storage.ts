/**
 * JSONL storage of aggregated results: one JSON line per result, appended to a file whose parent
 * directories are created on first use.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { errorMessage } from '../core/errors.ts';
import type { AggregatedEvaluationResult, EvaluationStorageProvider } from '../core/types.ts';

/** Options of {@link JsonFileStorageProvider}. */
export interface JsonFileStorageOptions {
  /** File the JSON lines are appended to (created with its parent directories). */
  filePath: string;
}

/**
 * Appends each aggregated result as one JSON line. Appends are serialized through a promise chain, one
 * `appendFile` per line, so concurrent `saveResult` calls in this process never interleave lines; a
 * failed write rejects its own `saveResult` and the chain goes on with the next one.
 */
export class JsonFileStorageProvider implements EvaluationStorageProvider {
  /** Absolute path of the file written. */
  readonly filePath: string;
  private tail: Promise<void> = Promise.resolve();
  private directoryReady: Promise<unknown> | undefined;

  constructor(options: JsonFileStorageOptions) {
    if (typeof options?.filePath !== 'string' || options.filePath === '') {
      throw new TypeError('JsonFileStorageProvider: filePath must be a non-empty string (e.g. ./evaluation-results.jsonl)');
    }
    this.filePath = resolve(options.filePath);
  }

  /** Appends the result as one JSON line; rejects when it cannot be serialized or written. */
  saveResult(result: AggregatedEvaluationResult): Promise<void> {
    let line: string;
    try {
      // Serialized now, so later mutation of the result does not change what is written.
      line = `${JSON.stringify(result, jsonReplacer)}\n`;
    } catch (error) {
      return Promise.reject(new Error(`JsonFileStorageProvider: result could not be serialized: ${errorMessage(error)}`));
    }
    const write = this.tail.then(() => this.append(line));
    this.tail = write.catch(() => undefined);
    return write;
  }

  /** Resolves once every save issued so far has finished (successfully or not). */
  flush(): Promise<void> {
    return this.tail;
  }

  private async append(line: string): Promise<void> {
    try {
      await this.ensureDirectory();
      await appendFile(this.filePath, line, 'utf8');
    } catch (error) {
      // The next save retries the directory (it may have been removed or fixed meanwhile).
      this.directoryReady = undefined;
      throw new Error(`JsonFileStorageProvider: could not append to ${this.filePath}: ${errorMessage(error)}`, { cause: error });
    }
  }

  private ensureDirectory(): Promise<unknown> {
    this.directoryReady ??= mkdir(dirname(this.filePath), { recursive: true });
    return this.directoryReady;
  }
}

function jsonReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) return { name: value.name, message: value.message };
  return value;
}
