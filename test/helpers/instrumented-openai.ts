/**
 * Suite hooks for tests of OpenAI instrumentations: a context manager, the instrumentation patched onto the
 * `openai` client, and the fake OpenAI server. Kept apart from openai-server.ts, which child processes
 * import outside the test runner.
 */
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import OpenAI from 'openai';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ExtractedSpan } from '../../src/extract/types.ts';
import { OPENAI_WEATHER, startFakeOpenAI, type FakeOpenAIServer } from './openai-server.ts';

/** An instrumentation that can patch the `openai` module when it is imported as ESM. */
export interface ManualOpenAIInstrumentation {
  manuallyInstrument(module: typeof OpenAI): void;
}

/**
 * Registers the suite's hooks: an AsyncLocalStorage context manager, the instrumentation patched onto the
 * `openai` client, and a fake OpenAI server; returns a getter for the running server.
 */
export function useInstrumentedOpenAI(instrumentation: ManualOpenAIInstrumentation): () => FakeOpenAIServer {
  let server: FakeOpenAIServer | undefined;
  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    instrumentation.manuallyInstrument(OpenAI);
    server = await startFakeOpenAI();
  });
  afterAll(async () => {
    await server?.close();
    context.disable();
  });
  return () => {
    if (!server) throw new Error('the fake OpenAI server is not running (use the getter inside a test)');
    return server;
  };
}

/**
 * What every dialect must read from the two LLM calls of the weather loop, whichever instrumentation
 * recorded them: the tool-calling first call and the answering second call.
 */
export function expectWeatherLoopExtraction(first: ExtractedSpan | undefined, second: ExtractedSpan | undefined): void {
  expect(first).toMatchObject({
    prompt: OPENAI_WEATHER.question,
    systemInstructions: OPENAI_WEATHER.system,
    toolCalls: [{ id: OPENAI_WEATHER.toolCallId, name: 'get_weather', arguments: OPENAI_WEATHER.arguments }],
    usage: { inputTokens: 50, outputTokens: 12 },
    responseId: expect.stringMatching(/^chatcmpl-\d+$/),
  });
  expect(first?.toolDefinitions).toEqual([expect.objectContaining({ type: 'function' })]);
  expect(second?.response).toBe(OPENAI_WEATHER.answer);
  expect(second?.messages?.[3]?.content).toEqual([
    { type: 'tool-result', toolCallId: OPENAI_WEATHER.toolCallId, toolName: 'get_weather', output: OPENAI_WEATHER.weather },
  ]);
}
