/**
 * `json_equality`: the response, parsed as JSON, deeply equals the groundTruth. Object key order never
 * matters; `ignore_order` compares arrays as multisets; `ignore_keys` leaves keys of those names out at
 * any depth. The differences found are listed with their JSON Pointer paths.
 * Cost: free. Latency: microseconds. Reference-based: skipped without a groundTruth.
 */
import { z } from 'zod';
import { defineSyncEvaluator } from '../core/define-evaluator.ts';
import { parseOptions } from '../core/options.ts';
import type { EvaluatorDefinition } from '../core/registry.ts';
import { skippedResult } from '../core/results.ts';
import { messageText, resolveField } from '../core/text.ts';
import type { AgentMessage, Evaluator } from '../core/types.ts';
import { jsonDifferences, type JsonDiffOptions } from './json/diff.ts';
import { parseJsonText, type JsonParseResult } from './json/parse.ts';

const TYPE = 'json_equality';

/** Options of `json_equality`. */
export const jsonEqualitySchema = z.strictObject({
  /** Criterion the result is reported under (default `json_equality`). */
  criterionName: z.string().min(1).default(TYPE),
  /** Compare arrays regardless of element order (default false). */
  ignore_order: z.boolean().default(false),
  /** Key names left out of the comparison at any depth (default none). */
  ignore_keys: z.array(z.string().min(1)).default([]),
  /** Field compared, parsed as JSON when it is text (default `response`). */
  sourceField: z.string().min(1).default('response'),
  /** Field holding the expected value: JSON data, or a JSON text (default `groundTruth`). */
  referenceField: z.string().min(1).default('groundTruth'),
  /** Accept JSON wrapped in a ``` code fence when the whole text is not JSON (default true). */
  allowCodeFence: z.boolean().default(true),
  /** Most differences listed (default 20). */
  maxDifferences: z.number().int().positive().default(20),
});

/** Options of {@link jsonEquality}, as written in code or files. */
export type JsonEqualityOptions = z.input<typeof jsonEqualitySchema>;

function jsonValue(value: unknown, allowCodeFence: boolean): JsonParseResult {
  if (typeof value === 'string') return parseJsonText(value, allowCodeFence);
  // A message stands for its text, as everywhere else.
  if (typeof value === 'object' && value !== null && 'role' in value && 'content' in value) return parseJsonText(messageText(value as AgentMessage), allowCodeFence);
  return { ok: true, value, fromCodeFence: false };
}

/** Scores true when the response, as JSON, deeply equals the reference; differences listed. */
export function jsonEquality(options: JsonEqualityOptions = {}): Evaluator {
  const opts = parseOptions(jsonEqualitySchema, options, TYPE);
  const { criterionName, sourceField, referenceField } = opts;
  const diff: JsonDiffOptions = { ignoreOrder: opts.ignore_order, ignoreKeys: new Set(opts.ignore_keys), maxDifferences: opts.maxDifferences };
  const how = [opts.ignore_order ? 'array order ignored' : '', opts.ignore_keys.length > 0 ? `keys ignored: ${opts.ignore_keys.join(', ')}` : ''].filter(Boolean).join('; ');
  const suffix = how ? ` (${how})` : '';
  return defineSyncEvaluator({
    type: TYPE,
    criterionNames: [criterionName],
    evaluateSync(input) {
      const reference = resolveField(input, referenceField);
      if (reference === undefined || reference === null) return [skippedResult(criterionName, TYPE, `no ${referenceField}`)];
      const expected = jsonValue(reference, false);
      if (!expected.ok) return [skippedResult(criterionName, TYPE, `${referenceField} is not JSON: ${expected.message}`)];
      const source = resolveField(input, sourceField);
      if (source === undefined || source === null) return [skippedResult(criterionName, TYPE, `no ${sourceField}`)];
      const actual = jsonValue(source, opts.allowCodeFence);
      if (!actual.ok) {
        return [{ criterionName, score: false, evaluatorType: TYPE, reasoning: `${sourceField} is not valid JSON: ${actual.message}.`, metadata: { parseError: actual.message } }];
      }
      const differences = jsonDifferences(actual.value, expected.value, diff);
      const equal = differences.length === 0;
      return [{
        criterionName,
        score: equal,
        evaluatorType: TYPE,
        reasoning: equal
          ? `${sourceField} equals ${referenceField} as JSON${suffix}.`
          : `${sourceField} differs from ${referenceField}${suffix}: ${differences.join('; ')}${differences.length >= opts.maxDifferences ? '; ...' : ''}.`,
        metadata: { differences },
      }];
    },
  });
}

/** Registry entry of `json_equality`. */
export const jsonEqualityDefinition: EvaluatorDefinition<z.output<typeof jsonEqualitySchema>> = {
  type: TYPE,
  schema: jsonEqualitySchema,
  factory: (options) => jsonEquality(options),
  description: 'Response parsed as JSON deeply equals groundTruth (ignore_order, ignore_keys); differences listed.',
  cost: 'free',
  latency: 'microseconds',
};
