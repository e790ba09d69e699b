/**
 * JSON Schema compilation with ajv, shared by `json_schema` and RuleBased `json_parse`: one ajv instance
 * per dialect (draft-07 by default; 2019-09 and 2020-12 when the schema's `$schema` names them), every
 * error collected (`allErrors`), unknown keywords and formats tolerated (formats are not checked), and
 * each schema object compiled once.
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';

/** A compiled schema, or why it could not be compiled. */
export type CompiledSchema = { ok: true; validate: ValidateFunction } | { ok: false; message: string };

/** One validation error: where (JSON Pointer into the instance, `` for the root) and what. */
export interface SchemaError {
  /** JSON Pointer of the offending value (`/items/0/price`), empty for the root. */
  instancePath: string;
  /** The failing keyword (`type`, `required`, ...). */
  keyword: string;
  /** What is wrong, e.g. `must be number`. */
  message: string;
}

const OPTIONS: Options = { allErrors: true, strict: false, logger: false };
const instances: { draft07?: Ajv; draft2019?: Ajv2019; draft2020?: Ajv2020 } = {};
const compiled = new WeakMap<object, CompiledSchema>();

function ajvFor(schema: Record<string, unknown>): Ajv | Ajv2019 | Ajv2020 {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (dialect.includes('2020-12')) return (instances.draft2020 ??= new Ajv2020(OPTIONS));
  if (dialect.includes('2019-09')) return (instances.draft2019 ??= new Ajv2019(OPTIONS));
  return (instances.draft07 ??= new Ajv(OPTIONS));
}

/** Compiles a JSON Schema once per schema object; an invalid schema yields its message instead of a throw. */
export function compileJsonSchema(schema: Record<string, unknown>): CompiledSchema {
  const cached = compiled.get(schema);
  if (cached) return cached;
  const ajv = ajvFor(schema);
  let result: CompiledSchema;
  try {
    result = { ok: true, validate: ajv.compile(schema) };
  } catch (error) {
    result = { ok: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    // The compiled function keeps what it needs; dropping the schema from ajv keeps per-input schemas
    // (from groundTruth) from accumulating and lets a schema with the same $id be compiled again.
    try {
      ajv.removeSchema(schema);
    } catch {
      // nothing was registered
    }
  }
  compiled.set(schema, result);
  return result;
}

/** The errors of the last validation, in a stable, serializable shape. */
export function schemaErrors(errors: readonly ErrorObject[] | null | undefined): SchemaError[] {
  return (errors ?? []).map((error) => {
    const extra = error.keyword === 'additionalProperties' ? ` '${String((error.params as { additionalProperty?: unknown }).additionalProperty)}'` : '';
    return { instancePath: error.instancePath, keyword: error.keyword, message: `${error.message ?? 'is invalid'}${extra}` };
  });
}

/** Renders errors as `/price must be number; (root) must have required property 'name'`. */
export function formatSchemaErrors(errors: readonly SchemaError[]): string {
  return errors.map((error) => `${error.instancePath || '(root)'} ${error.message}`).join('; ');
}

/** Whether a value is a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
