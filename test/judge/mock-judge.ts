/**
 * Test helpers: a MockLanguageModelV4 judge that reads the rendered prompt and answers with a verdict
 * (recording every call), and a MockEmbeddingModelV4 with deterministic bag-of-words vectors.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { MockEmbeddingModelV4, MockLanguageModelV4 } from 'ai/test';

/** What the mock sees of one judge call. */
export interface SeenCall {
  system: string;
  user: string;
  /** Every message text, system and assistant included, in order. */
  all: string;
  criteria: string[];
  seed: number | undefined;
  temperature: number | undefined;
  index: number;
}

/** How the mock answers: a verdict object (serialized) or raw text. */
export type Answer = (call: SeenCall) => unknown;

function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part: { type: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
  return '';
}

/** Reads a call's prompt into a SeenCall. */
export function seeCall(options: LanguageModelV4CallOptions, index: number): SeenCall {
  const system = options.prompt.filter((m) => m.role === 'system').map((m) => messageText(m.content)).join('\n');
  const users = options.prompt.filter((m) => m.role === 'user').map((m) => messageText(m.content));
  const all = options.prompt.map((m) => messageText(m.content)).join('\n');
  const criteria = [...system.matchAll(/^- "([^"]+)"/gm)].map((match) => match[1] ?? '');
  return { system, user: users[0] ?? '', all, criteria, seed: options.seed, temperature: options.temperature, index };
}

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

/** A judge model answering through `answer`; its `seen` array records every call. */
export function mockJudge(answer: Answer = (call) => verdictFor(call.criteria, 5), options: MockJudgeOptions = {}): MockLanguageModelV4 & { seen: SeenCall[] } {
  const seen: SeenCall[] = [];
  const model = new MockLanguageModelV4({
    provider: 'mock-judge',
    modelId: options.modelId ?? 'judge-1',
    doGenerate: async (callOptions): Promise<LanguageModelV4GenerateResult> => {
      const call = seeCall(callOptions, seen.length);
      seen.push(call);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const value = answer(call);
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      const input = options.usage?.input ?? 100;
      const output = options.usage?.output ?? 20;
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: output, text: output, reasoning: undefined } },
        warnings: [],
      };
    },
  });
  return Object.assign(model, { seen });
}

const VOCABULARY = ['paris', 'weather', 'cloudy', 'sunny', 'rain', 'cold', 'warm', 'london', 'temperature', 'is', 'it', 'the', 'in', 'and'];

/** A deterministic embedding: word counts over a small vocabulary, plus a constant component. */
export function bagOfWords(text: string): number[] {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return [0.01, ...VOCABULARY.map((word) => words.filter((w) => w === word).length)];
}

/** An embedding model with bag-of-words vectors; `doEmbedCalls` records each call's values. */
export function mockEmbedder(options: { delayMs?: number; maxEmbeddingsPerCall?: number } = {}): MockEmbeddingModelV4 {
  return new MockEmbeddingModelV4({
    provider: 'mock-embed',
    modelId: 'embed-1',
    maxEmbeddingsPerCall: options.maxEmbeddingsPerCall ?? 2048,
    doEmbed: async ({ values }) => {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      return { embeddings: values.map(bagOfWords), usage: { tokens: values.join(' ').split(/\s+/).length }, warnings: [] };
    },
  });
}
