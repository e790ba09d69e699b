import { describe, expect, it } from 'vitest';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { buildEvaluationInput, classifySpan, extractSpan } from '../../src/extract/index.ts';
import type { ExtractedSpan } from '../../src/extract/types.ts';
import { captureSpans } from '../helpers/capture-spans.ts';
import { WEATHER_AGENT, runWeatherAgent } from '../helpers/ai-sdk-agent.ts';
import { withAttributes } from '../fixtures/extract/span.ts';

const criteria = [{ name: 'helpfulness', description: 'Is it helpful?', scale: 'binary' }];

async function agentSpans(stream = false): Promise<ReadableSpan[]> {
  return captureSpans((tracerProvider) => runWeatherAgent({ tracerProvider, integration: 'genai', stream }));
}

function byName(spans: readonly ReadableSpan[], prefix: string): ReadableSpan[] {
  return spans.filter((span) => span.name.startsWith(prefix));
}

function extractAll(spans: readonly ReadableSpan[]): ExtractedSpan[] {
  return spans.map((span) => extractSpan(span)).filter((span) => span !== undefined);
}

describe('GenAI dialect (AI SDK 7 + @ai-sdk/otel OpenTelemetry)', () => {
  it('classifies invoke_agent, agent_step, chat and execute_tool spans', async () => {
    const spans = await agentSpans();
    const classes = spans.map((span) => [span.name, classifySpan(span)?.role, classifySpan(span)?.dialect]);
    expect(classes).toEqual([
      ['chat mock-weather-model', 'llm', 'genai'],
      ['execute_tool get_weather', 'tool', 'genai'],
      ['step 1', 'step', 'genai'],
      ['chat mock-weather-model', 'llm', 'genai'],
      ['step 2', 'step', 'genai'],
      ['invoke_agent mock-weather-model', 'agent', 'genai'],
    ]);
    const root = classifySpan(byName(spans, 'invoke_agent')[0]!);
    expect(root).toEqual({
      dialect: 'genai',
      role: 'agent',
      operation: 'invoke_agent',
      agentName: WEATHER_AGENT.functionId,
      model: WEATHER_AGENT.modelId,
      provider: 'openai',
    });
    expect(classifySpan(byName(spans, 'execute_tool')[0]!)?.toolName).toBe('get_weather');
  });

  it('reads a chat span: prompt, tool call request, tool definitions, usage, response id', async () => {
    const [first, second] = byName(await agentSpans(), 'chat');
    const step1 = extractSpan(first!);
    expect(step1).toMatchObject({
      prompt: WEATHER_AGENT.question,
      systemInstructions: WEATHER_AGENT.system,
      toolCalls: [{ id: 'call-1', name: 'get_weather', arguments: { city: 'Paris' } }],
      usage: { inputTokens: 50, outputTokens: 12 },
      responseId: 'resp-1',
    });
    expect(step1?.response).toBeUndefined();
    expect(step1?.toolDefinitions).toEqual([expect.objectContaining({ name: 'get_weather', type: 'function' })]);
    expect(step1?.warnings).toBeUndefined();
    const step2 = extractSpan(second!);
    expect(step2?.response).toBe(WEATHER_AGENT.answer);
    expect(step2?.messages?.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(step2?.messages?.[2]?.content).toEqual([
      { type: 'tool-result', toolCallId: 'call-1', toolName: 'get_weather', output: WEATHER_AGENT.weather },
    ]);
  });

  it('reads an execute_tool span: id, name, parsed arguments and result', async () => {
    const tool = extractSpan(byName(await agentSpans(), 'execute_tool')[0]!);
    expect(tool?.toolCalls).toEqual([{ id: 'call-1', name: 'get_weather', arguments: { city: 'Paris' }, result: WEATHER_AGENT.weather }]);
  });

  it('reads structured tool arguments and results, and plain-text results as text', async () => {
    const tool = byName(await agentSpans(), 'execute_tool')[0]!;
    const structured = extractSpan(withAttributes(tool, { 'gen_ai.tool.call.arguments': { city: 'Oslo' }, 'gen_ai.tool.call.result': 'sunny' }));
    expect(structured?.toolCalls).toEqual([{ id: 'call-1', name: 'get_weather', arguments: { city: 'Oslo' }, result: 'sunny' }]);
    expect(structured?.warnings).toBeUndefined();
  });

  for (const stream of [false, true]) {
    it(`assembles the agent run into one EvaluationInput (${stream ? 'streamText' : 'generateText'})`, async () => {
      const spans = await agentSpans(stream);
      const root = extractSpan(byName(spans, 'invoke_agent')[0]!)!;
      const input = buildEvaluationInput(root, extractAll(spans.filter((s) => s !== spans.at(-1))), criteria);
      expect(input.prompt).toBe(WEATHER_AGENT.question);
      expect(input.response).toBe(WEATHER_AGENT.answer);
      expect(input.criteria).toBe(criteria);
      expect(input.toolCalls).toEqual([{ id: 'call-1', name: 'get_weather', arguments: { city: 'Paris' }, result: WEATHER_AGENT.weather }]);
      expect(input.messageHistory?.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.map((p) => p.type)))).toEqual([
        'text',
        'tool-call',
        'tool-result',
        'text',
      ]);
      expect(input.context).toMatchObject({
        systemInstructions: WEATHER_AGENT.system,
        model: WEATHER_AGENT.modelId,
        provider: 'openai',
        agentName: WEATHER_AGENT.functionId,
        usage: { inputTokens: 130, outputTokens: 27 },
      });
      expect(input.context?.['llmCalls']).toEqual([
        expect.objectContaining({ model: WEATHER_AGENT.modelId, prompt: WEATHER_AGENT.question, usage: { inputTokens: 50, outputTokens: 12 } }),
        expect.objectContaining({ response: WEATHER_AGENT.answer, responseId: 'resp-2' }),
      ]);
      expect(input.source).toEqual({
        traceId: root.traceId,
        spanId: root.spanId,
        spanName: 'invoke_agent mock-weather-model',
        responseId: 'resp-2',
        operation: 'invoke_agent',
      });
    });
  }

  it('takes the response from the last LLM descendant when the root has no output messages', async () => {
    const spans = await agentSpans();
    const rootSpan = withAttributes(byName(spans, 'invoke_agent')[0]!, { 'gen_ai.output.messages': undefined });
    const root = extractSpan(rootSpan)!;
    expect(root.response).toBeUndefined();
    const input = buildEvaluationInput(root, extractAll(spans.slice(0, -1)), criteria);
    expect(input.response).toBe(WEATHER_AGENT.answer);
    expect(input.toolCalls?.[0]?.result).toEqual(WEATHER_AGENT.weather);
  });

  it('reads structured (AnyValue) message attributes and the `result` spelling of tool responses', async () => {
    const chat = byName(await agentSpans(), 'chat')[1]!;
    const structured: Record<string, unknown> = {};
    for (const key of ['gen_ai.input.messages', 'gen_ai.output.messages', 'gen_ai.system_instructions', 'gen_ai.tool.definitions']) {
      structured[key] = JSON.parse(chat.attributes[key] as string) as unknown;
    }
    const messages = structured['gen_ai.input.messages'] as Array<{ parts: Array<Record<string, unknown>> }>;
    const response = messages[2]!.parts[0]!;
    response['result'] = response['response'];
    delete response['response'];
    const extracted = extractSpan(withAttributes(chat, structured));
    expect(extracted?.response).toBe(WEATHER_AGENT.answer);
    expect(extracted?.systemInstructions).toBe(WEATHER_AGENT.system);
    expect(extracted?.messages?.[2]?.content).toEqual([
      { type: 'tool-result', toolCallId: 'call-1', toolName: 'get_weather', output: WEATHER_AGENT.weather },
    ]);
    expect(extracted?.warnings).toBeUndefined();
  });

  it('reads the conversation id and a failed tool execution', async () => {
    const spans = await agentSpans();
    const root = extractSpan(withAttributes(byName(spans, 'invoke_agent')[0]!, { 'gen_ai.conversation.id': 'conv-7' }))!;
    expect(root.conversationId).toBe('conv-7');
    const failed = { ...withAttributes(byName(spans, 'execute_tool')[0]!, { 'gen_ai.tool.call.result': undefined }), status: { code: 2, message: 'city not found' } };
    const input = buildEvaluationInput(root, extractAll(spans.slice(0, -1)).map((s) => (s.role === 'tool' ? extractSpan(failed)! : s)), criteria);
    expect(input.sessionId).toBe('conv-7');
    expect(input.toolCalls?.[0]).toMatchObject({ id: 'call-1', error: 'city not found' });
  });
});
