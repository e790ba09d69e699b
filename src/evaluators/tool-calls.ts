/**
 * Reading tool calls out of an EvaluationInput: from `input.toolCalls`, from the message history (AI SDK
 * `tool-call` / `tool-result` parts, the underscore `tool_call` / `tool_result` parts, and OpenAI-style
 * `tool_calls` / `role: 'tool'` messages), or from a context path. Results are joined to their calls by
 * toolCallId. Shared by the ToolUsage evaluator, the span processor and the offline runner.
 */
import type { AgentMessage, EvaluationInput, ToolCall } from '../core/types.ts';

/** Where tool calls are read from; `auto` takes the first source that holds calls. */
export type ToolDataSource = 'auto' | 'toolCalls' | 'messageHistory' | 'context';

/** Options of {@link extractToolCalls} and {@link readToolCalls}. */
export interface ExtractToolCallsOptions {
  /** Source to read (default `auto`: toolCalls, then messageHistory, then context). */
  toolDataSource?: ToolDataSource;
  /** Path inside `input.context` holding the calls or messages (default `toolCalls`). */
  contextPath?: string;
}

/** Tool calls read from an input, with the source they came from. */
export interface ToolCallReading {
  /** The calls in call order. */
  calls: ToolCall[];
  /** The source that was read. */
  source: Exclude<ToolDataSource, 'auto'>;
}

type Json = Record<string, unknown>;

const CONCRETE_SOURCES = ['toolCalls', 'messageHistory', 'context'] as const;

/** The tool calls of an input, in call order (empty when it holds none). */
export function extractToolCalls(input: EvaluationInput, options: ExtractToolCallsOptions = {}): ToolCall[] {
  return readToolCalls(input, options)?.calls ?? [];
}

/**
 * Reads tool calls from the configured source. With `auto`, the first source holding at least one call
 * wins, else the first source present (an agent that called nothing); undefined when no source is present.
 */
export function readToolCalls(input: EvaluationInput, options: ExtractToolCallsOptions = {}): ToolCallReading | undefined {
  const wanted = options.toolDataSource ?? 'auto';
  const sources = wanted === 'auto' ? CONCRETE_SOURCES : [wanted];
  let firstPresent: ToolCallReading | undefined;
  for (const source of sources) {
    const calls = readSource(input, source, options.contextPath);
    if (calls === undefined) continue;
    if (calls.length > 0) return { calls, source };
    firstPresent ??= { calls, source };
  }
  return firstPresent;
}

function readSource(input: EvaluationInput, source: Exclude<ToolDataSource, 'auto'>, contextPath = 'toolCalls'): ToolCall[] | undefined {
  switch (source) {
    case 'toolCalls':
      return Array.isArray(input.toolCalls) ? toolCallsFromValues(input.toolCalls) : undefined;
    case 'messageHistory': {
      const messages = Array.isArray(input.messageHistory) ? [...input.messageHistory] : [];
      const response = input.response;
      if (isMessage(response) && !messages.includes(response)) messages.push(response);
      if (messages.length === 0 || (!input.messageHistory && !hasToolParts(response))) return undefined;
      return toolCallsFromMessages(messages);
    }
    case 'context': {
      const value = readPath(input.context, contextPath.replace(/^context\./, ''));
      if (!Array.isArray(value)) return undefined;
      return value.some(isMessage) ? toolCallsFromMessages(value.filter(isMessage)) : toolCallsFromValues(value);
    }
  }
}

/** Tool calls from a list of already call-shaped values (`{ name | toolName, arguments | args | input, ... }`). */
export function toolCallsFromValues(values: readonly unknown[]): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const value of values) {
    const call = normalizeToolCall(value);
    if (call) calls.push(call);
  }
  return calls;
}

/**
 * Normalizes one call-shaped value: the name from `name`, `toolName` or `function.name`; arguments from
 * `arguments`, `args`, `input` or `function.arguments` (JSON strings parsed); the result from `result` or
 * `output`. Undefined when it has no tool name.
 */
export function normalizeToolCall(value: unknown): ToolCall | undefined {
  if (!isObject(value)) return undefined;
  const fn = isObject(value.function) ? value.function : undefined;
  const name = firstString(value.name, value.toolName, value.tool_name, fn?.name);
  if (name === undefined) return undefined;
  const call: ToolCall = { name };
  const id = firstString(value.id, value.toolCallId, value.tool_call_id);
  if (id !== undefined) call.id = id;
  const args = firstDefined(value.arguments, value.args, value.input, fn?.arguments);
  if (args !== undefined) call.arguments = parseJsonArguments(args);
  const result = firstDefined(value.result, value.output);
  if (result !== undefined) call.result = unwrapOutput(result);
  const error = firstString(value.error, outputError(result));
  if (error !== undefined) call.error = error;
  return call;
}

