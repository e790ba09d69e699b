/**
 * Registry entries of the model-backed evaluators. `ai` is an optional peer dependency, so this file
 * imports nothing from it at runtime: options are validated here, and the implementation (which needs
 * `ai`) is loaded by dynamic import on the first evaluation.
 */
import type { z } from 'zod';
import type { EvaluatorDefinition } from '../core/registry.ts';
import type { EvaluateOptions, EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator } from '../core/types.ts';
import { ownCriteria, resolveTemplate } from './judge-criteria.ts';
import { parseOptions } from '../core/options.ts';
import { llmJudgeSchema, type LLMJudgeOptions, type ParsedLLMJudgeOptions } from './judge-options.ts';
import { nlpAccuracySchema, type NLPAccuracyOptions, type ParsedNLPAccuracyOptions } from './nlp-accuracy-options.ts';

/** An evaluator whose implementation is imported on first use. */
function lazyEvaluator(type: string, criterionNames: readonly string[], load: () => Promise<Evaluator>): Evaluator {
  let loaded: Promise<Evaluator> | undefined;
  return {
    type,
    criterionNames,
    async evaluate(input: EvaluationInput, criteria: EvaluationCriteria[], options?: EvaluateOptions): Promise<EvaluationResult[]> {
      loaded ??= load().catch((error: unknown) => {
        loaded = undefined;
        throw Object.assign(new Error(`${type} needs the optional peer dependency "ai" (npm install ai): ${(error as Error).message}`), { errorType: 'provider_error' });
      });
      return (await loaded).evaluate(input, criteria, options);
    },
  };
}

function judgeFactory(type: string) {
  return (options: ParsedLLMJudgeOptions): Evaluator => {
    const own = ownCriteria(options, resolveTemplate(options));
    const names = own?.map((criterion) => criterion.name) ?? options.criterionNames ?? [];
    return lazyEvaluator(type, names, async () => (await import('./llm-judge.ts')).llmJudge(options, type));
  };
}

function similarityFactory(type: string) {
  return (options: ParsedNLPAccuracyOptions): Evaluator =>
    lazyEvaluator(type, [options.criterionName], async () => (await import('./nlp-accuracy.ts')).nlpAccuracy(options, type));
}

/**
 * An LLM judge: `llmJudge({ model, criteria | rubric | template, ... })`. Options are validated now
 * (an InvalidEvaluatorConfigError names each bad key); `ai` is loaded on the first evaluation.
 */
export function llmJudge(options: LLMJudgeOptions, type = 'LLMJudge'): Evaluator {
  return judgeFactory(type)(parseOptions(llmJudgeSchema, options, type) as ParsedLLMJudgeOptions);
}

/** Semantic similarity of response and groundTruth embeddings: `nlpAccuracy({ model, threshold })`. */
export function nlpAccuracy(options: NLPAccuracyOptions, type = 'NLPAccuracy'): Evaluator {
  return similarityFactory(type)(parseOptions(nlpAccuracySchema, options, type));
}

/** Registry entry of `LLMJudge`. */
export const llmJudgeDefinition: EvaluatorDefinition<ParsedLLMJudgeOptions> = {
  type: 'LLMJudge',
  schema: llmJudgeSchema as unknown as z.ZodType<ParsedLLMJudgeOptions>,
  factory: judgeFactory('LLMJudge'),
  description: 'An LLM scores the response against criteria, a rubric or a built-in template, with structured output.',
  cost: 'paid',
  latency: 'seconds',
};

/** Registry entry of `llm_judge` (the eval-set strategy name; same implementation). */
export const llmJudgeSnakeDefinition: EvaluatorDefinition<ParsedLLMJudgeOptions> = { ...llmJudgeDefinition, type: 'llm_judge', factory: judgeFactory('llm_judge') };

/** Registry entry of `NLPAccuracy`. */
export const nlpAccuracyDefinition: EvaluatorDefinition<ParsedNLPAccuracyOptions> = {
  type: 'NLPAccuracy',
  schema: nlpAccuracySchema as unknown as z.ZodType<ParsedNLPAccuracyOptions>,
  factory: similarityFactory('NLPAccuracy'),
  description: 'Cosine similarity of response and groundTruth embeddings; passes at the threshold.',
  cost: 'paid',
  latency: 'milliseconds',
};

/** Registry entry of `semantic_sim` (the eval-set strategy name; same implementation). */
export const semanticSimDefinition: EvaluatorDefinition<ParsedNLPAccuracyOptions> = { ...nlpAccuracyDefinition, type: 'semantic_sim', factory: similarityFactory('semantic_sim') };
