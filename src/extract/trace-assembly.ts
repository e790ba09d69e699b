/**
 * Trace assembly: one EvaluationInput from a target span and the spans of its trace that ended
 * before it (an agent root with its LLM and tool descendants, or a single LLM or tool span).
 */
import type { AgentMessage, EvaluationCriteria, EvaluationInput, ToolCall } from '../core/types.ts';
import type { ExtractedSpan, TokenUsage } from './types.ts';
import { assignDefined } from './attributes.ts';

/** Depth limit when walking parent links, against cycles in malformed input. */
const MAX_DEPTH = 256;

/** Whether `span` descends from `target`: true, false, or undefined when a parent is missing. */
function descendsFrom(span: ExtractedSpan, targetId: string, byId: ReadonlyMap<string, ExtractedSpan>): boolean | undefined {
  let current = span;
  for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
    const parent = current.parentSpanId;
    if (parent === undefined) return false;
    if (parent === targetId) return true;
    const next = byId.get(parent);
    if (next === undefined) return undefined;
    current = next;
  }
  return undefined;
}

function withinTarget(span: ExtractedSpan, target: ExtractedSpan): boolean {
  if (span.startTimeMs === undefined || target.startTimeMs === undefined) return true;
  const end = target.endTimeMs ?? Number.POSITIVE_INFINITY;
  return span.startTimeMs >= target.startTimeMs && span.startTimeMs <= end;
}

/**
 * The descendants that belong to the target, by start time: spans whose parent chain reaches the
 * target, plus spans whose chain breaks at a parent we do not hold (unclassified spans in between)
 * when they started within the target. Other roots of the same trace are left out. `descendants`
 * are expected in the order they ended.
 */
export function relatedSpans(target: ExtractedSpan, descendants: readonly ExtractedSpan[]): ExtractedSpan[] {
  const byId = new Map<string, ExtractedSpan>();
  for (const span of descendants) if (span.traceId === target.traceId && span.spanId !== target.spanId) byId.set(span.spanId, span);
  const related = [...byId.values()].filter((span) => {
    const reaches = descendsFrom(span, target.spanId, byId);
    return reaches === true || (reaches === undefined && withinTarget(span, target));
  });
  // Start times only: end times may come from another clock (explicit event timestamps vs. the SDK's
  // performance clock); the sort is stable, so equal starts keep the order the spans ended in.
  return related.sort((a, b) => (a.startTimeMs ?? 0) - (b.startTimeMs ?? 0));
}

/** A comparable JSON form of a value, or undefined. */
function sameJson(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** Joins tool calls by id (id-less tool spans: by name and arguments onto a request no execution matched yet). */
class ToolCallJoin {
  readonly calls: ToolCall[] = [];
  private readonly byId = new Map<string, ToolCall>();
  private readonly executed = new Set<ToolCall>();

  add(call: ToolCall, fromToolSpan: boolean): void {
    let existing = call.id === undefined ? undefined : this.byId.get(call.id);
    if (existing === undefined && fromToolSpan && call.id === undefined) existing = this.openRequest(call);
    if (existing === undefined) {
      existing = { ...call };
      this.calls.push(existing);
    } else {
      if (existing.arguments === undefined && call.arguments !== undefined) existing.arguments = call.arguments;
      if (existing.result === undefined && call.result !== undefined) existing.result = call.result;
      if (existing.error === undefined && call.error !== undefined) existing.error = call.error;
      if (existing.name === '' && call.name !== '') existing.name = call.name;
    }
    if (existing.id !== undefined) this.byId.set(existing.id, existing);
    if (fromToolSpan) this.executed.add(existing);
  }

  /** The first request of the same name no execution matched yet, one with equal arguments preferred. */
  private openRequest(call: ToolCall): ToolCall | undefined {
    const open = this.calls.filter((c) => c.name === call.name && !this.executed.has(c));
    const args = sameJson(call.arguments);
    return open.find((c) => args !== undefined && sameJson(c.arguments) === args) ?? open[0];
  }

  /** Fills results from tool-result parts of a conversation. */
  addResults(messages: readonly AgentMessage[] | undefined): void {
    for (const message of messages ?? []) {
      if (typeof message.content === 'string') continue;
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        const call = typeof part['toolCallId'] === 'string' ? this.byId.get(part['toolCallId']) : undefined;
        if (call !== undefined && call.result === undefined && part['output'] !== undefined) call.result = part['output'];
      }
    }
  }
}

function joinToolCalls(target: ExtractedSpan, related: readonly ExtractedSpan[]): ToolCall[] {
  if (target.role === 'tool') return (target.toolCalls ?? []).map((call) => ({ ...call }));
  const join = new ToolCallJoin();
  // Requests first, in the order the model made them; executions then attach to their request.
  for (const span of related) if (span.role === 'llm') for (const call of span.toolCalls ?? []) join.add(call, false);
  for (const call of target.toolCalls ?? []) join.add(call, false);
  for (const span of related) if (span.role === 'tool') for (const call of span.toolCalls ?? []) join.add(call, true);
  for (const span of related) if (span.role === 'llm') join.addResults(span.messages);
  join.addResults(target.messages);
  return join.calls;
}

