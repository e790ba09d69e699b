import { describe, expect, it } from 'vitest';
import { runEvaluation } from '../../src/core/run-evaluation.ts';
import { createJudgeCache } from '../../src/judge/cache.ts';
import { cosineSimilarity } from '../../src/judge/embeddings.ts';
import { nlpAccuracy } from '../../src/judge/nlp-accuracy.ts';
import { RateLimiter } from '../../src/judge/rate-limit.ts';
import { mockEmbedder } from './mock-judge.ts';

const isolated = () => ({ cache: createJudgeCache(), rateLimiter: new RateLimiter() });

describe('cosineSimilarity', () => {
  it('is 1 for parallel, 0 for orthogonal, -1 for opposite vectors, and 0 for a zero vector', () => {
    expect(cosineSimilarity([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [0, 5])).toBe(0);
    expect(cosineSimilarity([1, 1], [-1, -1])).toBeCloseTo(-1);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(() => cosineSimilarity([1], [1, 2])).toThrow(RangeError);
  });
});

describe('NLPAccuracy', () => {
  it('scores the cosine of response and groundTruth embeddings against its threshold', async () => {
    const model = mockEmbedder();
    const evaluator = nlpAccuracy({ model, threshold: 0.8, ...isolated() });
    const [same] = await evaluator.evaluate({ response: 'It is cloudy in Paris', groundTruth: 'it is cloudy in paris', criteria: [] }, []);
    expect(same).toMatchObject({ criterionName: 'semantic_similarity', passed: true, evaluatorType: 'NLPAccuracy' });
    expect(same?.score).toBeCloseTo(1, 6);
    // Content words [cloudy, london] against [cloudy, paris]: one of two shared, cosine 1/2.
    const [different] = await evaluator.evaluate({ response: 'It is cloudy in London', groundTruth: 'It is cloudy in Paris', criteria: [] }, []);
    expect(different).toMatchObject({ passed: false, label: 'fail' });
    expect(different?.score as number).toBeCloseTo(1 / 2, 9);
  });

  it('skips without a groundTruth', async () => {
    const model = mockEmbedder();
    const [result] = await nlpAccuracy({ model, ...isolated() }).evaluate({ response: 'x', criteria: [] }, []);
    expect(result).toMatchObject({ score: null, label: 'skipped', reasoning: 'skipped: no groundTruth' });
    expect(model.doEmbedCalls).toHaveLength(0);
  });

  it('batches the texts of concurrently queued evaluations into one embedMany call and caches vectors', async () => {
    const model = mockEmbedder({ delayMs: 5 });
    const evaluator = nlpAccuracy({ model, batchDelayMs: 10, ...isolated() });
    const inputs = Array.from({ length: 20 }, (_, i) => ({ response: `it is cloudy in paris ${'and '.repeat(i)}`, groundTruth: 'It is cloudy in Paris', criteria: [] }));
    const results = await Promise.all(inputs.map((input) => evaluator.evaluate(input, [])));
    expect(results.every(([r]) => typeof r?.score === 'number')).toBe(true);
    expect(model.doEmbedCalls).toHaveLength(1);
    // 20 distinct responses plus the one shared groundTruth.
    expect(model.doEmbedCalls[0]!.values).toHaveLength(21);
    await Promise.all(inputs.map((input) => evaluator.evaluate(input, [])));
    expect(model.doEmbedCalls).toHaveLength(1);
  });

  it('splits batches at maxBatchSize', async () => {
    const model = mockEmbedder();
    const evaluator = nlpAccuracy({ model, maxBatchSize: 8, ...isolated() });
    await Promise.all(Array.from({ length: 10 }, (_, i) => evaluator.evaluate({ response: `text ${i}`, groundTruth: `reference ${i}`, criteria: [] }, [])));
    expect(model.doEmbedCalls.map((call) => call.values.length).sort()).toEqual([4, 8, 8]);
  });

  it('redacts what it sends to the embedding model', async () => {
    const model = mockEmbedder();
    await nlpAccuracy({ model, ...isolated() }).evaluate({ response: 'mail me at a.b@example.com', groundTruth: 'call 415-555-0100', criteria: [] }, []);
    const sent = model.doEmbedCalls.flatMap((call) => call.values).join(' ');
    expect(sent).not.toContain('a.b@example.com');
    expect(sent).not.toContain('415-555-0100');
  });

  it('turns provider failures into error results', async () => {
    const model = Object.assign(mockEmbedder(), { doEmbed: async () => Promise.reject(new Error('boom')) });
    const [result] = await nlpAccuracy({ model, ...isolated() }).evaluate({ response: 'x', groundTruth: 'y', criteria: [] }, []);
    expect(result).toMatchObject({ label: 'error', metadata: { errorType: 'provider_error' } });
  });

  it('resolves through the registry as NLPAccuracy and semantic_sim', async () => {
    const model = mockEmbedder();
    const aggregated = await runEvaluation(
      { response: 'It is cloudy in Paris', groundTruth: 'It is cloudy in Paris', criteria: [] },
      { evaluatorConfigs: [{ type: 'semantic_sim', model, criterionName: 'similar', ...isolated() }, { type: 'NLPAccuracy', model, ...isolated() }] },
    );
    expect(aggregated.results.map((r) => [r.criterionName, r.evaluatorType, r.passed])).toEqual([
      ['similar', 'semantic_sim', true],
      ['semantic_similarity', 'NLPAccuracy', true],
    ]);
    await expect(runEvaluation({ response: 'x', criteria: [] }, { evaluatorConfigs: [{ type: 'semantic_sim', model: 'no-colon' }] })).rejects.toThrow(/evaluatorConfigs\[0\]\.model/);
  });
});
