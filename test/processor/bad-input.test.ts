import { describe, expect, it } from 'vitest';
import type { Attributes } from '@opentelemetry/api';
import type { SpanLike } from '../../src/extract/types.ts';
import { mockEvaluator } from '../../src/testing/index.ts';
import { runWeatherAgent } from '../helpers/ai-sdk-agent.ts';
import { mentions, mentionsCriterion, setup } from './helpers.ts';

const OUTPUT = JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'It is sunny in Paris.' }] }]);
const criteria = [mentionsCriterion('Paris')];

function chatSetup() {
  return setup({ rules: [{ name: 'chat', match: { operation: 'chat' }, criteria, evaluators: [mentions('Paris')] }] });
}

function endChat(provider: ReturnType<typeof setup>['provider'], attributes: Attributes, name = 'chat m'): void {
  provider.getTracer('app').startSpan(name, { attributes: { 'gen_ai.operation.name': 'chat', ...attributes } }).end();
}

describe('bad input never reaches the application and is counted', () => {
  it('malformed JSON in message attributes: skipped as no_input, the next span is still evaluated', async () => {
    const { processor, provider, emitter } = chatSetup();
    expect(() => endChat(provider, { 'gen_ai.output.messages': '[{"role":"assistant","parts":[{"type":"te' })).not.toThrow();
    endChat(provider, { 'gen_ai.output.messages': OUTPUT });
    await processor.forceFlush();
    expect(emitter.skipped.no_input).toBe(1);
    expect(emitter.records).toHaveLength(1);
    expect(emitter.records[0]!.results[0]!.score).toBe(1);
  });

  it('missing attributes: skipped as no_input', async () => {
    const { processor, provider, emitter } = chatSetup();
    endChat(provider, {});
    await processor.forceFlush();
    expect(emitter.skipped.no_input).toBe(1);
    expect(emitter.records).toHaveLength(0);
  });

  it('10 MB attribute values are not parsed on the hot path and are counted', async () => {
    const { processor, provider, emitter } = chatSetup();
    const huge = JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: `Paris ${'x'.repeat(10 * 1024 * 1024)}` }] }]);
    const started = performance.now();
    endChat(provider, { 'gen_ai.output.messages': huge });
    expect(performance.now() - started).toBeLessThan(50);
    endChat(provider, { 'gen_ai.output.messages': OUTPUT });
    await processor.forceFlush();
    expect(emitter.skipped.no_input).toBe(1);
    expect(emitter.records).toHaveLength(1);
  });

  it('binary values: skipped, never thrown', async () => {
    const { processor, provider, emitter } = chatSetup();
    endChat(provider, { 'gen_ai.output.messages': new Uint8Array([0xff, 0x00, 0x7b]) as unknown as string, 'gen_ai.request.model': new Uint8Array([1]) as unknown as string });
    endChat(provider, { 'gen_ai.output.messages': OUTPUT });
    await processor.forceFlush();
    expect(emitter.skipped.no_input).toBe(1);
    expect(emitter.records).toHaveLength(1);
  });

  it('a span that ends twice is evaluated once and the second end is counted', async () => {
    const { processor, provider, emitter, exporter } = setup(
      { rules: [{ name: 'chat', match: { operation: 'chat' }, criteria, evaluators: [mentions('Paris')] }] },
      false,
    );
    const span = provider.getTracer('app').startSpan('chat m', { attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.output.messages': OUTPUT } });
    span.end();
    span.end(); // the SDK refuses this one itself
    processor.onEnd(exporter.getFinishedSpans()[0]!); // a wrapper that calls onEnd again
    await processor.forceFlush();
    expect(emitter.records).toHaveLength(1);
    expect(emitter.skipped.ended_twice).toBe(1);
  });

  it('a throwing groundTruth function fails its rule only, inline and queued, counted as extraction_error', async () => {
    const judge = mockEvaluator({ criterionNames: ['x'], results: [{ criterionName: 'x', score: true, evaluatorType: 'Mock' }] });
    const { processor, provider, emitter } = setup({
      rules: [
        { name: 'inline-bad', match: { operation: 'chat' }, criteria, evaluators: [mentions('Paris')], groundTruth: () => { throw new Error('lookup failed'); } },
        { name: 'queued-bad', match: { operation: 'chat' }, criteria, evaluators: [judge], groundTruth: () => { throw new Error('lookup failed'); } },
        { name: 'good', match: { operation: 'chat' }, criteria, evaluators: [mentions('Paris')] },
      ],
    });
    expect(() => endChat(provider, { 'gen_ai.output.messages': OUTPUT })).not.toThrow();
    await processor.forceFlush();
    expect(emitter.errors.extraction_error).toBe(2);
    expect(emitter.records.map((record) => record.target.rule)).toEqual(['good']);
  });

  it('a span whose fields throw is counted as a processor error', () => {
    const { processor, emitter } = chatSetup();
    const hostile = {
      name: 'chat m',
      attributes: { 'gen_ai.operation.name': 'chat' },
      spanContext: () => {
        throw new Error('hostile');
      },
    } as SpanLike;
    expect(() => processor.onEnd(hostile)).not.toThrow();
    expect(emitter.errors.processor_error).toBe(1);
  });

  it('a processor shut down mid-run finishes what it can, refuses the rest as `shutdown`, and never throws', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const slow = mockEvaluator({ criterionNames: ['x'], results: async () => { await blocked; return [{ criterionName: 'x', score: true, evaluatorType: 'Mock' }]; } });
    const { processor, provider, emitter } = setup({
      shutdownTimeoutMillis: 50,
      concurrency: 1,
      rules: [{ name: 'chat', match: { operation: 'chat' }, criteria: [{ name: 'x', description: 'x', scale: 'binary' }], evaluators: [slow] }],
    });
    endChat(provider, { 'gen_ai.output.messages': OUTPUT });
    endChat(provider, { 'gen_ai.output.messages': OUTPUT });
    await new Promise((resolve) => setImmediate(resolve));
    const first = processor.shutdown();
    expect(processor.shutdown()).toBe(first);
    expect(() => endChat(provider, { 'gen_ai.output.messages': OUTPUT })).not.toThrow();
    await expect(runWeatherAgent({ tracerProvider: provider })).resolves.toBeDefined();
    await first;
    expect(emitter.dropped.shutdown).toBe(1 + 2 + 1); // refused: 1 + 2 agent chat spans; queued at the deadline: 1
    release();
    await processor.forceFlush();
  });
});
