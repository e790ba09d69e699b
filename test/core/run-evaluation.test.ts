import { describe, expect, it } from 'vitest';
import { InvalidEvaluatorConfigError } from '../../src/core/errors.ts';
import { registerEvaluator } from '../../src/core/registry.ts';
import { runEvaluation } from '../../src/core/run-evaluation.ts';
import type { AggregatedEvaluationResult, EvaluationCriteria, EvaluationInput } from '../../src/core/types.ts';
import { mockEvaluator } from '../../src/testing/index.ts';
import { z } from 'zod';

const criteria: EvaluationCriteria[] = [
  { name: 'A', description: 'a', scale: 'numeric', weight: 3 },
  { name: 'B', description: 'b', scale: 'likert5', weight: 1 },
  { name: 'C', description: 'c', scale: 'binary' },
];
const input: EvaluationInput = { response: 'hello', prompt: 'hi', criteria, agentId: 'agent-1', sessionId: 's-1' };

describe('runEvaluation', () => {
  it('normalizes and takes the weighted mean of numeric results', async () => {
    const evaluator = mockEvaluator({
      results: [
        { criterionName: 'A', score: 0.5, evaluatorType: 'Mock' },
        { criterionName: 'B', score: 5, evaluatorType: 'Mock' },
        { criterionName: 'C', score: 'category-x', evaluatorType: 'Mock' },
      ],
    });
    const result = await runEvaluation(input, { evaluatorConfigs: [evaluator] });
    // (3 * 0.5 + 1 * 1) / 4; C is not numeric and is left out
    expect(result.overallScore).toBeCloseTo(0.625);
    expect(result.passed).toBe(false);
    expect(result.results.map((r) => r.normalizedScore)).toEqual([0.5, 1, null]);
    expect(result.agentId).toBe('agent-1');
    expect(result.sessionId).toBe('s-1');
    expect(result.evaluationConfigSnapshot).toEqual({ evaluatorTypes: ['Mock'], criteriaNames: ['A', 'B', 'C'], storageProviderType: 'none', metadataKeys: [] });
    expect(result.metadata.errors).toEqual([]);
    expect(result.metadata.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('takes passed per criterion from its threshold and overall from the run threshold', async () => {
    const evaluator = mockEvaluator({ results: [{ criterionName: 'A', score: 0.6, evaluatorType: 'Mock' }] });
    const strict = await runEvaluation({ ...input, criteria: [{ ...criteria[0]!, threshold: 0.7 }] }, { evaluatorConfigs: [evaluator], threshold: 0.5 });
    expect(strict.results[0]?.passed).toBe(false);
    expect(strict.results[0]?.label).toBe('fail');
    expect(strict.passed).toBe(true);
  });

  it('leaves overallScore absent when nothing is numeric', async () => {
    const evaluator = mockEvaluator({ results: [{ criterionName: 'A', score: null, evaluatorType: 'Mock', reasoning: 'skipped: no groundTruth' }] });
    const result = await runEvaluation(input, { evaluatorConfigs: [evaluator] });
    expect(result.overallScore).toBeUndefined();
    expect(result.passed).toBeUndefined();
    expect(result.results[0]?.label).toBe('skipped');
  });

  it('isolates an evaluator that throws and one that passes its timeout', async () => {
    const good = mockEvaluator({ type: 'Good', results: [{ criterionName: 'A', score: 1, evaluatorType: 'Good' }] });
    const thrower = { type: 'Thrower', criterionNames: ['B'], evaluate: () => { throw new Error('boom'); } };
    const slow = mockEvaluator({ type: 'Slow', criterionNames: ['C'], delayMillis: 500, results: [] });
    const result = await runEvaluation(input, { evaluatorConfigs: [good, thrower, slow], evaluatorTimeoutMillis: 50 });
    expect(result.overallScore).toBe(1);
    const byType = Object.fromEntries(result.results.map((r) => [r.evaluatorType, r]));
    expect(byType.Thrower).toMatchObject({ criterionName: 'B', score: null, error: 'boom', label: 'error' });
    expect(byType.Slow).toMatchObject({ criterionName: 'C', label: 'error', metadata: { errorType: 'timeout' } });
    expect(result.metadata.errors.map((e) => [e.source, e.errorType])).toEqual([
      ['Thrower', 'evaluator_error'],
      ['Slow', 'timeout'],
    ]);
  });

  it('aborts the signal it gave a timed-out evaluator, and only then', async () => {
    const signals: AbortSignal[] = [];
    const slow = { type: 'Slow', criterionNames: ['C'], evaluate: (_i: EvaluationInput, _c: EvaluationCriteria[], options?: { signal?: AbortSignal }) => { signals.push(options!.signal!); return new Promise<never>(() => undefined); } };
    const quick = { type: 'Quick', criterionNames: ['A'], evaluate: async (_i: EvaluationInput, _c: EvaluationCriteria[], options?: { signal?: AbortSignal }) => { signals.push(options!.signal!); return [{ criterionName: 'A', score: 1, evaluatorType: 'Quick' }]; } };
    await runEvaluation(input, { evaluatorConfigs: [quick], evaluatorTimeoutMillis: 20 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(signals[0]?.aborted).toBe(false);
    await runEvaluation(input, { evaluatorConfigs: [slow], evaluatorTimeoutMillis: 20 });
    expect(signals[1]?.aborted).toBe(true);
    expect((signals[1]?.reason as Error).message).toBe('evaluation timed out after 20 ms');
  });

  it('validates the run-level options with the evaluator configs, all problems at once', async () => {
    const config = { evaluatorConfigs: [{ type: 'Nope' }], threshold: 75, evaluatorTimeoutMillis: 0, inputLimits: { maxChars: -1, onOversize: 'drop' as never } };
    const error = (await runEvaluation(input, config).catch((e: unknown) => e)) as InvalidEvaluatorConfigError;
    expect(InvalidEvaluatorConfigError.isInstance(error)).toBe(true);
    expect(error.issues.map((issue) => issue.path)).toEqual(['evaluatorConfigs[0].type', 'threshold', 'evaluatorTimeoutMillis', 'inputLimits.maxChars', 'inputLimits.onOversize']);
    expect(error.message).toContain('threshold: must be a number from 0 to 1 (a threshold on normalized scores), got 75 (fix: e.g. 0.75 for 75%)');
    const valid = { evaluatorConfigs: [mockEvaluator()], threshold: 0.5, evaluatorTimeoutMillis: 100, inputLimits: { maxChars: 10, onOversize: 'skip' as const } };
    await expect(runEvaluation(input, valid)).resolves.toMatchObject({ metadata: { errors: [] } });
  });

  it('reports every config problem at once with its path and a fix', async () => {
    const run = runEvaluation(input, {
      evaluatorConfigs: [
        { type: 'exact_match' },
        { type: 'NoSuchEvaluator' },
        { type: 'exact_match', caseSensitive: 'yes' },
        { type: 'exact_match', criterionNam: 'typo' },
      ],
    });
    await expect(run).rejects.toBeInstanceOf(InvalidEvaluatorConfigError);
    const error = await run.catch((e: unknown) => e);
    expect(InvalidEvaluatorConfigError.isInstance(error)).toBe(true);
    const issues = (error as InvalidEvaluatorConfigError).issues;
    expect(issues.map((issue) => issue.path)).toEqual(['evaluatorConfigs[1].type', 'evaluatorConfigs[2].caseSensitive', 'evaluatorConfigs[3].criterionNam']);
    expect(issues[0]?.message).toContain('unknown evaluator type "NoSuchEvaluator"');
    expect(issues[0]?.fix).toContain('registerEvaluator');
    expect((error as Error).message).toContain('evaluatorConfigs[2].caseSensitive');
  });

  it('accepts custom types through registerEvaluator, including the seed nested config form', async () => {
    registerEvaluator(
      'LengthAtLeast',
      ({ criterionName, min }: { criterionName: string; min: number }) => ({
        type: 'LengthAtLeast',
        criterionNames: [criterionName],
        evaluate: async (i) => [{ criterionName, score: String(i.response).length >= min, evaluatorType: 'LengthAtLeast' }],
      }),
      z.strictObject({ criterionName: z.string(), min: z.number().int().min(0) }),
    );
    const ok = await runEvaluation(input, { evaluatorConfigs: [{ type: 'LengthAtLeast', config: { criterionName: 'C', min: 3 } }] });
    expect(ok.results[0]).toMatchObject({ criterionName: 'C', score: true, normalizedScore: 1, passed: true });
    const bad = await runEvaluation(input, { evaluatorConfigs: [{ type: 'LengthAtLeast', config: { criterionName: 'C', min: -1 } }] }).catch((e: unknown) => e);
    expect((bad as InvalidEvaluatorConfigError).issues[0]?.path).toBe('evaluatorConfigs[0].config.min');
  });

  it('awaits the storage provider and reports its failure without losing the result', async () => {
    const saved: AggregatedEvaluationResult[] = [];
    const evaluator = mockEvaluator({ results: [{ criterionName: 'A', score: 1, evaluatorType: 'Mock' }] });
    const stored = await runEvaluation(input, { evaluatorConfigs: [evaluator], storageProvider: { saveResult: async (r) => { saved.push(r); } } });
    expect(saved).toEqual([stored]);
    const failing = await runEvaluation(input, {
      evaluatorConfigs: [evaluator],
      storageProvider: { saveResult: async () => { throw new Error('disk full'); } },
    });
    expect(failing.overallScore).toBe(1);
    expect(failing.metadata.errors).toEqual([{ source: 'storage', errorType: 'storage_error', message: 'disk full' }]);
  });

  it('truncates or skips oversize inputs with the reason stated', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    const seen: number[] = [];
    const evaluator = mockEvaluator({ criterionNames: ['A'], results: (i) => { seen.push(String(i.response).length); return [{ criterionName: 'A', score: 1, evaluatorType: 'Mock' }]; } });
    const truncated = await runEvaluation({ ...input, response: big }, { evaluatorConfigs: [evaluator], inputLimits: { maxChars: 1000 } });
    expect(seen).toEqual([1000]);
    expect(truncated.metadata.truncated).toEqual([{ field: 'response', length: big.length }]);
    const skipped = await runEvaluation({ ...input, response: big }, { evaluatorConfigs: [evaluator], inputLimits: { maxChars: 1000, onOversize: 'skip' } });
    expect(skipped.results[0]).toMatchObject({ criterionName: 'A', score: null, label: 'skipped' });
    expect(skipped.results[0]?.reasoning).toContain('exceeds inputLimits.maxChars (1000)');
    expect(seen).toHaveLength(1);
  });

  it('reduces an AgentMessage response to its text for evaluators', async () => {
    const result = await runEvaluation(
      { ...input, response: { role: 'assistant', content: [{ type: 'text', text: 'Paris' }, { type: 'tool-call', toolCallId: '1', toolName: 'x', input: {} }] }, groundTruth: 'paris' },
      { evaluatorConfigs: [{ type: 'case_insensitive_match' }] },
    );
    expect(result.results[0]).toMatchObject({ criterionName: 'case_insensitive_match', score: true });
  });
});
