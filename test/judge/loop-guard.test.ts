/**
 * The loop guard: judge calls run under suppressTracing, so a user's globally registered AI SDK
 * telemetry records nothing for them; and when tracing is not suppressed (no context manager), the
 * spans they produce are marked so the processor never evaluates them.
 */
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { OpenTelemetry } from '@ai-sdk/otel';
import { generateText, registerTelemetry } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isOwnSpan } from '../../src/extract/index.ts';
import { createJudgeCache } from '../../src/judge/cache.ts';
import { isJudgeSpanAttributes, markJudgeSpans } from '../../src/judge/judge-span.ts';
import { llmJudge } from '../../src/judge/llm-judge.ts';
import { nlpAccuracy } from '../../src/judge/nlp-accuracy.ts';
import { RateLimiter } from '../../src/judge/rate-limit.ts';
import { mockEmbedder, mockJudge, verdictFor } from './mock-judge.ts';

const criteria = [{ name: 'ok', description: 'Fine.', scale: 'likert5' }];
let exporter: InMemorySpanExporter;

beforeEach(() => {
  exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  registerTelemetry(new OpenTelemetry({ tracer: provider.getTracer('gen_ai'), enrichSpan: markJudgeSpans }));
});

afterEach(() => {
  (globalThis as { AI_SDK_TELEMETRY_INTEGRATIONS?: unknown[] }).AI_SDK_TELEMETRY_INTEGRATIONS = [];
  context.disable();
});

describe('judge loop guard', () => {
  it('records no spans for judge and embedding calls when a context manager is active', async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    const judge = llmJudge({ model: mockJudge((call) => verdictFor(call.criterionNames, 4)), criteria, cache: false, rateLimiter: new RateLimiter() });
    const [result] = await judge.evaluate({ response: 'x', criteria: [] }, []);
    await nlpAccuracy({ model: mockEmbedder(), cache: createJudgeCache(), rateLimiter: new RateLimiter() }).evaluate({ response: 'a', groundTruth: 'b', criteria: [] }, []);
    expect(result?.score).toBe(4);
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    // Control: the same setup records an ordinary AI SDK call, so the empty list above means something.
    await generateText({ model: mockJudge(() => 'hello'), prompt: 'hi' });
    expect(exporter.getFinishedSpans().length).toBeGreaterThan(0);
    expect(exporter.getFinishedSpans().some((span) => isOwnSpan(span))).toBe(false);
  });

  it('turns AI SDK telemetry off for judge calls when tracing cannot be suppressed (no context manager)', async () => {
    await llmJudge({ model: mockJudge((call) => verdictFor(call.criterionNames, 4)), criteria, cache: false, rateLimiter: new RateLimiter() }).evaluate({ response: 'x', criteria: [] }, []);
    await nlpAccuracy({ model: mockEmbedder(), cache: createJudgeCache(), rateLimiter: new RateLimiter() }).evaluate({ response: 'a', groundTruth: 'b', criteria: [] }, []);
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    await generateText({ model: mockJudge(() => 'hello'), prompt: 'hi' });
    expect(exporter.getFinishedSpans().length).toBeGreaterThan(0);
  });

  it('with traceJudgeCalls, marks every span of a judge call so the processor treats them as its own', async () => {
    const judge = llmJudge({ model: mockJudge((call) => verdictFor(call.criterionNames, 4)), criteria, cache: false, rateLimiter: new RateLimiter(), traceJudgeCalls: true });
    await judge.evaluate({ response: 'x', criteria: [] }, []);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name).sort()).toEqual(['chat judge-1', 'invoke_agent judge-1', 'step 1']);
    for (const span of spans) {
      expect(span.attributes['otel_evals.judge']).toBe(true);
      expect(isOwnSpan(span)).toBe(true);
      expect(isJudgeSpanAttributes(span.attributes)).toBe(true);
    }
    expect(spans.find((span) => span.name.startsWith('invoke_agent'))?.attributes['gen_ai.agent.name']).toBe('otel-evals.judge');
  });
});
