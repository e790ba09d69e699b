/**
 * Inline evaluation in `onEnding`, while the span is still writable: rules whose evaluators are all
 * synchronous run right there, within a per-span time budget, and their scores are written onto the
 * span as `gen_ai.evaluation.<criterion>.*` attributes so it is exported with them. Emission of the
 * events, evaluation span and metrics still happens from the queue, without re-running evaluators.
 *
 * Budget: the time of extraction, input building, evaluators and attribute writing is measured per
 * span. When a run passes the budget its scores are still written (the time is spent) and the rule
 * gets a strike; after {@link MAX_BUDGET_STRIKES} strikes (a first run may pay for JIT warm-up) the
 * rule runs from the queue for all later spans. Inputs longer than {@link MAX_INLINE_INPUT_CHARS}
 * always go to the queue, so a huge response never meets an evaluator on the application's thread.
 */
import { context } from '@opentelemetry/api';
import { suppressTracing } from '../core/suppress-tracing.ts';
import { writeSpanAttributes } from '../emit/span-attributes.ts';
import { buildOutcome, prepareInput, runSyncEvaluators } from './evaluate.ts';
import type { EvaluationJob, EvaluationOutcome } from './evaluate.ts';
import type { ResolvedRule } from './options.ts';
import type { WritableSpanLike } from './types.ts';
import { messageText } from '../core/text.ts';
import type { EvaluationInput, InputLimits } from '../core/types.ts';

/** Over-budget runs a rule may have before it moves to the queue for good. */
export const MAX_BUDGET_STRIKES = 3;
/** Inputs whose response and prompt together are longer than this are evaluated from the queue. */
export const MAX_INLINE_INPUT_CHARS = 20_000;

/** What an inline attempt came to. */
export type InlineResult =
  | { kind: 'done'; outcome: EvaluationOutcome }
  | { kind: 'skip'; reason: string }
  | { kind: 'queue' };

/** Tracks over-budget strikes per rule and which rules were moved to the queue. */
export class InlineBudget {
  private readonly strikes = new Map<ResolvedRule, number>();
  private readonly demoted = new Set<ResolvedRule>();

  constructor(readonly budgetMicros: number) {}

  /** Whether a rule may still run inline. */
  allows(rule: ResolvedRule): boolean {
    return this.budgetMicros > 0 && rule.syncOnly && !this.demoted.has(rule);
  }

  /** Records an over-budget run; returns true when the rule was just moved to the queue. */
  strike(rule: ResolvedRule): boolean {
    const count = (this.strikes.get(rule) ?? 0) + 1;
    this.strikes.set(rule, count);
    if (count < MAX_BUDGET_STRIKES || this.demoted.has(rule)) return false;
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
  const budgetMs = budget.budgetMicros / 1000;
  return context.with(suppressTracing(context.active()), (): InlineResult => {
    const prepared = prepareInput(job, inputLimits);
    if ('skip' in prepared) return { kind: 'skip', reason: prepared.skip };
    if (inputChars(prepared.input) > MAX_INLINE_INPUT_CHARS) return { kind: 'queue' };
    const execution = runSyncEvaluators(prepared.input, job.rule);
    const outcome = buildOutcome(job, prepared.input, execution, startTimeMs, performance.now() - started);
    writeSpanAttributes(span, outcome.record.results);
    if (performance.now() - started > budgetMs) budget.strike(job.rule);
    return { kind: 'done', outcome };
  });
}

function inputChars(input: EvaluationInput): number {
  const response = typeof input.response === 'string' ? input.response : messageText(input.response);
  return response.length + (input.prompt?.length ?? 0);
}
