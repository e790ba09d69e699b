// Every module of the evaluation core must load when it is the first one a program imports: a cycle
// that reads a binding during module evaluation (registry -> builtins -> hybrid -> registry) only shows
// when the cycle is entered at the "wrong" module, which the test files importing the registry first hide.
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const DIRECTORIES = ['src/core', 'src/evaluators', 'src/judge', 'src/storage', 'src/testing'];

async function modules(): Promise<string[]> {
  const found: string[] = ['src/index.ts'];
  for (const directory of DIRECTORIES) {
    const entries = await readdir(join(root, directory), { recursive: true });
    for (const entry of entries) if (entry.endsWith('.ts')) found.push(relative(root, join(root, directory, entry)));
  }
  return found.sort();
}

// tsImport loads each module in a fresh namespace, i.e. its own module graph, so one process can try
// every module as the first one imported.
const SCRIPT = `
import { tsImport } from 'tsx/esm/api';
const failures = {};
for (const url of JSON.parse(process.argv[1])) {
  try { await tsImport(url, import.meta.url); } catch (error) { failures[url] = String(error?.message ?? error); }
}
process.stdout.write(JSON.stringify(failures));
`;

describe('module load order', () => {
  it('loads every core, evaluator, judge, storage and testing module when it is imported first', async () => {
    const files = await modules();
    expect(files).toContain('src/evaluators/hybrid.ts');
    const urls = files.map((file) => pathToFileURL(join(root, file)).href);
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT, JSON.stringify(urls)], { cwd: root, timeout: 60_000 });
    const failures = JSON.parse(stdout) as Record<string, string>;
    expect(Object.fromEntries(Object.entries(failures).map(([url, message]) => [relative(root, fileURLToPath(url)), message]))).toEqual({});
  }, 90_000);
});
