import { describe, expect, it } from 'vitest';
import { validateEvaluatorConfigs } from '../../src/core/registry.ts';
import type { EvaluationInput, EvaluationResult, Evaluator } from '../../src/core/types.ts';
import { regexMatch } from '../../src/evaluators/regex-match.ts';

const input = (response: EvaluationInput['response'], groundTruth?: unknown): EvaluationInput => ({ response, groundTruth, criteria: [] });
const run = (evaluator: Evaluator, value: EvaluationInput): EvaluationResult => evaluator.evaluateSync?.(value, [])[0] as EvaluationResult;

describe('regex_match', () => {
  it('requires every configured pattern to match and reports which did', () => {
    const evaluator = regexMatch({ patterns: ['^Total:', '\\d+\\.\\d{2}', 'EUR'] });
    expect(run(evaluator, input('Total: 12.50 EUR'))).toEqual({
      criterionName: 'regex_match',
      score: true,
      evaluatorType: 'regex_match',
      reasoning: 'All 3 pattern(s) matched response.',
      metadata: { matchedPatterns: ['^Total:', '\\d+\\.\\d{2}', 'EUR'], unmatchedPatterns: [] },
    });
    const partial = run(evaluator, input('Total: 12 USD'));
    expect(partial.score).toBe(false);
    expect(partial.metadata).toEqual({ matchedPatterns: ['^Total:'], unmatchedPatterns: ['\\d+\\.\\d{2}', 'EUR'] });
    expect(partial.reasoning).toBe('1 of 3 pattern(s) matched response; unmatched: /\\d+\\.\\d{2}/, /EUR/.');
  });

  it('applies flags to every pattern', () => {
    expect(run(regexMatch({ patterns: ['^total'], flags: 'im' }), input('x\nTOTAL: 1')).score).toBe(true);
    expect(run(regexMatch({ patterns: ['^total'] }), input('x\nTOTAL: 1')).score).toBe(false);
  });

  it('reads patterns from the groundTruth: a string, an array or { patterns }', () => {
    const evaluator = regexMatch();
    expect(run(evaluator, input('order 42 shipped', 'order \\d+')).score).toBe(true);
    expect(run(evaluator, input('order 42 shipped', ['order', 'delivered'])).metadata).toEqual({ matchedPatterns: ['order'], unmatchedPatterns: ['delivered'] });
    expect(run(evaluator, input('order 42 shipped', { patterns: ['shipped$'] })).score).toBe(true);
  });

  it('skips without patterns, and fails (not throws) on an invalid pattern in the data', () => {
    expect(run(regexMatch(), input('x'))).toEqual({ criterionName: 'regex_match', score: null, evaluatorType: 'regex_match', reasoning: 'skipped: no groundTruth', label: 'skipped' });
    expect(run(regexMatch(), input('x', { expected: 1 })).reasoning).toBe('skipped: groundTruth holds no patterns (expected a pattern, an array of patterns or { patterns: [...] })');
    const bad = run(regexMatch(), input('x', ['ok', '(']));
    expect(bad).toMatchObject({ score: null, label: 'error', error: 'groundTruth: invalid regular expression "(": Unterminated group' });
  });

  it('reads an AgentMessage response as text', () => {
    expect(run(regexMatch({ patterns: ['^a\\nb$'] }), input({ role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] })).score).toBe(true);
  });

  it('reports invalid configured patterns and flags with their paths', () => {
    const { issues } = validateEvaluatorConfigs([{ type: 'regex_match', patterns: ['ok', '[a-'] }, { type: 'regex_match', patterns: ['ok'], flags: 'x' }]);
    expect(issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'evaluatorConfigs[0].patterns[1]: invalid regular expression "[a-": Unterminated character class',
      'evaluatorConfigs[1].flags: invalid regular expression flags "x": Invalid flags supplied to RegExp constructor \'x\'',
    ]);
  });
});
