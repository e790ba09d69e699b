/** Agent-level evaluation through the processor: nested agents, evictions, TTL and unknown shapes. */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ROOT_CONTEXT, trace } from '@opentelemetry/api';
import type { Span, Tracer } from '@opentelemetry/api';
import { mockEvaluator } from '../../src/testing/index.ts';
import { runWeatherAgent } from '../helpers/ai-sdk-agent.ts';
import { setup } from './helpers.ts';

const criteria = [{ name: 'x', description: 'x', scale: 'binary' }];
const result = [{ criterionName: 'x', score: true, evaluatorType: 'Mock' }];
const OUTPUT = (text: string) => JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: text }] }]);

function child(tracer: Tracer, parent: Span, name: string, attributes: Record<string, string>): Span {
  return tracer.startSpan(name, { attributes }, trace.setSpan(ROOT_CONTEXT, parent));
}

describe('agent-level evaluation', () => {
  it('gives an outer agent the spans of its inner agent too', async () => {
    const seen = mockEvaluator({ criterionNames: ['x'], results: result });
    const { processor, provider } = setup({ rules: [{ name: 'agents', match: { role: 'agent' }, criteria, evaluators: [seen] }] });
    const tracer = provider.getTracer('app');
    const outer = tracer.startSpan('invoke_agent outer', { attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'outer' } });
    const inner = child(tracer, outer, 'invoke_agent inner', { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'inner' });
    child(tracer, inner, 'chat m', { 'gen_ai.operation.name': 'chat', 'gen_ai.output.messages': OUTPUT('inner answer') }).end();
    inner.setAttribute('gen_ai.output.messages', OUTPUT('inner answer'));
    inner.end();
    child(tracer, outer, 'chat m', { 'gen_ai.operation.name': 'chat', 'gen_ai.output.messages': OUTPUT('outer answer') }).end();
    outer.setAttribute('gen_ai.output.messages', OUTPUT('outer answer'));
    outer.end();
    await processor.forceFlush();
    const byAgent = new Map(seen.calls.map((call) => [call.input.context?.agentName, call.input]));
    expect(byAgent.get('inner')?.context?.llmCalls).toHaveLength(1);
    expect(byAgent.get('outer')?.context?.llmCalls).toHaveLength(2);
  });

  it('counts spans beyond the per-trace limit as evicted', async () => {
    const seen = mockEvaluator({ criterionNames: ['x'], results: result });
    const { processor, provider, emitter } = setup({
      traceBuffer: { maxSpansPerTrace: 2 },
      rules: [{ name: 'agents', match: { operation: 'invoke_agent' }, criteria, evaluators: [seen] }],
    });
    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();
    // 2 chat + 1 tool + 2 step spans under the agent; 2 kept, 3 dropped and counted
    expect(emitter.dropped.buffer_evicted).toBe(3);
    expect(seen.calls[0]!.input.context?.llmCalls).toHaveLength(1);
  });

  it('counts spans of a trace buffered longer than the TTL as evicted', async () => {
    const seen = mockEvaluator({ criterionNames: ['x'], results: result });
    const { processor, provider, emitter } = setup({
      traceBuffer: { traceTtlMillis: 50 },
      rules: [{ name: 'agents', match: { operation: 'invoke_agent' }, criteria, evaluators: [seen] }],
    });
    const tracer = provider.getTracer('app');
    const agent = tracer.startSpan('invoke_agent a', { attributes: { 'gen_ai.operation.name': 'invoke_agent' } });
    child(tracer, agent, 'chat m', { 'gen_ai.operation.name': 'chat' }).end();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(emitter.dropped.buffer_evicted).toBeUndefined();
    child(tracer, agent, 'chat m', { 'gen_ai.operation.name': 'chat' }).end();
    expect(emitter.dropped.buffer_evicted).toBe(1);
    agent.end();
    await processor.shutdown();
  });

  it('frees a trace whose agent never ends once the TTL passes, even when no span follows', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const seen = mockEvaluator({ criterionNames: ['x'], results: result });
    const { processor, provider, emitter } = setup({
      traceBuffer: { traceTtlMillis: 4000 },
      rules: [{ name: 'agents', match: { operation: 'invoke_agent' }, criteria, evaluators: [seen] }],
    });
    const tracer = provider.getTracer('app');
    const agent = tracer.startSpan('invoke_agent a', { attributes: { 'gen_ai.operation.name': 'invoke_agent' } });
    for (let i = 0; i < 3; i++) child(tracer, agent, 'chat m', { 'gen_ai.operation.name': 'chat' }).end();
    // Traffic stops. The sweeper runs every 1000 ms (a quarter of the TTL): nothing has expired before 4000 ms.
    vi.advanceTimersByTime(3999);
    expect(emitter.dropped.buffer_evicted).toBeUndefined();
    vi.advanceTimersByTime(1001);
    expect(emitter.dropped.buffer_evicted).toBe(3);
    // The buffer is empty, so its timer stopped.
    expect(vi.getTimerCount()).toBe(0);
    agent.end();
    await processor.shutdown();
  });

  it('buffers nothing once shut down', async () => {
    const seen = mockEvaluator({ criterionNames: ['x'], results: result });
    const { processor, provider } = setup({ rules: [{ name: 'agents', match: { operation: 'invoke_agent' }, criteria, evaluators: [seen] }] });
    await processor.shutdown();
    const tracer = provider.getTracer('app');
    const agent = tracer.startSpan('invoke_agent a', { attributes: { 'gen_ai.operation.name': 'invoke_agent' } });
    child(tracer, agent, 'chat m', { 'gen_ai.operation.name': 'chat' }).end();
    expect((processor as unknown as { buffer: { traceCount: number } }).buffer.traceCount).toBe(0);
    agent.end();
  });

  it('does not buffer when no rule may select agents', async () => {
    const seen = mockEvaluator({ criterionNames: ['x'], results: result });
    const { processor, provider } = setup({ rules: [{ name: 'chats', match: { operation: 'chat' }, criteria, evaluators: [seen] }] });
    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();
    expect((processor as unknown as { buffer: unknown }).buffer).toBeUndefined();
    expect(seen.calls).toHaveLength(2);
  });

  it('counts a span matched by name but of unknown shape as skipped, not as an error', async () => {
    const seen = mockEvaluator({ criterionNames: ['x'], results: result });
    const { processor, provider, emitter } = setup({ rules: [{ name: 'custom', match: { spanName: 'my-llm-call' }, criteria, evaluators: [seen] }] });
    provider.getTracer('app').startSpan('my-llm-call', { attributes: { prompt: 'hi' } }).end();
    await processor.forceFlush();
    expect(seen.calls).toHaveLength(0);
    expect(emitter.skipped.unknown_shape).toBe(1);
    expect(emitter.errors).toEqual({});
  });

  it('cuts an evaluator at evaluationTimeoutMillis and emits its error result', async () => {
    const stuck = mockEvaluator({ type: 'Stuck', criterionNames: ['x'], results: () => new Promise(() => {}) });
    const { processor, provider, emitter } = setup({
      evaluationTimeoutMillis: 30,
      rules: [{ name: 'chats', match: { operation: 'chat' }, criteria, evaluators: [stuck] }],
    });
    provider.getTracer('app').startSpan('chat m', { attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.output.messages': OUTPUT('hi') } }).end();
    await processor.forceFlush();
    expect(emitter.records).toHaveLength(1);
    expect(emitter.records[0]!.results[0]).toMatchObject({ criterionName: 'x', label: 'error', metadata: { errorType: 'timeout' } });
  });
});

