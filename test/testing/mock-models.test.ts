import { describe, expect, it } from 'vitest';
import { runEvaluation } from '../../src/core/run-evaluation.ts';
import { createJudgeCache } from '../../src/judge/cache.ts';
import { llmJudge, nlpAccuracy } from '../../src/judge/definitions.ts';
import { RateLimiter } from '../../src/judge/rate-limit.ts';
import { bagOfWordsEmbedding, mockEmbeddingModel, mockEvaluator, mockJudgeModel } from '../../src/testing/index.ts';

const isolated = () => ({ cache: createJudgeCache(), rateLimiter: new RateLimiter() });
const criteria = [
  { name: 'accuracy', description: 'Facts are right.', scale: 'likert5' },
  { name: 'safe', description: 'Nothing harmful.', scale: 'binary' },
  { name: 'tone', description: 'Tone of the answer.', scale: 'tone', labelScores: { friendly: 1, neutral: 0.5, rude: 0 } },
  { name: 'coverage', description: 'Share of the points covered.', scale: { min: 0, max: 10 } },
];

describe('mockJudgeModel', () => {
  it('answers every criterion it is asked about with a valid verdict by default, and records the call', async () => {
    const model = mockJudgeModel();
    const evaluator = llmJudge({ model, criteria, ...isolated() });
    const results = await evaluator.evaluate({ prompt: 'What is 2 + 2?', response: 'It is 4.', criteria: [] }, []);
    expect(results.map((r) => [r.criterionName, r.score, r.normalizedScore, r.error])).toEqual([
      ['accuracy', 5, 1, undefined],
      ['safe', 1, 1, undefined],
      ['tone', 'friendly', 1, undefined],
      ['coverage', 10, 1, undefined],
    ]);
    expect(model.judgeCalls).toHaveLength(1);
    const call = model.judgeCalls[0]!;
    expect(call).toMatchObject({ index: 0, kind: 'verdict', repair: false, temperature: 0, seed: 42 });
    expect(call.criteria).toEqual([
      { name: 'accuracy', integer: true, min: 1, max: 5 },
      { name: 'safe', integer: true, min: 0, max: 1 },
      { name: 'tone', labels: ['friendly', 'neutral', 'rude'] },
      { name: 'coverage', integer: true, min: 0, max: 10 },
    ]);
    expect(call.prompt).toContain('It is 4.');
    expect(call.system).toContain('"accuracy"');
    expect(model.doGenerateCalls).toHaveLength(1);
    // Usage defaults to about four characters per token.
    expect(results[0]?.metadata?.usage).toBeDefined();
  });

  it('scores through the score function, which sees the criterion and the prompt', async () => {
    const model = mockJudgeModel({
      score: (criterion, prompt) => (criterion === 'accuracy' ? { score: prompt.includes('It is 5.') ? 1 : 5, reasoning: 'checked the sum' } : criterion === 'tone' ? 'rude' : 0),
      usage: { inputTokens: 300, outputTokens: 40 },
    });
    const results = await llmJudge({ model, criteria, ...isolated() }).evaluate({ prompt: 'What is 2 + 2?', response: 'It is 5.', criteria: [] }, []);
    expect(results.map((r) => [r.criterionName, r.score, r.reasoning])).toEqual([
      ['accuracy', 1, 'checked the sum'],
      ['safe', 0, 'mock verdict for "safe"'],
      ['tone', 'rude', 'mock verdict for "tone"'],
      ['coverage', 0, 'mock verdict for "coverage"'],
    ]);
    expect(results.map((r) => r.normalizedScore)).toEqual([0, 0, 0, 0]);
    const tokens = results.reduce((sum, r) => sum + (r.metadata?.usage as { inputTokens: number }).inputTokens, 0);
    expect(tokens).toBe(300);
  });

  it('answers failure analysis calls for the failed criteria only, and adds overall feedback when a rubric asks', async () => {
    const model = mockJudgeModel({
      score: (criterion) => (criterion === 'data' ? 2 : 5),
      failureAnalysis: (criterion) => ({ rootCause: `${criterion} was copied wrong`, recommendations: ['quote the source'] }),
      overallFeedback: 'solid deck',
    });
    const rubric = {
      criteria: [
        { name: 'structure', description: 'Flows well.', weight: 1, scale: { min: 1, max: 5 } },
        { name: 'data', description: 'Figures match.', weight: 1, scale: { min: 1, max: 5 } },
      ],
      passingThreshold: 0.7,
      overallFeedback: true,
    };
    const results = await llmJudge({ model, rubric, failureAnalysis: true, ...isolated() }).evaluate({ response: 'deck', criteria: [] }, []);
    expect(model.judgeCalls.map((call) => [call.kind, call.criterionNames])).toEqual([
      ['verdict', ['structure', 'data']],
      ['failure-analysis', ['data']],
    ]);
    expect(results[1]?.metadata?.failureAnalysis).toEqual({ rootCause: 'data was copied wrong', recommendations: ['quote the source'] });
    expect(results[0]?.metadata?.failureAnalysis).toBeUndefined();
    expect(results[0]?.metadata?.rubric).toMatchObject({ overallFeedback: 'solid deck' });
  });

  it('sends what respond returns as is, so invalid output and the repair retry can be tested', async () => {
    const model = mockJudgeModel({ respond: (call) => (call.index === 0 ? 'Sure! 5/5' : undefined) });
    const [result] = await llmJudge({ model, criteria: [criteria[0]!], ...isolated() }).evaluate({ response: 'x', criteria: [] }, []);
    expect(result).toMatchObject({ score: 5, metadata: { repaired: true } });
    expect(model.judgeCalls.map((call) => call.repair)).toEqual([false, true]);
    expect(model.judgeCalls[1]?.text).toContain('Sure! 5/5');

    const outOfRange = mockJudgeModel({ score: () => 9 });
    const [invalid] = await llmJudge({ model: outOfRange, criteria: [criteria[0]!], ...isolated() }).evaluate({ response: 'x', criteria: [] }, []);
    expect(invalid).toMatchObject({ label: 'error', metadata: { errorType: 'invalid_output' } });
    expect(outOfRange.judgeCalls).toHaveLength(2);
  });

  it('waits latencyMillis and gives up when the call is aborted, as a slow provider does', async () => {
    const slow = mockJudgeModel({ latencyMillis: 40 });
    const started = performance.now();
    await llmJudge({ model: slow, criteria: [criteria[0]!], ...isolated() }).evaluate({ response: 'x', criteria: [] }, []);
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
    const stuck = mockJudgeModel({ latencyMillis: 10_000 });
    const [timedOut] = await llmJudge({ model: stuck, criteria: [criteria[0]!], timeoutMs: 20, maxRetries: 0, ...isolated() }).evaluate({ response: 'x', criteria: [] }, []);
    expect(timedOut).toMatchObject({ label: 'error', metadata: { errorType: 'timeout' } });
  });
});

