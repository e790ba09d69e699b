/**
 * Reader of OpenLLMetry (Traceloop) spans:
 * - instrumentations >= 0.25 (measured with @traceloop/instrumentation-openai 0.27): GenAI content
 *   attributes (`gen_ai.input.messages` with `{ role, parts }`), read by the GenAI functions;
 * - instrumentations <= 0.22: indexed `gen_ai.prompt.N.*` / `gen_ai.completion.N.*` (tool calls as
 *   `tool_calls.M.*`, functions as `function_call.*`), `llm.request.type`;
 * - SDK decorator spans (`withWorkflow`, `withAgent`, `withTask`, `withTool`; measured with
 *   @traceloop/node-server-sdk 0.27): `traceloop.span.kind` with `traceloop.entity.name` / `.input` /
 *   `.output`; the SDK's span processor adds `gen_ai.agent.name`, `traceloop.workflow.name` and
 *   `traceloop.association.properties.*` to every span under a workflow or agent.
 */
import type { AgentMessage, MessagePart, ToolCall } from '../core/types.ts';
import { messageText } from '../core/text.ts';
import type { ExtractedSpan, SpanClassification, SpanLike } from './types.ts';
import type { Attrs, ExtractOptions, ReadContext, RoleAndOperation } from './attributes.ts';
import { MAX_INDEXED_ITEMS, asRecord, assignDefined, baseExtracted, field, firstStr, maybeJson, readContext, readJsonOrText, readLenient, readText, str, withWarnings } from './attributes.ts';
import { GENAI, genAiUsage, readGenAiContent } from './genai.ts';
import { finalAssistantText, lastUserText, toolCallsOf } from './messages.ts';

/** Traceloop attribute names read here. */
export const TRACELOOP = {
  spanKind: 'traceloop.span.kind',
  workflowName: 'traceloop.workflow.name',
  entityName: 'traceloop.entity.name',
  entityInput: 'traceloop.entity.input',
  entityOutput: 'traceloop.entity.output',
  requestType: 'llm.request.type',
  firstPromptRole: 'gen_ai.prompt.0.role',
  firstCompletionRole: 'gen_ai.completion.0.role',
} as const;

const KINDS: ReadonlyMap<string, RoleAndOperation> = new Map<string, RoleAndOperation>([
  ['workflow', { role: 'agent', operation: 'invoke_workflow' }],
  ['agent', { role: 'agent', operation: 'invoke_agent' }],
  ['tool', { role: 'tool', operation: 'execute_tool' }],
  ['task', { role: 'chain', operation: 'task' }],
]);

/** Whether an instrumentation scope is one of Traceloop's (`@traceloop/...`). */
export function isTraceloopScope(scope: string | undefined): boolean {
  return scope !== undefined && scope.startsWith('@traceloop/');
}

/**
 * Cheap classification of OpenLLMetry decorator spans (`traceloop.span.kind`) and of older indexed
 * LLM spans (`llm.request.type`, `gen_ai.prompt.0.role`, `gen_ai.completion.0.role`).
 */
export function classifyOpenLLMetry(attrs: Attrs, scope: string | undefined): SpanClassification | undefined {
  const kind = str(attrs, TRACELOOP.spanKind);
  if (kind !== undefined) {
    const mapped = KINDS.get(kind);
    const role = mapped?.role ?? 'other';
    const operation = mapped?.operation ?? kind;
    const result: SpanClassification = { dialect: 'openllmetry', role, operation, nativeOperation: kind };
    const entity = str(attrs, TRACELOOP.entityName);
    const agentName = str(attrs, GENAI.agentName) ?? (role === 'agent' ? entity : undefined) ?? str(attrs, TRACELOOP.workflowName);
    if (agentName !== undefined) result.agentName = agentName;
    if (role === 'tool' && entity !== undefined) result.toolName = entity;
    return result;
  }
  const requestType = str(attrs, TRACELOOP.requestType);
  const indexed = attrs[TRACELOOP.firstPromptRole] !== undefined || attrs[TRACELOOP.firstCompletionRole] !== undefined;
  if (requestType === undefined && !indexed && !isTraceloopScope(scope)) return undefined;
  const operation = requestType === 'completion' ? 'text_completion' : 'chat';
  const result: SpanClassification = { dialect: 'openllmetry', role: 'llm', operation };
  if (requestType !== undefined) result.nativeOperation = requestType;
  const model = str(attrs, GENAI.requestModel) ?? str(attrs, GENAI.responseModel);
  if (model !== undefined) result.model = model;
  const provider = str(attrs, GENAI.providerName) ?? str(attrs, GENAI.system);
  if (provider !== undefined) result.provider = provider;
  return result;
}

