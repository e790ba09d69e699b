/**
 * One evaluation of one span by one rule, off the hot path: extract the span (and an agent's buffered
 * descendants), build the EvaluationInput, run the evaluators under suppressed tracing, finalize the
 * results and turn them into an EvaluationRecord and an AggregatedEvaluationResult.
 */
import { aggregateResults } from '../core/aggregate.ts';
import { executeEvaluators } from '../core/execute.ts';
import type { ExecutionOutcome } from '../core/execute.ts';
import { finalizeResult } from '../core/finalize.ts';
import { applyInputLimits } from '../core/input-limits.ts';
import { errorResult } from '../core/results.ts';
import { errorMessage } from '../core/errors.ts';
import type { AggregatedEvaluationResult, EvaluationInput, EvaluationResult, EvaluationRunError, InputLimits } from '../core/types.ts';
import type { EvaluatedTarget, EvaluationRecord } from '../emit/types.ts';
import { buildEvaluationInput, extractSpan } from '../extract/index.ts';
import type { ExtractedSpan, SpanClassification, SpanLike } from '../extract/types.ts';
import type { ResolvedRule } from './options.ts';

/** A matched span waiting for (or done with) its evaluation. */
export interface EvaluationJob {
  rule: ResolvedRule;
  span: SpanLike;
  classification: SpanClassification | undefined;
  /** Buffered descendants of an agent span, in the order they ended. */
  descendants: readonly SpanLike[] | undefined;
  /** Set when the evaluation already ran inline: only emission and storage remain. */
  done?: EvaluationOutcome;
  /** Set when `done` was emitted at shutdown, ahead of the queue: only storage remains. */
  emitted?: boolean;
  /** Set when a rule's synchronous evaluators ran inline: its async evaluators remain. */
  partial?: InlinePart;
}

/** The inline part of a rule with both synchronous and async evaluators. */
export interface InlinePart {
  /** The input built in `onEnding`, reused so extraction and `groundTruth` run once. */
  input: EvaluationInput;
  /** What the synchronous evaluators produced, durations aligned with them. */
  sync: ExecutionOutcome;
  startTimeMs: number;
  /** `performance.now()` when the inline part started. */
  started: number;
}

/** A prepared input, or why there is none. */
export type PreparedInput = { input: EvaluationInput; truncated: boolean } | { skip: 'unknown_shape' | 'no_input' | 'input_too_large' };

/** What one evaluation produced. */
export interface EvaluationOutcome {
  record: EvaluationRecord;
  aggregated: AggregatedEvaluationResult;
}

/**
 * Extracts the span and its descendants and builds the rule's input. Spans of no known dialect give
 * `unknown_shape`; spans with nothing to evaluate (no response text, no tool call) give `no_input`.
 */
export function prepareInput(job: EvaluationJob, inputLimits: InputLimits | undefined): PreparedInput {
  const { span, rule } = job;
  const target = extractSpan(span);
  if (target === undefined) return { skip: 'unknown_shape' };
  const descendants: ExtractedSpan[] = [];
  for (const child of job.descendants ?? []) {
    const extracted = extractSpan(child);
    if (extracted !== undefined) descendants.push(extracted);
  }
  const input = buildEvaluationInput(target, descendants, rule.criteria);
  if (!hasContent(input)) return { skip: 'no_input' };
  if (rule.groundTruth) {
    const reference = rule.groundTruth(input);
    if (reference !== undefined) input.groundTruth = reference;
  }
  const limited = applyInputLimits(input, inputLimits);
  if (limited.skipReason !== undefined) return { skip: 'input_too_large' };
  return { input: limited.input, truncated: limited.truncated.length > 0 };
}

function hasContent(input: EvaluationInput): boolean {
  const response = input.response;
  if (typeof response === 'string') return response.length > 0 || (input.toolCalls?.length ?? 0) > 0;
  return typeof response === 'object' && response !== null;
}

/** Runs the rule's evaluators (async ones included) with failures and timeouts isolated. */
export function runEvaluators(input: EvaluationInput, rule: ResolvedRule, timeoutMillis: number): Promise<ExecutionOutcome> {
  return executeEvaluators(input, rule.evaluators, rule.criteria, timeoutMillis);
}

/**
 * Runs a rule's evaluators that have `evaluateSync` in place (inline path), durations aligned with
 * them; a throwing evaluator yields error results. Async evaluators are left for
 * {@link runRemainingEvaluators}.
 */
export function runSyncEvaluators(input: EvaluationInput, rule: ResolvedRule): ExecutionOutcome {
  const results: EvaluationResult[] = [];
  const errors: EvaluationRunError[] = [];
  const durationsMs: number[] = [];
  for (const evaluator of rule.evaluators) {
    if (typeof evaluator.evaluateSync !== 'function') continue;
    const started = performance.now();
    try {
      const produced = evaluator.evaluateSync?.(input, rule.criteria);
      if (!Array.isArray(produced)) throw new TypeError(`evaluator ${evaluator.type} returned no array of results`);
      results.push(...produced);
    } catch (error) {
      const message = errorMessage(error);
      const names = evaluator.criterionNames?.length ? evaluator.criterionNames : [evaluator.type];
      for (const criterionName of names) {
        errors.push({ source: evaluator.type, criterionName, errorType: 'evaluator_error', message });
        results.push(errorResult(criterionName, evaluator.type, message));
      }
    }
    durationsMs.push(performance.now() - started);
  }
  return { results, errors, durationsMs };
}

