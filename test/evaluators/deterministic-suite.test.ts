import { describe, expect, it } from 'vitest';
import { getEvaluatorDefinition, resolveEvaluators } from '../../src/core/registry.ts';
import { runEvaluation } from '../../src/core/run-evaluation.ts';
import type { EvaluatorConfigEntry } from '../../src/core/types.ts';

const DETERMINISTIC_TYPES = ['RuleBased', 'LexicalSimilarity', 'levenshtein', 'KeywordCoverage', 'Sentiment', 'Toxicity', 'regex_match', 'json_schema', 'numeric_tolerance', 'json_equality', 'hybrid'];

const configs: EvaluatorConfigEntry[] = [
  { type: 'RuleBased', rules: [{ criterionName: 'Words', type: 'length', max: 50, unit: 'words' }, { criterionName: 'Pattern', type: 'regex', pattern: '^alpha' }] },
  { type: 'LexicalSimilarity' },
  { type: 'LexicalSimilarity', criterionName: 'JW', algorithm: 'jaro-winkler' },
  { type: 'levenshtein' },
  { type: 'KeywordCoverage', expectedKeywords: ['alpha', 'omega'] },
  { type: 'Sentiment' },
  { type: 'Toxicity' },
  { type: 'regex_match', patterns: ['alpha'] },
  { type: 'json_schema', schema: { type: 'object' } },
  { type: 'numeric_tolerance' },
  { type: 'json_equality' },
  { type: 'hybrid', criterionName: 'Blend', evaluators: [{ type: 'exact_match' }, { type: 'levenshtein', criterionName: 'Lev2' }] },
];

describe('the deterministic evaluators as a suite', () => {
  it('are registered with a description, cost and latency class, and synchronous', () => {
    for (const type of DETERMINISTIC_TYPES) {
      const definition = getEvaluatorDefinition(type);
      expect(definition?.type).toBe(type);
      expect(definition?.description.length).toBeGreaterThan(20);
      expect(definition?.cost).toBe('free');
    }
    const evaluators = resolveEvaluators(configs);
    expect(evaluators.map((evaluator) => typeof evaluator.evaluateSync)).toEqual(configs.map(() => 'function'));
  });

  it('get through a 10 MB response without stalling: scored or skipped with the reason, never thrown', async () => {
    const huge = `alpha ${'lorem ipsum dolor sit amet '.repeat(400_000)}`;
    expect(huge.length).toBeGreaterThan(10_000_000);
    const started = performance.now();
    const result = await runEvaluation({ response: huge, groundTruth: 'alpha 42', criteria: [] }, { evaluatorConfigs: configs });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.metadata.errors).toEqual([]);
    expect(result.metadata.truncated).toEqual([{ field: 'response', length: huge.length }]);
    const byName = Object.fromEntries(result.results.map((r) => [r.criterionName, r]));
    expect(byName.Words?.score).toBe(false);
    expect(byName.Pattern?.score).toBe(true);
    expect(byName.KeywordCoverage?.score).toBe(0.5);
    expect(byName.JW?.score).toBeGreaterThan(0);
    expect(byName.levenshtein?.reasoning).toBe('skipped: response has 100000 characters, more than maxLength (10000) for levenshtein');
    expect(byName.Blend?.score).toBe(0);
    expect(byName.Toxicity?.score).toBe(true);
    expect(byName.numeric_tolerance?.reasoning).toBe('skipped: groundTruth is not a number: alpha 42');
    for (const r of result.results) expect(r.score === null ? r.reasoning : 'scored').toMatch(/^(scored|skipped: )/);
  });

  it('skip every reference-based criterion without a groundTruth, never scoring 0', async () => {
    const result = await runEvaluation({ response: '{"a":1}', criteria: [] }, {
      evaluatorConfigs: [{ type: 'LexicalSimilarity' }, { type: 'levenshtein' }, { type: 'regex_match' }, { type: 'json_schema' }, { type: 'numeric_tolerance' }, { type: 'json_equality' }, { type: 'exact_match' }],
    });
    expect(result.results.map((r) => [r.criterionName, r.score, r.reasoning, r.label])).toEqual(
      ['LexicalSimilarity', 'levenshtein', 'regex_match', 'json_schema', 'numeric_tolerance', 'json_equality', 'exact_match'].map((name) => [name, null, 'skipped: no groundTruth', 'skipped']),
    );
    expect(result.overallScore).toBeUndefined();
  });
});