/** Indexed message content: text, or JSON content parts (multimodal) reduced to their text parts. */
function contentParts(ctx: ReadContext, key: string): MessagePart[] {
  const text = readText(ctx, key);
  if (text === undefined || text === '') return [];
  const value = maybeJson(text, ctx.maxChars);
  if (!Array.isArray(value)) return [{ type: 'text', text }];
  return value.map((item) => field(asRecord(item), 'text')).filter((t) => t !== undefined).map((t) => ({ type: 'text', text: t }));
}

function indexedToolCalls(ctx: ReadContext, prefix: string): MessagePart[] {
  const parts: MessagePart[] = [];
  for (let j = 0; j < MAX_INDEXED_ITEMS; j += 1) {
    const name = str(ctx.attrs, `${prefix}.tool_calls.${j}.name`);
    if (name === undefined) break;
    const input = readLenient(ctx, `${prefix}.tool_calls.${j}.arguments`);
    parts.push({ type: 'tool-call', toolCallId: str(ctx.attrs, `${prefix}.tool_calls.${j}.id`) ?? '', toolName: name, input });
  }
  const fn = str(ctx.attrs, `${prefix}.function_call.name`);
  if (fn !== undefined) {
    parts.push({ type: 'tool-call', toolCallId: '', toolName: fn, input: readLenient(ctx, `${prefix}.function_call.arguments`) });
  }
  return parts;
}

/** `gen_ai.prompt.N.*` or `gen_ai.completion.N.*` as AgentMessages. */
function indexedMessages(ctx: ReadContext, base: 'gen_ai.prompt' | 'gen_ai.completion'): AgentMessage[] {
  const messages: AgentMessage[] = [];
  for (let i = 0; i < MAX_INDEXED_ITEMS; i += 1) {
    const prefix = `${base}.${i}`;
    const role = str(ctx.attrs, `${prefix}.role`);
    if (role === undefined && ctx.attrs[`${prefix}.content`] === undefined) break;
    const toolCallId = str(ctx.attrs, `${prefix}.tool_call_id`);
    const parts =
      role === 'tool'
        ? [{ type: 'tool-result', toolCallId: toolCallId ?? '', toolName: '', output: readLenient(ctx, `${prefix}.content`) }]
        : [...contentParts(ctx, `${prefix}.content`), ...indexedToolCalls(ctx, prefix)];
    const message: AgentMessage = { role: role ?? (base === 'gen_ai.completion' ? 'assistant' : 'user'), content: parts };
    const finish = str(ctx.attrs, `${prefix}.finish_reason`);
    if (finish !== undefined) message.metadata = { finishReason: finish };
    messages.push(message);
  }
  return messages;
}

/** `llm.request.functions.N.*` of older versions as tool definitions. */
function indexedFunctions(ctx: ReadContext): unknown[] | undefined {
  const functions: unknown[] = [];
  for (let i = 0; i < MAX_INDEXED_ITEMS; i += 1) {
    const name = str(ctx.attrs, `llm.request.functions.${i}.name`);
    if (name === undefined) break;
    const parameters = readLenient(ctx, `llm.request.functions.${i}.arguments`);
    functions.push(assignDefined<Record<string, unknown>>({ name }, { description: str(ctx.attrs, `llm.request.functions.${i}.description`), parameters }));
  }
  return functions.length > 0 ? functions : undefined;
}

