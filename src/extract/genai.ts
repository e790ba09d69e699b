/**
 * Reader of the OpenTelemetry GenAI conventions as AI SDK 7 emits them through `@ai-sdk/otel`
 * `OpenTelemetry` (scope `gen_ai`): `invoke_agent`, `agent_step`, `chat`, `execute_tool` spans with
 * content as JSON strings or structured values. OpenLLMetry >= 0.25 spans use the same content
 * attributes and are read with the same functions (see openllmetry.ts).
 */
import type { AgentMessage, ToolCall } from '../core/types.ts';
import { messageText } from '../core/text.ts';
import type { ExtractedSpan, SpanClassification, SpanLike, SpanRole, TokenUsage } from './types.ts';
import type { Attrs, ExtractOptions, ReadContext } from './attributes.ts';
import { assignDefined, baseExtracted, firstNum, firstStr, readContext, readJson, readLenient, str, withWarnings } from './attributes.ts';
import { finalAssistantText, fromGenAiMessages, lastUserText, systemTextOf, toolCallsOf } from './messages.ts';
import type { ToolNames } from './messages.ts';

/** `gen_ai.operation.name`. */
export const GENAI_OPERATION_NAME = 'gen_ai.operation.name';
/** GenAI content and identity attributes read here. */
export const GENAI = {
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  systemInstructions: 'gen_ai.system_instructions',
  toolDefinitions: 'gen_ai.tool.definitions',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
  agentName: 'gen_ai.agent.name',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  providerName: 'gen_ai.provider.name',
  system: 'gen_ai.system',
  responseId: 'gen_ai.response.id',
  conversationId: 'gen_ai.conversation.id',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  promptTokens: 'gen_ai.usage.prompt_tokens',
  completionTokens: 'gen_ai.usage.completion_tokens',
} as const;

const ROLES: ReadonlyMap<string, SpanRole> = new Map<string, SpanRole>([
  ['invoke_agent', 'agent'],
  ['invoke_workflow', 'agent'],
  ['chat', 'llm'],
  ['text_completion', 'llm'],
  ['generate_content', 'llm'],
  ['execute_tool', 'tool'],
  ['agent_step', 'step'],
]);

/** The span role of a GenAI operation name. */
export function genAiRole(operation: string): SpanRole {
  return ROLES.get(operation) ?? 'other';
}

/** Cheap classification of a span that carries `gen_ai.operation.name` (a few lookups, no parsing). */
export function classifyGenAiAttributes(attrs: Attrs, operation: string, dialect: 'genai' | 'openllmetry'): SpanClassification {
  const result: SpanClassification = { dialect, role: genAiRole(operation), operation };
  const agentName = str(attrs, GENAI.agentName);
  if (agentName !== undefined) result.agentName = agentName;
  const model = str(attrs, GENAI.requestModel) ?? str(attrs, GENAI.responseModel);
  if (model !== undefined) result.model = model;
  const provider = str(attrs, GENAI.providerName) ?? str(attrs, GENAI.system);
  if (provider !== undefined) result.provider = provider;
  const toolName = str(attrs, GENAI.toolName);
  if (toolName !== undefined) result.toolName = toolName;
  return result;
}

/** Token usage from the GenAI usage attributes (the older prompt/completion names included). */
export function genAiUsage(attrs: Attrs): TokenUsage | undefined {
  const inputTokens = firstNum(attrs, GENAI.inputTokens, GENAI.promptTokens);
  const outputTokens = firstNum(attrs, GENAI.outputTokens, GENAI.completionTokens);
  if (inputTokens === undefined && outputTokens === undefined) return undefined;
  return assignDefined<TokenUsage>({}, { inputTokens, outputTokens });
}

/** The execute_tool span as one ToolCall. */
function toolCallOfSpan(ctx: ReadContext, extracted: ExtractedSpan): ToolCall {
  const call: ToolCall = { name: extracted.toolName ?? '' };
  return assignDefined(call, {
    id: str(ctx.attrs, GENAI.toolCallId),
    arguments: readLenient(ctx, GENAI.toolCallArguments),
    result: readLenient(ctx, GENAI.toolCallResult),
    error: extracted.error,
  });
}

/** The input and output messages; system messages found among the input become system instructions. */
function readMessages(ctx: ReadContext): { input: AgentMessage[]; output: AgentMessage[] } {
  const names: ToolNames = new Map();
  const input = fromGenAiMessages(readJson(ctx, GENAI.inputMessages), ctx, GENAI.inputMessages, names);
  const output = fromGenAiMessages(readJson(ctx, GENAI.outputMessages), ctx, GENAI.outputMessages, names);
  return { input, output };
}

/**
 * Fills an extracted span from the GenAI content attributes: messages, prompt, response, tool calls,
 * system instructions, tool definitions, usage and ids. Shared with the OpenLLMetry reader.
 */
export function readGenAiContent(ctx: ReadContext, extracted: ExtractedSpan): ExtractedSpan {
  const { attrs } = ctx;
  if (extracted.role === 'tool') extracted.toolCalls = [toolCallOfSpan(ctx, extracted)];
  const { input, output } = readMessages(ctx);
  const messages = [...input, ...output];
  const systemMessages = input.filter((message) => message.role === 'system');
  const calls = toolCallsOf(extracted.role === 'llm' ? output : messages);
  assignDefined(extracted, {
    messages: messages.length > 0 ? messages : undefined,
    prompt: lastUserText(input),
    response: finalAssistantText(output),
    toolCalls: extracted.role !== 'tool' && calls.length > 0 ? calls : undefined,
    systemInstructions:
      systemTextOf(readJson(ctx, GENAI.systemInstructions)) ??
      (systemMessages.length > 0 ? systemMessages.map((message) => messageText(message)).join('\n') : undefined),
    toolDefinitions: readJson(ctx, GENAI.toolDefinitions),
    usage: genAiUsage(attrs),
    responseId: firstStr(attrs, GENAI.responseId),
    conversationId: firstStr(attrs, GENAI.conversationId),
  });
  return extracted;
}

/** Full read of a GenAI span already classified (dialect `genai`). */
export function extractGenAi(span: SpanLike, classification: SpanClassification, options?: ExtractOptions): ExtractedSpan {
  const ctx = readContext(span, options);
  return withWarnings(readGenAiContent(ctx, baseExtracted(span, classification)), ctx);
}
