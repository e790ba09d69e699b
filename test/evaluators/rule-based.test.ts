import { describe, expect, it } from 'vitest';
import { InvalidEvaluatorConfigError } from '../../src/core/errors.ts';
import { validateEvaluatorConfigs } from '../../src/core/registry.ts';
import { runEvaluation } from '../../src/core/run-evaluation.ts';
import type { EvaluationInput, EvaluationResult } from '../../src/core/types.ts';
import { countChars, countWords } from '../../src/evaluators/rule-based-checks.ts';
import { ruleBased, type RuleBasedRule } from '../../src/evaluators/rule-based.ts';

const input = (response: EvaluationInput['response'], extra: Partial<EvaluationInput> = {}): EvaluationInput => ({ response, criteria: [], ...extra });

function check(rule: RuleBasedRule, value: EvaluationInput): EvaluationResult {
  const results = ruleBased({ rules: [rule] }).evaluateSync?.(value, []) ?? [];
  expect(results).toHaveLength(1);
  return results[0] as EvaluationResult;
}

function issuesOf(rules: unknown[]): string[] {
  return validateEvaluatorConfigs([{ type: 'exact_match' }, { type: 'exact_match' }, { type: 'RuleBased', rules }]).issues.map((issue) => `${issue.path}: ${issue.message} | ${issue.fix ?? ''}`);
}