/**
 * Tool calls from messages, in order: call parts open calls, result parts (and `role: 'tool'` messages)
 * complete them, joined by toolCallId, or without an id to the oldest open call of the same tool.
 */
export function toolCallsFromMessages(messages: readonly AgentMessage[]): ToolCall[] {
  const calls: ToolCall[] = [];
  const byId = new Map<string, ToolCall>();
  const open = (call: ToolCall): void => {
    if (call.id !== undefined) {
      if (byId.has(call.id)) return;
      byId.set(call.id, call);
    }
    calls.push(call);
  };
  const complete = (id: string | undefined, name: string | undefined, output: unknown, error?: string): void => {
    const call = (id !== undefined ? byId.get(id) : undefined) ?? calls.find((c) => c.result === undefined && c.error === undefined && (id === undefined || c.id === undefined) && (name === undefined || c.name === name));
    if (!call) return;
    if (output !== undefined) call.result = unwrapOutput(output);
    const failure = error ?? outputError(output);
    if (failure !== undefined) call.error = failure;
  };
  for (const message of messages) readMessage(message, open, complete);
  return calls;
}

type Open = (call: ToolCall) => void;
type Complete = (id: string | undefined, name: string | undefined, output: unknown, error?: string) => void;

function readMessage(message: AgentMessage, open: Open, complete: Complete): void {
  const raw = message as unknown as Json;
  if (Array.isArray(raw.tool_calls)) toolCallsFromValues(raw.tool_calls).forEach(open);
  if (message.role === 'tool' && typeof raw.tool_call_id === 'string') {
    complete(raw.tool_call_id, firstString(raw.name), raw.content);
  }
  if (!Array.isArray(message.content)) return;
  for (const part of message.content as readonly unknown[]) {
    if (!isObject(part)) continue;
    const id = firstString(part.toolCallId, part.tool_call_id, part.id);
    const name = firstString(part.toolName, part.tool_name, part.name);
    switch (part.type) {
      case 'tool-call':
      case 'tool_call': {
        const call = normalizeToolCall({ ...part, id, name });
        if (call) open(call);
        break;
      }
      case 'tool-result':
      case 'tool_result':
        complete(id, name, firstDefined(part.output, part.result), part.isError === true ? errorText(firstDefined(part.output, part.result)) : undefined);
        break;
      case 'tool-error':
        complete(id, name, undefined, errorText(part.error));
        break;
      default:
        readUiToolPart(part, id, open);
    }
  }
}

// AI SDK UI messages hold a whole call in one part: `tool-<name>` (or `dynamic-tool`) with input and output.
function readUiToolPart(part: Json, id: string | undefined, open: Open): void {
  if (typeof part.type !== 'string' || !('input' in part)) return;
  const name = part.type === 'dynamic-tool' ? firstString(part.toolName) : part.type.startsWith('tool-') ? part.type.slice(5) : undefined;
  if (name === undefined) return;
  const call = normalizeToolCall({ id, name, input: part.input, output: part.output, error: firstString(part.errorText) });
  if (call) open(call);
}

/** Parses arguments that arrived as a JSON string; other values are returned unchanged. */
export function parseJsonArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

// The AI SDK wraps model-message tool outputs as `{ type: 'json' | 'text' | 'error-text' | ..., value }`.
function unwrapOutput(output: unknown): unknown {
  if (isObject(output) && typeof output.type === 'string' && 'value' in output && Object.keys(output).length <= 3) {
    return parseJsonArguments(output.value);
  }
  return parseJsonArguments(output);
}

function outputError(output: unknown): string | undefined {
  if (!isObject(output) || (output.type !== 'error-text' && output.type !== 'error-json')) return undefined;
  return errorText(output.value);
}

function errorText(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

function hasToolParts(response: unknown): boolean {
  return isMessage(response) && (Array.isArray(response.content) ? response.content.some((part) => /^tool[-_]/.test(part.type)) : Array.isArray((response as unknown as Json).tool_calls));
}

function isMessage(value: unknown): value is AgentMessage {
  return isObject(value) && typeof value.role === 'string' && 'content' in value;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readPath(root: unknown, path: string): unknown {
  let value = root;
  for (const key of path.split('.')) {
    if (!isObject(value)) return undefined;
    value = value[key];
  }
  return value;
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string' && value !== '') return value;
  return undefined;
}

function firstDefined(...values: unknown[]): unknown {
  for (const value of values) if (value !== undefined) return value;
  return undefined;
}
