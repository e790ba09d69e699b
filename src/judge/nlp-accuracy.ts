/**
 * `NLPAccuracy` and `semantic_sim`: cosine similarity of the embeddings of the response and the
 * groundTruth. Cost: paid (embedding tokens; cached per text). Latency: milliseconds to seconds.
 * Without a groundTruth the result is skipped. Texts pass the same redaction as judge prompts.
 */
import type { EmbeddingModel } from 'ai';
import { errorMessage } from '../core/errors.ts';
import { parseOptions } from '../core/options.ts';
import { errorResult, skippedResult } from '../core/results.ts';
import { resolveFieldText } from '../core/text.ts';
import type { EvaluationResult, Evaluator } from '../core/types.ts';
import { cosineSimilarity } from './cosine.ts';
import { EmbeddingBatcher } from './embeddings.ts';
import { JudgeError } from './judge-error.ts';
import { nlpAccuracySchema, type NLPAccuracyOptions } from './nlp-accuracy-options.ts';
import { modelKey, resolveEmbeddingModel } from './model.ts';
import { modelCallResources } from './resources.ts';

/** Builds a semantic similarity evaluator. */
export function nlpAccuracy(options: NLPAccuracyOptions, type = 'NLPAccuracy'): Evaluator {
  const opts = parseOptions(nlpAccuracySchema, options, type);
  const resources = modelCallResources<number[]>(opts);
  let model: Promise<Exclude<EmbeddingModel, string>> | undefined;
  const resolution = { ...(opts.baseURL ? { baseURL: opts.baseURL } : {}), ...(opts.apiKeyEnv ? { apiKeyEnv: opts.apiKeyEnv } : {}) };
  const batcher = new EmbeddingBatcher({
    model: () => (model ??= resolveEmbeddingModel(opts.model, resolution).catch((error: unknown) => {
      model = undefined;
      throw error;
    })),
    modelId: modelKey(opts.model),
    limiter: resources.limiter,
    retry: resources.retry,
    cache: resources.cache,
    batchDelayMs: opts.batchDelayMs,
    maxBatchSize: opts.maxBatchSize,
    traceJudgeCalls: opts.traceJudgeCalls,
  });
  const name = opts.criterionName;
  return {
    type,
    criterionNames: [name],
    async evaluate(input): Promise<EvaluationResult[]> {
      const reference = resolveFieldText(input, opts.referenceField);
      if (reference === undefined || reference === '') return [skippedResult(name, type, `no ${opts.referenceField}`)];
      const source = resolveFieldText(input, opts.sourceField) ?? '';
      const redactions: Record<string, number> = {};
      try {
        const [a, b] = await Promise.all([batcher.embed(resources.redactor.redact(source, redactions)), batcher.embed(resources.redactor.redact(reference, redactions))]);
        const cosine = cosineSimilarity(a.vector, b.vector);
        const score = Math.max(0, cosine);
        return [{
          criterionName: name,
          score,
          normalizedScore: score,
          passed: score >= opts.threshold,
          label: score >= opts.threshold ? 'pass' : 'fail',
          evaluatorType: type,
          reasoning: `cosine similarity of ${opts.sourceField} and ${opts.referenceField} embeddings: ${cosine.toFixed(4)} (threshold ${opts.threshold})`,
          metadata: {
            cosine,
            model: modelKey(opts.model),
            cached: a.cached && b.cached,
            usage: { inputTokens: a.tokens + b.tokens, outputTokens: 0 },
            ...(Object.keys(redactions).length > 0 ? { redactions } : {}),
          },
        }];
      } catch (error) {
        return [errorResult(name, type, resources.redactor.redact(errorMessage(error)), JudgeError.isInstance(error) ? error.errorType : 'provider_error')];
      }
    },
  };
}
