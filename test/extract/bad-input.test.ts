import { describe, expect, it } from 'vitest';
import { buildEvaluationInput, extractSpan } from '../../src/extract/index.ts';
import type { ExtractedSpan } from '../../src/extract/types.ts';
import { fixtureSpan } from '../fixtures/extract/span.ts';

const criteria = [{ name: 'c', description: 'c', scale: 'binary' }];
const TEN_MB = 'x'.repeat(10 * 1024 * 1024);
const goodOutput = JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'fine' }] }]);

function chat(attributes: Record<string, unknown>) {
  return fixtureSpan({ name: 'chat m', scope: 'gen_ai', attributes: { 'gen_ai.operation.name': 'chat', ...attributes } });
}

describe('bad input never throws and leaves warnings', () => {
  it('malformed JSON in message attributes', () => {
    const extracted = extractSpan(chat({ 'gen_ai.input.messages': '[{"role":"user",', 'gen_ai.output.messages': goodOutput }));
    expect(extracted?.response).toBe('fine');
    expect(extracted?.prompt).toBeUndefined();
    expect(extracted?.warnings).toEqual([expect.stringMatching(/^gen_ai\.input\.messages: malformed JSON/)]);
  });

  it('missing attributes give a partial span without warnings', () => {
    const extracted = extractSpan(chat({}));
    expect(extracted).toMatchObject({ dialect: 'genai', role: 'llm', name: 'chat m' });
    expect(extracted?.messages).toBeUndefined();
    expect(extracted?.warnings).toBeUndefined();
    const input = buildEvaluationInput(extracted!, [], criteria);
    expect(input.response).toBe('');
    expect(input.prompt).toBeUndefined();
  });

  it('a 10 MB attribute value is not parsed; the cap is configurable', () => {
    const huge = extractSpan(chat({ 'gen_ai.input.messages': TEN_MB, 'gen_ai.output.messages': goodOutput }));
    expect(huge?.response).toBe('fine');
    expect(huge?.warnings).toEqual([`gen_ai.input.messages: ${TEN_MB.length} chars exceed the 1000000-char limit; not parsed`]);
    const small = extractSpan(chat({ 'gen_ai.output.messages': goodOutput }), { maxAttributeChars: 20 });
    expect(small?.response).toBeUndefined();
    expect(small?.warnings?.[0]).toMatch(/exceed the 20-char limit/);
  });

  it('10 MB free-text values in every dialect', () => {
    const spans = [
      fixtureSpan({ name: 'ai.generateText', attributes: { 'ai.operationId': 'ai.generateText', 'ai.response.text': TEN_MB, 'ai.prompt': TEN_MB } }),
      fixtureSpan({ name: 'ai.toolCall', attributes: { 'ai.operationId': 'ai.toolCall', 'ai.toolCall.name': 't', 'ai.toolCall.args': TEN_MB } }),
      fixtureSpan({ name: 'openai.chat', attributes: { 'llm.request.type': 'chat', 'gen_ai.prompt.0.role': 'user', 'gen_ai.prompt.0.content': TEN_MB } }),
      fixtureSpan({ name: 'w', attributes: { 'traceloop.span.kind': 'workflow', 'traceloop.entity.output': TEN_MB } }),
      fixtureSpan({ name: 'llm', attributes: { 'openinference.span.kind': 'LLM', 'llm.output_messages.0.message.role': 'assistant', 'llm.output_messages.0.message.content': TEN_MB } }),
      fixtureSpan({ name: 'agent', attributes: { 'openinference.span.kind': 'AGENT', 'output.value': TEN_MB } }),
    ];
    for (const span of spans) {
      const extracted = extractSpan(span);
      expect(extracted, span.name).toBeDefined();
      expect(extracted?.response, span.name).toBeUndefined();
      expect(extracted?.warnings?.some((w) => w.includes('exceed')), span.name).toBe(true);
    }
  });

  it('binary values (Uint8Array, number arrays) are ignored with warnings', () => {
    const extracted = extractSpan(
      chat({
        'gen_ai.input.messages': new Uint8Array([1, 2, 3]),
        'gen_ai.output.messages': [1, 2, 3],
        'gen_ai.system_instructions': new Uint8Array(8).buffer,
      }),
    );
    expect(extracted?.messages).toBeUndefined();
    expect(extracted?.warnings).toEqual([
      'gen_ai.input.messages: binary value ignored',
      'gen_ai.output.messages: 3 entries without a role skipped',
      'gen_ai.system_instructions: binary value ignored',
    ]);
    const oi = extractSpan(fixtureSpan({ name: 'tool', attributes: { 'openinference.span.kind': 'TOOL', 'input.value': new Uint8Array(4) } }));
    expect(oi?.toolCalls).toEqual([{ name: 'tool' }]);
    expect(oi?.warnings).toEqual(['input.value: binary value ignored']);
  });

  it('huge structured message arrays are read up to a bound', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ role: 'user', parts: [{ type: 'text', content: `q${i}` }] }));
    const extracted = extractSpan(chat({ 'gen_ai.input.messages': many }));
    expect(extracted?.messages).toHaveLength(10_000);
    expect(extracted?.prompt).toBe('q9999');
    expect(extracted?.warnings).toEqual(['gen_ai.input.messages: 20000 entries, only the first 10000 read']);
  });

  it('values of the wrong type', () => {
    const extracted = extractSpan(chat({ 'gen_ai.input.messages': 42, 'gen_ai.output.messages': '{"role":"assistant"}', 'gen_ai.usage.input_tokens': 'NaN' }));
    expect(extracted?.usage).toBeUndefined();
    expect(extracted?.warnings).toEqual([
      'gen_ai.input.messages: expected an array of messages',
      'gen_ai.output.messages: expected an array of messages',
    ]);
    const legacy = extractSpan(fixtureSpan({ name: 'd', attributes: { 'ai.operationId': 'ai.generateText.doGenerate', 'ai.response.toolCalls': '{}' } }));
    expect(legacy?.warnings).toEqual(['ai.response.toolCalls: expected an array']);
  });

  it('an attribute that throws when read yields a partial span with the failure as a warning', () => {
    const attributes: Record<string, unknown> = { 'gen_ai.operation.name': 'chat' };
    Object.defineProperty(attributes, 'gen_ai.input.messages', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const extracted = extractSpan(fixtureSpan({ name: 'chat', attributes }));
    expect(extracted).toMatchObject({ role: 'llm', warnings: ['extraction failed: boom'] });
  });

  it('spans of unknown shape give undefined', () => {
    expect(extractSpan(fixtureSpan({ name: 'GET /', attributes: { 'http.method': 'GET' } }))).toBeUndefined();
  });

  it('trace assembly survives parent cycles and foreign spans', () => {
    const root: ExtractedSpan = { dialect: 'genai', role: 'agent', traceId: 't', spanId: 'r', name: 'root' };
    const a: ExtractedSpan = { dialect: 'genai', role: 'llm', traceId: 't', spanId: 'a', parentSpanId: 'b', name: 'a', response: 'A' };
    const b: ExtractedSpan = { dialect: 'genai', role: 'llm', traceId: 't', spanId: 'b', parentSpanId: 'a', name: 'b', response: 'B' };
    const foreign: ExtractedSpan = { dialect: 'genai', role: 'llm', traceId: 'other', spanId: 'f', parentSpanId: 'r', name: 'f', response: 'F' };
    const input = buildEvaluationInput(root, [a, b, foreign], criteria);
    expect(input.context?.['llmCalls']).toHaveLength(2);
    expect(['A', 'B']).toContain(input.response);
  });
});