describe('agent-level evaluation across dialects', () => {
  it('an OpenInference AGENT root gets its TOOL and LLM descendants', async () => {
    const seen = mockEvaluator({ criterionNames: ['x'], results: result });
    const { processor, provider } = setup({ rules: [{ name: 'agents', match: { role: 'agent', dialect: 'openinference' }, criteria, evaluators: [seen] }] });
    const tracer = provider.getTracer('openinference');
    const agent = tracer.startSpan('support-agent', { attributes: { 'openinference.span.kind': 'AGENT', 'input.value': 'Where is order 42?' } });
    child(tracer, agent, 'lookup_order', {
      'openinference.span.kind': 'TOOL',
      'tool.name': 'lookup_order',
      'input.value': '{"id":42}',
      'output.value': '{"status":"shipped"}',
    }).end();
    child(tracer, agent, 'ChatCompletion', {
      'openinference.span.kind': 'LLM',
      'llm.model_name': 'gpt-4o-mini',
      'llm.output_messages.0.message.role': 'assistant',
      'llm.output_messages.0.message.content': 'Order 42 has shipped.',
    }).end();
    agent.setAttribute('output.value', 'Order 42 has shipped.');
    agent.end();
    await processor.forceFlush();
    expect(seen.calls).toHaveLength(1);
    const input = seen.calls[0]!.input;
    expect(input.response).toBe('Order 42 has shipped.');
    expect(input.toolCalls).toEqual([expect.objectContaining({ name: 'lookup_order', arguments: { id: 42 }, result: { status: 'shipped' } })]);
  });
});
