/**
 * `ToolUsage`: did the agent call the right tools, the right number of times, with valid arguments and
 * in the expected order? Also reports precision, recall and F1 of the called versus the expected tools.
 * Cost: free. Latency: microseconds. Without any tool data (no toolCalls, messageHistory or context
 * path) every criterion is skipped.
 */
import { z } from 'zod';
import { defineSyncEvaluator } from '../core/define-evaluator.ts';
import { errorMessage } from '../core/errors.ts';
import { parseOptions } from '../core/options.ts';
import type { EvaluatorDefinition } from '../core/registry.ts';
import { skippedResult } from '../core/results.ts';
import type { EvaluationResult, Evaluator, ToolCall } from '../core/types.ts';
import { checkArguments, compileArgumentSchema, hasArgumentChecks, type ArgumentCheck, type ArgumentVerdict } from './tool-argument-checks.ts';
import { readToolCalls } from './tool-calls.ts';
import { checkToolOrder, toolSelectionMetrics, type ToolSelectionMetrics } from './tool-selection.ts';

const TYPE = 'ToolUsage';

const jsonSchemaObject = z.record(z.string(), z.unknown()).superRefine((schema, ctx) => {
  try {
    compileArgumentSchema(schema);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `invalid JSON Schema: ${errorMessage(error)}`, params: { fix: 'correct the schema (draft-07 / 2019-09 keywords as ajv understands them)' } });
  }
});

/** One rule of the ToolUsage evaluator: what one criterion expects of one tool. */
export const toolUsageRuleSchema = z
  .strictObject({
    /** Criterion the rule's verdict is reported under. */
    criterionName: z.string().min(1),
    /** Name of the tool the rule is about. */
    expectedToolName: z.string().min(1),
    /** Argument check in code: `(args, call) => boolean | { passed, reason }`; a throw is a failed check. */
    argumentChecks: z.custom<ArgumentCheck>((value) => typeof value === 'function', { message: 'must be a function (args, call) => boolean | { passed, reason }' }).optional(),
    /** JSON Schema the arguments must satisfy (for config files). */
    argumentSchema: jsonSchemaObject.optional(),
    /** Expected subset of the arguments, deep partial match (for config files). */
    expectedArguments: z.record(z.string(), z.unknown()).optional(),
    /** The tool must be called at least once (default false: an optional tool not called is skipped). */
    isRequired: z.boolean().default(false),
    /** Minimum number of calls (a value above 0 makes the tool required). */
    minCalls: z.number().int().min(0).optional(),
    /** Maximum number of calls (0 forbids the tool). */
    maxCalls: z.number().int().min(0).optional(),
    /** Which calls the argument checks apply to: the `first` (default), `all`, or `any` one. */
    checkCalls: z.enum(['first', 'all', 'any']).default('first'),
  })
  .refine((rule) => rule.minCalls === undefined || rule.maxCalls === undefined || rule.minCalls <= rule.maxCalls, {
    message: 'minCalls is greater than maxCalls',
    path: ['minCalls'],
    params: { fix: 'set minCalls <= maxCalls' },
  });

/** Options of the ToolUsage evaluator. */
export const toolUsageSchema = z
  .strictObject({
    /** One rule per criterion and tool. */
    rules: z.array(toolUsageRuleSchema).default([]),
    /** Where tool calls are read from (default `auto`: toolCalls, then messageHistory, then context). */
    toolDataSource: z.enum(['auto', 'toolCalls', 'messageHistory', 'context']).default('auto'),
    /** Path inside `input.context` holding the calls or messages (default `toolCalls`). */
    contextPath: z.string().min(1).default('toolCalls'),
    /** Tool names in the order they are expected to be called. */
    expectedOrder: z.array(z.string().min(1)).min(1).optional(),
    /** `subsequence` (default): in this order, other calls allowed between; `strict`: exactly these calls. */
    orderMode: z.enum(['strict', 'subsequence']).default('subsequence'),
    /** Criterion the order verdict is reported under (default `ToolCallOrder`). */
    orderCriterionName: z.string().min(1).default('ToolCallOrder'),
    /** Expected tool names for precision/recall/F1 (default: the rules' tools that are not forbidden, plus expectedOrder). */
    expectedTools: z.array(z.string().min(1)).optional(),
    /** Criterion the F1 of called versus expected tools is reported under; metadata always carries the figures. */
    toolSelectionCriterion: z.string().min(1).optional(),
  })
  .refine((options) => options.rules.length > 0 || options.expectedOrder !== undefined || options.toolSelectionCriterion !== undefined, {
    message: 'nothing to evaluate',
    path: ['rules'],
    params: { fix: 'add at least one rule, an expectedOrder or a toolSelectionCriterion' },
  });

