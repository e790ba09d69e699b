import { describe, expect, it } from 'vitest';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { OpenAIInstrumentation } from '@traceloop/instrumentation-openai';
import { classifySpan, extractSpan } from '../../src/extract/index.ts';
import { captureSpans } from '../helpers/capture-spans.ts';
import { expectWeatherLoopExtraction, useInstrumentedOpenAI } from '../helpers/instrumented-openai.ts';
import { OPENAI_WEATHER, fakeOpenAIClient, runOpenAIWeatherAgent } from '../helpers/openai-server.ts';
import { indexedChatSpans } from '../fixtures/extract/openllmetry-legacy.ts';

const instrumentation = new OpenAIInstrumentation();
const server = useInstrumentedOpenAI(instrumentation);

/** The chat spans of the two-turn agent loop (decorator spans: openllmetry-sdk.test.ts, from the real SDK). */
async function chatSpans(): Promise<ReadableSpan[]> {
  return captureSpans(async (tracerProvider) => {
    instrumentation.setTracerProvider(tracerProvider);
    await runOpenAIWeatherAgent(fakeOpenAIClient(server()));
  });
}

describe('OpenLLMetry dialect, @traceloop/instrumentation-openai 0.27 against a local OpenAI server', () => {
  it('classifies the chat spans as OpenLLMetry LLM spans by their scope', async () => {
    const chats = (await chatSpans()).filter((span) => span.name === `chat ${OPENAI_WEATHER.model}`);
    expect(chats).toHaveLength(2);
    expect(chats[0]!.instrumentationScope.name).toBe('@traceloop/instrumentation-openai');
    expect(classifySpan(chats[0]!)).toEqual({
      dialect: 'openllmetry',
      role: 'llm',
      operation: 'chat',
      model: OPENAI_WEATHER.model,
      provider: 'openai',
    });
  });

  it('reads prompts, system messages, tool calls, tool definitions and usage', async () => {
    const chats = (await chatSpans()).filter((span) => span.name.startsWith('chat '));
    expectWeatherLoopExtraction(extractSpan(chats[0]!), extractSpan(chats[1]!));
  });
});

describe('OpenLLMetry <= 0.22 indexed attributes (hand-written fixture)', () => {
  it('classifies by llm.request.type and gen_ai.prompt.0.role', () => {
    const [first] = indexedChatSpans();
    expect(classifySpan(first!)).toEqual({
      dialect: 'openllmetry',
      role: 'llm',
      operation: 'chat',
      nativeOperation: 'chat',
      model: 'gpt-4o-mini',
      provider: 'OpenAI',
    });
  });

  it('reads indexed prompts, completions, tool calls and functions', () => {
    const [first, second] = indexedChatSpans().map((span) => extractSpan(span)!);
    expect(first).toMatchObject({
      prompt: 'What is the weather in Paris?',
      systemInstructions: 'You are a weather assistant.',
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
      usage: { inputTokens: 50, outputTokens: 12 },
      responseId: 'chatcmpl-1',
      toolDefinitions: [{ name: 'get_weather', description: 'Get the current weather for a city', parameters: expect.any(Object) }],
    });
    expect(first?.response).toBeUndefined();
    expect(second?.response).toBe('It is 18°C in Paris.');
    expect(second?.messages?.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
  });
});
