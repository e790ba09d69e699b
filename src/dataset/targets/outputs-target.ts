/**
 * Recorded outputs: a JSONL file of `{ "id": "tc-001", "output": ..., "toolCalls"?: [...], "messages"?: [...] }`
 * lines, graded without calling anything. A case without a recorded line errors with its id named.
 */
import { readFile } from 'node:fs/promises';
import { textVersion } from './hash.ts';
import { TargetError, toTargetResult, type Target, type TargetResult } from './types.ts';

/** Reads a value by dotted path (`data.answer.0`). */
export function resolvePath(value: unknown, dotted: string): unknown {
  let current = value;
  for (const key of dotted.split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Parses recorded outputs; a bad line is reported with its line number. */
export function parseOutputs(text: string, file: string): Map<string, TargetResult> {
  const outputs = new Map<string, TargetResult>();
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (error) {
      throw new TargetError(`${file}:${index + 1}: not a JSON line (${error instanceof Error ? error.message : String(error)})`);
    }
    const id = (record as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' && typeof id !== 'number') throw new TargetError(`${file}:${index + 1}: a recorded output needs an "id" (the case id)`);
    if (!('output' in (record as object))) throw new TargetError(`${file}:${index + 1}: a recorded output needs an "output"`);
    outputs.set(String(id), toTargetResult(record));
  });
  return outputs;
}

/** Builds a target that looks up each case's recorded output. */
export function outputsTarget(file: string): Target {
  let loaded: Promise<{ outputs: Map<string, TargetResult>; version: string }> | undefined;
  const load = (): Promise<{ outputs: Map<string, TargetResult>; version: string }> =>
    (loaded ??= readFile(file, 'utf8').then(
      (text) => ({ outputs: parseOutputs(text, file), version: textVersion(text) }),
      (error: unknown) => {
        throw new TargetError(`cannot read recorded outputs ${file}: ${error instanceof Error ? error.message : String(error)}`);
      },
    ));
  return {
    kind: 'outputs',
    description: `outputs ${file}`,
    version: async () => (await load()).version,
    prepare: async () => void (await load()),
    async invoke(_input, { evalCase }) {
      const found = (await load()).outputs.get(evalCase.id);
      if (!found) throw new TargetError(`no recorded output for case "${evalCase.id}" in ${file}`);
      return found;
    },
  };
}
