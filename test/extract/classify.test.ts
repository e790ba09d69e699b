import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifySpan, isOwnSpan } from '../../src/extract/index.ts';
import { ATTR_OTEL_EVALS_JUDGE, OTEL_EVALS_SCOPE } from '../../src/semconv.ts';
import { fixtureSpan } from '../fixtures/extract/span.ts';
import type { SpanLike } from '../../src/extract/types.ts';

/** A span whose attribute record counts reads and fails the test on enumeration. */
function watchedSpan(attributes: Record<string, unknown>, scope = 'fixture'): { span: SpanLike; reads: () => number; enumerated: () => boolean } {
  let reads = 0;
  let enumerated = false;
  const proxy = new Proxy(attributes, {
    get(target, key, receiver) {
      reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
    ownKeys(target) {
      enumerated = true;
      return Reflect.ownKeys(target);
    },
  });
  const span = { ...fixtureSpan({ name: 'span', attributes: {}, scope }), attributes: proxy };
  return { span, reads: () => reads, enumerated: () => enumerated };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('classifySpan', () => {
  it('does a handful of direct lookups: no enumeration, no JSON parsing', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const cases: Array<[Record<string, unknown>, string?]> = [
      [{ 'gen_ai.operation.name': 'chat', 'gen_ai.input.messages': '[{"role":"user","parts":[]}]', 'gen_ai.request.model': 'm' }, 'gen_ai'],
      [{ 'ai.operationId': 'ai.generateText', 'ai.prompt': '{"prompt":"hi"}' }, 'ai'],
      [{ 'gen_ai.prompt.0.role': 'user', 'gen_ai.prompt.0.content': 'hi' }],
      [{ 'openinference.span.kind': 'LLM', 'llm.input_messages.0.message.role': 'user' }],
      [{ 'http.method': 'GET', 'http.url': 'http://x' }],
    ];
    for (const [attributes, scope] of cases) {
      const watched = watchedSpan(attributes, scope);
      classifySpan(watched.span);
      expect(watched.enumerated()).toBe(false);
      expect(watched.reads()).toBeLessThanOrEqual(14);
    }
    expect(parse).not.toHaveBeenCalled();
  });

  it('detects GenAI before OpenLLMetry, and OpenLLMetry GenAI spans by scope or traceloop keys', () => {
    const genai = { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai' };
    expect(classifySpan(fixtureSpan({ name: 'chat', attributes: genai, scope: 'gen_ai' }))?.dialect).toBe('genai');
    expect(classifySpan(fixtureSpan({ name: 'chat', attributes: genai, scope: '@traceloop/instrumentation-openai' }))?.dialect).toBe('openllmetry');
    const both = { ...genai, 'gen_ai.prompt.0.role': 'user', 'openinference.span.kind': 'LLM' };
    expect(classifySpan(fixtureSpan({ name: 'chat', attributes: both }))?.dialect).toBe('genai');
    const decorated = { 'gen_ai.operation.name': 'invoke_agent', 'traceloop.span.kind': 'agent', 'traceloop.entity.name': 'planner' };
    expect(classifySpan(fixtureSpan({ name: 'planner.agent', attributes: decorated }))).toEqual({
      dialect: 'openllmetry',
      role: 'agent',
      operation: 'invoke_agent',
      nativeOperation: 'agent',
      agentName: 'planner',
    });
  });

  it('prefers the legacy reading over OpenInference on AI SDK spans annotated by OpenInference', () => {
    const span = fixtureSpan({ name: 'ai.generateText', attributes: { 'ai.operationId': 'ai.generateText', 'openinference.span.kind': 'CHAIN' } });
    expect(classifySpan(span)).toMatchObject({ dialect: 'ai-sdk-legacy', role: 'agent' });
  });

  it('maps roles across dialects', () => {
    const roles = (attributes: Record<string, unknown>, name = 'span', scope?: string) => classifySpan(fixtureSpan({ name, attributes, scope }))?.role;
    expect(roles({ 'gen_ai.operation.name': 'invoke_agent' })).toBe('agent');
    expect(roles({ 'gen_ai.operation.name': 'execute_tool' })).toBe('tool');
    expect(roles({ 'gen_ai.operation.name': 'agent_step' })).toBe('step');
    expect(roles({ 'gen_ai.operation.name': 'embeddings' })).toBe('other');
    expect(roles({ 'ai.operationId': 'ai.streamText' })).toBe('agent');
    expect(roles({ 'ai.operationId': 'ai.streamObject.doStream' })).toBe('llm');
    expect(roles({ 'ai.operationId': 'ai.toolCall' })).toBe('tool');
    expect(roles({ 'ai.operationId': 'ai.embed' })).toBe('other');
    expect(roles({}, 'ai.generateObject', 'ai')).toBe('agent');
    expect(roles({}, 'ai.generateObject', 'other-scope')).toBeUndefined();
    expect(roles({ 'traceloop.span.kind': 'workflow' })).toBe('agent');
    expect(roles({ 'traceloop.span.kind': 'tool' })).toBe('tool');
    expect(roles({ 'traceloop.span.kind': 'task' })).toBe('chain');
    expect(roles({ 'llm.request.type': 'completion' })).toBe('llm');
    expect(roles({ 'openinference.span.kind': 'AGENT' })).toBe('agent');
    expect(roles({ 'openinference.span.kind': 'TOOL' })).toBe('tool');
    expect(roles({ 'openinference.span.kind': 'CHAIN' })).toBe('chain');
    expect(roles({ 'openinference.span.kind': 'RETRIEVER' })).toBe('other');
    expect(roles({ 'http.method': 'GET' })).toBeUndefined();
  });

  it('never throws, even when reading attributes does', () => {
    const span = fixtureSpan({ name: 'x', attributes: {} });
    Object.defineProperty(span, 'attributes', {
      get() {
        throw new Error('boom');
      },
    });
    expect(classifySpan(span)).toBeUndefined();
    expect(isOwnSpan(span)).toBe(false);
  });
});

describe('isOwnSpan', () => {
  it('recognizes our scope and the judge marker, through either scope field', () => {
    expect(isOwnSpan(fixtureSpan({ name: 'evaluation final', attributes: {}, scope: OTEL_EVALS_SCOPE }))).toBe(true);
    expect(isOwnSpan(fixtureSpan({ name: 'chat judge', attributes: { [ATTR_OTEL_EVALS_JUDGE]: true }, scope: 'gen_ai' }))).toBe(true);
    const old = { ...fixtureSpan({ name: 'x', attributes: {} }), instrumentationScope: undefined, instrumentationLibrary: { name: OTEL_EVALS_SCOPE } };
    expect(isOwnSpan(old)).toBe(true);
    expect(isOwnSpan(fixtureSpan({ name: 'chat', attributes: { 'gen_ai.operation.name': 'chat' }, scope: 'gen_ai' }))).toBe(false);
    expect(isOwnSpan(fixtureSpan({ name: 'chat', attributes: { [ATTR_OTEL_EVALS_JUDGE]: false } }))).toBe(false);
  });

  it('recognizes AI SDK spans of judge calls by their function id, with or without the marker', () => {
    expect(isOwnSpan(fixtureSpan({ name: 'invoke_agent judge', attributes: { 'gen_ai.agent.name': 'otel-evals.judge' }, scope: 'gen_ai' }))).toBe(true);
    expect(isOwnSpan(fixtureSpan({ name: 'ai.generateText', attributes: { 'ai.telemetry.functionId': 'otel-evals.judge' }, scope: 'ai' }))).toBe(true);
    expect(isOwnSpan(fixtureSpan({ name: 'invoke_agent', attributes: { 'gen_ai.agent.name': 'weather-agent' }, scope: 'gen_ai' }))).toBe(false);
  });
});
