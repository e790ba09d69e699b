/**
 * Options of `NLPAccuracy` / `semantic_sim`, one schema for code and config files.
 */
import { z } from 'zod';
import type { EmbeddingModel } from 'ai';
import { isModelObject, modelCallOptionsShape } from './judge-options.ts';

/** Options schema of `NLPAccuracy` / `semantic_sim`. */
export const nlpAccuracySchema = z.strictObject({
  model: z.union([
    z.string().regex(/^[A-Za-z0-9_-]+:.+/, 'must be "<provider>:<model>", e.g. "openai:text-embedding-3-small"'),
    z.custom<Exclude<EmbeddingModel, string>>(isModelObject, 'must be a "provider:model" string or an AI SDK embedding model'),
  ]),
  criterionName: z.string().min(1).default('semantic_similarity'),
  threshold: z.number().min(0).max(1).default(0.8),
  sourceField: z.string().min(1).default('response'),
  referenceField: z.string().min(1).default('groundTruth'),
  batchDelayMs: z.number().int().min(0).default(5),
  maxBatchSize: z.number().int().positive().default(64),
  ...modelCallOptionsShape,
});

/** Options of {@link nlpAccuracy}, as written in code or files. */
export type NLPAccuracyOptions = z.input<typeof nlpAccuracySchema>;
/** Validated options of NLPAccuracy. */
export type ParsedNLPAccuracyOptions = z.output<typeof nlpAccuracySchema>;
