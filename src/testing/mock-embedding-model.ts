/**
 * `mockEmbeddingModel`: an `ai/test` MockEmbeddingModelV4 with deterministic bag-of-words vectors, to
 * test NLPAccuracy / semantic_sim configurations without a provider. Texts sharing content words get a
 * high cosine similarity, texts sharing none get 0; every call is recorded in `doEmbedCalls`.
 */
import { MockEmbeddingModelV4 } from 'ai/test';
import { delay } from './delay.ts';

/** Words left out of bag-of-words vectors by default: English articles, prepositions and the like. */
export const DEFAULT_STOP_WORDS: readonly string[] = ['the', 'a', 'an', 'of', 'and', 'to', 'in', 'is', 'on', 'for', 'by', 'with', 'its', 'it', 'at', 'as'];

/** Options of {@link bagOfWordsEmbedding}. */
export interface BagOfWordsOptions {
  /** Vector length (default 1024); each word is hashed into one of these buckets. */
  dimensions?: number;
  /** Words to leave out (default {@link DEFAULT_STOP_WORDS}; `[]` keeps every word). */
  stopWords?: readonly string[];
}

/** Options of {@link mockEmbeddingModel}. */
export interface MockEmbeddingModelOptions extends BagOfWordsOptions {
  /** Vector of one text (default: {@link bagOfWordsEmbedding} with these options). */
  embed?: (text: string) => number[];
  /** Delay before each answer in ms (aborted with the call's abort signal). */
  latencyMillis?: number;
  /** Most texts per call (default 2048); the AI SDK splits larger batches. */
  maxEmbeddingsPerCall?: number;
  /** Provider name (default `mock`). */
  provider?: string;
  /** Model id (default `bag-of-words`). */
  modelId?: string;
}

/** 32-bit FNV-1a hash of a word. */
function fnv1a(word: string): number {
  let hash = 2166136261;
  for (let i = 0; i < word.length; i += 1) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/**
 * Bag-of-words vector of a text: lower-cased runs of letters and digits, stop words left out, a trailing
 * `s` of words longer than 4 characters dropped (so plurals match), each word counted in the bucket its
 * FNV-1a hash selects.
 */
export function bagOfWordsEmbedding(text: string, options: BagOfWordsOptions = {}): number[] {
  const dimensions = options.dimensions ?? 1024;
  const stopWords = new Set(options.stopWords ?? DEFAULT_STOP_WORDS);
  const vector = new Array<number>(dimensions).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (stopWords.has(raw)) continue;
    const word = raw.length > 4 && raw.endsWith('s') ? raw.slice(0, -1) : raw;
    const bucket = fnv1a(word) % dimensions;
    vector[bucket] = (vector[bucket] ?? 0) + 1;
  }
  return vector;
}

/**
 * An embedding model for tests with deterministic bag-of-words vectors (or `embed`'s), answering after
 * `latencyMillis` and reporting one token per whitespace-separated word:
 * `nlpAccuracy({ model: mockEmbeddingModel(), threshold: 0.8 })`.
 */
export function mockEmbeddingModel(options: MockEmbeddingModelOptions = {}): MockEmbeddingModelV4 {
  const embed = options.embed ?? ((text: string) => bagOfWordsEmbedding(text, options));
  return new MockEmbeddingModelV4({
    provider: options.provider ?? 'mock',
    modelId: options.modelId ?? 'bag-of-words',
    maxEmbeddingsPerCall: options.maxEmbeddingsPerCall ?? 2048,
    doEmbed: async ({ values, abortSignal }) => {
      if (options.latencyMillis) await delay(options.latencyMillis, abortSignal);
      const tokens = values.reduce((sum, value) => sum + (value.match(/\S+/g)?.length ?? 0), 0);
      return { embeddings: values.map(embed), usage: { tokens }, warnings: [] };
    },
  });
}
