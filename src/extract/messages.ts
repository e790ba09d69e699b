/**
 * Message shapes shared by the readers: GenAI `{ role, parts }` messages, AI SDK model messages and
 * OpenAI chat messages, all normalized to AgentMessage with AI SDK part shapes
 * (`tool-call { toolCallId, toolName, input }`, `tool-result { toolCallId, toolName, output }`).
 */
import type { AgentMessage, MessagePart, ToolCall } from '../core/types.ts';
import { messageText } from '../core/text.ts';
import { MAX_STRUCTURED_ITEMS, asRecord, field, maybeJson } from './attributes.ts';
import type { ReadContext } from './attributes.ts';

/** Call id to tool name, filled while reading so results can name their tool. */
export type ToolNames = Map<string, string>;

function toolCallPart(id: string | undefined, name: string, input: unknown, names: ToolNames): MessagePart {
  if (id !== undefined) names.set(id, name);
  return { type: 'tool-call', toolCallId: id ?? '', toolName: name, input: maybeJson(input) };
}

function toolResultPart(id: string | undefined, name: string | undefined, output: unknown, names: ToolNames): MessagePart {
  const toolName = name ?? (id === undefined ? undefined : names.get(id)) ?? '';
  return { type: 'tool-result', toolCallId: id ?? '', toolName, output: maybeJson(output) };
}

/** One GenAI convention part (`text`, `reasoning`, `tool_call`, `tool_call_response`, others kept). */
function genAiPart(raw: unknown, names: ToolNames): MessagePart | undefined {
  const part = asRecord(raw);
  const type = field(part, 'type');
  if (part === undefined || type === undefined) return undefined;
  switch (type) {
    case 'text':
      return { type: 'text', text: field(part, 'content') ?? field(part, 'text') ?? '' };
    case 'reasoning':
    case 'thinking':
      return { type: 'reasoning', text: field(part, 'content') ?? field(part, 'text') ?? '' };
    case 'tool_call':
      return toolCallPart(field(part, 'id'), field(part, 'name') ?? '', part['arguments'], names);
    case 'tool_call_response':
      return toolResultPart(field(part, 'id'), field(part, 'name'), 'response' in part ? part['response'] : part['result'], names);
    default:
      return { ...part, type };
  }
}

/** GenAI `gen_ai.input.messages` / `gen_ai.output.messages` (already parsed) as AgentMessages. */
export function fromGenAiMessages(value: unknown, ctx: ReadContext, key: string, names: ToolNames): AgentMessage[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    ctx.warnings.push(`${key}: expected an array of messages`);
    return [];
  }
  const messages: AgentMessage[] = [];
  let skipped = 0;
  if (value.length > MAX_STRUCTURED_ITEMS) ctx.warnings.push(`${key}: ${value.length} entries, only the first ${MAX_STRUCTURED_ITEMS} read`);
  for (const raw of value.slice(0, MAX_STRUCTURED_ITEMS)) {
    const message = asRecord(raw);
    const role = field(message, 'role');
    if (message === undefined || role === undefined) {
      skipped += 1;
      continue;
    }
    const parts = Array.isArray(message['parts']) ? message['parts'] : [];
    const content = parts.map((part) => genAiPart(part, names)).filter((part) => part !== undefined);
    const normalized: AgentMessage = { role, content };
    const finish = field(message, 'finish_reason');
    if (finish !== undefined) normalized.metadata = { finishReason: finish };
    messages.push(normalized);
  }
  if (skipped > 0) ctx.warnings.push(`${key}: ${skipped} entries without a role skipped`);
  return messages;
}

/** GenAI system instructions: an array of parts, a string, or a list of `{ role: 'system' }` messages. */
export function systemTextOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return undefined;
  const texts = value
    .map((raw) => {
      const part = asRecord(raw);
      if (Array.isArray(part?.['parts'])) return systemTextOf(part['parts']);
      return field(part, 'content') ?? field(part, 'text');
    })
    .filter((text): text is string => typeof text === 'string');
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/** An AI SDK tool output (`{ type: 'json' | 'text' | 'error-text' | ..., value }`) unwrapped. */
function unwrapToolOutput(output: unknown): unknown {
  const record = asRecord(output);
  return record !== undefined && typeof record['type'] === 'string' && 'value' in record ? record['value'] : output;
}

