import { beforeAll, describe, expect, it } from 'vitest';
import { buildEvaluationInput, classifySpan, extractSpan } from '../../src/extract/index.ts';
import type { ExtractedSpan, SpanLike } from '../../src/extract/types.ts';
import { OPENAI_WEATHER } from '../helpers/openai-server.ts';
import { SDK_RUN } from '../helpers/traceloop-sdk-capture.ts';
import { runTraceloopSdk } from '../helpers/traceloop-sdk.ts';

const criteria = [{ name: 'answered', description: 'Answered the question', scale: 'binary' }];
const toolResult = { ...OPENAI_WEATHER.weather, summary: '18°C, cloudy' };
let run: Awaited<ReturnType<typeof runTraceloopSdk>>;

beforeAll(async () => {
  run = await runTraceloopSdk();
}, 60_000);

function spanNamed(name: string): SpanLike {
  const span = run.spans.find((s) => s.name === name);
  if (span === undefined) throw new Error(`no span ${name} among ${run.spans.map((s) => s.name).join(', ')}`);
  return span;
}

/** The extracted spans under `root` (transitively), as the processor hands them to buildEvaluationInput. */
function descendantsOf(root: SpanLike): ExtractedSpan[] {
  const ids = new Set([root.spanContext().spanId]);
  const found: SpanLike[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (const span of run.spans) {
      const parent = span.parentSpanContext?.spanId;
      if (parent !== undefined && ids.has(parent) && !ids.has(span.spanContext().spanId)) {
        ids.add(span.spanContext().spanId);
        found.push(span);
        grew = true;
      }
    }
  }
  return found.map((span) => extractSpan(span)!);
}

describe('OpenLLMetry decorator spans of @traceloop/node-server-sdk 0.27 (initialize, withWorkflow/withAgent/withTool/withTask)', () => {
  it('ran offline: the only connections went to the local OpenAI server', () => {
    expect(run.answer).toBe(OPENAI_WEATHER.answer);
    expect(run.connections.length).toBeGreaterThan(0);
    expect(new Set(run.connections)).toEqual(new Set(['127.0.0.1']));
  });

  it('produced one workflow > agent > (chat, tool > task, chat) trace', () => {
    const names = run.spans.map((s) => `${s.instrumentationScope?.name} ${s.name}`).sort();
    expect(names).toEqual(
      [
        '@traceloop/node-server-sdk weather-assistant.workflow',
        '@traceloop/node-server-sdk weather-agent.agent',
        '@traceloop/node-server-sdk get_weather.tool',
        '@traceloop/node-server-sdk format_weather.task',
        `@traceloop/instrumentation-openai chat ${OPENAI_WEATHER.model}`,
        `@traceloop/instrumentation-openai chat ${OPENAI_WEATHER.model}`,
      ].sort(),
    );
    expect(spanNamed('weather-agent.agent').parentSpanContext?.spanId).toBe(spanNamed('weather-assistant.workflow').spanContext().spanId);
    expect(spanNamed('format_weather.task').parentSpanContext?.spanId).toBe(spanNamed('get_weather.tool').spanContext().spanId);
  });

  it('classifies each decorator span by traceloop.span.kind', () => {
    expect(classifySpan(spanNamed('weather-assistant.workflow'))).toEqual({
      dialect: 'openllmetry',
      role: 'agent',
      operation: 'invoke_workflow',
      nativeOperation: 'workflow',
      agentName: SDK_RUN.workflow,
    });
    expect(classifySpan(spanNamed('weather-agent.agent'))).toEqual({
      dialect: 'openllmetry',
      role: 'agent',
      operation: 'invoke_agent',
      nativeOperation: 'agent',
      agentName: SDK_RUN.agent,
    });
    expect(classifySpan(spanNamed('get_weather.tool'))).toEqual({
      dialect: 'openllmetry',
      role: 'tool',
      operation: 'execute_tool',
      nativeOperation: 'tool',
      agentName: SDK_RUN.agent,
      toolName: SDK_RUN.tool,
    });
    expect(classifySpan(spanNamed('format_weather.task'))).toEqual({
      dialect: 'openllmetry',
      role: 'chain',
      operation: 'task',
      nativeOperation: 'task',
      agentName: SDK_RUN.agent,
    });
  });

  it('reads the agent and session the SDK copies onto the chat spans of @traceloop/instrumentation-openai', () => {
    const chat = run.spans.find((s) => s.name === `chat ${OPENAI_WEATHER.model}`)!;
    expect(classifySpan(chat)).toEqual({
      dialect: 'openllmetry',
      role: 'llm',
      operation: 'chat',
      agentName: SDK_RUN.agent,
      model: OPENAI_WEATHER.model,
      provider: 'openai',
    });
    expect(extractSpan(chat)).toMatchObject({ conversationId: SDK_RUN.sessionId, prompt: OPENAI_WEATHER.question });
  });

  it('reads traceloop.entity.input and .output: the tool call, the task, the workflow prompt and answer', () => {
    expect(extractSpan(spanNamed('get_weather.tool'))?.toolCalls).toEqual([{ name: SDK_RUN.tool, arguments: OPENAI_WEATHER.arguments, result: toolResult }]);
    expect(extractSpan(spanNamed('format_weather.task'))).toMatchObject({ role: 'chain', prompt: '[18,"cloudy"]', response: '18°C, cloudy' });
    expect(extractSpan(spanNamed('weather-assistant.workflow'))).toMatchObject({
      prompt: OPENAI_WEATHER.question,
      response: OPENAI_WEATHER.answer,
      conversationId: SDK_RUN.sessionId,
    });
    const agent = extractSpan(spanNamed('weather-agent.agent'));
    expect(agent).toMatchObject({ response: OPENAI_WEATHER.answer, conversationId: SDK_RUN.sessionId });
    expect(agent?.prompt).toBeUndefined();
  });

  it('builds the workflow evaluation input: the tool span joined to the call the model requested', () => {
    const root = spanNamed('weather-assistant.workflow');
    const input = buildEvaluationInput(extractSpan(root)!, descendantsOf(root), criteria);
    expect(input).toMatchObject({ prompt: OPENAI_WEATHER.question, response: OPENAI_WEATHER.answer, sessionId: SDK_RUN.sessionId });
    expect(input.toolCalls).toEqual([{ id: OPENAI_WEATHER.toolCallId, name: SDK_RUN.tool, arguments: OPENAI_WEATHER.arguments, result: toolResult }]);
    expect(input.context).toMatchObject({ model: OPENAI_WEATHER.model, usage: { inputTokens: 130, outputTokens: 27 } });
  });

  it('builds the agent evaluation input: the prompt comes from its chat calls when the agent took no argument', () => {
    const root = spanNamed('weather-agent.agent');
    const input = buildEvaluationInput(extractSpan(root)!, descendantsOf(root), criteria);
    expect(input).toMatchObject({ prompt: OPENAI_WEATHER.question, response: OPENAI_WEATHER.answer });
    expect(input.toolCalls).toEqual([{ id: OPENAI_WEATHER.toolCallId, name: SDK_RUN.tool, arguments: OPENAI_WEATHER.arguments, result: toolResult }]);
  });
});
