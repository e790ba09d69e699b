/**
 * Reader of OpenInference (Arize) spans: `openinference.span.kind` LLM / TOOL / AGENT / CHAIN, with
 * flattened `llm.input_messages.N.message.*` / `llm.output_messages.N.message.*`, generic
 * `input.value` / `output.value` (JSON or text per `*.mime_type`), `tool.name`, `llm.model_name`,
 * `llm.provider` / `llm.system` and `llm.token_count.*`.
 */
import type { AgentMessage, MessagePart, ToolCall } from '../core/types.ts';
import { messageText } from '../core/text.ts';
import type { ExtractedSpan, SpanClassification, SpanLike, TokenUsage } from './types.ts';
import type { Attrs, ExtractOptions, ReadContext, RoleAndOperation } from './attributes.ts';
import { MAX_INDEXED_ITEMS, asRecord, assignDefined, baseExtracted, field, firstNum, firstStr, readContext, readLenient, readText, str, withWarnings } from './attributes.ts';
import { finalAssistantText, fromOpenAiMessage, lastUserText, toolCallsOf } from './messages.ts';
import type { ToolNames } from './messages.ts';

/** OpenInference attribute names read here. */
export const OPENINFERENCE = {
  spanKind: 'openinference.span.kind',
  firstInputRole: 'llm.input_messages.0.message.role',
  modelName: 'llm.model_name',
  provider: 'llm.provider',
  system: 'llm.system',
  toolName: 'tool.name',
  toolCallId: 'tool_call.id',
  toolId: 'tool.id',
  agentName: 'agent.name',
  sessionId: 'session.id',
  inputValue: 'input.value',
  outputValue: 'output.value',
  promptTokens: 'llm.token_count.prompt',
  completionTokens: 'llm.token_count.completion',
} as const;

const KINDS: ReadonlyMap<string, RoleAndOperation> = new Map<string, RoleAndOperation>([
  ['LLM', { role: 'llm', operation: 'chat' }],
  ['TOOL', { role: 'tool', operation: 'execute_tool' }],
  ['AGENT', { role: 'agent', operation: 'invoke_agent' }],
  ['CHAIN', { role: 'chain', operation: 'chain' }],
  ['EMBEDDING', { role: 'other', operation: 'embeddings' }],
  ['RETRIEVER', { role: 'other', operation: 'retrieval' }],
]);

/** Cheap classification of a span carrying `openinference.span.kind`. */
export function classifyOpenInference(span: SpanLike, attrs: Attrs): SpanClassification | undefined {
  const kind = str(attrs, OPENINFERENCE.spanKind);
  if (kind === undefined) return undefined;
  const mapped = KINDS.get(kind);
  const role = mapped?.role ?? 'other';
  const operation = mapped?.operation ?? kind;
  const result: SpanClassification = { dialect: 'openinference', role, operation, nativeOperation: kind };
  const agentName = str(attrs, OPENINFERENCE.agentName) ?? (role === 'agent' ? span.name : undefined);
  if (agentName !== undefined) result.agentName = agentName;
  const model = str(attrs, OPENINFERENCE.modelName) ?? str(attrs, 'llm.request.model_name');
  if (model !== undefined) result.model = model;
  const provider = str(attrs, OPENINFERENCE.provider) ?? str(attrs, OPENINFERENCE.system);
  if (provider !== undefined) result.provider = provider;
  const toolName = str(attrs, OPENINFERENCE.toolName) ?? (role === 'tool' ? span.name : undefined);
  if (toolName !== undefined) result.toolName = toolName;
  return result;
}

function indexedToolCalls(ctx: ReadContext, prefix: string, names: ToolNames): MessagePart[] {
  const parts: MessagePart[] = [];
  for (let j = 0; j < MAX_INDEXED_ITEMS; j += 1) {
    const base = `${prefix}.tool_calls.${j}.tool_call`;
    const name = str(ctx.attrs, `${base}.function.name`);
    if (name === undefined) break;
    const id = str(ctx.attrs, `${base}.id`);
    if (id !== undefined) names.set(id, name);
    parts.push({ type: 'tool-call', toolCallId: id ?? '', toolName: name, input: readLenient(ctx, `${base}.function.arguments`) });
  }
  return parts;
}

function indexedContents(ctx: ReadContext, prefix: string): MessagePart[] {
  const parts: MessagePart[] = [];
  for (let k = 0; k < MAX_INDEXED_ITEMS; k += 1) {
    const base = `${prefix}.contents.${k}.message_content`;
    const type = str(ctx.attrs, `${base}.type`);
    if (type === undefined) break;
    const text = readText(ctx, `${base}.text`);
    if (text !== undefined) parts.push({ type: 'text', text });
  }
  return parts;
}

/** `llm.input_messages.N.message.*` or `llm.output_messages.N.message.*` as AgentMessages. */
function indexedMessages(ctx: ReadContext, base: 'llm.input_messages' | 'llm.output_messages', names: ToolNames): AgentMessage[] {
  const messages: AgentMessage[] = [];
  for (let i = 0; i < MAX_INDEXED_ITEMS; i += 1) {
    const prefix = `${base}.${i}.message`;
    const role = str(ctx.attrs, `${prefix}.role`);
    if (role === undefined) break;
    const content = readText(ctx, `${prefix}.content`);
    const toolCallId = str(ctx.attrs, `${prefix}.tool_call_id`);
    const parts: MessagePart[] = [];
    if (role === 'tool') {
      const toolName = str(ctx.attrs, `${prefix}.name`) ?? (toolCallId === undefined ? undefined : names.get(toolCallId)) ?? '';
      parts.push({ type: 'tool-result', toolCallId: toolCallId ?? '', toolName, output: readLenient(ctx, `${prefix}.content`) });
    } else if (content !== undefined && content !== '') parts.push({ type: 'text', text: content });
    else parts.push(...indexedContents(ctx, prefix));
    parts.push(...indexedToolCalls(ctx, prefix, names));
    messages.push({ role, content: parts });
  }
  return messages;
}