describe('RuleBased rules', () => {
  it('regex: passes and fails with the seed reasoning', () => {
    const rule: RuleBasedRule = { criterionName: 'Digits', type: 'regex', pattern: '^\\d+$' };
    expect(check(rule, input('12345'))).toEqual({ criterionName: 'Digits', score: true, evaluatorType: 'RuleBased', reasoning: "Rule regex on field 'response' passed." });
    const failed = check(rule, input('12a45'));
    expect(failed.score).toBe(false);
    expect(failed.reasoning).toBe("Rule regex on field 'response' failed: pattern /^\\d+$/ did not match.");
  });

  it('regex: flags apply and g does not make results alternate', () => {
    const evaluator = ruleBased({ rules: [{ criterionName: 'Hello', type: 'regex', pattern: 'hello', flags: 'gi' }] });
    const scores = [1, 2, 3].map(() => evaluator.evaluateSync?.(input('HELLO there'), [])[0]?.score);
    expect(scores).toEqual([true, true, true]);
  });

  it('length: chars count code points, words count whitespace-separated words', () => {
    expect(check({ criterionName: 'L', type: 'length', max: 2 }, input('😀😀')).score).toBe(true);
    expect(check({ criterionName: 'L', type: 'length', max: 2 }, input('😀😀😀')).score).toBe(false);
    const words = check({ criterionName: 'W', type: 'length', min: 3, max: 4, unit: 'words' }, input('  one\ttwo\nthree  four five '));
    expect(words.score).toBe(false);
    expect(words.reasoning).toBe("Rule length on field 'response' failed: 5 words, expected between 3 and 4.");
    expect(words.metadata).toEqual({ length: 5, unit: 'words', min: 3, max: 4 });
    expect(check({ criterionName: 'W', type: 'length', min: 3, unit: 'words' }, input('one two three')).reasoning).toBe("Rule length on field 'response' passed.");
  });

  it('includes: case-insensitive by default, all or any', () => {
    expect(check({ criterionName: 'I', type: 'includes', value: 'PARIS' }, input('The capital is Paris.')).score).toBe(true);
    expect(check({ criterionName: 'I', type: 'includes', value: 'PARIS', caseSensitive: true }, input('The capital is Paris.')).score).toBe(false);
    const all = check({ criterionName: 'I', type: 'includes', values: ['paris', 'france', 'berlin'] }, input('Paris, France'));
    expect(all.score).toBe(false);
    expect(all.reasoning).toBe("Rule includes on field 'response' failed: missing \"berlin\".");
    expect(all.metadata).toEqual({ missing: ['berlin'] });
    expect(check({ criterionName: 'I', type: 'includes', values: ['berlin', 'paris'], mode: 'any' }, input('Paris')).score).toBe(true);
    expect(check({ criterionName: 'I', type: 'includes', values: ['berlin', 'rome'], mode: 'any' }, input('Paris')).reasoning).toBe("Rule includes on field 'response' failed: none of \"berlin\", \"rome\" found.");
  });

  it('json_parse: parses, and validates against a schema with every error listed', () => {
    const rule: RuleBasedRule = { criterionName: 'J', type: 'json_parse', schema: { type: 'object', required: ['name', 'age'], properties: { age: { type: 'integer' } } } };
    expect(check(rule, input('{"name":"Ada","age":36}')).score).toBe(true);
    const invalid = check(rule, input('{"age":"old"}'));
    expect(invalid.score).toBe(false);
    expect(invalid.metadata?.schemaErrors).toEqual([
      { instancePath: '', keyword: 'required', message: "must have required property 'name'" },
      { instancePath: '/age', keyword: 'type', message: 'must be integer' },
    ]);
    expect(invalid.reasoning).toContain("(root) must have required property 'name'; /age must be integer");
    const notJson = check({ criterionName: 'J', type: 'json_parse' }, input('{oops'));
    expect(notJson.score).toBe(false);
    expect(notJson.reasoning).toMatch(/^Rule json_parse on field 'response' failed: not valid JSON \(/);
  });
});

describe('countChars and countWords', () => {
  it('count code points and words', () => {
    expect(countChars('a😀b😀')).toBe(4);
    expect(countChars('lone \uD800 surrogate')).toBe(16);
    expect(countChars('')).toBe(0);
    expect(countWords('')).toBe(0);
    expect(countWords(' a\u00a0b\u3000c\r\nd ')).toBe(4);
    const mixed = 'one\u2003two\ufeffthree\u0085four \u200bfive\t\tsix';
    expect(countWords(mixed)).toBe(mixed.split(/\s+/).filter(Boolean).length);
  });
});

describe('RuleBased fields and bad input', () => {
  it('reads prompt, groundTruth and context paths; non-string values as JSON', () => {
    const value = input('ignored', { prompt: 'Say hi', groundTruth: 'Hi!', context: { doc: { title: 'Guide', pages: 3 } } });
    expect(check({ criterionName: 'P', type: 'includes', value: 'say', field: 'prompt' }, value).score).toBe(true);
    expect(check({ criterionName: 'G', type: 'regex', pattern: '!$', field: 'groundTruth' }, value).score).toBe(true);
    const ctx = check({ criterionName: 'C', type: 'includes', value: '"pages":3', field: 'context.doc' }, value);
    expect(ctx.score).toBe(true);
    expect(ctx.reasoning).toBe("Rule includes on field 'context.doc' passed.");
    expect(check({ criterionName: 'N', type: 'json_parse', field: 'context.doc', schema: { required: ['title'] } }, value).score).toBe(true);
  });

  it('skips a rule whose field is missing instead of throwing', () => {
    const result = check({ criterionName: 'C', type: 'length', min: 1, field: 'context.missing.deep' }, input('x'));
    expect(result).toMatchObject({ score: null, reasoning: 'skipped: no context.missing.deep', label: 'skipped' });
    expect(check({ criterionName: 'G', type: 'length', min: 1, field: 'groundTruth' }, input('x')).reasoning).toBe('skipped: no groundTruth');
  });

  it('reduces an AgentMessage response to its text', () => {
    const message = { role: 'assistant', content: [{ type: 'text', text: 'Hello' }, { type: 'tool-call', toolCallId: '1', toolName: 'x', input: {} }, { type: 'text', text: 'world' }] };
    const result = check({ criterionName: 'R', type: 'regex', pattern: '^Hello\\nworld$' }, input(message));
    expect(result.score).toBe(true);
  });

  it('scores several rules, one result each, through runEvaluation', async () => {
    const result = await runEvaluation(input('{"ok":true}'), {
      evaluatorConfigs: [{ type: 'RuleBased', rules: [
        { criterionName: 'IsJson', type: 'json_parse' },
        { criterionName: 'Short', type: 'length', max: 5 },
        { criterionName: 'HasOk', type: 'includes', value: 'ok' },
      ] }],
    });
    expect(result.results.map((r) => [r.criterionName, r.score, r.normalizedScore])).toEqual([['IsJson', true, 1], ['Short', false, 0], ['HasOk', true, 1]]);
    expect(result.overallScore).toBeCloseTo(2 / 3);
  });
});

describe('RuleBased configuration errors', () => {
  it('names the bad pattern with its path and a fix', () => {
    const [issue] = issuesOf([{ criterionName: 'A', type: 'regex', pattern: '(' }]);
    expect(issue).toBe('evaluatorConfigs[2].rules[0].pattern: invalid regular expression "(": Unterminated group | escape characters meant literally with a backslash (\\( matches "(") and balance groups and brackets');
  });

  it('requires the fields of each rule type and rejects fields of other types', () => {
    const issues = issuesOf([
      { criterionName: 'A', type: 'regex' },
      { criterionName: 'B', type: 'length' },
      { criterionName: 'C', type: 'includes' },
      { criterionName: 'D', type: 'length', min: 5, max: 2 },
      { criterionName: 'E', type: 'includes', value: 'x', pattern: 'y' },
      { criterionName: 'F', type: 'regex', pattern: 'x', flags: 'ii' },
      { criterionName: 'G', type: 'json_parse', schema: { type: 'strng' } },
      { criterionName: 'H', type: 'includes', value: 'x', values: ['y'] },
      { criterionName: 'I', type: 'contains' },
    ]).map((text) => text.split(' | ')[0]);
    expect(issues).toEqual([
      'evaluatorConfigs[2].rules[0].pattern: is required for regex rules',
      'evaluatorConfigs[2].rules[1].min: length rules need min or max',
      'evaluatorConfigs[2].rules[2].value: includes rules need value or values',
      'evaluatorConfigs[2].rules[3].max: must be at least min (5)',
      'evaluatorConfigs[2].rules[4].pattern: is not used by includes rules',
      expect.stringMatching(/^evaluatorConfigs\[2\]\.rules\[5\]\.flags: invalid regular expression flags "ii"/),
      expect.stringMatching(/^evaluatorConfigs\[2\]\.rules\[6\]\.schema: invalid JSON Schema: /),
      'evaluatorConfigs[2].rules[7].values: cannot be combined with value',
      expect.stringMatching(/^evaluatorConfigs\[2\]\.rules\[8\]\.type: /),
    ]);
  });

  it('rejects two rules reporting the same criterion, and unknown keys', () => {
    expect(issuesOf([{ criterionName: 'A', type: 'length', min: 1 }, { criterionName: 'A', type: 'length', max: 9 }])[0]).toMatch(/^evaluatorConfigs\[2\]\.rules\[1\]\.criterionName: "A" is already used by rules\[0\]/);
    expect(issuesOf([{ criterionName: 'A', type: 'length', min: 1, minimum: 3 }])[0]).toBe('evaluatorConfigs[2].rules[0].minimum: is not a known option | remove it or check its spelling');
  });

  it('throws InvalidEvaluatorConfigError from the factory', () => {
    let caught: unknown;
    try {
      ruleBased({ rules: [{ criterionName: 'A', type: 'regex', pattern: '[' }] });
    } catch (error) {
      caught = error;
    }
    expect(InvalidEvaluatorConfigError.isInstance(caught)).toBe(true);
    expect((caught as InvalidEvaluatorConfigError).issues[0]?.path).toBe('rules[0].pattern');
  });
});
