import { describe, expect, it } from 'vitest';
import { validateEvaluatorConfigs } from '../../src/core/registry.ts';
import type { EvaluationInput, EvaluationResult, Evaluator } from '../../src/core/types.ts';
import { jsonEquality } from '../../src/evaluators/json-equality.ts';

const input = (response: EvaluationInput['response'], groundTruth?: unknown): EvaluationInput => ({ response, groundTruth, criteria: [] });
const run = (evaluator: Evaluator, value: EvaluationInput): EvaluationResult => evaluator.evaluateSync?.(value, [])[0] as EvaluationResult;

describe('json_equality', () => {
  it('is true for deeply equal JSON regardless of key order', () => {
    expect(run(jsonEquality(), input('{"b":[1,{"x":true}],"a":1.0}', { a: 1, b: [1, { x: true }] }))).toEqual({
      criterionName: 'json_equality',
      score: true,
      evaluatorType: 'json_equality',
      reasoning: 'response equals groundTruth as JSON.',
      metadata: { differences: [] },
    });
  });

  it('lists the differences with their paths', () => {
    const result = run(jsonEquality(), input('{"a":2,"b":[1,2,3],"c":"x","extra":null}', { a: 1, b: [1, 3], c: { d: 1 }, e: 'missing' }));
    expect(result.score).toBe(false);
    expect(result.metadata?.differences).toEqual([
      '/a: expected 1, got 2',
      '/b: expected 2 elements, got 3',
      '/b/1: expected 3, got 2',
      '/c: expected object {"d":1}, got string "x"',
      '/e: missing (expected "missing")',
      '/extra: unexpected key (null)',
    ]);
  });

  it('ignores array order and named keys at any depth when asked', () => {
    const response = '{"id":"r-1","items":[{"sku":"b","ts":2},{"sku":"a","ts":1}]}';
    const expected = { id: 'other', items: [{ sku: 'a' }, { sku: 'b' }] };
    expect(run(jsonEquality(), input(response, expected)).score).toBe(false);
    const lenient = run(jsonEquality({ ignore_order: true, ignore_keys: ['id', 'ts'] }), input(response, expected));
    expect(lenient.score).toBe(true);
    expect(lenient.reasoning).toBe('response equals groundTruth as JSON (array order ignored; keys ignored: id, ts).');
    const counted = run(jsonEquality({ ignore_order: true }), input('[1,1,2]', [1, 2, 2]));
    expect(counted.metadata?.differences).toEqual(['(root) (order ignored): 1 expected element(s) missing, e.g. 2; 1 unexpected element(s), e.g. 1']);
  });

  it('parses a groundTruth JSON text and a fenced response', () => {
    expect(run(jsonEquality(), input('```json\n{"a":[1,2]}\n```', '{"a":[1,2]}')).score).toBe(true);
    expect(run(jsonEquality({ allowCodeFence: false }), input('```json\n{"a":1}\n```', '{"a":1}')).score).toBe(false);
  });

  it('scores false when the response is not JSON', () => {
    const result = run(jsonEquality(), input('not json', { a: 1 }));
    expect(result.score).toBe(false);
    expect(result.reasoning).toMatch(/^response is not valid JSON: /);
  });

  it('skips without a usable reference', () => {
    expect(run(jsonEquality(), input('{}'))).toMatchObject({ score: null, reasoning: 'skipped: no groundTruth' });
    expect(run(jsonEquality(), input('{}', 'plain words')).reasoning).toMatch(/^skipped: groundTruth is not JSON: /);
  });

  it('compares a context value that is already data', () => {
    const evaluator = jsonEquality({ sourceField: 'context.output' });
    expect(run(evaluator, { response: 'x', groundTruth: { a: [1] }, criteria: [], context: { output: { a: [1] } } }).score).toBe(true);
  });

  it('reads an AgentMessage, as response or in another field, as its text', () => {
    expect(run(jsonEquality(), input({ role: 'assistant', content: '[1, 2]' }, [1, 2])).score).toBe(true);
    const reply = { role: 'assistant', content: [{ type: 'text', text: '{"a":' }, { type: 'text', text: '1}' }] };
    expect(run(jsonEquality({ sourceField: 'context.reply' }), { response: 'x', groundTruth: { a: 1 }, criteria: [], context: { reply } }).score).toBe(true);
  });

  it('validates its options', () => {
    const { issues } = validateEvaluatorConfigs([{ type: 'json_equality', ignore_keys: 'id' }]);
    expect(issues.map((issue) => issue.path)).toEqual(['evaluatorConfigs[0].ignore_keys']);
  });
});