function readIndexed(ctx: ReadContext, extracted: ExtractedSpan): ExtractedSpan {
  const input = indexedMessages(ctx, 'gen_ai.prompt');
  const output = indexedMessages(ctx, 'gen_ai.completion');
  const messages = [...input, ...output];
  const systemText = input
    .filter((m) => m.role === 'system')
    .map((m) => messageText(m))
    .join('\n');
  const calls = toolCallsOf(output);
  return assignDefined(extracted, {
    messages: messages.length > 0 ? messages : undefined,
    prompt: lastUserText(input),
    response: finalAssistantText(output),
    toolCalls: calls.length > 0 ? calls : undefined,
    systemInstructions: systemText !== '' ? systemText : undefined,
    toolDefinitions: indexedFunctions(ctx),
    usage: genAiUsage(ctx.attrs),
    responseId: firstStr(ctx.attrs, GENAI.responseId),
    conversationId: firstStr(ctx.attrs, GENAI.conversationId),
  });
}

/**
 * The decorator's recorded input `{ args, kwargs }`. SDK 0.27 writes a single object (or array)
 * argument as `kwargs`, other calls as `args` with empty `kwargs`, and a call without arguments as
 * both empty, which is no input at all.
 */
function entityArguments(value: unknown): unknown {
  const record = asRecord(value);
  if (record === undefined || !('args' in record || 'kwargs' in record)) return value;
  const kwargs = record['kwargs'];
  if (Array.isArray(kwargs) || Object.keys(asRecord(kwargs) ?? {}).length > 0) return kwargs;
  const args = Array.isArray(record['args']) ? record['args'] : [];
  if (args.length === 0) return undefined;
  return args.length === 1 ? args[0] : args;
}

/** A value as the text an evaluator reads: strings as is, `{ text | content | output }` unwrapped, else JSON. */
function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  const record = asRecord(value);
  const text = field(record, 'text') ?? field(record, 'content') ?? field(record, 'output') ?? field(record, 'answer');
  return text ?? JSON.stringify(value);
}

/**
 * `gen_ai.conversation.id`, else a session association property: the SDK's span processor copies
 * `associationProperties` of the enclosing workflow onto every span below it, LLM spans included.
 */
function conversationIdOf(attrs: Attrs): string | undefined {
  return firstStr(
    attrs,
    GENAI.conversationId,
    'traceloop.association.properties.session_id',
    'traceloop.association.properties.sessionId',
    'traceloop.association.properties.conversation_id',
  );
}

function readEntity(ctx: ReadContext, extracted: ExtractedSpan): ExtractedSpan {
  const input = entityArguments(readJsonOrText(ctx, TRACELOOP.entityInput));
  const output = readJsonOrText(ctx, TRACELOOP.entityOutput);
  assignDefined(extracted, { conversationId: conversationIdOf(ctx.attrs) });
  if (extracted.role === 'tool') {
    const call = assignDefined<ToolCall>({ name: extracted.toolName ?? '' }, { arguments: input, result: output, error: extracted.error });
    extracted.toolCalls = [call];
    return extracted;
  }
  const record = asRecord(input);
  const prompt = asText(field(record, 'prompt') ?? field(record, 'question') ?? field(record, 'input') ?? input);
  return assignDefined(extracted, { prompt, response: asText(output) });
}

/** Full read of an OpenLLMetry span already classified. */
export function extractOpenLLMetry(span: SpanLike, classification: SpanClassification, options?: ExtractOptions): ExtractedSpan {
  const ctx = readContext(span, options);
  const extracted = baseExtracted(span, classification);
  const { attrs } = ctx;
  if (str(attrs, TRACELOOP.spanKind) !== undefined) return withWarnings(readEntity(ctx, extracted), ctx);
  const genAiShaped = attrs[GENAI.inputMessages] !== undefined || attrs[GENAI.outputMessages] !== undefined || classification.role === 'tool';
  const read = genAiShaped ? readGenAiContent(ctx, extracted) : readIndexed(ctx, extracted);
  if (read.conversationId === undefined) assignDefined(read, { conversationId: conversationIdOf(attrs) });
  return withWarnings(read, ctx);
}
