import { describe, expect, it } from 'vitest';
import { APICallError } from 'ai';
import { runEvaluation } from '../../src/core/run-evaluation.ts';
import type { EvaluationInput } from '../../src/core/types.ts';
import { createJudgeCache } from '../../src/judge/cache.ts';
import { llmJudge } from '../../src/judge/llm-judge.ts';
import { RateLimiter } from '../../src/judge/rate-limit.ts';
import { mockJudge, verdictFor } from './mock-judge.ts';

const input = (response = 'It is 18°C and cloudy in Paris.', extra: Partial<EvaluationInput> = {}): EvaluationInput => ({
  prompt: 'What is the weather in Paris?',
  response,
  groundTruth: '18°C, cloudy',
  criteria: [],
  ...extra,
});

// Every test gets its own cache and limiter so tests do not share state.
const isolated = () => ({ cache: createJudgeCache(), rateLimiter: new RateLimiter({ concurrency: 4 }), initialDelayMs: 1, maxDelayMs: 5 });

const twoCriteria = [
  { name: 'accuracy', description: 'Matches the reference.', scale: 'likert5' as const, threshold: 0.75 },
  { name: 'concise', description: 'Short and direct.', scale: 'binary' as const },
];

describe('LLMJudge', () => {
  it('scores all its criteria with one structured call, reasoning before a bounded score', async () => {
    const clean = mockJudge(() => ({ scores: { accuracy: { reasoning: 'matches', score: 4 }, concise: { reasoning: 'short', score: 1 } } }));
    const results = await llmJudge({ model: clean, criteria: twoCriteria, ...isolated() }).evaluate(input(), []);
    expect(clean.doGenerateCalls).toHaveLength(1);
    expect(results.map((r) => [r.criterionName, r.score, r.normalizedScore, r.passed])).toEqual([
      ['accuracy', 4, 0.75, true],
      ['concise', 1, 1, undefined],
    ]);
    const format = clean.doGenerateCalls[0]?.responseFormat as { type: string; schema: any };
    expect(format.type).toBe('json');
    const accuracy = format.schema.properties.scores.properties.accuracy;
    expect(Object.keys(accuracy.properties)).toEqual(['reasoning', 'score']);
    expect(accuracy.properties.score).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 });
    expect(format.schema.properties.scores.required).toEqual(['accuracy', 'concise']);
  });

  it('sends temperature 0 and a seed by default, and records token usage per result', async () => {
    const model = mockJudge(() => ({ scores: { accuracy: { reasoning: 'ok', score: 5 }, concise: { reasoning: 'ok', score: 0 } } }), { usage: { input: 101, output: 21 } });
    const results = await llmJudge({ model, criteria: twoCriteria, ...isolated() }).evaluate(input(), []);
    expect(model.seen[0]).toMatchObject({ temperature: 0, seed: 42 });
    const usages = results.map((r) => r.metadata?.usage as { inputTokens: number; outputTokens: number });
    expect(usages.reduce((s, u) => s + u.inputTokens, 0)).toBe(101);
    expect(usages.reduce((s, u) => s + u.outputTokens, 0)).toBe(21);
    expect(results[0]?.metadata).toMatchObject({ model: 'mock-judge:judge-1', cached: false });
  });

  it('takes passed from the thresholds, never from what the judge claims', async () => {
    const model = mockJudge((call) => verdictFor(call.criterionNames, 2, 'PASSED. This response passes every check; passed=true.'));
    const [result] = await llmJudge({ model, criteria: [twoCriteria[0]!], ...isolated() }).evaluate(input(), []);
    expect(result).toMatchObject({ score: 2, normalizedScore: 0.25, passed: false, label: 'fail' });
  });

  it('repairs invalid structured output once, then reports invalid_output as an error result', async () => {
    let calls = 0;
    const flaky = mockJudge((call) => (calls++ === 0 ? 'Sure! Score: 5/5' : verdictFor(call.criterionNames, 5)));
    const [repaired] = await llmJudge({ model: flaky, criteria: [twoCriteria[0]!], ...isolated() }).evaluate(input(), []);
    expect(flaky.seen).toHaveLength(2);
    expect(flaky.seen[1]?.text).toContain('Sure! Score: 5/5');
    expect(repaired).toMatchObject({ score: 5, metadata: { repaired: true } });
    expect((repaired?.metadata?.usage as { inputTokens: number }).inputTokens).toBe(200);

    const outOfRange = mockJudge((call) => verdictFor(call.criterionNames, 9));
    const [failed] = await llmJudge({ model: outOfRange, criteria: [twoCriteria[0]!], ...isolated() }).evaluate(input(), []);
    expect(outOfRange.seen).toHaveLength(2);
    expect(failed).toMatchObject({ score: null, label: 'error', metadata: { errorType: 'invalid_output' } });
    expect((failed?.metadata?.usage as { inputTokens: number }).inputTokens).toBe(200);
  });

  it('runs k samples with distinct seeds and reports the mean and agreement', async () => {
    const scores = [5, 3, 4];
    const model = mockJudge((call) => verdictFor(call.criterionNames, scores[(call.seed ?? 42) - 42] ?? 0));
    const [result] = await llmJudge({ model, criteria: [twoCriteria[0]!], samples: 3, ...isolated() }).evaluate(input(), []);
    expect(model.seen.map((c) => c.seed).sort()).toEqual([42, 43, 44]);
    expect(result?.score).toBe(4);
    expect(result?.metadata).toMatchObject({ samples: [5, 3, 4], agreement: 0.5 });
  });

  it('takes the majority for categorical criteria', async () => {
    const labels = ['good', 'bad', 'good'];
    const model = mockJudge((call) => verdictFor(call.criterionNames, labels[(call.seed ?? 42) - 42] ?? 'bad'));
    const criteria = [{ name: 'tone', description: 'Tone of voice.', scale: 'tone', labelScores: { good: 1, ok: 0.5, bad: 0 } }];
    const [result] = await llmJudge({ model, criteria, samples: 3, ...isolated() }).evaluate(input(), []);
    expect(result).toMatchObject({ score: 'good', label: 'good', normalizedScore: 1 });
    expect(result?.metadata?.agreement).toBeCloseTo(2 / 3);
  });

  it('scores an EvalRubric with weights, scale descriptions, passingThreshold and overall feedback', async () => {
    const model = mockJudge((call) => ({ scores: { structure: { reasoning: 'ok', score: 5 }, data_accuracy: { reasoning: 'wrong growth', score: 2 } }, overallFeedback: `fine (${call.criterionNames.length})` }));
    const rubric = {
      criteria: [
        { name: 'structure', description: 'Logical flow.', weight: 0.25, scale: { min: 1, max: 5, descriptions: { 1: 'no structure', 5: 'clear flow' } } },
        { name: 'data_accuracy', description: 'Numbers are right.', weight: 0.75, scale: { min: 1, max: 5 } },
      ],
      passingThreshold: 0.7,
      overallFeedback: true,
    };
    const results = await llmJudge({ model, rubric, ...isolated() }).evaluate(input(), []);
    expect(model.seen[0]?.system).toContain('1 = no structure; 5 = clear flow');
    expect(results.map((r) => r.passed)).toEqual([true, false]);
    expect(results[0]?.metadata?.rubric).toEqual({ weightedScore: 0.25 * 1 + 0.75 * 0.25, passingThreshold: 0.7, passed: false, overallFeedback: 'fine (2)' });
  });

  it('uses the built-in creative rubric template by name', async () => {
    const model = mockJudge((call) => verdictFor(call.criterionNames, 4));
    const results = await llmJudge({ model, template: 'creative', ...isolated() }).evaluate(input('Slide 1: Q4 sales'), []);
    expect(results.map((r) => r.criterionName)).toEqual(['completeness', 'coherence', 'professionalism', 'accuracy']);
    expect(results.every((r) => r.passed === true && r.normalizedScore === 0.75)).toBe(true);
  });

  it('adds a failure analysis to criteria below threshold', async () => {
    const model = mockJudge((call) =>
      call.system.includes('root cause')
        ? { analyses: [{ criterion: 'accuracy', rootCause: 'the agent ignored the tool result', recommendations: ['quote the tool output'] }] }
        : { scores: { accuracy: { reasoning: 'wrong temperature', score: 1 }, concise: { reasoning: 'short', score: 1 } } },
    );
    const results = await llmJudge({ model, criteria: twoCriteria, failureAnalysis: true, ...isolated() }).evaluate(input(), []);
    expect(model.seen).toHaveLength(2);
    expect(results[0]?.metadata?.failureAnalysis).toEqual({ rootCause: 'the agent ignored the tool result', recommendations: ['quote the tool output'] });
    expect(results[0]?.reasoning).toContain('Root cause: the agent ignored the tool result');
    expect(results[1]?.metadata?.failureAnalysis).toBeUndefined();
  });

  it('skips inputs read from its own calls: judge agent name, or a prompt holding a judge data section', async () => {
    const model = mockJudge();
    const judge = llmJudge({ model, criteria: [twoCriteria[0]!], ...isolated() });
    const [fromAgent] = await judge.evaluate(input('x', { context: { agentName: 'otel-evals.judge' } }), []);
    const [fromChat] = await judge.evaluate(input('x', { prompt: 'User prompt:\n<data-0123456789abcdef01234567 name="prompt">\nhi\n</data-0123456789abcdef01234567>' }), []);
    expect([fromAgent, fromChat]).toMatchObject([{ score: null, reasoning: 'skipped: judge_span' }, { score: null, metadata: { reason: 'judge_span' } }]);
    expect(model.seen).toHaveLength(0);
  });

  it('skips reference-based templates without a groundTruth', async () => {
    const model = mockJudge();
    const [result] = await llmJudge({ model, template: 'correctness', ...isolated() }).evaluate(input('x', { groundTruth: undefined }), []);
    expect(result).toMatchObject({ criterionName: 'correctness', score: null, label: 'skipped', reasoning: 'skipped: no groundTruth' });
    expect(model.seen).toHaveLength(0);
  });

  it('turns provider failures into error results with their error type, never a rejection', async () => {
    const failing = (statusCode: number) =>
      Object.assign(mockJudge(), {
        doGenerate: async () => {
          throw new APICallError({ message: `status ${statusCode}`, url: 'http://judge', requestBodyValues: {}, statusCode, isRetryable: statusCode >= 500 || statusCode === 429 });
        },
      });
    const [limited] = await llmJudge({ model: failing(429), criteria: [twoCriteria[0]!], maxRetries: 1, ...isolated() }).evaluate(input(), []);
    expect(limited).toMatchObject({ label: 'error', metadata: { errorType: 'rate_limited' } });
    const [server] = await llmJudge({ model: failing(503), criteria: [twoCriteria[0]!], maxRetries: 1, ...isolated() }).evaluate(input(), []);
    expect(server).toMatchObject({ label: 'error', metadata: { errorType: 'provider_error' } });
    const slow = mockJudge(undefined, { delayMs: 300 });
    const [timedOut] = await llmJudge({ model: slow, criteria: [twoCriteria[0]!], timeoutMs: 20, maxRetries: 1, ...isolated() }).evaluate(input(), []);
    expect(timedOut).toMatchObject({ label: 'error', metadata: { errorType: 'timeout' } });
    expect(slow.seen).toHaveLength(2);
    const [unsupported] = await llmJudge({ model: 'acme:judge-9', criteria: [twoCriteria[0]!], ...isolated() }).evaluate(input(), []);
    expect(unsupported).toMatchObject({ label: 'error', metadata: { errorType: 'provider_error' } });
    expect(unsupported?.error).toContain('unsupported provider "acme"');
  });

  it('resolves through the registry as LLMJudge and llm_judge, scoring the criteria it is given', async () => {
    const model = mockJudge((call) => verdictFor(call.criterionNames, 5));
    const aggregated = await runEvaluation(
      { ...input(), criteria: [{ name: 'helpful', description: 'Helps the user.', scale: 'likert5' }] },
      { evaluatorConfigs: [{ type: 'llm_judge', model, ...isolated() }] },
    );
    expect(aggregated.results).toMatchObject([{ criterionName: 'helpful', score: 5, normalizedScore: 1, passed: true, label: 'pass', evaluatorType: 'llm_judge' }]);
    await expect(runEvaluation(input(), { evaluatorConfigs: [{ type: 'LLMJudge', model, template: 'nonsense' }] })).rejects.toThrow(/evaluatorConfigs\[0\]\.template: unknown template "nonsense"/);
  });

  it('keeps the normalization of criteria the judge owns when the input does not declare them', async () => {
    const model = mockJudge((call) => verdictFor(call.criterionNames, 4));
    const aggregated = await runEvaluation(input(), { evaluatorConfigs: [{ type: 'LLMJudge', model, template: 'creative', ...isolated() }] });
    expect(aggregated.results.map((r) => r.normalizedScore)).toEqual([0.75, 0.75, 0.75, 0.75]);
    expect(aggregated.overallScore).toBe(0.75);
  });
});
