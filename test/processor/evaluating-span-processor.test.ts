import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { TracerProvider } from '@opentelemetry/sdk-trace';
import { mockEvaluator } from '../../src/testing/index.ts';
import type { AggregatedEvaluationResult } from '../../src/core/types.ts';
import { runWeatherAgent, WEATHER_AGENT } from '../helpers/ai-sdk-agent.ts';
import { mentions, mentionsCriterion, setup } from './helpers.ts';

const paris = mentionsCriterion('Paris');

describe('EvaluatingSpanProcessor with a real AI SDK agent (sdk-trace 3.x)', () => {
  // As NodeSDK does: without a context manager no context (and so no suppression) propagates.
  beforeAll(() => void context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable()));
  afterAll(() => context.disable());

  it('evaluates the agent root inline, writes scores on it and emits the record with the whole run', async () => {
    const { processor, provider, emitter, spans } = setup({
      rules: [{ name: 'final-answer', match: { operation: 'invoke_agent' }, criteria: [paris], evaluators: [mentions('Paris')] }],
    });
    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();
    const [agent] = spans(/^invoke_agent/);
    expect(agent?.attributes['gen_ai.evaluation.mentions_paris.score.value']).toBe(1);
    expect(agent?.attributes['gen_ai.evaluation.mentions_paris.score.label']).toBe('pass');
    expect(agent?.attributes['gen_ai.evaluation.mentions_paris.passed']).toBe(true);
    expect(emitter.records).toHaveLength(1);
    const record = emitter.records[0]!;
    expect(record.target).toMatchObject({
      rule: 'final-answer',
      traceId: agent!.spanContext().traceId,
      spanId: agent!.spanContext().spanId,
      operation: 'invoke_agent',
      agentName: WEATHER_AGENT.functionId,
    });
    expect(record.results[0]).toMatchObject({ criterionName: 'mentions_paris', normalizedScore: 1, passed: true, label: 'pass' });
    expect(record.evaluators.map((e) => e.type)).toEqual(['Mentions']);
    // the chat and step spans were not evaluated by an agent rule
    expect(spans(/^chat/)[0]?.attributes['gen_ai.evaluation.mentions_paris.score.value']).toBeUndefined();
  });

  it('hands the agent its buffered descendants: tool calls with arguments and results', async () => {
    const seen = mockEvaluator({ criterionNames: ['ok'], results: [{ criterionName: 'ok', score: true, evaluatorType: 'Mock' }] });
    const { processor, provider } = setup({
      rules: [{ name: 'agent', match: { operation: 'invoke_agent' }, criteria: [{ name: 'ok', description: 'ok', scale: 'binary' }], evaluators: [seen] }],
    });
    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();
    expect(seen.calls).toHaveLength(1);
    const input = seen.calls[0]!.input;
    expect(input.response).toBe(WEATHER_AGENT.answer);
    expect(input.prompt).toBe(WEATHER_AGENT.question);
    expect(input.toolCalls).toEqual([
      expect.objectContaining({ name: 'get_weather', arguments: { city: 'Paris' }, result: expect.objectContaining({ temperatureC: 18 }) }),
    ]);
  });

  it('reads AI SDK legacy spans the same way (ai.generateText root)', async () => {
    const seen = mockEvaluator({ criterionNames: ['ok'], results: [{ criterionName: 'ok', score: true, evaluatorType: 'Mock' }] });
    const { processor, provider } = setup({
      rules: [{ name: 'agent', match: { operation: 'invoke_agent' }, criteria: [{ name: 'ok', description: 'ok', scale: 'binary' }], evaluators: [seen] }],
    });
    await runWeatherAgent({ tracerProvider: provider, integration: 'legacy' });
    await processor.forceFlush();
    expect(seen.calls).toHaveLength(1);
    expect(seen.calls[0]!.input.toolCalls?.[0]).toMatchObject({ name: 'get_weather', arguments: { city: 'Paris' } });
  });

  it('queues rules with async evaluators: no inline attributes, one record per chat span', async () => {
    const judge = mockEvaluator({ type: 'Judge', criterionNames: ['q'], delayMillis: 5, results: [{ criterionName: 'q', score: 4, evaluatorType: 'Judge' }] });
    const { processor, provider, emitter, spans } = setup({
      rules: [{ name: 'llm-quality', match: { operation: 'chat' }, criteria: [{ name: 'q', description: 'quality', scale: 'likert5' }], evaluators: [judge] }],
    });
    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();
    expect(judge.calls).toHaveLength(2);
    expect(emitter.records.map((r) => r.target.spanName)).toEqual(spans(/^chat/).map((s) => s.name));
    expect(emitter.records[0]!.results[0]).toMatchObject({ normalizedScore: 0.75, label: 'pass' });
    expect(spans(/^chat/)[0]!.attributes['gen_ai.evaluation.q.score.value']).toBeUndefined();
  });

  it('never evaluates agent_step spans unless a rule names them', async () => {
    const all = mockEvaluator({ criterionNames: ['x'], results: [{ criterionName: 'x', score: true, evaluatorType: 'Mock' }] });
    const steps = mockEvaluator({ criterionNames: ['x'], results: [{ criterionName: 'x', score: true, evaluatorType: 'Mock' }] });
    const criteria = [{ name: 'x', description: 'x', scale: 'binary' }];
    const { processor, provider } = setup({
      rules: [
        { name: 'everything', criteria, evaluators: [all] },
        { name: 'steps', match: { operation: 'agent_step' }, criteria, evaluators: [steps] },
      ],
    });
    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();
    const names = all.calls.map((c) => c.input.source?.operation).sort();
    expect(names).toEqual(['chat', 'chat', 'execute_tool', 'invoke_agent']);
    expect(steps.calls).toHaveLength(2);
  });

  it('works without onEnding (older SDKs): evaluations are queued, nothing is written on spans', async () => {
    const { processor, provider, emitter, spans } = setup(
      { rules: [{ name: 'final-answer', match: { operation: 'invoke_agent' }, criteria: [paris], evaluators: [mentions('Paris')] }] },
      false,
    );
    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();
    expect(emitter.records).toHaveLength(1);
    expect(emitter.records[0]!.results[0]!.score).toBe(1);
    expect(spans(/^invoke_agent/)[0]!.attributes['gen_ai.evaluation.mentions_paris.score.value']).toBeUndefined();
  });

  it('moves a rule to the queue when most of its recent inline runs pass the budget', async () => {
    const slow = mentions('Paris');
    const evaluateSync = slow.evaluateSync!;
    let slowRuns = new Set<number>();
    let run = 0;
    slow.evaluateSync = (input, criteria) => {
      run += 1;
      if (slowRuns.has(run)) {
        const until = performance.now() + 60;
        while (performance.now() < until) { /* busy */ }
      }
      return evaluateSync(input, criteria);
    };
    // Far apart, so a loaded machine cannot turn a fast run into an overrun.
    const { processor, provider, emitter, spans } = setup({
      inlineBudgetMicros: 20_000,
      rules: [{ name: 'slow', match: { operation: 'invoke_agent' }, criteria: [paris], evaluators: [slow] }],
    });
    // Runs 1-5 are warm-up and not judged; 6, 8, 10, 12 pass the budget: 4 of the window, no move.
    slowRuns = new Set([1, 2, 3, 4, 5, 6, 8, 10, 12]);
    for (let i = 0; i < 12; i++) await runWeatherAgent({ tracerProvider: provider });
    expect(spans(/^invoke_agent/).every((s) => s.attributes['gen_ai.evaluation.mentions_paris.score.value'] === 1)).toBe(true);
    // 13-16 pass it too: 8 of the window, moved after 16, so 17 and 18 are evaluated from the queue.
    slowRuns = new Set([13, 14, 15, 16, 17, 18]);
    for (let i = 0; i < 6; i++) await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();
    const written = spans(/^invoke_agent/).slice(12).map((s) => s.attributes['gen_ai.evaluation.mentions_paris.score.value']);
    expect(written).toEqual([1, 1, 1, 1, undefined, undefined]);
    expect(emitter.records).toHaveLength(18);
    expect(emitter.records.every((record) => record.results[0]!.score === 1)).toBe(true);
  });

  it('samples deterministically per trace and counts what it leaves out', async () => {
    const { processor, provider, emitter } = setup({
      rules: [{ name: 'none', match: { operation: 'chat' }, sample: 0, criteria: [paris], evaluators: [mentions('Paris')] }],
    });
    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();
    expect(emitter.records).toHaveLength(0);
    expect(emitter.skipped.sampled_out).toBe(2);
  });

  it('runs evaluators with tracing suppressed, and never evaluates its own spans', async () => {
    const holder: { provider?: TracerProvider } = {};
    const spanning = mockEvaluator({
      criterionNames: ['x'],
      results: () => {
        holder.provider!.getTracer('judge-client').startSpan('POST /v1/chat/completions').end();
        return [{ criterionName: 'x', score: true, evaluatorType: 'Mock' }];
      },
    });
    const { processor, provider, emitter, spans } = setup({
      rules: [{ name: 'all', criteria: [{ name: 'x', description: 'x', scale: 'binary' }], evaluators: [spanning] }],
    });
    holder.provider = provider;
    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();
    expect(spans('POST /v1/chat/completions')).toHaveLength(0);
    const own = provider.getTracer('otel-evals').startSpan('evaluation all', { attributes: { 'gen_ai.operation.name': 'chat' } });
    own.end();
    await processor.forceFlush();
    expect(emitter.skipped.own_span).toBe(1);
    expect(emitter.records).toHaveLength(4);
  });

  it('saves an aggregated result per evaluation to the storage provider', async () => {
    const saved: AggregatedEvaluationResult[] = [];
    const { processor, provider } = setup({
      storageProvider: { saveResult: async (result) => void saved.push(result) },
      rules: [{ name: 'final-answer', match: { operation: 'invoke_agent' }, criteria: [paris], evaluators: [mentions('Paris')] }],
    });
    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ overallScore: 1, passed: true, metadata: { rule: 'final-answer' } });
    expect(saved[0]!.inputSnapshot.response).toBe(WEATHER_AGENT.answer);
  });

  it('drops beyond maxQueueSize with an exact count while evaluations are blocked', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const slow = mockEvaluator({ criterionNames: ['x'], results: async () => { await blocked; return [{ criterionName: 'x', score: true, evaluatorType: 'Mock' }]; } });
    const { processor, provider, emitter } = setup({
      maxQueueSize: 3,
      concurrency: 1,
      rules: [{ name: 'roots', match: { spanName: 'root *' }, criteria: [{ name: 'x', description: 'x', scale: 'binary' }], evaluators: [slow] }],
    });
    const tracer = provider.getTracer('app');
    tracer.startSpan('root 0', { attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.output.messages': '[{"role":"assistant","parts":[{"type":"text","content":"hi"}]}]' } }).end();
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 1; i <= 10; i++) {
      tracer.startSpan(`root ${i}`, { attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.output.messages': '[{"role":"assistant","parts":[{"type":"text","content":"hi"}]}]' } }).end();
    }
    expect(emitter.dropped.queue_full).toBe(10 - 3);
    expect(emitter.queueSize()).toBe(3);
    release();
    await processor.forceFlush();
    expect(emitter.records).toHaveLength(4);
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});