describe('mockEmbeddingModel', () => {
  it('gives texts with the same content words the same vector, and texts sharing none a cosine of 0', async () => {
    const model = mockEmbeddingModel();
    const evaluator = nlpAccuracy({ model, threshold: 0.8, ...isolated() });
    const [same] = await evaluator.evaluate({ response: 'The reports for the board', groundTruth: 'report board', criteria: [] }, []);
    expect(same?.score).toBeCloseTo(1, 9);
    const [different] = await evaluator.evaluate({ response: 'Sunny in London', groundTruth: 'cloudy over Paris', criteria: [] }, []);
    expect(different).toMatchObject({ score: 0, passed: false });
    const [half] = await evaluator.evaluate({ response: 'cloudy Paris', groundTruth: 'cloudy London', criteria: [] }, []);
    expect(half?.score).toBeCloseTo(0.5, 9);
    expect(model.doEmbedCalls.flatMap((call) => call.values)).toContain('cloudy London');
  });

  it('hashes words into a fixed number of buckets, with stop words configurable', () => {
    expect(bagOfWordsEmbedding('a b c', { dimensions: 8 })).toHaveLength(8);
    expect(bagOfWordsEmbedding('the of and').every((value) => value === 0)).toBe(true);
    expect(bagOfWordsEmbedding('the the', { stopWords: [] }).reduce((a, b) => a + b, 0)).toBe(2);
    expect(bagOfWordsEmbedding('Reports reports REPORT')).toEqual(bagOfWordsEmbedding('report report report'));
  });

  it('uses a custom embed function and reports one token per word', async () => {
    const model = mockEmbeddingModel({ embed: (text) => [text.length, 1] });
    const [result] = await nlpAccuracy({ model, ...isolated() }).evaluate({ response: 'ab', groundTruth: 'ab', criteria: [] }, []);
    expect(result?.score).toBeCloseTo(1, 9);
    expect(await model.doEmbed({ values: ['one two', 'three'] })).toMatchObject({ embeddings: [[7, 1], [5, 1]], usage: { tokens: 3 } });
  });
});

describe('mockEvaluator', () => {
  it('records its calls and answers with its results', async () => {
    const evaluator = mockEvaluator({ criterionNames: ['ok'], results: [{ criterionName: 'ok', score: true, evaluatorType: 'Mock' }] });
    const aggregated = await runEvaluation({ response: 'x', criteria: [] }, { evaluatorConfigs: [evaluator] });
    expect(aggregated.results).toMatchObject([{ criterionName: 'ok', score: true, passed: true }]);
    expect(evaluator.calls).toHaveLength(1);
    expect(evaluator.calls[0]?.input.response).toBe('x');
  });
});