/** One AI SDK model-message part. */
function modelPart(raw: unknown, names: ToolNames): MessagePart | undefined {
  const part = asRecord(raw);
  const type = field(part, 'type');
  if (part === undefined || type === undefined) return undefined;
  if (type === 'tool-call') {
    return toolCallPart(field(part, 'toolCallId'), field(part, 'toolName') ?? '', part['input'] ?? part['args'], names);
  }
  if (type === 'tool-result') {
    const output = 'output' in part ? unwrapToolOutput(part['output']) : part['result'];
    return toolResultPart(field(part, 'toolCallId'), field(part, 'toolName'), output, names);
  }
  if (type === 'text' || type === 'reasoning') return { type, text: field(part, 'text') ?? '' };
  return { ...part, type };
}

/** AI SDK model messages (`ai.prompt`, `ai.prompt.messages`) as AgentMessages. */
export function fromModelMessages(value: unknown, names: ToolNames): AgentMessage[] {
  if (!Array.isArray(value)) return [];
  const messages: AgentMessage[] = [];
  for (const raw of value) {
    const message = asRecord(raw);
    const role = field(message, 'role');
    if (message === undefined || role === undefined) continue;
    const content = message['content'];
    if (typeof content === 'string') messages.push({ role, content: [{ type: 'text', text: content }] });
    else if (Array.isArray(content)) {
      messages.push({ role, content: content.map((part) => modelPart(part, names)).filter((part) => part !== undefined) });
    }
  }
  return messages;
}

/** One OpenAI chat message (`{ role, content, tool_calls, tool_call_id }`) as an AgentMessage. */
export function fromOpenAiMessage(raw: unknown, names: ToolNames): AgentMessage | undefined {
  const message = asRecord(raw);
  const role = field(message, 'role');
  if (message === undefined || role === undefined) return undefined;
  const parts: MessagePart[] = [];
  const content = message['content'];
  if (typeof content === 'string' && content !== '') {
    parts.push(role === 'tool' ? toolResultPart(field(message, 'tool_call_id'), field(message, 'name'), content, names) : { type: 'text', text: content });
  } else if (Array.isArray(content)) {
    for (const item of content) {
      const text = field(asRecord(item), 'text');
      if (text !== undefined) parts.push({ type: 'text', text });
    }
  }
  const calls = Array.isArray(message['tool_calls']) ? message['tool_calls'] : [];
  for (const call of calls) {
    const record = asRecord(call);
    const fn = asRecord(record?.['function']);
    if (fn !== undefined) parts.push(toolCallPart(field(record, 'id'), field(fn, 'name') ?? '', fn['arguments'], names));
  }
  return { role, content: parts };
}

/** The text of the last user message. */
export function lastUserText(messages: readonly AgentMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role === 'user') return messageText(message);
  }
  return undefined;
}

/** The text of the last assistant message that has text. */
export function finalAssistantText(messages: readonly AgentMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role !== 'assistant') continue;
    const text = messageText(message);
    if (text !== '') return text;
  }
  return undefined;
}

/** The tool calls of a conversation, with results joined by call id, in order. */
export function toolCallsOf(messages: readonly AgentMessage[]): ToolCall[] {
  const calls: ToolCall[] = [];
  const byId = new Map<string, ToolCall>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') {
        const call: ToolCall = { name: String(part['toolName'] ?? '') };
        const id = part['toolCallId'];
        if (typeof id === 'string' && id !== '') call.id = id;
        if (part['input'] !== undefined) call.arguments = part['input'];
        if (call.id !== undefined && byId.has(call.id)) continue;
        if (call.id !== undefined) byId.set(call.id, call);
        calls.push(call);
      } else if (part.type === 'tool-result') {
        const id = part['toolCallId'];
        const call = typeof id === 'string' ? byId.get(id) : undefined;
        if (call !== undefined && call.result === undefined) call.result = part['output'];
      }
    }
  }
  return calls;
}

/** The messages of a conversation without system messages. */
export function withoutSystem(messages: readonly AgentMessage[]): AgentMessage[] {
  return messages.filter((message) => message.role !== 'system');
}