function sumUsage(spans: readonly ExtractedSpan[]): TokenUsage | undefined {
  let inputTokens: number | undefined;
  let outputTokens: number | undefined;
  for (const span of spans) {
    if (span.usage?.inputTokens !== undefined) inputTokens = (inputTokens ?? 0) + span.usage.inputTokens;
    if (span.usage?.outputTokens !== undefined) outputTokens = (outputTokens ?? 0) + span.usage.outputTokens;
  }
  if (inputTokens === undefined && outputTokens === undefined) return undefined;
  return assignDefined<TokenUsage>({}, { inputTokens, outputTokens });
}

/** One intermediate LLM call as the context lists it. */
function llmCall(span: ExtractedSpan): Record<string, unknown> {
  return assignDefined<Record<string, unknown>>(
    { spanId: span.spanId },
    { model: span.model, prompt: span.prompt, response: span.response, usage: span.usage, toolCalls: span.toolCalls, responseId: span.responseId },
  );
}

function history(target: ExtractedSpan, lastLlm: ExtractedSpan | undefined): AgentMessage[] | undefined {
  const own = target.messages ?? [];
  const fromLlm = lastLlm?.messages ?? [];
  const best = target.role !== 'llm' && fromLlm.length > own.length ? fromLlm : own;
  return best.length > 0 ? best : undefined;
}

function warningsOf(target: ExtractedSpan, related: readonly ExtractedSpan[]): string[] | undefined {
  const warnings = [target, ...related].flatMap((span) => (span.warnings ?? []).map((w) => (span === target ? w : `${span.name}: ${w}`)));
  return warnings.length > 0 ? warnings : undefined;
}

/** A tool span's response is its result: strings as they are, other values as JSON. */
function toolResponse(target: ExtractedSpan): string | undefined {
  if (target.role !== 'tool') return undefined;
  const result = target.toolCalls?.[0]?.result;
  if (result === undefined) return undefined;
  return typeof result === 'string' ? result : JSON.stringify(result);
}

/**
 * The EvaluationInput of a target span: prompt (last user message), response (final assistant text,
 * from the last LLM descendant when the target has none; a tool span's result), message history with tool-call and
 * tool-result parts, tool calls joined across LLM and tool spans in call order, context (system
 * instructions, tool definitions, model, provider, agent name, usage, conversation id, intermediate
 * LLM calls) and source ids. `descendants` are spans of the same trace that ended before the target.
 */
export function buildEvaluationInput(
  target: ExtractedSpan,
  descendants: readonly ExtractedSpan[],
  criteria: EvaluationCriteria[],
): EvaluationInput {
  const related = target.role === 'llm' || target.role === 'tool' ? [] : relatedSpans(target, descendants);
  const llms = related.filter((span) => span.role === 'llm');
  const lastLlm = llms.at(-1);
  const toolCalls = joinToolCalls(target, related);
  const conversationId = target.conversationId ?? related.find((span) => span.conversationId !== undefined)?.conversationId;
  const context = assignDefined<Record<string, unknown>>({}, {
    systemInstructions: target.systemInstructions ?? lastLlm?.systemInstructions,
    toolDefinitions: target.toolDefinitions ?? lastLlm?.toolDefinitions,
    model: target.model ?? lastLlm?.model,
    provider: target.provider ?? lastLlm?.provider,
    agentName: target.agentName ?? related.find((span) => span.agentName !== undefined)?.agentName,
    usage: target.usage ?? sumUsage(llms),
    conversationId,
    llmCalls: llms.length > 0 ? llms.map(llmCall) : undefined,
  });
  const input: EvaluationInput = { response: target.response ?? lastLlm?.response ?? toolResponse(target) ?? '', criteria };
  const source = assignDefined<NonNullable<EvaluationInput['source']>>(
    { traceId: target.traceId, spanId: target.spanId, spanName: target.name },
    { responseId: target.responseId ?? lastLlm?.responseId, operation: target.operation },
  );
  const warnings = warningsOf(target, related);
  return assignDefined(input, {
    prompt: target.prompt ?? lastLlm?.prompt,
    messageHistory: history(target, lastLlm),
    toolCalls: toolCalls.length > 0 ? toolCalls : undefined,
    context: Object.keys(context).length > 0 ? context : undefined,
    sessionId: conversationId,
    timestamp: target.endTimeMs === undefined ? undefined : Math.round(target.endTimeMs),
    source,
    metadata: { extraction: assignDefined<Record<string, unknown>>({ dialect: target.dialect, role: target.role }, { warnings }) },
  });
}