/** Options of {@link toolUsage}, as written in code or files. */
export type ToolUsageOptions = z.input<typeof toolUsageSchema>;
/** One rule, as written in code or files. */
export type ToolUsageRule = z.input<typeof toolUsageRuleSchema>;
type Rule = z.output<typeof toolUsageRuleSchema>;
type Options = z.output<typeof toolUsageSchema>;

/** Checks tool invocations against rules, an expected order and the expected tool set. */
export function toolUsage(options: ToolUsageOptions): Evaluator {
  const opts = parseOptions(toolUsageSchema, options, TYPE);
  const expectedTools = opts.expectedTools ?? deriveExpectedTools(opts);
  const criterionNames = [
    ...opts.rules.map((rule) => rule.criterionName),
    ...(opts.expectedOrder ? [opts.orderCriterionName] : []),
    ...(opts.toolSelectionCriterion ? [opts.toolSelectionCriterion] : []),
  ];
  return defineSyncEvaluator({
    type: TYPE,
    criterionNames,
    evaluateSync(input) {
      const reading = readToolCalls(input, { toolDataSource: opts.toolDataSource, contextPath: opts.contextPath });
      if (!reading) {
        const where = opts.toolDataSource === 'context' ? `context.${opts.contextPath}` : opts.toolDataSource === 'auto' ? `toolCalls, messageHistory or context.${opts.contextPath}` : opts.toolDataSource;
        return criterionNames.map((name) => skippedResult(name, TYPE, `no tool call data (${where})`));
      }
      const toolSelection = toolSelectionMetrics(reading.calls, expectedTools);
      const metadata = { toolDataSource: reading.source, toolSelection };
      const results = opts.rules.map((rule) => evaluateRule(rule, reading.calls, metadata));
      if (opts.expectedOrder) {
        const verdict = checkToolOrder(reading.calls, opts.expectedOrder, opts.orderMode);
        results.push({
          criterionName: opts.orderCriterionName,
          score: verdict.passed,
          evaluatorType: TYPE,
          reasoning: verdict.reasoning,
          metadata: { ...metadata, orderMode: opts.orderMode, expectedOrder: opts.expectedOrder, calledSequence: verdict.calledSequence },
        });
      }
      if (opts.toolSelectionCriterion) results.push(selectionResult(opts.toolSelectionCriterion, toolSelection, metadata));
      return results;
    },
  });
}

function deriveExpectedTools(opts: Options): string[] {
  const fromRules = opts.rules.filter((rule) => rule.maxCalls !== 0).map((rule) => rule.expectedToolName);
  return [...new Set([...fromRules, ...(opts.expectedOrder ?? [])])];
}

