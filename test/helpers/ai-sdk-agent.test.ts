import { describe, expect, it } from 'vitest';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { WEATHER_AGENT, runWeatherAgent, scriptedModel } from './ai-sdk-agent.ts';

function setup() {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  return { exporter, tracerProvider };
}

describe('runWeatherAgent', () => {
  it('runs two steps with a get_weather call and emits gen_ai spans under scope gen_ai', async () => {
    const { exporter, tracerProvider } = setup();
    const run = await runWeatherAgent({ tracerProvider });
    expect(run).toEqual({
      text: WEATHER_AGENT.answer,
      steps: 2,
      toolCalls: [{ toolCallId: 'call-1', toolName: 'get_weather', input: { city: 'Paris' } }],
    });
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual([
      'chat mock-weather-model',
      'execute_tool get_weather',
      'step 1',
      'chat mock-weather-model',
      'step 2',
      'invoke_agent mock-weather-model',
    ]);
    expect(new Set(spans.map((s) => s.instrumentationScope.name))).toEqual(new Set(['gen_ai']));
  });

  it('emits legacy ai.* spans under scope ai, streaming included', async () => {
    const { exporter, tracerProvider } = setup();
    await runWeatherAgent({ tracerProvider, integration: 'legacy', stream: true, question: 'Weather in Oslo?' });
    const names = exporter.getFinishedSpans().map((s) => s.name);
    expect(names).toEqual(['ai.toolCall', 'ai.streamText.doStream', 'ai.streamText.doStream', 'ai.streamText']);
  });

  it('plays a custom script and records the model calls', async () => {
    const { tracerProvider } = setup();
    const model = scriptedModel([{ text: 'No tool needed.' }]);
    const run = await runWeatherAgent({ tracerProvider, model });
    expect(run.text).toBe('No tool needed.');
    expect(model.doGenerateCalls).toHaveLength(1);
  });
});
