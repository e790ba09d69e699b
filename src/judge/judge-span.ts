/**
 * The marker on spans of judge calls. Judge calls run under suppressTracing, so with a context manager
 * the SDK records nothing; without one, AI SDK telemetry is off for them unless `traceJudgeCalls` is
 * set. If an instrumentation traces them anyway, they carry
 * `gen_ai.agent.name` / `ai.telemetry.functionId` = `otel-evals.judge` (telemetry functionId), and,
 * with `enrichSpan: markJudgeSpans` on `@ai-sdk/otel`'s integration, `otel_evals.judge` = true.
 */
import { isTracingSuppressed } from '../core/suppress-tracing.ts';
import type { EvaluationInput } from '../core/types.ts';
import { ATTR_OTEL_EVALS_JUDGE, OTEL_EVALS_JUDGE_FUNCTION_ID } from '../semconv.ts';

/** `telemetry.functionId` of every judge call: `gen_ai.agent.name` / `ai.telemetry.functionId` on its spans. */
export const JUDGE_FUNCTION_ID = OTEL_EVALS_JUDGE_FUNCTION_ID;
/** Runtime-context key set on every judge call, readable by an `enrichSpan` hook (see markJudgeSpans). */
export const JUDGE_RUNTIME_CONTEXT_KEY = 'otel_evals_judge';

/**
 * An `enrichSpan` hook for `new OpenTelemetry({ enrichSpan: markJudgeSpans })` (`@ai-sdk/otel`): adds
 * `otel_evals.judge: true` to every span of a judge or embedding call made by otel-evals.
 */
export function markJudgeSpans(event: { runtimeContext?: unknown }): Record<string, boolean> | undefined {
  const runtime = event.runtimeContext as Record<string, unknown> | undefined;
  return runtime?.[JUDGE_RUNTIME_CONTEXT_KEY] === true ? { [ATTR_OTEL_EVALS_JUDGE]: true } : undefined;
}

/** Whether span attributes mark a judge call (either marker). */
export function isJudgeSpanAttributes(attributes: Readonly<Record<string, unknown>>): boolean {
  return (
    attributes[ATTR_OTEL_EVALS_JUDGE] === true ||
    attributes['gen_ai.agent.name'] === JUDGE_FUNCTION_ID ||
    attributes['ai.telemetry.functionId'] === JUDGE_FUNCTION_ID
  );
}

/**
 * The AI SDK per-call `telemetry` of a judge or embedding call, to be built inside the suppressed
 * context. When suppression is in effect (a context manager is registered) telemetry stays on and the
 * SDK records nothing; when it is not, telemetry is turned off unless `traceJudgeCalls` is set, since
 * unmarked judge spans reaching a processor would be judged again, and again.
 */
export function judgeTelemetry(traceJudgeCalls: boolean): { isEnabled: boolean; functionId: string; includeRuntimeContext: Record<string, true> } {
  return { isEnabled: traceJudgeCalls || isTracingSuppressed(), functionId: JUDGE_FUNCTION_ID, includeRuntimeContext: { [JUDGE_RUNTIME_CONTEXT_KEY]: true } };
}

const JUDGE_DATA_TAG = /<data-[0-9a-f]{24} name="/;

/**
 * Whether an input was read from a judge call's own span: its agent name is the judge's functionId, or
 * its prompt holds a judge data section. The judge skips such inputs (reason `judge_span`), the last line
 * of the loop guard when judge spans reach a rule unmarked.
 */
export function isJudgeCallInput(input: Pick<EvaluationInput, 'prompt' | 'context'>): boolean {
  return input.context?.agentName === JUDGE_FUNCTION_ID || (typeof input.prompt === 'string' && JUDGE_DATA_TAG.test(input.prompt));
}
