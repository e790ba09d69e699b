// `ai` is an optional peer dependency: the main entry must load and run deterministic evaluators without
// it, and a model-backed evaluator must then say how to fix it instead of crashing the import.
import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

// Resolution hooks that make `ai` and every `@ai-sdk/*` package unresolvable, as when they are not installed.
const BLOCK_AI = `export async function resolve(specifier, context, next) {
  if (specifier === 'ai' || specifier.startsWith('ai/') || specifier.startsWith('@ai-sdk/')) throw new Error('Cannot find package ' + specifier);
  return next(specifier, context);
}`;

const SCRIPT = `
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(process.argv[1]));
const { runEvaluation } = await import(process.argv[2]);
const result = await runEvaluation(
  { response: 'Paris', groundTruth: 'Paris', criteria: [] },
  { evaluatorConfigs: [{ type: 'exact_match' }, { type: 'LLMJudge', model: 'openai:gpt-4o-mini', template: 'correctness' }] },
);
process.stdout.write(JSON.stringify(result.results.map((r) => ({ criterionName: r.criterionName, score: r.score, error: r.error }))));
`;

describe('without the optional peer ai', () => {
  it('loads the main entry, runs deterministic evaluators, and turns a judge into an error result that says npm install ai', async () => {
    const entry = pathToFileURL(`${root}src/index.ts`).href;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT, BLOCK_AI, entry], { cwd: root, timeout: 60_000 });
    const results = JSON.parse(stdout) as Array<{ criterionName: string; score: unknown; error?: string }>;
    expect(results[0]).toEqual({ criterionName: 'exact_match', score: true });
    expect(results[1]).toMatchObject({ criterionName: 'correctness', score: null });
    expect(results[1]?.error).toMatch(/^LLMJudge needs the optional peer dependency "ai" \(npm install ai\): /);
  }, 90_000);
});
