/**
 * Inline evaluation in `onEnding`, while the span is still writable: a rule's synchronous evaluators
 * run right there, within a per-span time budget, and their scores are written onto the span as
 * `gen_ai.evaluation.<criterion>.*` attributes so it is exported with them. A rule that also has async
 * evaluators (a judge) queues them with the input already built; its one record then carries both
 * parts. Emission of the events, evaluation span and metrics happens from the queue, once per rule
 * and span, without re-running evaluators.
 *
 * Budget: the time of extraction, input building, evaluators and attribute writing is measured per
 * span. A run that passes the budget still writes its scores (the time is spent). When most of a rule's
 * recent runs pass it ({@link OVERRUNS_TO_DEMOTE} of the last {@link BUDGET_WINDOW}), its typical cost is
 * over budget and it runs from the queue for all later spans. Judging the typical run rather than one
 * run keeps a GC pause or the process being descheduled on a busy machine from moving a cheap rule; the
 * first {@link INLINE_WARMUP_RUNS} runs of a rule (JIT compilation) are not judged. Inputs longer than {@link MAX_INLINE_INPUT_CHARS}
 * always go to the queue, so a huge response never meets an evaluator on the application's thread.
 */
import { context } from '@opentelemetry/api';
import { suppressTracing } from '../core/suppress-tracing.ts';
import { writeSpanAttributes } from '../emit/span-attributes.ts';
import { buildOutcome, finalizeResults, prepareInput, runSyncEvaluators } from './evaluate.ts';
import type { EvaluationJob, EvaluationOutcome, InlinePart } from './evaluate.ts';
import type { ResolvedRule } from './options.ts';
import type { WritableSpanLike } from './types.ts';
import { messageText } from '../core/text.ts';
import type { EvaluationInput, InputLimits } from '../core/types.ts';

/** Recent inline runs of a rule that are judged against the budget. */
export const BUDGET_WINDOW = 16;
/** Over-budget runs among the last {@link BUDGET_WINDOW} after which a rule moves to the queue for good. */
export const OVERRUNS_TO_DEMOTE = 8;
/** First inline runs of a rule that give no strikes (they pay for JIT compilation). */
export const INLINE_WARMUP_RUNS = 5;
/** Inputs whose response and prompt together are longer than this are evaluated from the queue. */
export const MAX_INLINE_INPUT_CHARS = 20_000;

/** What an inline attempt came to. */
export type InlineResult =
  | { kind: 'done'; outcome: EvaluationOutcome }
  | { kind: 'partial'; part: InlinePart }
  | { kind: 'skip'; reason: string }
  | { kind: 'queue' };

interface RuleRuns {
  count: number;
  /** One bit per judged run in a ring of BUDGET_WINDOW: 1 when it passed the budget. */
  window: number;
  overruns: number;
}

/** Tracks the recent inline runs of each rule against the budget, and which rules were moved to the queue. */
export class InlineBudget {
  private readonly runs = new Map<ResolvedRule, RuleRuns>();
  private readonly demoted = new Set<ResolvedRule>();

  constructor(readonly budgetMicros: number) {}

  /** Whether a rule (or its synchronous part) may still run inline. */
  allows(rule: ResolvedRule): boolean {
    return this.budgetMicros > 0 && rule.hasSync && !this.demoted.has(rule);
  }

  /** Records the duration of one inline run; returns true when the rule was just moved to the queue. */
  record(rule: ResolvedRule, elapsedMs: number): boolean {
    let state = this.runs.get(rule);
    if (state === undefined) {
      state = { count: 0, window: 0, overruns: 0 };
      this.runs.set(rule, state);
    }
    state.count += 1;
    if (state.count <= INLINE_WARMUP_RUNS) return false;
    const bit = 1 << ((state.count - INLINE_WARMUP_RUNS - 1) % BUDGET_WINDOW);
    const over = elapsedMs * 1000 > this.budgetMicros;
    if ((state.window & bit) !== 0) state.overruns -= 1;
    state.window = over ? state.window | bit : state.window & ~bit;
    if (over) state.overruns += 1;
    if (state.overruns < OVERRUNS_TO_DEMOTE || this.demoted.has(rule)) return false;
    this.demoted.add(rule);
    return true;
  }

  /** Whether a rule was moved to the queue. */
  isDemoted(rule: ResolvedRule): boolean {
    return this.demoted.has(rule);
  }
}

/**
 * Evaluates a job inline and writes the scores onto the span. Never throws for evaluator failures
 * (they become error results); extraction errors propagate to the caller's catch.
 */
export function evaluateInline(job: EvaluationJob, span: WritableSpanLike, budget: InlineBudget, inputLimits: InputLimits | undefined): InlineResult {
  const startTimeMs = Date.now();
  const started = performance.now();
  return context.with(suppressTracing(context.active()), (): InlineResult => {
    const prepared = prepareInput(job, inputLimits);
    if ('skip' in prepared) return { kind: 'skip', reason: prepared.skip };
    if (inputChars(prepared.input) > MAX_INLINE_INPUT_CHARS) return { kind: 'queue' };
    const execution = runSyncEvaluators(prepared.input, job.rule);
    let result: InlineResult;
    if (job.rule.syncOnly) {
      const outcome = buildOutcome(job, prepared.input, execution, startTimeMs, performance.now() - started);
      writeSpanAttributes(span, outcome.record.results);
      result = { kind: 'done', outcome };
    } else {
      finalizeResults(execution.results, job.rule);
      writeSpanAttributes(span, execution.results);
      result = { kind: 'partial', part: { input: prepared.input, sync: execution, startTimeMs, started } };
    }
    budget.record(job.rule, performance.now() - started);
    return result;
  });
}

function inputChars(input: EvaluationInput): number {
  const response = typeof input.response === 'string' ? input.response : messageText(input.response);
  return response.length + (input.prompt?.length ?? 0);
}
