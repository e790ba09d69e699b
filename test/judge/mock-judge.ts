/**
 * Test helpers over the public `otel-evals/testing` mocks: a judge answering through a function of the
 * parsed call (recorded in `seen`), and an embedder with the public bag-of-words vectors.
 */
import { mockEmbeddingModel, mockJudgeModel, type JudgeModelCall, type MockJudgeModel } from '../../src/testing/index.ts';

/** How the mock answers a call: a verdict object (serialized) or raw text. */
export type Answer = (call: JudgeModelCall) => unknown;

/** A verdict giving every criterion the same score. */
export function verdictFor(criteria: readonly string[], score: number | string, reasoning = 'looks right'): { scores: Record<string, { reasoning: string; score: number | string }> } {
  return { scores: Object.fromEntries(criteria.map((name) => [name, { reasoning, score }])) };
}

/** Options of {@link mockJudge}. */
export interface MockJudgeOptions {
  delayMs?: number;
  usage?: { input: number; output: number };
  modelId?: string;
}

/** A judge model (provider `mock-judge`, 100 + 20 tokens per call) answering through `answer`; `seen` records every call. */
export function mockJudge(answer: Answer = (call) => verdictFor(call.criterionNames, 5), options: MockJudgeOptions = {}): MockJudgeModel & { seen: JudgeModelCall[] } {
  const model = mockJudgeModel({
    respond: answer,
    provider: 'mock-judge',
    modelId: options.modelId ?? 'judge-1',
    usage: { inputTokens: options.usage?.input ?? 100, outputTokens: options.usage?.output ?? 20 },
    ...(options.delayMs ? { latencyMillis: options.delayMs } : {}),
  });
  return Object.assign(model, { seen: model.judgeCalls });
}

const VOCABULARY = ['paris', 'weather', 'cloudy', 'sunny', 'rain', 'cold', 'warm', 'london', 'temperature', 'is', 'it', 'the', 'in', 'and'];

/**
 * A small-vocabulary embedding (word counts plus a constant component) that the local OpenAI-compatible
 * test server answers with, so its cosines can be worked out by hand.
 */
export function bagOfWords(text: string): number[] {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return [0.01, ...VOCABULARY.map((word) => words.filter((w) => w === word).length)];
}

/** The public mock embedding model (bag-of-words vectors, calls in `doEmbedCalls`). */
export function mockEmbedder(options: { delayMs?: number; maxEmbeddingsPerCall?: number } = {}): ReturnType<typeof mockEmbeddingModel> {
  return mockEmbeddingModel({ provider: 'mock-embed', modelId: 'embed-1', ...(options.delayMs ? { latencyMillis: options.delayMs } : {}), ...(options.maxEmbeddingsPerCall ? { maxEmbeddingsPerCall: options.maxEmbeddingsPerCall } : {}) });
}