function evaluateRule(rule: Rule, calls: readonly ToolCall[], metadata: Record<string, unknown>): EvaluationResult {
  const tool = rule.expectedToolName;
  const matching = calls.filter((call) => call.name === tool);
  const count = matching.length;
  const minCalls = rule.minCalls ?? (rule.isRequired ? 1 : 0);
  const base = { criterionName: rule.criterionName, evaluatorType: TYPE };
  const ruleMetadata = { ...metadata, expectedToolName: tool, callCount: count };
  if (count === 0) {
    const called = calls.length ? `Tools called: [${[...new Set(calls.map((call) => call.name))].join(', ')}].` : 'No tool was called.';
    if (minCalls > 0) return { ...base, score: false, reasoning: `Required tool '${tool}' was not called. ${called}`, metadata: ruleMetadata };
    if (rule.maxCalls !== undefined) return { ...base, score: true, reasoning: `Tool '${tool}' was not called (at most ${rule.maxCalls} call(s) allowed).`, metadata: ruleMetadata };
    return skippedResult(rule.criterionName, TYPE, `optional tool '${tool}' was not called`, ruleMetadata);
  }
  const parts = [`Tool '${tool}' was called ${count} time(s).`];
  let passed = true;
  if (count < minCalls) {
    passed = false;
    parts.push(`Expected at least ${minCalls} call(s).`);
  }
  if (rule.maxCalls !== undefined && count > rule.maxCalls) {
    passed = false;
    parts.push(`Expected at most ${rule.maxCalls} call(s).`);
  }
  const failedCalls = matching.filter((call) => call.error !== undefined).length;
  if (failedCalls > 0) parts.push(`${failedCalls} call(s) returned an error.`);
  let argumentFailures: string[] = [];
  if (hasArgumentChecks(rule)) {
    const outcome = applyArgumentChecks(rule, matching);
    passed &&= outcome.passed;
    parts.push(outcome.text);
    argumentFailures = outcome.failures;
  } else {
    parts.push('No argument check configured.');
  }
  return { ...base, score: passed, reasoning: parts.join(' '), metadata: { ...ruleMetadata, failedCalls, argumentFailures } };
}

function applyArgumentChecks(rule: Rule, calls: readonly ToolCall[]): { passed: boolean; text: string; failures: string[] } {
  if (rule.checkCalls === 'first') {
    const verdict = checkArguments(calls[0] as ToolCall, rule);
    const text = verdict.passed ? 'Argument check passed for the first call.' : `Argument check failed for the first call: ${verdict.reasons.join('; ')}.`;
    return { passed: verdict.passed, text: withNote(text, verdict), failures: verdict.passed ? [] : verdict.reasons };
  }
  const verdicts = calls.map((call) => checkArguments(call, rule));
  const failed = verdicts.flatMap((verdict, index) => (verdict.passed ? [] : [`call ${index + 1}: ${verdict.reasons.join('; ')}`]));
  const n = calls.length;
  if (rule.checkCalls === 'all') {
    const passed = failed.length === 0;
    return { passed, text: passed ? `Argument check passed for all ${n} call(s).` : `Argument check failed for ${failed.length} of ${n} call(s): ${failed.join(' | ')}.`, failures: failed };
  }
  const firstPass = verdicts.findIndex((verdict) => verdict.passed);
  if (firstPass >= 0) return { passed: true, text: `Argument check passed for call ${firstPass + 1} of ${n}.`, failures: [] };
  return { passed: false, text: `Argument check failed for all ${n} call(s): ${failed.join(' | ')}.`, failures: failed };
}

// A passing function check may still explain itself; keep its reason.
function withNote(text: string, verdict: ArgumentVerdict): string {
  return verdict.passed && verdict.reasons.length > 0 ? `${text} (${verdict.reasons.join('; ')})` : text;
}

function selectionResult(criterionName: string, metrics: ToolSelectionMetrics, metadata: Record<string, unknown>): EvaluationResult {
  const list = (names: string[]): string => `[${names.join(', ')}]`;
  const reasoning =
    `Called tools ${list(metrics.calledTools)}; expected ${list(metrics.expectedTools)}. ` +
    `Precision ${metrics.precision.toFixed(2)}, recall ${metrics.recall.toFixed(2)}, F1 ${metrics.f1.toFixed(2)}.` +
    (metrics.unexpectedTools.length ? ` Unexpected: ${list(metrics.unexpectedTools)}.` : '') +
    (metrics.missingTools.length ? ` Missing: ${list(metrics.missingTools)}.` : '');
  return { criterionName, score: metrics.f1, evaluatorType: TYPE, reasoning, metadata };
}

/** Registry entry of `ToolUsage`. */
export const toolUsageDefinition: EvaluatorDefinition<Options> = {
  type: TYPE,
  schema: toolUsageSchema,
  factory: (options) => toolUsage(options),
  description: 'Required tools called, call counts, argument checks, call order, and precision/recall/F1 of the tools chosen.',
  cost: 'free',
  latency: 'microseconds',
};
