import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runEvaluation } from '../../src/core/run-evaluation.ts';
import type { AggregatedEvaluationResult } from '../../src/core/types.ts';
import { JsonFileStorageProvider } from '../../src/storage/json-file-storage.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'otel-evals-storage-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function result(index: number, filler = ''): AggregatedEvaluationResult {
  return {
    overallScore: index / 200,
    results: [{ criterionName: 'c', score: index, evaluatorType: 'Test', reasoning: filler }],
    timestamp: index,
    inputSnapshot: { response: `response ${index}`, criteria: [] },
    metadata: { errors: [], durationMs: 0, index },
  };
}

async function readLines(path: string): Promise<string[]> {
  const text = await readFile(path, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n');
}

describe('JsonFileStorageProvider', () => {
  it('writes 200 concurrent saves as 200 whole lines, in call order', async () => {
    const filePath = join(dir, 'results.jsonl');
    const storage = new JsonFileStorageProvider({ filePath });
    // Large lines (~64 KB) make an interleaving of partial writes visible if appends ran concurrently.
    const filler = 'x'.repeat(64 * 1024);
    await Promise.all(Array.from({ length: 200 }, (_, i) => storage.saveResult(result(i, filler))));
    const lines = await readLines(filePath);
    expect(lines).toHaveLength(200);
    const parsed = lines.map((line) => JSON.parse(line) as AggregatedEvaluationResult);
    expect(parsed.map((r) => r.metadata.index)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(parsed[7]?.results[0]?.reasoning).toHaveLength(filler.length);
  });

  it('creates nested parent directories', async () => {
    const filePath = join(dir, 'a', 'b', 'c', 'out.jsonl');
    const storage = new JsonFileStorageProvider({ filePath });
    await storage.saveResult(result(1));
    await storage.saveResult(result(2));
    expect((await readLines(filePath)).map((line) => (JSON.parse(line) as AggregatedEvaluationResult).timestamp)).toEqual([1, 2]);
  });

  it('rejects when the path cannot be written', async () => {
    const blocker = join(dir, 'not-a-directory');
    await writeFile(blocker, 'plain file');
    const storage = new JsonFileStorageProvider({ filePath: join(blocker, 'sub', 'out.jsonl') });
    await expect(storage.saveResult(result(1))).rejects.toThrow(/could not append to .*not-a-directory/);
  });

  it('keeps working after a failed write', async () => {
    const filePath = join(dir, 'target.jsonl');
    await mkdir(filePath); // a directory where the file should be: appends fail with EISDIR
    const storage = new JsonFileStorageProvider({ filePath });
    const first = storage.saveResult(result(1));
    const second = storage.saveResult(result(2));
    await expect(first).rejects.toThrow(/could not append/);
    await expect(second).rejects.toThrow(/could not append/);
    await rm(filePath, { recursive: true });
    await storage.saveResult(result(3));
    await storage.flush();
    expect(await readLines(filePath)).toHaveLength(1);
  });

  it('rejects a result that cannot be serialized without blocking later saves', async () => {
    const filePath = join(dir, 'cyclic.jsonl');
    const storage = new JsonFileStorageProvider({ filePath });
    const cyclic = result(1);
    cyclic.metadata.self = cyclic;
    await expect(storage.saveResult(cyclic)).rejects.toThrow(/could not be serialized/);
    const withBigInt = result(2);
    withBigInt.metadata.big = 12345678901234567890n;
    await storage.saveResult(withBigInt);
    expect(JSON.parse((await readLines(filePath))[0]!).metadata.big).toBe('12345678901234567890');
  });

  it('rejects an empty filePath at construction', () => {
    expect(() => new JsonFileStorageProvider({ filePath: '' })).toThrow(/filePath must be a non-empty string/);
  });

  it('is awaited by runEvaluation, and a failure lands in metadata.errors', async () => {
    const filePath = join(dir, 'run', 'results.jsonl');
    const evaluator = { type: 'Const', evaluate: () => Promise.resolve([{ criterionName: 'c', score: 1, evaluatorType: 'Const' }]) };
    const ok = await runEvaluation({ response: 'r', criteria: [] }, { evaluatorConfigs: [evaluator], storageProvider: new JsonFileStorageProvider({ filePath }) });
    expect(ok.evaluationConfigSnapshot?.storageProviderType).toBe('JsonFileStorageProvider');
    expect(JSON.parse((await readLines(filePath))[0]!).overallScore).toBe(1);
    await writeFile(join(dir, 'file'), '');
    const failed = await runEvaluation({ response: 'r', criteria: [] }, { evaluatorConfigs: [evaluator], storageProvider: new JsonFileStorageProvider({ filePath: join(dir, 'file', 'x.jsonl') }) });
    expect(failed.overallScore).toBe(1);
    expect(failed.metadata.errors).toMatchObject([{ source: 'storage', errorType: 'storage_error' }]);
  });
});
