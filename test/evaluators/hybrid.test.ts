// The registry is imported before hybrid.ts, as the package entry does: builtins.ts lists hybrid.
import { validateEvaluatorConfigs } from '../../src/core/registry.ts';
import { runEvaluation } from '../../src/core/run-evaluation.ts';
import { describe, expect, it } from 'vitest';
import type { EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator } from '../../src/core/types.ts';
import { hybrid } from '../../src/evaluators/hybrid.ts';
import { sorensenDice } from '../../src/evaluators/lexical/similarity.ts';

const input = (response: EvaluationInput['response'], groundTruth?: unknown, criteria: EvaluationCriteria[] = []): EvaluationInput => ({ response, groundTruth, criteria });
const run = (evaluator: Evaluator, value: EvaluationInput): EvaluationResult => evaluator.evaluateSync?.(value, value.criteria)[0] as EvaluationResult;

describe('hybrid', () => {
  it('combines children by weight into one criterion', () => {
    const evaluator = hybrid({ criterionName: 'Precision', evaluators: [{ type: 'exact_match', weight: 0.6 }, { type: 'LexicalSimilarity', weight: 0.4 }] });
    expect(evaluator.criterionNames).toEqual(['Precision']);
    const result = run(evaluator, input('night', 'nacht'));
    expect(result.criterionName).toBe('Precision');
    expect(result.score).toBeCloseTo(0.6 * 0 + 0.4 * sorensenDice('night', 'nacht'), 12);
    expect(result.metadata?.components).toEqual([
      { type: 'exact_match', weight: 0.6, criteria: ['exact_match'], score: 0, status: 'scored' },
      { type: 'LexicalSimilarity', weight: 0.4, criteria: ['LexicalSimilarity'], score: 0.25, status: 'scored' },
    ]);
    expect(result.reasoning).toBe('Weighted score 0.100 from 2 of 2 components: exact_match 0.000 x 0.6, LexicalSimilarity 0.250 x 0.4.');
    expect(run(evaluator, input('same', 'same')).score).toBe(1);
  });

  it('leaves skipped children out of the weighted mean', () => {
    const evaluator = hybrid({ evaluators: [{ type: 'Toxicity', weight: 1 }, { type: 'numeric_tolerance', weight: 3 }] });
    const result = run(evaluator, input('a calm answer'));
    expect(result.score).toBe(1);
    expect(result.reasoning).toBe('Weighted score 1.000 from 1 of 2 components: Toxicity 1.000 x 1; left out: numeric_tolerance skipped (skipped: no groundTruth).');
    const all = run(hybrid({ evaluators: [{ type: 'numeric_tolerance' }, { type: 'exact_match' }] }), input('x'));
    expect(all).toMatchObject({ score: null, label: 'skipped' });
    expect(all.reasoning).toMatch(/^skipped: no component could be scored: numeric_tolerance skipped/);
  });

  it('averages the normalized results of a child with several criteria, using their scales', () => {
    const criteria: EvaluationCriteria[] = [{ name: 'Graded', description: 'g', scale: 'likert5' }];
    const graded: Evaluator = { type: 'Grader', criterionNames: ['Graded'], evaluate: () => Promise.resolve([]), evaluateSync: () => [{ criterionName: 'Graded', score: 4, evaluatorType: 'Grader' }] };
    const evaluator = hybrid({ evaluators: [{ type: 'RuleBased', rules: [{ criterionName: 'A', type: 'includes', value: 'x' }, { criterionName: 'B', type: 'includes', value: 'y' }] }, graded] });
    const result = run(evaluator, input('x alone', undefined, criteria));
    // RuleBased: (1 + 0) / 2 = 0.5; Grader: likert5 4 -> 0.75; equal weights
    expect(result.score).toBeCloseTo((0.5 + 0.75) / 2, 12);
  });

  it('uses a child\'s own normalized score when the input does not declare its criterion', async () => {
    const judge: Evaluator = { type: 'Judge', criterionNames: ['Rationale'], evaluate: async () => [{ criterionName: 'Rationale', score: 4, normalizedScore: 0.75, evaluatorType: 'Judge' }] };
    const [undeclared] = await hybrid({ evaluators: [judge] }).evaluate(input('a'), []);
    expect(undeclared?.score).toBe(0.75);
    const [declared] = await hybrid({ evaluators: [judge] }).evaluate(input('a'), [{ name: 'Rationale', description: 'r', scale: { min: 0, max: 8 } }]);
    expect(declared?.score).toBe(0.5);
  });

  it('offers evaluateSync only when every child has it, and runs async children', async () => {
    const slow: Evaluator & { weight: number } = {
      type: 'Remote',
      weight: 3,
      criterionNames: ['Remote'],
      evaluate: async () => [{ criterionName: 'Remote', score: 0.2, evaluatorType: 'Remote' }],
    };
    const evaluator = hybrid({ evaluators: [{ type: 'exact_match' }, slow] });
    expect(evaluator.evaluateSync).toBeUndefined();
    const [result] = await evaluator.evaluate(input('a', 'a'), []);
    expect(result?.score).toBeCloseTo((1 * 1 + 3 * 0.2) / 4, 12);
  });

  it('isolates a failing child, and fails only when none could be scored', async () => {
    const broken: Evaluator = { type: 'Broken', criterionNames: ['Broken'], evaluate: () => Promise.reject(new Error('backend down')) };
    const mixed = await hybrid({ evaluators: [{ type: 'exact_match' }, broken] }).evaluate(input('a', 'a'), []);
    expect(mixed[0]?.score).toBe(1);
    expect(mixed[0]?.metadata?.components).toContainEqual({ type: 'Broken', weight: 1, criteria: ['Broken'], score: null, status: 'error', reason: 'backend down' });
    const failed = await hybrid({ evaluators: [broken] }).evaluate(input('a', 'a'), []);
    expect(failed[0]).toMatchObject({ score: null, label: 'error', error: 'no component could be scored: Broken error (backend down)' });
  });

  it('sets passed from its threshold and aggregates in runEvaluation', async () => {
    const result = await runEvaluation(input('night', 'nacht'), {
      evaluatorConfigs: [{ type: 'hybrid', criterionName: 'Quality', threshold: 0.2, evaluators: [{ type: 'LexicalSimilarity' }, { type: 'case_insensitive_match', weight: 0 }] }],
    });
    expect(result.results).toHaveLength(1);
    expect(result.results[0]).toMatchObject({ criterionName: 'Quality', score: 0.25, normalizedScore: 0.25, passed: true, label: 'pass' });
  });

  it('reports nested config errors with their full paths', () => {
    const { issues } = validateEvaluatorConfigs([
      { type: 'hybrid', evaluators: [{ type: 'exact_match' }, { type: 'RuleBased', weight: 0.5, rules: [{ criterionName: 'A', type: 'regex', pattern: '(' }] }] },
      { type: 'hybrid', evaluators: [{ type: 'Unknown' }, { type: 'exact_match', weight: -2 }, { type: 'Toxicity', config: { toxicTerms: 'x' } }] },
      { type: 'hybrid', evaluators: [] },
      { type: 'hybrid', evaluators: [{ type: 'exact_match', weight: 0 }] },
    ]);
    expect(issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'evaluatorConfigs[0].evaluators[1].rules[0].pattern: invalid regular expression "(": Unterminated group',
      'evaluatorConfigs[1].evaluators[0].type: unknown evaluator type "Unknown"',
      'evaluatorConfigs[1].evaluators[1].weight: must be a number >= 0, got -2',
      'evaluatorConfigs[1].evaluators[2].config.toxicTerms: Invalid input: expected array, received string',
      'evaluatorConfigs[2].evaluators: Too small: expected array to have >=1 items',
      'evaluatorConfigs[3].evaluators: every weight is 0',
    ]);
  });
});
