/**
 * Runs one case: the target call and the evaluation inside an `eval_case {id}` span, with the per-case
 * timeout, retries (errors always; quality failures when retryFailed), and one EvaluationRecord emitted
 * per case with the suite name as its rule, as the online processor emits per evaluated span.
 */
import { context as otelContext, isSpanContextValid, SpanStatusCode, type Span, type Tracer } from '@opentelemetry/api';
import { errorMessage, OtelEvalsError } from '../../core/errors.ts';
import { runEvaluation } from '../../core/run-evaluation.ts';
import { suppressTracing } from '../../core/suppress-tracing.ts';
import type { AgentMessage, EvaluationInput, EvaluationResult } from '../../core/types.ts';
import type { Emitter } from '../../emit/types.ts';
import type { CaseReport, FailureAnalysis } from '../report-model.ts';
import type { EvalCase } from '../format/model.ts';
import type { CasePlan } from '../strategies/plan.ts';
import type { Target, TargetResult } from '../targets/types.ts';
import { deadline } from './pool.ts';
import { caseScores, judgeCase } from './scoring.ts';

/** Default per-case timeout, in milliseconds (the v2 default). */
export const DEFAULT_CASE_TIMEOUT_MILLIS = 30_000;

/** A case that did not finish within its timeout. */
export class CaseTimeoutError extends OtelEvalsError {
  constructor(readonly caseId: string, readonly timeoutMillis: number) {
    super(`case ${caseId} timed out after ${timeoutMillis} ms`);
    this.name = 'CaseTimeoutError';
  }
}

/** What running a case needs besides the case. */
export interface CaseRunContext {
  runId: string;
  suite: string;
  target: Target;
  tracer: Tracer;
  emitter?: Emitter;
  timeoutMillis: number;
  retries: number;
  retryFailed: boolean;
  nearMissMargin?: number;
  /** Aborts the case when the run is cancelled. */
  signal?: AbortSignal;
}

function responseOf(output: unknown): string | AgentMessage {
  if (typeof output === 'string') return output;
  if (typeof output === 'object' && output !== null && 'role' in output && 'content' in output) return output as AgentMessage;
  return output === undefined ? '' : JSON.stringify(output);
}

/** The evaluation input of a case from what the target produced. */
export function evaluationInputFor(evalCase: EvalCase, plan: CasePlan, produced: TargetResult, meta: Record<string, unknown>): EvaluationInput {
  const metadata = { ...meta, caseId: evalCase.id, caseInput: evalCase.input, rawOutput: produced.output, tags: evalCase.tags, ...(evalCase.category ? { category: evalCase.category } : {}) };
  if (produced.evaluationInput) {
    const replayed = produced.evaluationInput;
    const response = produced.output === undefined ? replayed.response : responseOf(produced.output);
    return { ...replayed, response, prompt: replayed.prompt ?? evalCase.prompt, criteria: plan.criteria, groundTruth: plan.groundTruth ?? replayed.groundTruth, metadata: { ...replayed.metadata, ...metadata } };
  }
  const input: EvaluationInput = { response: responseOf(produced.output), criteria: plan.criteria, metadata, timestamp: Date.now() };
  if (evalCase.prompt !== undefined) input.prompt = evalCase.prompt;
  if (evalCase.context) input.context = evalCase.context;
  if (plan.groundTruth !== undefined) input.groundTruth = plan.groundTruth;
  if (produced.toolCalls) input.toolCalls = produced.toolCalls;
  if (produced.messages) input.messageHistory = produced.messages;
  return input;
}

/** The judge's failure analyses of a failed case, merged: root causes joined, recommendations listed once. */
function failureAnalysisOf(results: readonly EvaluationResult[]): FailureAnalysis | undefined {
  const found = results.map((r) => r.metadata?.failureAnalysis as Partial<FailureAnalysis> | undefined).filter((a): a is Partial<FailureAnalysis> => typeof a?.rootCause === 'string');
  if (found.length === 0) return undefined;
  return { rootCause: [...new Set(found.map((a) => a.rootCause))].join(' '), recommendations: [...new Set(found.flatMap((a) => a.recommendations ?? []))] };
}

/** What the report shows as expected: the expected output, else the other expectations (patterns, schema, rubric). */
function expectedOf(evalCase: EvalCase): { expected?: unknown } {
  if (evalCase.expected.output !== undefined) return { expected: evalCase.expected.output };
  return Object.keys(evalCase.expected).length > 0 ? { expected: evalCase.expected } : {};
}

