import { describe, expect, it } from 'vitest';
import { buildEvaluationInput } from '../../src/extract/index.ts';
import { relatedSpans } from '../../src/extract/trace-assembly.ts';
import type { ExtractedSpan } from '../../src/extract/types.ts';

const criteria = [{ name: 'c', description: 'c', scale: 'binary' }];

function span(fields: Partial<ExtractedSpan> & Pick<ExtractedSpan, 'spanId' | 'role'>): ExtractedSpan {
  return { dialect: 'openinference', traceId: 't1', name: fields.spanId, ...fields };
}

const root = span({ spanId: 'root', role: 'agent', startTimeMs: 100, endTimeMs: 200, prompt: 'Weather in Paris and Oslo?' });

describe('relatedSpans', () => {
  it('keeps descendants at any depth, orders them by start, and leaves out other roots and traces', () => {
    const step = span({ spanId: 'step', role: 'step', parentSpanId: 'root', startTimeMs: 101 });
    const llm = span({ spanId: 'llm', role: 'llm', parentSpanId: 'step', startTimeMs: 102 });
    const orphanInside = span({ spanId: 'orphan-in', role: 'tool', parentSpanId: 'http-span', startTimeMs: 150 });
    const orphanOutside = span({ spanId: 'orphan-out', role: 'tool', parentSpanId: 'http-span', startTimeMs: 250 });
    const otherRoot = span({ spanId: 'other', role: 'agent', startTimeMs: 120 });
    const otherChild = span({ spanId: 'other-child', role: 'llm', parentSpanId: 'other', startTimeMs: 121 });
    const otherTrace = span({ spanId: 'x', role: 'llm', traceId: 't2', parentSpanId: 'root', startTimeMs: 103 });
    const related = relatedSpans(root, [orphanInside, llm, step, orphanOutside, otherRoot, otherChild, otherTrace, root]);
    expect(related.map((s) => s.spanId)).toEqual(['step', 'llm', 'orphan-in']);
  });
});

describe('buildEvaluationInput', () => {
  const first = span({
    spanId: 'llm-1',
    role: 'llm',
    parentSpanId: 'root',
    startTimeMs: 110,
    model: 'gpt',
    prompt: 'Weather in Paris and Oslo?',
    toolCalls: [
      { id: 'a', name: 'get_weather', arguments: { city: 'Paris' } },
      { id: 'b', name: 'get_weather', arguments: { city: 'Oslo' } },
    ],
    usage: { inputTokens: 10, outputTokens: 2 },
  });
  const toolB = span({ spanId: 'tool-b', role: 'tool', parentSpanId: 'root', startTimeMs: 120, toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' }, result: 'rain' }] });
  const toolA = span({ spanId: 'tool-a', role: 'tool', parentSpanId: 'root', startTimeMs: 121, toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' }, result: 'sun' }] });
  const second = span({
    spanId: 'llm-2',
    role: 'llm',
    parentSpanId: 'root',
    startTimeMs: 130,
    model: 'gpt',
    response: 'Sunny in Paris, rainy in Oslo.',
    responseId: 'r2',
    usage: { inputTokens: 20, outputTokens: 8 },
    messages: [
      { role: 'user', content: 'Weather in Paris and Oslo?' },
      { role: 'assistant', content: 'Sunny in Paris, rainy in Oslo.' },
    ],
  });

  it('joins id-less tool spans by name and arguments, sums usage, lists LLM calls', () => {
    const input = buildEvaluationInput(root, [first, toolB, toolA, second], criteria);
    expect(input.response).toBe('Sunny in Paris, rainy in Oslo.');
    expect(input.prompt).toBe('Weather in Paris and Oslo?');
    expect(input.toolCalls).toEqual([
      { id: 'a', name: 'get_weather', arguments: { city: 'Paris' }, result: 'sun' },
      { id: 'b', name: 'get_weather', arguments: { city: 'Oslo' }, result: 'rain' },
    ]);
    expect(input.context?.['usage']).toEqual({ inputTokens: 30, outputTokens: 10 });
    expect(input.context?.['llmCalls']).toEqual([
      { spanId: 'llm-1', model: 'gpt', prompt: 'Weather in Paris and Oslo?', usage: { inputTokens: 10, outputTokens: 2 }, toolCalls: first.toolCalls },
      { spanId: 'llm-2', model: 'gpt', response: 'Sunny in Paris, rainy in Oslo.', usage: { inputTokens: 20, outputTokens: 8 }, responseId: 'r2' },
    ]);
    expect(input.messageHistory).toEqual(second.messages);
    expect(input.source).toEqual({ traceId: 't1', spanId: 'root', spanName: 'root', responseId: 'r2' });
    expect(input.metadata).toEqual({ extraction: { dialect: 'openinference', role: 'agent' } });
  });

  it('falls back to request order for id-less executions whose arguments match no request', () => {
    const odd = { ...toolB, toolCalls: [{ name: 'get_weather', arguments: { town: 'Oslo' }, result: 'rain' }] };
    const input = buildEvaluationInput(root, [first, odd], criteria);
    expect(input.toolCalls?.map((c) => [c.id, c.result])).toEqual([
      ['a', 'rain'],
      ['b', undefined],
    ]);
  });

  it('keeps the target own response, usage and history when it has them', () => {
    const own = { ...root, response: 'Own answer', usage: { inputTokens: 1 }, messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'Own answer' }, { role: 'user', content: 'x' }] };
    const input = buildEvaluationInput(own, [first, second], criteria);
    expect(input.response).toBe('Own answer');
    expect(input.context?.['usage']).toEqual({ inputTokens: 1 });
    expect(input.messageHistory).toBe(own.messages);
  });

  it('evaluates an LLM or tool span on its own, ignoring descendants', () => {
    const llmInput = buildEvaluationInput(second, [first, toolA], criteria);
    expect(llmInput.toolCalls).toBeUndefined();
    expect(llmInput.context?.['llmCalls']).toBeUndefined();
    const toolInput = buildEvaluationInput(toolA, [first], criteria);
    expect(toolInput.toolCalls).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' }, result: 'sun' }]);
    // A tool span's response is its result (strings as they are, other values as JSON).
    expect(toolInput.response).toBe('sun');
    const objectResult = buildEvaluationInput({ ...toolA, toolCalls: [{ name: 'get_weather', result: { temperatureC: 18 } }] }, [], criteria);
    expect(objectResult.response).toBe('{"temperatureC":18}');
  });

  it('collects warnings of the target and its descendants under metadata.extraction', () => {
    const noisy = { ...first, warnings: ['gen_ai.input.messages: malformed JSON'] };
    const input = buildEvaluationInput({ ...root, warnings: ['output.value: binary value ignored'] }, [noisy], criteria);
    expect(input.metadata?.['extraction']).toEqual({
      dialect: 'openinference',
      role: 'agent',
      warnings: ['output.value: binary value ignored', 'llm-1: gen_ai.input.messages: malformed JSON'],
    });
  });
});
