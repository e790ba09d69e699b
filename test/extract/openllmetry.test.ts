import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import OpenAI from 'openai';
import { OpenAIInstrumentation } from '@traceloop/instrumentation-openai';
import { buildEvaluationInput, classifySpan, extractSpan } from '../../src/extract/index.ts';
import { captureSpans } from '../helpers/capture-spans.ts';
import { OPENAI_WEATHER, fakeOpenAIClient, runOpenAIWeatherAgent, startFakeOpenAI } from '../helpers/openai-server.ts';
import type { FakeOpenAIServer } from '../helpers/openai-server.ts';
import { decoratorSpans, indexedChatSpans } from '../fixtures/extract/openllmetry-legacy.ts';

const criteria = [{ name: 'answered', description: 'Answered the question', scale: 'binary' }];
const instrumentation = new OpenAIInstrumentation();
let server: FakeOpenAIServer;
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(async () => {
  context.setGlobalContextManager(contextManager.enable());
  instrumentation.manuallyInstrument(OpenAI);
  server = await startFakeOpenAI();
});

afterAll(async () => {
  await server.close();
  context.disable();
});

/** The agent loop inside a workflow span carrying the decorator attributes, as @traceloop/node-server-sdk writes them. */
async function workflowSpans(): Promise<ReadableSpan[]> {
  return captureSpans(async (tracerProvider) => {
    instrumentation.setTracerProvider(tracerProvider);
    const tracer = tracerProvider.getTracer('weather-app');
    await tracer.startActiveSpan('weather-agent.workflow', async (root) => {
      root.setAttributes({ 'traceloop.span.kind': 'workflow', 'traceloop.entity.name': 'weather-agent', 'traceloop.workflow.name': 'weather-agent' });
      const answer = await runOpenAIWeatherAgent(fakeOpenAIClient(server), async (args) =>
        tracer.startActiveSpan('get_weather.tool', (span) => {
          span.setAttributes({
            'traceloop.span.kind': 'tool',
            'traceloop.entity.name': 'get_weather',
            'traceloop.entity.input': JSON.stringify({ args: [args], kwargs: {} }),
            'traceloop.entity.output': JSON.stringify(OPENAI_WEATHER.weather),
          });
          span.end();
          return OPENAI_WEATHER.weather;
        }),
      );
      root.setAttribute('traceloop.entity.output', JSON.stringify(answer));
      root.end();
    });
  });
}

describe('OpenLLMetry dialect, @traceloop/instrumentation-openai 0.27 against a local OpenAI server', () => {
  it('classifies the chat spans as OpenLLMetry LLM spans by their scope', async () => {
    const spans = await workflowSpans();
    const chats = spans.filter((span) => span.name === `chat ${OPENAI_WEATHER.model}`);
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
    const chats = (await workflowSpans()).filter((span) => span.name.startsWith('chat '));
    const first = extractSpan(chats[0]!);
    expect(first).toMatchObject({
      prompt: OPENAI_WEATHER.question,
      systemInstructions: OPENAI_WEATHER.system,
      toolCalls: [{ id: OPENAI_WEATHER.toolCallId, name: 'get_weather', arguments: OPENAI_WEATHER.arguments }],
      usage: { inputTokens: 50, outputTokens: 12 },
      responseId: expect.stringMatching(/^chatcmpl-\d+$/),
    });
    expect(first?.toolDefinitions).toEqual([expect.objectContaining({ type: 'function' })]);
    const second = extractSpan(chats[1]!);
    expect(second?.response).toBe(OPENAI_WEATHER.answer);
    expect(second?.messages?.[3]?.content).toEqual([
      { type: 'tool-result', toolCallId: OPENAI_WEATHER.toolCallId, toolName: 'get_weather', output: OPENAI_WEATHER.weather },
    ]);
  });

  it('assembles a workflow run: tool span joined to the requested call by name', async () => {
    const spans = await workflowSpans();
    const rootSpan = spans.find((span) => span.name === 'weather-agent.workflow')!;
    expect(trace.getSpanContext(context.active())).toBeUndefined();
    const root = extractSpan(rootSpan)!;
    expect(root).toMatchObject({ dialect: 'openllmetry', role: 'agent', operation: 'invoke_workflow', agentName: 'weather-agent' });
    const input = buildEvaluationInput(root, spans.filter((s) => s !== rootSpan).map((s) => extractSpan(s)!), criteria);
    expect(input.response).toBe(OPENAI_WEATHER.answer);
    expect(input.prompt).toBe(OPENAI_WEATHER.question);
    expect(input.toolCalls).toEqual([
      { id: OPENAI_WEATHER.toolCallId, name: 'get_weather', arguments: OPENAI_WEATHER.arguments, result: OPENAI_WEATHER.weather },
    ]);
    expect(input.context).toMatchObject({ model: OPENAI_WEATHER.model, usage: { inputTokens: 130, outputTokens: 27 } });
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

  it('assembles decorator workflow, tool and indexed chat spans', () => {
    const { workflow, tool } = decoratorSpans();
    const root = extractSpan(workflow)!;
    expect(root).toMatchObject({ role: 'agent', prompt: 'What is the weather in Paris?', response: 'It is 18°C in Paris.', conversationId: 'session-9' });
    const descendants = [...indexedChatSpans(), tool].map((span) => extractSpan(span)!);
    const input = buildEvaluationInput(root, descendants, criteria);
    expect(input.toolCalls).toEqual([{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' }, result: { city: 'Paris', temperatureC: 18 } }]);
    expect(input.sessionId).toBe('session-9');
    expect(input.source?.responseId).toBe('chatcmpl-2');
  });
});
