/** Helpers of the offline runner tests: temporary suite directories with their files. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh temporary directory. */
export function tempDir(prefix = 'otel-evals-offline-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** Writes files (name -> text, or a value written as JSON) into `dir`; returns `dir`. */
export function writeFiles(dir: string, files: Record<string, unknown>): string {
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  return dir;
}

/** Example A of the format: a deterministic calculator suite. */
export const CALCULATOR = {
  version: '2.0',
  profile: 'deterministic',
  settings: { defaultTimeout: 5000, failFast: true },
  testCases: [
    { id: 'tc-001', name: 'Basic addition', input: { prompt: 'Calculate 2 + 2' }, expected: { output: '4' }, evaluation: { strategy: 'exact_match' }, metadata: { difficulty: 'easy', priority: 'critical' } },
    { id: 'tc-002', name: 'Complex expression', input: { prompt: 'Calculate (15 * 4) / 3 + 7' }, expected: { output: '27' }, evaluation: { strategy: 'exact_match' }, metadata: { difficulty: 'medium' } },
  ],
};

/** A calculator agent module: evaluates the expression after "Calculate". */
export const CALCULATOR_AGENT = `export default async function agent(input) {
  const expression = input.prompt.replace(/^Calculate\\s+/, '');
  if (!/^[\\d\\s+*/().-]+$/.test(expression)) throw new Error('not an expression: ' + expression);
  return String(Function('return (' + expression + ')')());
}
`;
