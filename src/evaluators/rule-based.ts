/**
 * `RuleBased`: deterministic checks, one criterion per rule: `regex`, `length`, `includes`, `json_parse`
 * (optionally against a JSON Schema). Each rule scores true or false.
 * Cost: free. Latency: microseconds. Patterns and schemas are compiled once, at construction.
 */
import { z } from 'zod';
import { defineSyncEvaluator } from '../core/define-evaluator.ts';
import { parseOptions } from '../core/options.ts';
import type { EvaluatorDefinition } from '../core/registry.ts';
import { skippedResult } from '../core/results.ts';
import { resolveFieldText } from '../core/text.ts';
import type { EvaluationResult, Evaluator } from '../core/types.ts';
import { compileJsonSchema } from './json/schema.ts';
import { patternProblem } from './regex.ts';
import { compileRuleCheck, type RuleCheck, type RuleSpec } from './rule-based-checks.ts';

const TYPE = 'RuleBased';

/** Options each rule type uses; setting another type's option is a config error. */
const RULE_FIELDS = {
  regex: ['pattern', 'flags'],
  length: ['min', 'max', 'unit'],
  includes: ['value', 'values', 'mode', 'caseSensitive'],
  json_parse: ['schema'],
} as const;

/** One rule of {@link ruleBased}. */
export const ruleSchema = z
  .strictObject({
    /** Criterion the rule's result is reported under. */
    criterionName: z.string().min(1),
    /** The check: `regex`, `length`, `includes` or `json_parse`. */
    type: z.enum(['regex', 'length', 'includes', 'json_parse']),
    /** Field checked: `response` (default), `prompt`, `groundTruth`, `context.x.y`, `metadata.x`. */
    field: z.string().min(1).optional(),
    /** regex: the pattern the text must match (required). */
    pattern: z.string().optional(),
    /** regex: flags such as `i`, `m`, `s`, `u` (`g` and `y` are ignored). */
    flags: z.string().optional(),
    /** length: minimum length, inclusive. */
    min: z.number().int().min(0).optional(),
    /** length: maximum length, inclusive. */
    max: z.number().int().min(0).optional(),
    /** length: `chars` (Unicode code points, default) or `words` (whitespace-separated). */
    unit: z.enum(['chars', 'words']).optional(),
    /** includes: one substring the text must contain. */
    value: z.string().min(1).optional(),
    /** includes: several substrings, combined by `mode`. */
    values: z.array(z.string().min(1)).min(1).optional(),
    /** includes: `all` (default) must be present, or `any` one of them. */
    mode: z.enum(['all', 'any']).optional(),
    /** includes: match case exactly (default false). */
    caseSensitive: z.boolean().optional(),
    /** json_parse: JSON Schema the parsed value must also satisfy. */
    schema: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine(checkRule);

/** Options of `RuleBased`. */
export const ruleBasedSchema = z
  .strictObject({
    /** The rules, one criterion each. */
    rules: z.array(ruleSchema).min(1),
  })
  .superRefine((options, ctx) => {
    const seen = new Map<string, number>();
    options.rules.forEach((rule, index) => {
      const first = seen.get(rule.criterionName);
      if (first === undefined) seen.set(rule.criterionName, index);
      else ctx.addIssue({ code: 'custom', path: ['rules', index, 'criterionName'], message: `"${rule.criterionName}" is already used by rules[${first}]`, params: { fix: 'give each rule its own criterion, or combine checks with the hybrid evaluator' } });
    });
  });

/** Options of {@link ruleBased}, as written in code or files. */
export type RuleBasedOptions = z.input<typeof ruleBasedSchema>;
/** One rule of {@link RuleBasedOptions}. */
export type RuleBasedRule = z.input<typeof ruleSchema>;

type Issue = (path: PropertyKey[], message: string, fix: string) => void;

function checkRule(rule: RuleSpec, ctx: z.RefinementCtx): void {
  const issue: Issue = (path, message, fix) => ctx.addIssue({ code: 'custom', path, message, params: { fix } });
  const record = rule as unknown as Record<string, unknown>;
  for (const [owner, keys] of Object.entries(RULE_FIELDS)) {
    if (owner === rule.type) continue;
    for (const key of keys) {
      if (record[key] !== undefined) issue([key], `is not used by ${rule.type} rules`, `remove it, or use type "${owner}"`);
    }
  }
  switch (rule.type) {
    case 'regex':
      return checkRegexRule(rule, issue);
    case 'length':
      if (rule.min === undefined && rule.max === undefined) issue(['min'], 'length rules need min or max', 'set min, max or both (unit "chars" by default, or "words")');
      else if (rule.min !== undefined && rule.max !== undefined && rule.min > rule.max) issue(['max'], `must be at least min (${rule.min})`, 'swap min and max');
      return;
    case 'includes':
      if (rule.value === undefined && rule.values === undefined) issue(['value'], 'includes rules need value or values', 'set value: "text", or values: ["a", "b"] with mode "all" or "any"');
      else if (rule.value !== undefined && rule.values !== undefined) issue(['values'], 'cannot be combined with value', 'keep value or values, not both');
      return;
    case 'json_parse':
      if (rule.schema) {
        const compiled = compileJsonSchema(rule.schema);
        if (!compiled.ok) issue(['schema'], `invalid JSON Schema: ${compiled.message}`, 'fix the schema (draft-07 by default; set $schema for 2019-09 or 2020-12)');
      }
      return;
  }
}

function checkRegexRule(rule: RuleSpec, issue: Issue): void {
  if (rule.pattern === undefined) {
    issue(['pattern'], 'is required for regex rules', 'set pattern to a regular expression, e.g. "^\\\\d+$"');
    return;
  }
  const problem = patternProblem(rule.pattern, rule.flags);
  if (problem) issue([problem.key], problem.message, problem.fix);
}

interface CompiledRule {
  criterionName: string;
  field: string;
  check: RuleCheck;
  passed: string;
  failed: string;
}

/** Runs deterministic rules on fields of the input; each rule scores true or false under its criterion. */
export function ruleBased(options: RuleBasedOptions): Evaluator {
  const opts = parseOptions(ruleBasedSchema, options, TYPE);
  const rules: CompiledRule[] = opts.rules.map((rule) => {
    const field = rule.field ?? 'response';
    return {
      criterionName: rule.criterionName,
      field,
      check: compileRuleCheck(rule),
      passed: `Rule ${rule.type} on field '${field}' passed.`,
      failed: `Rule ${rule.type} on field '${field}' failed`,
    };
  });
  return defineSyncEvaluator({
    type: TYPE,
    criterionNames: rules.map((rule) => rule.criterionName),
    evaluateSync(input) {
      const results: EvaluationResult[] = [];
      for (const rule of rules) {
        const text = resolveFieldText(input, rule.field);
        if (text === undefined) {
          results.push(skippedResult(rule.criterionName, TYPE, `no ${rule.field}`));
          continue;
        }
        const outcome = rule.check(text);
        const result: EvaluationResult = { criterionName: rule.criterionName, score: outcome.passed, evaluatorType: TYPE, reasoning: outcome.passed ? rule.passed : `${rule.failed}: ${outcome.detail ?? 'check failed'}.` };
        if (outcome.metadata) result.metadata = outcome.metadata;
        results.push(result);
      }
      return results;
    },
  });
}

/** Registry entry of `RuleBased`. */
export const ruleBasedDefinition: EvaluatorDefinition<z.output<typeof ruleBasedSchema>> = {
  type: TYPE,
  schema: ruleBasedSchema,
  factory: (options) => ruleBased(options),
  description: 'Deterministic rules (regex, length, includes, json_parse with optional JSON Schema), true or false per criterion.',
  cost: 'free',
  latency: 'microseconds',
};
