/**
 * A deterministic local embedding for the summarizer example: hashed bag-of-words vectors (no model,
 * no network), registered under the name the suite file uses in settings.embeddingModel. Swap it for a
 * real model by writing e.g. "embeddingModel": "openai:text-embedding-3-small" in tests.json.
 */
import { MockEmbeddingModelV4 } from 'ai/test';
import { registerSuiteModel } from '../../../src/index.ts';

const DIMENSIONS = 256;
const STOP_WORDS = new Set(['the', 'a', 'an', 'of', 'and', 'to', 'in', 'is', 'on', 'for', 'by', 'with', 'its', 'it', 'at', 'as']);

function hash(word: string): number {
  let h = 2166136261;
  for (let i = 0; i < word.length; i += 1) h = Math.imul(h ^ word.charCodeAt(i), 16777619);
  return (h >>> 0) % DIMENSIONS;
}

/** Bag-of-words vector of a text: one hashed bucket per content word (light stemming of plurals). */
export function embed(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (STOP_WORDS.has(raw)) continue;
    const word = raw.length > 4 && raw.endsWith('s') ? raw.slice(0, -1) : raw;
    vector[hash(word)] = (vector[hash(word)] ?? 0) + 1;
  }
  return vector;
}

registerSuiteModel('local-bag-of-words', new MockEmbeddingModelV4({
  provider: 'local',
  modelId: 'bag-of-words-256',
  doEmbed: async ({ values }) => ({ embeddings: values.map(embed), warnings: [] }),
}));
