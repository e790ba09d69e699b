/**
 * Argument checks of the ToolUsage evaluator: a function in code, a JSON Schema (ajv) or an expected
 * subset (deep partial match) in files. A check that throws is a failed check with the reason.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { errorMessage } from '../core/errors.ts';
import { preview } from '../core/text.ts';
import type { ToolCall } from '../core/types.ts';

/** What an argument check function returns: a verdict, optionally with the reason. */
export type ArgumentCheckOutcome = boolean | { passed: boolean; reason?: string };

/** An argument check in code: receives the parsed arguments (an object) and the whole call. */
export type ArgumentCheck = (args: Record<string, unknown>, call: ToolCall) => ArgumentCheckOutcome;

/** The checks applied to the arguments of one call; all present checks must pass. */
export interface ArgumentCheckSpec {
  /** Function check. */
  argumentChecks?: ArgumentCheck | undefined;
  /** JSON Schema the arguments must satisfy. */
  argumentSchema?: Record<string, unknown> | undefined;
  /** Expected subset of the arguments. */
  expectedArguments?: Record<string, unknown> | undefined;
}

/** Verdict on one call's arguments. */
export interface ArgumentVerdict {
  passed: boolean;
  /** Why it failed (empty when it passed, unless a function gave a reason). */
  reasons: string[];
}

const ajv = new Ajv({ allErrors: true, strict: false });
const byObject = new WeakMap<object, ValidateFunction>();
// Config validation copies schema objects; keyed by content, a schema (even one with an `$id`) compiles once.
const byText = new Map<string, ValidateFunction>();

/** Compiles (once per schema) a JSON Schema; throws with ajv's message when the schema is invalid. */
export function compileArgumentSchema(schema: Record<string, unknown>): ValidateFunction {
  let validate = byObject.get(schema);
  if (validate) return validate;
  const text = JSON.stringify(schema);
  validate = byText.get(text) ?? ajv.compile(schema);
  byText.set(text, validate);
  byObject.set(schema, validate);
  return validate;
}

/** Whether a spec has any argument check at all. */
export function hasArgumentChecks(spec: ArgumentCheckSpec): boolean {
  return spec.argumentChecks !== undefined || spec.argumentSchema !== undefined || spec.expectedArguments !== undefined;
}

/** Applies every check of the spec to one call. */
export function checkArguments(call: ToolCall, spec: ArgumentCheckSpec): ArgumentVerdict {
  const reasons: string[] = [];
  let passed = true;
  const args = call.arguments;
  if (spec.argumentChecks) {
    const outcome = runFunctionCheck(spec.argumentChecks, call);
    passed &&= outcome.passed;
    if (outcome.reason) reasons.push(outcome.reason);
  }
  if (spec.argumentSchema) {
    const validate = compileArgumentSchema(spec.argumentSchema);
    if (!validate(args ?? {})) {
      passed = false;
      const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
      reasons.push(`arguments do not match argumentSchema: ${errors.join('; ')}`);
    }
  }
  if (spec.expectedArguments) {
    const mismatch = subsetMismatch(args, spec.expectedArguments, 'arguments');
    if (mismatch) {
      passed = false;
      reasons.push(mismatch);
    }
  }
  return { passed, reasons };
}

function runFunctionCheck(check: ArgumentCheck, call: ToolCall): { passed: boolean; reason?: string } {
  const args = call.arguments;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return { passed: false, reason: `arguments are not an object: ${preview(JSON.stringify(args) ?? 'undefined', 80)}` };
  }
  let outcome: unknown;
  try {
    outcome = check(args as Record<string, unknown>, call);
  } catch (error) {
    return { passed: false, reason: `argumentChecks threw: ${errorMessage(error)}` };
  }
  if (typeof outcome === 'boolean') return { passed: outcome, ...(outcome ? {} : { reason: 'argumentChecks returned false' }) };
  if (typeof outcome === 'object' && outcome !== null && typeof (outcome as { passed?: unknown }).passed === 'boolean') {
    const { passed, reason } = outcome as { passed: boolean; reason?: unknown };
    const text = typeof reason === 'string' && reason !== '' ? reason : passed ? undefined : 'argumentChecks returned passed: false';
    return text === undefined ? { passed } : { passed, reason: text };
  }
  return { passed: false, reason: `argumentChecks returned ${describe(outcome)}, expected a boolean or { passed, reason }` };
}

/**
 * Deep partial match: every key of an expected object must match in the actual object (extra actual keys
 * are allowed); arrays match position by position and must have the same length; other values must be
 * equal. Returns the first mismatch as `path: expected X, got Y`, or undefined when it matches.
 */
export function subsetMismatch(actual: unknown, expected: unknown, path = ''): string | undefined {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${describe(actual)}`;
    if (actual.length !== expected.length) return `${path}: expected ${expected.length} item(s), got ${actual.length}`;
    for (let i = 0; i < expected.length; i++) {
      const mismatch = subsetMismatch(actual[i], expected[i], `${path}[${i}]`);
      if (mismatch) return mismatch;
    }
    return undefined;
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return `${path}: expected an object, got ${describe(actual)}`;
    for (const [key, value] of Object.entries(expected)) {
      const child = path ? `${path}.${key}` : key;
      if (!Object.hasOwn(actual, key)) return `${child}: missing (expected ${describe(value)})`;
      const mismatch = subsetMismatch((actual as Record<string, unknown>)[key], value, child);
      if (mismatch) return mismatch;
    }
    return undefined;
  }
  return Object.is(actual, expected) || actual === expected ? undefined : `${path}: expected ${describe(expected)}, got ${describe(actual)}`;
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'a function';
  return preview(JSON.stringify(value) ?? String(value), 60);
}
