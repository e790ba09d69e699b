import { describe, expect, it } from 'vitest';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { buildEvaluationInput, classifySpan, extractSpan } from '../../src/extract/index.ts';
import { captureSpans } from '../helpers/capture-spans.ts';
import { WEATHER_AGENT, runWeatherAgent, scriptedModel } from '../helpers/ai-sdk-agent.ts';
import { fixtureSpan, withAttributes } from '../fixtures/extract/span.ts';

const criteria = [{ name: 'correct', description: 'Correct answer', scale: 'pass/fail' }];

async function legacySpans(stream = false): Promise<ReadableSpan[]> {
  return captureSpans((tracerProvider) => runWeatherAgent({ tracerProvider, integration: 'legacy', stream }));
}

describe('AI SDK legacy dialect (LegacyOpenTelemetry in AI SDK 7)', () => {
  it('classifies the root, model calls and tool calls', async () => {
    const spans = await legacySpans();
    expect(spans.map((span) => [span.name, classifySpan(span)?.role, classifySpan(span)?.operation])).toEqual([
      ['ai.toolCall', 'tool', 'execute_tool'],
      ['ai.generateText.doGenerate', 'llm', 'chat'],
      ['ai.generateText.doGenerate', 'llm', 'chat'],
      ['ai.generateText', 'agent', 'invoke_agent'],
    ]);
    expect(classifySpan(spans[3]!)).toEqual({
      dialect: 'ai-sdk-legacy',
      role: 'agent',
      operation: 'invoke_agent',
      nativeOperation: 'ai.generateText',
      agentName: WEATHER_AGENT.functionId,
      model: WEATHER_AGENT.modelId,
      provider: WEATHER_AGENT.provider,
    });
    expect(classifySpan(spans[0]!)?.toolName).toBe('get_weather');
  });

  it('reads a doGenerate span: provider-format prompt, tool calls, tools, usage', async () => {
    const spans = await legacySpans();
    const step1 = extractSpan(spans[1]!);
    expect(step1).toMatchObject({
      prompt: WEATHER_AGENT.question,
      systemInstructions: WEATHER_AGENT.system,
      toolCalls: [{ id: 'call-1', name: 'get_weather', arguments: { city: 'Paris' } }],
      usage: { inputTokens: 50, outputTokens: 12 },
      responseId: 'resp-1',
      functionId: WEATHER_AGENT.functionId,
    });
    expect(step1?.toolDefinitions).toEqual([expect.objectContaining({ name: 'get_weather' })]);
    const step2 = extractSpan(spans[2]!);
    expect(step2?.response).toBe(WEATHER_AGENT.answer);
    expect(step2?.messages?.[3]?.content).toEqual([
      { type: 'tool-result', toolCallId: 'call-1', toolName: 'get_weather', output: WEATHER_AGENT.weather },
    ]);
  });

  it('reads an ai.toolCall span', async () => {
    const tool = extractSpan((await legacySpans())[0]!);
    expect(tool?.toolCalls).toEqual([{ id: 'call-1', name: 'get_weather', arguments: { city: 'Paris' }, result: WEATHER_AGENT.weather }]);
  });

  for (const stream of [false, true]) {
    it(`assembles the ${stream ? 'ai.streamText' : 'ai.generateText'} run`, async () => {
      const spans = await legacySpans(stream);
      const root = extractSpan(spans.at(-1)!)!;
      expect(root.role).toBe('agent');
      const descendants = spans.slice(0, -1).map((span) => extractSpan(span)!);
      const input = buildEvaluationInput(root, descendants, criteria);
      expect(input).toMatchObject({
        prompt: WEATHER_AGENT.question,
        response: WEATHER_AGENT.answer,
        toolCalls: [{ id: 'call-1', name: 'get_weather', arguments: { city: 'Paris' }, result: WEATHER_AGENT.weather }],
        source: { spanName: stream ? 'ai.streamText' : 'ai.generateText', responseId: 'resp-2', operation: 'invoke_agent' },
      });
      expect(input.context).toMatchObject({
        systemInstructions: WEATHER_AGENT.system,
        agentName: WEATHER_AGENT.functionId,
        usage: { inputTokens: 130, outputTokens: 27 },
      });
      expect((input.context?.['llmCalls'] as unknown[]).length).toBe(2);
      expect(input.messageHistory?.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    });
  }

  it('reads the generateObject root response from ai.response.object', async () => {
    const root = fixtureSpan({
      name: 'ai.generateObject',
      scope: 'ai',
      attributes: {
        'ai.operationId': 'ai.generateObject',
        'ai.prompt': JSON.stringify({ prompt: 'Give me a city' }),
        'ai.response.object': '{"city":"Paris"}',
        'ai.usage.promptTokens': 5,
        'ai.usage.completionTokens': 3,
        'ai.telemetry.metadata.conversationId': 'c-1',
      },
    });
    expect(extractSpan(root)).toMatchObject({
      role: 'agent',
      prompt: 'Give me a city',
      response: '{"city":"Paris"}',
      usage: { inputTokens: 5, outputTokens: 3 },
      conversationId: 'c-1',
    });
  });

  it('falls back to the span name under scope `ai` when ai.operationId is missing', async () => {
    const spans = await legacySpans();
    expect(classifySpan(withAttributes(spans[3]!, { 'ai.operationId': undefined }))?.role).toBe('agent');
  });

  it('keeps separate tool calls of a step with parallel calls', async () => {
    const model = scriptedModel([
      {
        toolCalls: [
          { toolCallId: 'a', toolName: 'get_weather', input: { city: 'Paris' } },
          { toolCallId: 'b', toolName: 'get_weather', input: { city: 'Oslo' } },
        ],
      },
      { text: 'Paris is cloudy, Oslo too.' },
    ]);
    const spans = await captureSpans((tracerProvider) => runWeatherAgent({ tracerProvider, integration: 'legacy', model }));
    const root = extractSpan(spans.at(-1)!)!;
    const input = buildEvaluationInput(root, spans.slice(0, -1).map((s) => extractSpan(s)!), criteria);
    expect(input.toolCalls?.map((c) => [c.id, c.arguments, (c.result as { city: string }).city])).toEqual([
      ['a', { city: 'Paris' }, 'Paris'],
      ['b', { city: 'Oslo' }, 'Oslo'],
    ]);
  });
});
