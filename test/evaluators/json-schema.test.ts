import { describe, expect, it } from 'vitest';
import { validateEvaluatorConfigs } from '../../src/core/registry.ts';
import type { EvaluationInput, EvaluationResult, Evaluator } from '../../src/core/types.ts';
import { jsonSchema, looksLikeJsonSchema } from '../../src/evaluators/json-schema.ts';

const input = (response: EvaluationInput['response'], groundTruth?: unknown): EvaluationInput => ({ response, groundTruth, criteria: [] });
const run = (evaluator: Evaluator, value: EvaluationInput): EvaluationResult => evaluator.evaluateSync?.(value, [])[0] as EvaluationResult;

const person = { type: 'object', required: ['name', 'age'], properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } }, additionalProperties: false };

describe('json_schema', () => {
  it('passes valid JSON and lists every error with its instancePath', () => {
    const evaluator = jsonSchema({ schema: person });
    expect(run(evaluator, input('{"name":"Ada","age":36}'))).toEqual({
      criterionName: 'json_schema',
      score: true,
      evaluatorType: 'json_schema',
      reasoning: 'response is valid against the schema from options.schema.',
      metadata: { schemaErrors: [], schemaSource: 'options.schema' },
    });
    const result = run(evaluator, input('{"age":-1,"nick":"x"}'));
    expect(result.score).toBe(false);
    expect(result.metadata?.schemaErrors).toEqual([
      { instancePath: '', keyword: 'required', message: "must have required property 'name'" },
      { instancePath: '', keyword: 'additionalProperties', message: "must NOT have additional properties 'nick'" },
      { instancePath: '/age', keyword: 'minimum', message: 'must be >= 0' },
    ]);
    expect(result.reasoning).toBe("3 schema error(s) in response: (root) must have required property 'name'; (root) must NOT have additional properties 'nick'; /age must be >= 0.");
  });

  it('scores false with the reason when the response is not JSON', () => {
    const result = run(jsonSchema({ schema: person }), input('name: Ada'));
    expect(result.score).toBe(false);
    expect(result.reasoning).toMatch(/^response is not valid JSON: /);
    expect(result.metadata?.parseError).toEqual(expect.any(String));
  });

  it('accepts JSON in a code fence unless told not to', () => {
    const fenced = 'Here you go:\n```json\n{"name":"Ada","age":36}\n```';
    expect(run(jsonSchema({ schema: person }), input(fenced)).score).toBe(true);
    expect(run(jsonSchema({ schema: person, allowCodeFence: false }), input(fenced)).score).toBe(false);
  });

  it('takes the schema from groundTruth when it is a schema, or from groundTruth.jsonSchema', () => {
    const evaluator = jsonSchema();
    expect(run(evaluator, input('{"name":"Ada","age":36}', person)).metadata?.schemaSource).toBe('groundTruth');
    expect(run(evaluator, input('[1,"x"]', { jsonSchema: { type: 'array', items: { type: 'number' } } })).metadata?.schemaErrors).toEqual([{ instancePath: '/1', keyword: 'type', message: 'must be number' }]);
    expect(run(evaluator, input('{}', JSON.stringify(person))).score).toBe(false);
  });

  it('skips without a schema, and reports an invalid schema in the data as an error', () => {
    const evaluator = jsonSchema();
    expect(run(evaluator, input('{}'))).toMatchObject({ score: null, reasoning: 'skipped: no groundTruth' });
    expect(run(evaluator, input('{}', { type: 'invoice', total: 3 })).reasoning).toBe('skipped: groundTruth is not a JSON Schema (and no schema option is set)');
    expect(run(evaluator, input('{}', { type: 'object', properties: { a: { type: 'nope' } } }))).toMatchObject({ score: null, label: 'error' });
  });

  it('supports the 2020-12 dialect and reuses of the same $id', () => {
    const tuple = { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'https://example.test/pair', type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false };
    expect(run(jsonSchema({ schema: tuple }), input('["a", 1]')).score).toBe(true);
    expect(run(jsonSchema({ schema: { ...tuple } }), input('["a", 1, 2]')).score).toBe(false);
  });

  it('reads an AgentMessage response as its text', () => {
    const message = { role: 'assistant', content: [{ type: 'text', text: '{"name":"Ada",' }, { type: 'tool-call', toolCallId: '1', toolName: 't', input: {} }, { type: 'text', text: '"age":36}' }] };
    expect(run(jsonSchema({ schema: person }), input(message)).score).toBe(true);
  });

  it('reports an invalid configured schema with its path', () => {
    const { issues } = validateEvaluatorConfigs([{ type: 'json_schema', schema: { type: 'objekt' } }]);
    expect(issues[0]?.path).toBe('evaluatorConfigs[0].schema');
    expect(issues[0]?.message).toMatch(/^invalid JSON Schema: schema is invalid: /);
  });
});

describe('looksLikeJsonSchema', () => {
  it('tells schemas from data', () => {
    expect(looksLikeJsonSchema({ type: 'object' })).toBe(true);
    expect(looksLikeJsonSchema({ type: ['string', 'null'] })).toBe(true);
    expect(looksLikeJsonSchema({ anyOf: [] })).toBe(true);
    expect(looksLikeJsonSchema({ type: 'invoice' })).toBe(false);
    expect(looksLikeJsonSchema([{ type: 'object' }])).toBe(false);
  });
});
