import type { EvaluatorDefinition } from '../core/registry.ts';
import { caseInsensitiveMatchDefinition, exactMatchDefinition } from './exact-match.ts';
import { toolUsageDefinition } from './tool-usage.ts';
import { llmJudgeDefinition, llmJudgeSnakeDefinition, nlpAccuracyDefinition, semanticSimDefinition } from '../judge/definitions.ts';

/** Every built-in evaluator type, registered on first use of the registry. */
export const builtinEvaluators: ReadonlyArray<EvaluatorDefinition<never>> = [
  exactMatchDefinition,
  caseInsensitiveMatchDefinition,
  toolUsageDefinition,
  llmJudgeDefinition,
  llmJudgeSnakeDefinition,
  nlpAccuracyDefinition,
  semanticSimDefinition,
] as unknown as ReadonlyArray<EvaluatorDefinition<never>>;
