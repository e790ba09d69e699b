/**
 * Reader of the AI SDK legacy `ai.*` spans (scope `ai`): the built-in telemetry of AI SDK 5 and 6
 * and `LegacyOpenTelemetry` of `@ai-sdk/otel` in AI SDK 7. Roots `ai.generateText` /
 * `ai.streamText` / `ai.generateObject` / `ai.streamObject`, model calls `*.doGenerate` /
 * `*.doStream`, tool executions `ai.toolCall`.
 */
import type { AgentMessage, MessagePart, ToolCall } from '../core/types.ts';
import { messageText } from '../core/text.ts';
import type { ExtractedSpan, SpanClassification, SpanLike, TokenUsage } from './types.ts';
import type { Attrs, ExtractOptions, ReadContext } from './attributes.ts';
import {
  asRecord,
  assignDefined,
  baseExtracted,
  field,
  firstNum,
  firstStr,
  parseJsonText,
  readContext,
  readJson,
  readLenient,
  readText,
  str,
  withWarnings,
} from './attributes.ts';
import { finalAssistantText, fromModelMessages, lastUserText, toolCallsOf } from './messages.ts';
import type { ToolNames } from './messages.ts';

/** Legacy attribute names read here. */
export const AI = {
  operationId: 'ai.operationId',
  functionId: 'ai.telemetry.functionId',
  modelId: 'ai.model.id',
  modelProvider: 'ai.model.provider',
  prompt: 'ai.prompt',
  promptMessages: 'ai.prompt.messages',
  promptTools: 'ai.prompt.tools',
  responseText: 'ai.response.text',
  responseObject: 'ai.response.object',
  responseReasoning: 'ai.response.reasoning',
  responseToolCalls: 'ai.response.toolCalls',
  responseId: 'ai.response.id',
  toolCallName: 'ai.toolCall.name',
  toolCallId: 'ai.toolCall.id',
  toolCallArgs: 'ai.toolCall.args',
  toolCallInput: 'ai.toolCall.input',
  toolCallResult: 'ai.toolCall.result',
  toolCallOutput: 'ai.toolCall.output',
} as const;

/** The legacy instrumentation scope name. */
export const AI_SDK_LEGACY_SCOPE = 'ai';

const ROOTS: ReadonlySet<string> = new Set(['ai.generateText', 'ai.streamText', 'ai.generateObject', 'ai.streamObject']);

/**
 * Cheap classification of a legacy span: `ai.operationId`, or a span name starting with `ai.` under
 * the `ai` scope. Undefined when neither applies.
 */
export function classifyLegacy(span: SpanLike, attrs: Attrs, scope: string | undefined): SpanClassification | undefined {
  let operationId = str(attrs, AI.operationId);
  if (operationId === undefined && scope === AI_SDK_LEGACY_SCOPE && span.name.startsWith('ai.')) operationId = span.name;
  if (operationId === undefined) return undefined;
  const result: SpanClassification = { dialect: 'ai-sdk-legacy', role: 'other', operation: operationId, nativeOperation: operationId };
  if (ROOTS.has(operationId)) {
    result.role = 'agent';
    result.operation = 'invoke_agent';
  } else if (operationId.endsWith('.doGenerate') || operationId.endsWith('.doStream')) {
    result.role = 'llm';
    result.operation = 'chat';
  } else if (operationId === 'ai.toolCall') {
    result.role = 'tool';
    result.operation = 'execute_tool';
  } else if (operationId.startsWith('ai.embed')) {
    result.operation = 'embeddings';
  }
  const agentName = str(attrs, AI.functionId);
  if (agentName !== undefined) result.agentName = agentName;
  const model = str(attrs, AI.modelId) ?? str(attrs, 'gen_ai.request.model');
  if (model !== undefined) result.model = model;
  const provider = str(attrs, AI.modelProvider) ?? str(attrs, 'gen_ai.system');
  if (provider !== undefined) result.provider = provider;
  const toolName = str(attrs, AI.toolCallName);
  if (toolName !== undefined) result.toolName = toolName;
  return result;
}

function usageOf(attrs: Attrs): TokenUsage | undefined {
  const inputTokens = firstNum(attrs, 'ai.usage.inputTokens', 'ai.usage.promptTokens', 'gen_ai.usage.input_tokens');
  const outputTokens = firstNum(attrs, 'ai.usage.outputTokens', 'ai.usage.completionTokens', 'gen_ai.usage.output_tokens');
  if (inputTokens === undefined && outputTokens === undefined) return undefined;
  return assignDefined<TokenUsage>({}, { inputTokens, outputTokens });
}

/** `ai.response.toolCalls` (`[{ toolCallId, toolName, input | args }]`) as assistant tool-call parts. */
function responseToolCallParts(ctx: ReadContext, names: ToolNames): MessagePart[] {
  const value = readJson(ctx, AI.responseToolCalls);
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    ctx.warnings.push(`${AI.responseToolCalls}: expected an array`);
    return [];
  }
  const content = value.map((call) => ({ ...asRecord(call), type: 'tool-call' }));
  const message = fromModelMessages([{ role: 'assistant', content }], names)[0];
  return message === undefined || typeof message.content === 'string' ? [] : [...message.content];
}