async function attempt(ctx: CaseRunContext, evalCase: EvalCase, plan: CasePlan, span: Span): Promise<Omit<CaseReport, 'durationMs' | 'attempts'>> {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(ctx.signal?.reason);
  ctx.signal?.addEventListener('abort', onAbort, { once: true });
  const timeoutMillis = evalCase.timeoutMs ?? ctx.timeoutMillis;
  const limit = deadline(timeoutMillis, controller, () => new CaseTimeoutError(evalCase.id, timeoutMillis));
  const base = { id: evalCase.id, tags: evalCase.tags, input: evalCase.input, ...(evalCase.name ? { name: evalCase.name } : {}), ...(evalCase.category ? { category: evalCase.category } : {}), ...expectedOf(evalCase) };
  let produced: TargetResult | undefined;
  try {
    produced = await Promise.race([ctx.target.invoke(evalCase.input, { signal: controller.signal, evalCase }), limit.promise]);
    const input = evaluationInputFor(evalCase, plan, produced, { runId: ctx.runId, suite: ctx.suite });
    const started = Date.now();
    const evaluated = otelContext.with(suppressTracing(otelContext.active()), () => runEvaluation(input, { evaluatorConfigs: plan.evaluators, threshold: plan.threshold, evaluatorTimeoutMillis: timeoutMillis }));
    const aggregated = await Promise.race([evaluated, limit.promise]);
    emitRecord(ctx, span, aggregated.results, started, aggregated.metadata.durationMs, plan);
    const scores = caseScores(aggregated.results, plan);
    const verdict = judgeCase(scores, plan, ctx.nearMissMargin);
    const analysis = verdict.passed ? undefined : failureAnalysisOf(aggregated.results);
    const agent = { ...(produced.toolCalls?.length ? { toolCalls: produced.toolCalls } : {}), ...(produced.reasoning ? { agentReasoning: produced.reasoning } : {}) };
    return { ...base, output: produced.output, ...agent, scores, threshold: plan.threshold, ...verdict, ...(analysis ? { failureAnalysis: analysis } : {}) };
  } catch (error) {
    const failed = { ...base, status: 'error' as const, passed: false, scores: [], threshold: plan.threshold, error: errorMessage(error) };
    return produced ? { ...failed, output: produced.output } : failed;
  } finally {
    limit.clear();
    ctx.signal?.removeEventListener('abort', onAbort);
  }
}

function emitRecord(ctx: CaseRunContext, span: Span, results: EvaluationResult[], started: number, durationMs: number, plan: CasePlan): void {
  if (!ctx.emitter) return;
  const spanContext = span.spanContext();
  ctx.emitter.emit({
    target: { traceId: spanContext.traceId, spanId: spanContext.spanId, traceFlags: spanContext.traceFlags, rule: ctx.suite, spanName: `eval_case`, operation: 'eval_case' },
    results,
    startTimeMs: started,
    durationMs,
    evaluators: plan.evaluators.map((e) => ({ type: e.type, durationMs })),
  });
}

/** Runs a case with its retries inside its span; never throws. */
export function runCase(ctx: CaseRunContext, evalCase: EvalCase, plan: CasePlan): Promise<CaseReport> {
  const attributes = { 'otel_evals.suite': ctx.suite, 'otel_evals.case.id': evalCase.id, 'otel_evals.run.id': ctx.runId };
  return ctx.tracer.startActiveSpan(`eval_case ${evalCase.id}`, { attributes }, async (span) => {
    const started = performance.now();
    const retries = evalCase.retryCount ?? ctx.retries;
    let report: Omit<CaseReport, 'durationMs' | 'attempts'> | undefined;
    let attempts = 0;
    while (attempts <= retries) {
      attempts += 1;
      report = await attempt(ctx, evalCase, plan, span);
      const retryable = report.status === 'error' || (ctx.retryFailed && report.status === 'failed');
      if (!retryable || ctx.signal?.aborted) break;
    }
    const done: CaseReport = { ...(report as Omit<CaseReport, 'durationMs' | 'attempts'>), durationMs: performance.now() - started, attempts };
    const spanContext = span.spanContext();
    if (isSpanContextValid(spanContext)) done.traceId = spanContext.traceId;
    span.setAttributes({ 'otel_evals.case.status': done.status, 'otel_evals.case.attempts': attempts, ...(done.weightedScore !== undefined ? { 'otel_evals.case.weighted_score': done.weightedScore } : {}) });
    if (done.status === 'error') span.setStatus({ code: SpanStatusCode.ERROR, message: done.error ?? 'error' });
    span.end();
    return done;
  });
}