/**
 * Runs the async evaluators of a rule whose synchronous ones ran inline, and merges both outcomes:
 * the synchronous results first, durations aligned with the rule's evaluators.
 */
export async function runRemainingEvaluators(part: InlinePart, rule: ResolvedRule, timeoutMillis: number): Promise<ExecutionOutcome> {
  const remaining = rule.evaluators.filter((evaluator) => typeof evaluator.evaluateSync !== 'function');
  const rest = await executeEvaluators(part.input, remaining, rule.criteria, timeoutMillis);
  const durationsMs: number[] = [];
  let syncIndex = 0;
  let restIndex = 0;
  for (const evaluator of rule.evaluators) {
    durationsMs.push((typeof evaluator.evaluateSync === 'function' ? part.sync.durationsMs[syncIndex++] : rest.durationsMs[restIndex++]) ?? 0);
  }
  return { results: [...part.sync.results, ...rest.results], errors: [...part.sync.errors, ...rest.errors], durationsMs };
}

/** Finalizes results in place (idempotent: results finalized inline may pass through again). */
export function finalizeResults(results: readonly EvaluationResult[], rule: ResolvedRule): void {
  for (const result of results) finalizeResult(result, rule.criteriaByName.get(result.criterionName), rule.threshold);
}

/** Finalizes the results and builds the record to emit and the aggregated result to store. */
export function buildOutcome(job: EvaluationJob, input: EvaluationInput, outcome: ExecutionOutcome, startTimeMs: number, durationMs: number): EvaluationOutcome {
  const { rule } = job;
  finalizeResults(outcome.results, rule);
  const record: EvaluationRecord = {
    target: targetOf(job, input),
    results: outcome.results,
    startTimeMs,
    durationMs,
    evaluators: rule.evaluators.map((evaluator, index) => ({ type: evaluator.type, durationMs: outcome.durationsMs[index] ?? 0 })),
    // Events report the threshold each result was judged against: the criterion's own, else the rule's.
    criteria: rule.criteria,
    threshold: rule.threshold,
  };
  const usage = judgeUsage(outcome.results);
  if (usage) record.judgeUsage = usage;
  const aggregated: AggregatedEvaluationResult = {
    ...aggregateResults(outcome.results, rule.criteriaByName, rule.threshold),
    results: outcome.results,
    timestamp: startTimeMs + durationMs,
    inputSnapshot: input,
    evaluationConfigSnapshot: {
      evaluatorTypes: rule.evaluators.map((evaluator) => evaluator.type),
      criteriaNames: rule.criteria.map((criterion) => criterion.name),
      storageProviderType: 'processor',
      metadataKeys: ['rule', 'traceId', 'spanId'],
    },
    metadata: { errors: outcome.errors, durationMs, rule: rule.name, traceId: record.target.traceId, spanId: record.target.spanId },
  };
  if (input.agentId !== undefined) aggregated.agentId = input.agentId;
  if (input.sessionId !== undefined) aggregated.sessionId = input.sessionId;
  return { record, aggregated };
}

function targetOf(job: EvaluationJob, input: EvaluationInput): EvaluatedTarget {
  const spanContext = job.span.spanContext();
  const c = job.classification;
  const target: EvaluatedTarget = {
    traceId: spanContext.traceId,
    spanId: spanContext.spanId,
    traceFlags: spanContext.traceFlags,
    rule: job.rule.name,
    spanName: job.span.name,
  };
  const operation = c?.operation ?? input.source?.operation;
  if (operation !== undefined) target.operation = operation;
  if (input.source?.responseId !== undefined) target.responseId = input.source.responseId;
  if (c?.model !== undefined) target.model = c.model;
  if (c?.provider !== undefined) target.provider = c.provider;
  if (c?.agentName !== undefined) target.agentName = c.agentName;
  return target;
}

/** Sums judge token usage reported by evaluators in `metadata.usage` ({ inputTokens, outputTokens }). */
function judgeUsage(results: readonly EvaluationResult[]): EvaluationRecord['judgeUsage'] {
  let inputTokens = 0;
  let outputTokens = 0;
  let found = false;
  for (const result of results) {
    const usage = result.metadata?.usage as { inputTokens?: unknown; outputTokens?: unknown } | undefined;
    if (typeof usage !== 'object' || usage === null) continue;
    if (typeof usage.inputTokens === 'number') { inputTokens += usage.inputTokens; found = true; }
    if (typeof usage.outputTokens === 'number') { outputTokens += usage.outputTokens; found = true; }
  }
  return found ? { inputTokens, outputTokens } : undefined;
}
