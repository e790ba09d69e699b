import type { EvaluatorDefinition } from '../core/registry.ts';
import { caseInsensitiveMatchDefinition, exactMatchDefinition } from './exact-match.ts';
import { hybridDefinition } from './hybrid.ts';
import { jsonEqualityDefinition } from './json-equality.ts';
import { jsonSchemaDefinition } from './json-schema.ts';
import { keywordCoverageDefinition } from './keyword-coverage.ts';
import { levenshteinDefinition, lexicalSimilarityDefinition } from './lexical-similarity.ts';
import { numericToleranceDefinition } from './numeric-tolerance.ts';
import { regexMatchDefinition } from './regex-match.ts';
import { ruleBasedDefinition } from './rule-based.ts';
import { sentimentDefinition } from './sentiment.ts';
import { toxicityDefinition } from './toxicity.ts';
import { toolUsageDefinition } from './tool-usage.ts';
import { llmJudgeDefinition, llmJudgeSnakeDefinition, nlpAccuracyDefinition, semanticSimDefinition } from '../judge/definitions.ts';

/**
 * Every built-in evaluator type, registered on first use of the registry. A function rather than a
 * constant: `hybrid` resolves its children through the registry, which lists this module, so the
 * definitions are read only when the registry is first used, never while the modules load, and any
 * evaluator module can be imported first.
 */
export function builtinEvaluators(): ReadonlyArray<EvaluatorDefinition<never>> {
  return [
    exactMatchDefinition,
    caseInsensitiveMatchDefinition,
    ruleBasedDefinition,
    lexicalSimilarityDefinition,
    levenshteinDefinition,
    keywordCoverageDefinition,
    sentimentDefinition,
    toxicityDefinition,
    regexMatchDefinition,
    jsonSchemaDefinition,
    numericToleranceDefinition,
    jsonEqualityDefinition,
    hybridDefinition,
    toolUsageDefinition,
    llmJudgeDefinition,
    llmJudgeSnakeDefinition,
    nlpAccuracyDefinition,
    semanticSimDefinition,
  ] as unknown as ReadonlyArray<EvaluatorDefinition<never>>;
}