/** `input.value` of an LLM span when no indexed messages exist: an OpenAI request or plain text. */
function inputValueMessages(value: unknown, names: ToolNames): AgentMessage[] {
  if (typeof value === 'string') return value === '' ? [] : [{ role: 'user', content: [{ type: 'text', text: value }] }];
  const list = asRecord(value)?.['messages'];
  if (!Array.isArray(list)) return [];
  return list.map((m) => fromOpenAiMessage(m, names)).filter((m) => m !== undefined);
}

/** `output.value` of an LLM span when no indexed messages exist: an OpenAI response or plain text. */
function outputValueMessages(value: unknown, names: ToolNames): AgentMessage[] {
  if (typeof value === 'string') return value === '' ? [] : [{ role: 'assistant', content: [{ type: 'text', text: value }] }];
  const choices = asRecord(value)?.['choices'];
  const message = Array.isArray(choices) ? fromOpenAiMessage(asRecord(choices[0])?.['message'], names) : undefined;
  return message === undefined ? [] : [message];
}

function usageOf(attrs: Attrs): TokenUsage | undefined {
  const inputTokens = firstNum(attrs, OPENINFERENCE.promptTokens);
  const outputTokens = firstNum(attrs, OPENINFERENCE.completionTokens);
  if (inputTokens === undefined && outputTokens === undefined) return undefined;
  return assignDefined<TokenUsage>({}, { inputTokens, outputTokens });
}

function toolDefinitions(ctx: ReadContext): unknown[] | undefined {
  const tools: unknown[] = [];
  for (let i = 0; i < MAX_INDEXED_ITEMS; i += 1) {
    const key = `llm.tools.${i}.tool.json_schema`;
    if (ctx.attrs[key] === undefined) break;
    const tool = readLenient(ctx, key);
    if (tool !== undefined) tools.push(tool);
  }
  return tools.length > 0 ? tools : undefined;
}

function readLlm(ctx: ReadContext, extracted: ExtractedSpan): ExtractedSpan {
  const names: ToolNames = new Map();
  const inputValue = readLenient(ctx, OPENINFERENCE.inputValue);
  const outputValue = readLenient(ctx, OPENINFERENCE.outputValue);
  let input = indexedMessages(ctx, 'llm.input_messages', names);
  if (input.length === 0) input = inputValueMessages(inputValue, names);
  let output = indexedMessages(ctx, 'llm.output_messages', names);
  if (output.length === 0) output = outputValueMessages(outputValue, names);
  const messages = [...input, ...output];
  const systems = input.filter((m) => m.role === 'system').map((m) => messageText(m));
  const calls = toolCallsOf(output);
  return assignDefined(extracted, {
    messages: messages.length > 0 ? messages : undefined,
    prompt: lastUserText(input),
    response: finalAssistantText(output),
    toolCalls: calls.length > 0 ? calls : undefined,
    systemInstructions: systems.length > 0 ? systems.join('\n') : undefined,
    toolDefinitions: toolDefinitions(ctx),
    usage: usageOf(ctx.attrs),
    responseId: field(asRecord(outputValue), 'id'),
  });
}

/** A generic `input.value` / `output.value` as text: strings as is, chat messages by their last turn. */
function valueText(value: unknown, role: 'user' | 'assistant'): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  const record = asRecord(value);
  const names: ToolNames = new Map();
  const list = Array.isArray(value) ? value : record?.['messages'];
  if (Array.isArray(list)) {
    const messages = list.map((m) => fromOpenAiMessage(m, names)).filter((m) => m !== undefined);
    const text = role === 'user' ? lastUserText(messages) : finalAssistantText(messages);
    if (text !== undefined) return text;
  }
  const keys = role === 'user' ? ['input', 'question', 'prompt', 'query'] : ['output', 'answer', 'text', 'content'];
  for (const key of keys) {
    const text = field(record, key);
    if (text !== undefined) return text;
  }
  return JSON.stringify(value);
}

/** Full read of an OpenInference span already classified. */
export function extractOpenInference(span: SpanLike, classification: SpanClassification, options?: ExtractOptions): ExtractedSpan {
  const ctx = readContext(span, options);
  const extracted = baseExtracted(span, classification);
  assignDefined(extracted, { conversationId: str(ctx.attrs, OPENINFERENCE.sessionId) });
  if (classification.role === 'llm') return withWarnings(readLlm(ctx, extracted), ctx);
  const input = readLenient(ctx, OPENINFERENCE.inputValue);
  const output = readLenient(ctx, OPENINFERENCE.outputValue);
  if (classification.role === 'tool') {
    const id = firstStr(ctx.attrs, OPENINFERENCE.toolCallId, OPENINFERENCE.toolId);
    const call = assignDefined<ToolCall>({ name: extracted.toolName ?? '' }, { id, arguments: input, result: output, error: extracted.error });
    extracted.toolCalls = [call];
    return withWarnings(extracted, ctx);
  }
  assignDefined(extracted, { prompt: valueText(input, 'user'), response: valueText(output, 'assistant') });
  return withWarnings(extracted, ctx);
}
