import { describe, expect, it } from 'vitest';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { OpenAIInstrumentation } from '@arizeai/openinference-instrumentation-openai';
import { traceAgent, traceTool } from '@arizeai/openinference-core';
import { buildEvaluationInput, classifySpan, extractSpan } from '../../src/extract/index.ts';
import { captureSpans } from '../helpers/capture-spans.ts';
import { expectWeatherLoopExtraction, useInstrumentedOpenAI } from '../helpers/instrumented-openai.ts';
import { OPENAI_WEATHER, fakeOpenAIClient, runOpenAIWeatherAgent } from '../helpers/openai-server.ts';
import { fixtureSpan, withAttributes } from '../fixtures/extract/span.ts';

const criteria = [{ name: 'answered', description: 'Answered the question', scale: 'binary' }];
const instrumentation = new OpenAIInstrumentation();
const server = useInstrumentedOpenAI(instrumentation);

/** An AGENT span (traceAgent) around the loop, a TOOL span (traceTool) per tool run, LLM spans from the instrumentation. */
async function agentSpans(): Promise<ReadableSpan[]> {
  return captureSpans(async (tracerProvider) => {
    instrumentation.setTracerProvider(tracerProvider);
    const tracer = tracerProvider.getTracer('weather-app');
    const getWeather = traceTool(async (args: { city: string }) => ({ ...OPENAI_WEATHER.weather, city: args.city }), { name: 'get_weather', tracer });
    const agent = traceAgent(async (question: string) => (question ? runOpenAIWeatherAgent(fakeOpenAIClient(server()), getWeather) : ''), {
      name: 'weather-agent',
      tracer,
    });
    await agent(OPENAI_WEATHER.question);
  });
}

describe('OpenInference dialect, @arizeai/openinference-instrumentation-openai 4.2 against a local OpenAI server', () => {
  it('classifies LLM, TOOL and AGENT spans', async () => {
    const spans = await agentSpans();
    expect(spans.map((span) => [span.name, classifySpan(span)?.role, classifySpan(span)?.operation])).toEqual([
      ['OpenAI Chat Completions', 'llm', 'chat'],
      ['get_weather', 'tool', 'execute_tool'],
      ['OpenAI Chat Completions', 'llm', 'chat'],
      ['weather-agent', 'agent', 'invoke_agent'],
    ]);
    expect(classifySpan(spans[0]!)).toMatchObject({ dialect: 'openinference', model: OPENAI_WEATHER.model, provider: 'openai', nativeOperation: 'LLM' });
    expect(classifySpan(spans[3]!)?.agentName).toBe('weather-agent');
    expect(classifySpan(spans[1]!)?.toolName).toBe('get_weather');
  });

  it('reads indexed input and output messages with tool calls', async () => {
    const spans = await agentSpans();
    expectWeatherLoopExtraction(extractSpan(spans[0]!), extractSpan(spans[2]!));
  });

  it('falls back to input.value / output.value when indexed messages are absent', async () => {
    const llm = (await agentSpans())[2]!;
    const stripped: Record<string, undefined> = {};
    for (const key of Object.keys(llm.attributes)) if (key.startsWith('llm.input_messages') || key.startsWith('llm.output_messages')) stripped[key] = undefined;
    const extracted = extractSpan(withAttributes(llm, stripped));
    expect(extracted?.prompt).toBe(OPENAI_WEATHER.question);
    expect(extracted?.response).toBe(OPENAI_WEATHER.answer);
    expect(extracted?.messages?.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
  });

  it('assembles the AGENT run: tool span without id joined by name', async () => {
    const spans = await agentSpans();
    const root = extractSpan(spans[3]!)!;
    expect(root).toMatchObject({ prompt: OPENAI_WEATHER.question, response: OPENAI_WEATHER.answer });
    const input = buildEvaluationInput(root, spans.slice(0, 3).map((s) => extractSpan(s)!), criteria);
    expect(input.toolCalls).toEqual([
      { id: OPENAI_WEATHER.toolCallId, name: 'get_weather', arguments: OPENAI_WEATHER.arguments, result: OPENAI_WEATHER.weather },
    ]);
    expect(input.messageHistory?.length).toBe(5);
    expect(input.context).toMatchObject({ systemInstructions: OPENAI_WEATHER.system, model: OPENAI_WEATHER.model, usage: { inputTokens: 130, outputTokens: 27 } });
  });

  it('reads CHAIN spans and JSON agent input with a session id', () => {
    const chain = fixtureSpan({
      name: 'plan',
      attributes: {
        'openinference.span.kind': 'CHAIN',
        'input.value': JSON.stringify({ messages: [{ role: 'user', content: 'Plan a trip' }] }),
        'input.mime_type': 'application/json',
        'output.value': JSON.stringify({ answer: 'Go to Paris' }),
        'session.id': 's-1',
      },
    });
    expect(classifySpan(chain)?.role).toBe('chain');
    expect(extractSpan(chain)).toMatchObject({ prompt: 'Plan a trip', response: 'Go to Paris', conversationId: 's-1' });
  });
});
