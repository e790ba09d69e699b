import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidEvaluatorConfigError } from '../../src/core/errors.ts';
import { runEvaluation } from '../../src/core/run-evaluation.ts';
import type { AggregatedEvaluationResult, EvaluationInput, Evaluator } from '../../src/core/types.ts';

// The example block of docs/custom-evaluators.md, run as written with 'otel-evals' pointing at src/.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const modulePath = join(root, '.cache', 'doc-examples', `custom-evaluators-${process.pid}.ts`);

interface ExampleModule {
  piiLeak(options?: { criterionName?: string; kinds?: string[] }): Evaluator;
  moderation(check: (text: string) => Promise<{ flagged: boolean; categories: string[] }>): Evaluator;
  evaluateSafety(input: EvaluationInput, check: (text: string) => Promise<{ flagged: boolean; categories: string[] }>): Promise<AggregatedEvaluationResult>;
}

let example: ExampleModule;

async function exampleSource(): Promise<string> {
  const markdown = await readFile(join(root, 'docs', 'custom-evaluators.md'), 'utf8');
  const match = /<!-- tested-example -->\s*```ts\n([\s\S]*?)```/.exec(markdown);
  if (!match?.[1]) throw new Error('docs/custom-evaluators.md has no tested-example block');
  return match[1].replace(/from 'otel-evals'/g, `from ${JSON.stringify(join(root, 'src', 'index.ts'))}`);
}

beforeAll(async () => {
  await mkdir(dirname(modulePath), { recursive: true });
  await writeFile(modulePath, await exampleSource());
  example = (await import(pathToFileURL(modulePath).href)) as ExampleModule;
});

afterAll(async () => {
  await rm(modulePath, { force: true });
});

const criteria = [
  { name: 'NoPii', description: 'No personal data in the answer', scale: 'binary', weight: 2 },
  { name: 'NotFlagged', description: 'Passes moderation', scale: 'binary' },
];

describe('docs/custom-evaluators.md example', () => {
  it('gives the documented result', async () => {
    const result = await example.evaluateSafety({ response: 'Write to jane.doe@example.com for a refund.', criteria }, async () => ({ flagged: false, categories: [] }));
    expect(result.results.map((r) => [r.criterionName, r.score, r.reasoning])).toEqual([
      ['NoPii', false, 'Found: email.'],
      ['NotFlagged', true, 'Not flagged.'],
    ]);
    expect(result.overallScore).toBeCloseTo(1 / 3);
  });

  it('has a synchronous form for inline use, and skips an empty response', () => {
    const evaluator = example.piiLeak({ kinds: ['phone'] });
    expect(evaluator.evaluateSync?.({ response: 'Call +44 20 7946 0958.', criteria: [] }, [])?.[0]).toMatchObject({ criterionName: 'NoPiiLeak', score: false });
    expect(evaluator.evaluateSync?.({ response: '  ', criteria: [] }, [])?.[0]).toMatchObject({ score: null, label: 'skipped', reasoning: 'skipped: empty response' });
  });

  it('turns a failing moderation call into an error result while the PII check still scores', async () => {
    const result = await example.evaluateSafety({ response: 'All clear.', criteria }, () => Promise.reject(new Error('moderation service unavailable')));
    expect(result.results.map((r) => [r.criterionName, r.score, r.label])).toEqual([
      ['NoPii', true, 'pass'],
      ['NotFlagged', null, 'error'],
    ]);
    expect(result.metadata.errors).toMatchObject([{ source: 'Moderation', criterionName: 'NotFlagged', message: 'moderation service unavailable' }]);
    expect(result.overallScore).toBe(1);
  });

  it('validates options given in code with parseOptions, naming the bad key', () => {
    let error: unknown;
    try {
      example.piiLeak({ kinds: ['ssn'] });
    } catch (thrown) {
      error = thrown;
    }
    expect(InvalidEvaluatorConfigError.isInstance(error)).toBe(true);
    expect((error as InvalidEvaluatorConfigError).message).toMatch(/^Invalid PiiLeak options:/);
    expect((error as InvalidEvaluatorConfigError).issues.map((issue) => issue.path)).toEqual(['kinds[0]']);
  });

  it('validates the registered type with key paths', async () => {
    const run = runEvaluation({ response: 'x', criteria: [] }, { evaluatorConfigs: [{ type: 'PiiLeak', kinds: ['ssn'], colour: 'red' }] });
    const error = (await run.catch((e: unknown) => e)) as InvalidEvaluatorConfigError;
    expect(InvalidEvaluatorConfigError.isInstance(error)).toBe(true);
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(['evaluatorConfigs[0].colour', 'evaluatorConfigs[0].kinds[0]']);
  });
});
