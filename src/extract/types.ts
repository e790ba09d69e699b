/**
 * What the extraction layer reads from spans and hands to the processor. Evaluators never see these
 * types: the processor turns them into an EvaluationInput.
 */
import type { AttributeValue, HrTime, SpanContext } from '@opentelemetry/api';
import type { AgentMessage, ToolCall } from '../core/types.ts';

/** The telemetry dialects we read. */
export type Dialect = 'genai' | 'ai-sdk-legacy' | 'openllmetry' | 'openinference';

/** What a span represents for evaluation purposes. */
export type SpanRole = 'agent' | 'llm' | 'tool' | 'step' | 'chain' | 'other';

/**
 * The minimal, SDK-version-independent view of a finished span we need (a structural subset of
 * ReadableSpan in sdk-trace 3.x and sdk-trace-base 2.x).
 */
export interface SpanLike {
  readonly name: string;
  readonly attributes: Readonly<Record<string, AttributeValue | unknown>>;
  spanContext(): SpanContext;
  /** 2.x and 3.x: the parent's span context, when there is a parent. */
  readonly parentSpanContext?: SpanContext | undefined;
  readonly startTime?: HrTime;
  readonly endTime?: HrTime;
  /** 2.x/3.x: `instrumentationScope`; older: `instrumentationLibrary`. */
  readonly instrumentationScope?: { name: string; version?: string };
  readonly instrumentationLibrary?: { name: string; version?: string };
  /** The span status (`code` 2 is ERROR), when the SDK exposes it. */
  readonly status?: { code: number; message?: string };
}

/**
 * The cheap classification of a span: a handful of attribute lookups, no parsing, safe on the hot
 * path. `undefined` means the span is of no dialect we know.
 */
export interface SpanClassification {
  dialect: Dialect;
  role: SpanRole;
  /** `gen_ai.operation.name` or the dialect's equivalent (`invoke_agent`, `chat`, `execute_tool`, ...). */
  operation?: string;
  /** The dialect's own operation when it differs (`ai.generateText`, `AGENT`, `workflow`, ...). */
  nativeOperation?: string;
  agentName?: string;
  model?: string;
  provider?: string;
  toolName?: string;
}

/** Token usage of an LLM span or of an agent run. */
export interface TokenUsage {
  inputTokens?: number;
  outputTokens?: number;
}

/**
 * Everything evaluation needs from one span, parsed off the hot path. Fields are absent when the span
 * does not carry them.
 */
export interface ExtractedSpan extends SpanClassification {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** The last user message. */
  prompt?: string;
  /** The final assistant text. */
  response?: string;
  /** Input and output messages in order, tool call and result parts included. */
  messages?: AgentMessage[];
  /** Tool calls with arguments and results, in call order. */
  toolCalls?: ToolCall[];
  systemInstructions?: string;
  toolDefinitions?: unknown;
  usage?: TokenUsage;
  conversationId?: string;
  responseId?: string;
  functionId?: string;
  /** Start and end of the span in milliseconds since the epoch, for ordering. */
  startTimeMs?: number;
  endTimeMs?: number;
  /** The span's error message (status ERROR), e.g. a failed tool execution. */
  error?: string;
  /** Problems met while parsing (malformed JSON, oversize values); the span is still usable. */
  warnings?: string[];
}
