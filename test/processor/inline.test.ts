/**
 * The inline path in detail: a rule mixing synchronous and async evaluators is split (the synchronous
 * part scores the span in onEnding, the async part runs from the queue, one record in the end), and an
 * inline-scored span whose emission finds the queue full keeps its scores while its signals are counted.
 */
import { describe, expect, it } from 'vitest';
import type { Attributes } from '@opentelemetry/api';
import { mockEvaluator } from '../../src/testing/index.ts';
import { mentions, mentionsCriterion, setup } from './helpers.ts';

const OUTPUT = JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'It is sunny in Paris.' }] }]);
const quality = { name: 'q', description: 'quality', scale: 'likert5' };

function endChat(provider: ReturnType<typeof setup>['provider'], attributes: Attributes = { 'gen_ai.output.messages': OUTPUT }): void {
  provider.getTracer('app').startSpan('chat m', { attributes: { 'gen_ai.operation.name': 'chat', ...attributes } }).end();
}

function mixedRule() {
  const sync = mentions('Paris');
  let syncCalls = 0;
  const evaluateSync = sync.evaluateSync!;
  sync.evaluateSync = (input, criteria) => {
    syncCalls += 1;
    return evaluateSync(input, criteria);
  };
  const judge = mockEvaluator({ type: 'Judge', criterionNames: ['q'], delayMillis: 5, results: [{ criterionName: 'q', score: 4, evaluatorType: 'Judge' }] });
  let groundTruthCalls = 0;
  const rule = {
    name: 'mixed',
    match: { operation: 'chat' },
    criteria: [mentionsCriterion('Paris'), quality],
    evaluators: [judge, sync],
    groundTruth: () => {
      groundTruthCalls += 1;
      return 'Paris';
    },
  };
  return { rule, judge, counts: () => ({ sync: syncCalls, groundTruth: groundTruthCalls }) };
}

describe('inline evaluation of a rule with synchronous and async evaluators', () => {
  it('writes the synchronous scores in onEnding, queues the async part, and emits one record with both', async () => {
    const { rule, judge, counts } = mixedRule();
    const { processor, provider, emitter, spans } = setup({ rules: [rule] });
    endChat(provider);
    const [span] = spans('chat m');
    // Written before the span was exported, while the judge has not even started.
    expect(span!.attributes['gen_ai.evaluation.mentions_paris.score.value']).toBe(1);
    expect(span!.attributes['gen_ai.evaluation.mentions_paris.passed']).toBe(true);
    expect(Object.keys(span!.attributes).filter((key) => key.startsWith('gen_ai.evaluation.q.'))).toEqual([]);
    expect(judge.calls).toHaveLength(0);

    await processor.forceFlush();
    expect(counts()).toEqual({ sync: 1, groundTruth: 1 });
    expect(judge.calls).toHaveLength(1);
    expect(judge.calls[0]!.input.groundTruth).toBe('Paris');
    expect(emitter.records).toHaveLength(1);
    const record = emitter.records[0]!;
    expect(record.results.map((result) => [result.criterionName, result.normalizedScore, result.label])).toEqual([
      ['mentions_paris', 1, 'pass'],
      ['q', 0.75, 'pass'],
    ]);
    // Timings stay aligned with the rule's evaluators, in the rule's order.
    expect(record.evaluators.map((timing) => timing.type)).toEqual(['Judge', 'Mentions']);
    expect(record.evaluators[0]!.durationMs).toBeGreaterThanOrEqual(4);
  });

  it('without onEnding the whole rule runs from the queue: no attributes, the same single record', async () => {
    const { rule, judge, counts } = mixedRule();
    const { processor, provider, emitter, spans } = setup({ rules: [rule] }, false);
    endChat(provider);
    await processor.forceFlush();
    expect(Object.keys(spans('chat m')[0]!.attributes).filter((key) => key.startsWith('gen_ai.evaluation.'))).toEqual([]);
    expect(counts()).toEqual({ sync: 1, groundTruth: 1 });
    expect(judge.calls).toHaveLength(1);
    expect(emitter.records).toHaveLength(1);
    expect(emitter.records[0]!.results.map((result) => result.criterionName).sort()).toEqual(['mentions_paris', 'q']);
  });

  it('spanAttributes: false turns the inline part off too', async () => {
    const { rule, counts } = mixedRule();
    const { processor, provider, emitter, spans } = setup({ rules: [rule], emit: { spanAttributes: false } });
    endChat(provider);
    await processor.forceFlush();
    expect(spans('chat m')[0]!.attributes['gen_ai.evaluation.mentions_paris.score.value']).toBeUndefined();
    expect(counts().sync).toBe(1);
    expect(emitter.records).toHaveLength(1);
  });
});

describe('an inline-scored span when the queue is full', () => {
  it('keeps its scores on the span; its events, evaluation span and metrics are dropped and counted as queue_full', async () => {
    const { processor, provider, emitter, spans } = setup({
      maxQueueSize: 2,
      rules: [{ name: 'inline', match: { operation: 'chat' }, criteria: [mentionsCriterion('Paris')], evaluators: [mentions('Paris')] }],
    });
    // In one tick: the queue has not started a job yet, so the third to fifth emissions find it full.
    for (let i = 0; i < 5; i++) endChat(provider);
    expect(spans('chat m').map((span) => span.attributes['gen_ai.evaluation.mentions_paris.score.value'])).toEqual([1, 1, 1, 1, 1]);
    expect(emitter.dropped.queue_full).toBe(3);
    await processor.forceFlush();
    expect(emitter.records).toHaveLength(2);
  });
});