/** The assistant message the span produced: reasoning, text (or object) and tool calls. */
function outputMessage(ctx: ReadContext, names: ToolNames): AgentMessage | undefined {
  const parts: MessagePart[] = [];
  const reasoning = readText(ctx, AI.responseReasoning);
  if (reasoning) parts.push({ type: 'reasoning', text: reasoning });
  const text = readText(ctx, AI.responseText) ?? readText(ctx, AI.responseObject);
  if (text) parts.push({ type: 'text', text });
  parts.push(...responseToolCallParts(ctx, names));
  return parts.length > 0 ? { role: 'assistant', content: parts } : undefined;
}

function systemText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const texts = list.map((item) => (typeof item === 'string' ? item : field(asRecord(item), 'content'))).filter((t) => t !== undefined);
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/** The root's `ai.prompt` (`{ system, prompt, messages }`): input messages and system instructions. */
function rootInput(ctx: ReadContext, names: ToolNames): { input: AgentMessage[]; system?: string } {
  const prompt = asRecord(readJson(ctx, AI.prompt));
  if (prompt === undefined) return { input: [] };
  const input: AgentMessage[] = [];
  const text = prompt['prompt'];
  if (typeof text === 'string') input.push({ role: 'user', content: [{ type: 'text', text }] });
  else if (Array.isArray(text)) input.push(...fromModelMessages(text, names));
  input.push(...fromModelMessages(prompt['messages'], names));
  const system = systemText(prompt['system']);
  return system === undefined ? { input } : { input, system };
}

/** A model call's `ai.prompt.messages`, with its system messages as system instructions. */
function modelCallInput(ctx: ReadContext, names: ToolNames): { input: AgentMessage[]; system?: string } {
  const input = fromModelMessages(readJson(ctx, AI.promptMessages), names);
  const systems = input.filter((message) => message.role === 'system').map((message) => messageText(message));
  return systems.length > 0 ? { input, system: systems.join('\n') } : { input };
}

/** `ai.prompt.tools`: an array of JSON strings, one per tool. */
function toolDefinitions(ctx: ReadContext): unknown[] | undefined {
  const value = ctx.attrs[AI.promptTools];
  if (!Array.isArray(value)) return value === undefined ? undefined : [readJson(ctx, AI.promptTools)].filter((v) => v !== undefined);
  const tools = value.map((item) => (typeof item === 'string' ? parseJsonText(ctx, AI.promptTools, item) : item));
  return tools.filter((tool) => tool !== undefined);
}

function toolCallOfSpan(ctx: ReadContext, extracted: ExtractedSpan): ToolCall {
  const args = readLenient(ctx, AI.toolCallArgs) ?? readLenient(ctx, AI.toolCallInput);
  const result = readLenient(ctx, AI.toolCallResult) ?? readLenient(ctx, AI.toolCallOutput);
  return assignDefined<ToolCall>({ name: extracted.toolName ?? '' }, { id: str(ctx.attrs, AI.toolCallId), arguments: args, result, error: extracted.error });
}

function conversationId(attrs: Attrs): string | undefined {
  return firstStr(
    attrs,
    'gen_ai.conversation.id',
    'ai.telemetry.metadata.conversationId',
    'ai.telemetry.metadata.sessionId',
    'ai.settings.context.conversationId',
    'ai.settings.context.sessionId',
  );
}

/** Full read of a legacy span already classified. */
export function extractLegacy(span: SpanLike, classification: SpanClassification, options?: ExtractOptions): ExtractedSpan {
  const ctx = readContext(span, options);
  const extracted = baseExtracted(span, classification);
  assignDefined(extracted, {
    usage: usageOf(ctx.attrs),
    responseId: firstStr(ctx.attrs, AI.responseId, 'gen_ai.response.id'),
    conversationId: conversationId(ctx.attrs),
    functionId: str(ctx.attrs, AI.functionId),
  });
  if (classification.role === 'tool') {
    extracted.toolCalls = [toolCallOfSpan(ctx, extracted)];
    return withWarnings(extracted, ctx);
  }
  if (classification.role !== 'agent' && classification.role !== 'llm') return withWarnings(extracted, ctx);
  const names: ToolNames = new Map();
  const { input, system } = classification.role === 'agent' ? rootInput(ctx, names) : modelCallInput(ctx, names);
  const output = outputMessage(ctx, names);
  const messages = output === undefined ? input : [...input, output];
  const calls = toolCallsOf(classification.role === 'llm' && output !== undefined ? [output] : messages);
  assignDefined(extracted, {
    messages: messages.length > 0 ? messages : undefined,
    prompt: lastUserText(input),
    response: output === undefined ? undefined : finalAssistantText([output]),
    toolCalls: calls.length > 0 ? calls : undefined,
    systemInstructions: system,
    toolDefinitions: classification.role === 'llm' ? toolDefinitions(ctx) : undefined,
  });
  return withWarnings(extracted, ctx);
}
