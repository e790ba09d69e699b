/**
 * Span extraction: the cheap classification the processor runs on every span, the full read it runs
 * off the hot path, and the self-span check.
 *
 * Detection order (first match wins):
 * 1. `gen_ai.operation.name` present: OpenLLMetry when the span also has `traceloop.span.kind` or
 *    comes from a `@traceloop/*` scope, GenAI otherwise (AI SDK 7 `OpenTelemetry`, scope `gen_ai`,
 *    and any other GenAI-conventions instrumentation).
 * 2. AI SDK legacy: `ai.operationId`, or a span named `ai.*` under scope `ai`.
 * 3. OpenLLMetry: `traceloop.span.kind`, `llm.request.type`, `gen_ai.prompt.0.role`,
 *    `gen_ai.completion.0.role`, or a `@traceloop/*` scope.
 * 4. OpenInference: `openinference.span.kind`.
 * Anything else is of unknown shape: `undefined`.
 */
import { ATTR_OTEL_EVALS_JUDGE, OTEL_EVALS_JUDGE_FUNCTION_ID, OTEL_EVALS_SCOPE } from '../semconv.ts';
import type { ExtractedSpan, SpanClassification, SpanLike } from './types.ts';
import type { Attrs, ExtractOptions } from './attributes.ts';
import { baseExtracted, scopeName, str } from './attributes.ts';
import { GENAI_OPERATION_NAME, classifyGenAiAttributes, extractGenAi } from './genai.ts';
import { classifyLegacy, extractLegacy } from './ai-sdk-legacy.ts';
import { TRACELOOP, classifyOpenLLMetry, extractOpenLLMetry, isTraceloopScope } from './openllmetry.ts';
import { classifyOpenInference, extractOpenInference } from './openinference.ts';

function classifyAttributes(span: SpanLike, attrs: Attrs): SpanClassification | undefined {
  const scope = scopeName(span);
  const operation = str(attrs, GENAI_OPERATION_NAME);
  if (operation !== undefined) {
    if (attrs[TRACELOOP.spanKind] !== undefined) return classifyOpenLLMetry(attrs, scope);
    return classifyGenAiAttributes(attrs, operation, isTraceloopScope(scope) ? 'openllmetry' : 'genai');
  }
  return classifyLegacy(span, attrs, scope) ?? classifyOpenLLMetry(attrs, scope) ?? classifyOpenInference(span, attrs);
}

/**
 * What a span is (dialect, role, operation, agent, model, provider, tool), from a handful of direct
 * attribute lookups: no parsing, no iteration over attributes, safe on the hot path. Undefined for a
 * span of no known dialect. Never throws.
 */
export function classifySpan(span: SpanLike): SpanClassification | undefined {
  try {
    const attrs = span.attributes as Attrs | undefined;
    if (attrs === undefined || attrs === null) return undefined;
    return classifyAttributes(span, attrs);
  } catch {
    return undefined;
  }
}

/**
 * Everything evaluation needs from one span, parsed. Never throws: malformed, oversize or binary
 * values leave their fields out and add a `warnings` entry. Undefined for a span of unknown shape.
 */
export function extractSpan(span: SpanLike, options?: ExtractOptions): ExtractedSpan | undefined {
  const classification = classifySpan(span);
  if (classification === undefined) return undefined;
  try {
    switch (classification.dialect) {
      case 'genai':
        return extractGenAi(span, classification, options);
      case 'ai-sdk-legacy':
        return extractLegacy(span, classification, options);
      case 'openllmetry':
        return extractOpenLLMetry(span, classification, options);
      case 'openinference':
        return extractOpenInference(span, classification, options);
    }
  } catch (error) {
    return fallback(span, classification, error);
  }
}

function fallback(span: SpanLike, classification: SpanClassification, error: unknown): ExtractedSpan | undefined {
  const message = `extraction failed: ${error instanceof Error ? error.message : String(error)}`;
  try {
    return { ...baseExtracted(span, classification), warnings: [message] };
  } catch {
    return undefined;
  }
}

/**
 * Whether a span is otel-evals' own (scope `otel-evals`, marked `otel_evals.judge`, or an AI SDK span of
 * a judge call, whose agent name / function id is `otel-evals.judge`): such spans are never evaluated.
 * Never throws.
 */
export function isOwnSpan(span: SpanLike): boolean {
  try {
    if (scopeName(span) === OTEL_EVALS_SCOPE) return true;
    const attributes = span.attributes as Attrs | undefined;
    const marker = attributes?.[ATTR_OTEL_EVALS_JUDGE];
    if (marker !== undefined && marker !== false) return true;
    return attributes?.['gen_ai.agent.name'] === OTEL_EVALS_JUDGE_FUNCTION_ID || attributes?.['ai.telemetry.functionId'] === OTEL_EVALS_JUDGE_FUNCTION_ID;
  } catch {
    return false;
  }
}

export { buildEvaluationInput } from './trace-assembly.ts';
export { DEFAULT_MAX_ATTRIBUTE_CHARS } from './attributes.ts';
export type { ExtractOptions } from './attributes.ts';
