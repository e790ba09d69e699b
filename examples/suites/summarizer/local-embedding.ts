/**
 * A deterministic local embedding for the summarizer example: the `otel-evals/testing` mock embedding
 * model's hashed bag-of-words vectors (no model, no network), registered under the name the suite file
 * uses in settings.embeddingModel. Swap it for a real model by writing e.g.
 * "embeddingModel": "openai:text-embedding-3-small" in tests.json.
 */
import { registerSuiteModel } from '../../../src/index.ts';
import { mockEmbeddingModel } from '../../../src/testing/index.ts';

registerSuiteModel('local-bag-of-words', mockEmbeddingModel({ provider: 'local', modelId: 'bag-of-words-256', dimensions: 256 }));
