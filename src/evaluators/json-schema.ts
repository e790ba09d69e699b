/**
 * `json_schema`: the response, parsed as JSON, is valid against a JSON Schema (ajv, every error listed
 * with its instancePath). The schema is `options.schema` (compiled once at construction) or, without
 * it, taken from the groundTruth: `groundTruth.jsonSchema`, or the groundTruth itself when it is a schema
 * object (it has `$schema`, `$ref`, `properties`, `anyOf`/`oneOf`/`allOf`, or a JSON type in `type`).
 * Cost: free. Latency: microseconds. Reference-based: skipped without a schema.
 */
import { z } from 'zod';
import { defineSyncEvaluator } from '../core/define-evaluator.ts';
import { parseOptions } from '../core/options.ts';
import type { EvaluatorDefinition } from '../core/registry.ts';
import { errorResult, skippedResult } from '../core/results.ts';
import { resolveField, resolveFieldText } from '../core/text.ts';
import type { EvaluationInput, EvaluationResult, Evaluator } from '../core/types.ts';
import { parseJsonText } from './json/parse.ts';
import { compileJsonSchema, formatSchemaErrors, isJsonObject, schemaErrors, type CompiledSchema } from './json/schema.ts';

const TYPE = 'json_schema';
const JSON_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

/** Options of `json_schema`. */
export const jsonSchemaSchema = z
  .strictObject({
    /** Criterion the result is reported under (default `json_schema`). */
    criterionName: z.string().min(1).default(TYPE),
    /** The JSON Schema; when absent it is read from the reference field. */
    schema: z.record(z.string(), z.unknown()).optional(),
    /** Field parsed and validated (default `response`). */
    sourceField: z.string().min(1).default('response'),
    /** Field holding the schema when `schema` is not set (default `groundTruth`). */
    referenceField: z.string().min(1).default('groundTruth'),
    /** Accept JSON wrapped in a ``` code fence when the whole text is not JSON (default true). */
    allowCodeFence: z.boolean().default(true),
  })
  .superRefine((options, ctx) => {
    if (!options.schema) return;
    const compiled = compileJsonSchema(options.schema);
    if (!compiled.ok) ctx.addIssue({ code: 'custom', path: ['schema'], message: `invalid JSON Schema: ${compiled.message}`, params: { fix: 'fix the schema (draft-07 by default; set $schema for 2019-09 or 2020-12)' } });
  });

/** Options of {@link jsonSchema}, as written in code or files. */
export type JsonSchemaOptions = z.input<typeof jsonSchemaSchema>;

/** Whether a value reads as a JSON Schema rather than as expected data. */
export function looksLikeJsonSchema(value: unknown): value is Record<string, unknown> {
  if (!isJsonObject(value)) return false;
  if (typeof value.$schema === 'string' || typeof value.$ref === 'string' || isJsonObject(value.properties)) return true;
  if (Array.isArray(value.anyOf) || Array.isArray(value.oneOf) || Array.isArray(value.allOf)) return true;
  const type = value.type;
  return typeof type === 'string' ? JSON_TYPES.has(type) : Array.isArray(type) && type.length > 0 && type.every((t) => typeof t === 'string' && JSON_TYPES.has(t));
}

function referenceSchema(value: unknown): Record<string, unknown> | undefined {
  let candidate = value;
  if (typeof candidate === 'string') {
    try {
      candidate = JSON.parse(candidate);
    } catch {
      return undefined;
    }
  }
  if (isJsonObject(candidate) && isJsonObject(candidate.jsonSchema)) return candidate.jsonSchema;
  return looksLikeJsonSchema(candidate) ? candidate : undefined;
}

/** Scores true when the response parses as JSON and satisfies the schema; every error listed. */
export function jsonSchema(options: JsonSchemaOptions = {}): Evaluator {
  const opts = parseOptions(jsonSchemaSchema, options, TYPE);
  const fixed = opts.schema ? compileJsonSchema(opts.schema) : undefined;
  if (fixed && !fixed.ok) throw new TypeError(`invalid JSON Schema: ${fixed.message}`);
  const validatorOf = (input: EvaluationInput): CompiledSchema | EvaluationResult => {
    if (fixed) return fixed;
    const value = resolveField(input, opts.referenceField);
    if (value === undefined || value === null) return skippedResult(opts.criterionName, TYPE, `no ${opts.referenceField}`);
    const schema = referenceSchema(value);
    if (!schema) return skippedResult(opts.criterionName, TYPE, `${opts.referenceField} is not a JSON Schema (and no schema option is set)`);
    const compiled = compileJsonSchema(schema);
    return compiled.ok ? compiled : errorResult(opts.criterionName, TYPE, `invalid JSON Schema in ${opts.referenceField}: ${compiled.message}`, 'invalid_reference');
  };
  const schemaSource = opts.schema ? 'options.schema' : opts.referenceField;
  return defineSyncEvaluator({
    type: TYPE,
    criterionNames: [opts.criterionName],
    evaluateSync(input) {
      const compiled = validatorOf(input);
      if (!('ok' in compiled)) return [compiled];
      if (!compiled.ok) return [errorResult(opts.criterionName, TYPE, compiled.message)];
      const text = resolveFieldText(input, opts.sourceField);
      if (text === undefined) return [skippedResult(opts.criterionName, TYPE, `no ${opts.sourceField}`)];
      const parsed = parseJsonText(text, opts.allowCodeFence);
      if (!parsed.ok) {
        return [{ criterionName: opts.criterionName, score: false, evaluatorType: TYPE, reasoning: `${opts.sourceField} is not valid JSON: ${parsed.message}.`, metadata: { parseError: parsed.message, schemaSource } }];
      }
      if (compiled.validate(parsed.value)) {
        return [{ criterionName: opts.criterionName, score: true, evaluatorType: TYPE, reasoning: `${opts.sourceField} is valid against the schema from ${schemaSource}.`, metadata: { schemaErrors: [], schemaSource } }];
      }
      const errors = schemaErrors(compiled.validate.errors);
      return [{
        criterionName: opts.criterionName,
        score: false,
        evaluatorType: TYPE,
        reasoning: `${errors.length} schema error(s) in ${opts.sourceField}: ${formatSchemaErrors(errors)}.`,
        metadata: { schemaErrors: errors, schemaSource },
      }];
    },
  });
}

/** Registry entry of `json_schema`. */
export const jsonSchemaDefinition: EvaluatorDefinition<z.output<typeof jsonSchemaSchema>> = {
  type: TYPE,
  schema: jsonSchemaSchema,
  factory: (options) => jsonSchema(options),
  description: 'Response parses as JSON and is valid against a JSON Schema (options or groundTruth); every error listed.',
  cost: 'free',
  latency: 'microseconds',
};
