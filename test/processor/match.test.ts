import { describe, expect, it } from 'vitest';
import { compileMatch, compileStringMatcher, globToRegExp } from '../../src/processor/match.ts';
import type { SpanClassification, SpanLike } from '../../src/extract/types.ts';

function span(name: string, attributes: Record<string, unknown> = {}): SpanLike {
  return { name, attributes, spanContext: () => ({ traceId: '1'.repeat(32), spanId: '2'.repeat(16), traceFlags: 1 }) };
}
const agent: SpanClassification = { dialect: 'genai', role: 'agent', operation: 'invoke_agent', agentName: 'weather-agent', model: 'gpt-x', provider: 'openai' };
const chat: SpanClassification = { dialect: 'genai', role: 'llm', operation: 'chat', model: 'gpt-x', provider: 'openai' };
const tool: SpanClassification = { dialect: 'ai-sdk-legacy', role: 'tool', operation: 'execute_tool', toolName: 'get_weather' };
const step: SpanClassification = { dialect: 'genai', role: 'step', operation: 'agent_step' };

describe('string matchers', () => {
  it('matches exact strings, globs, RegExps and lists', () => {
    expect(compileStringMatcher('chat')('chat')).toBe(true);
    expect(compileStringMatcher('chat')('chat gpt')).toBe(false);
    expect(compileStringMatcher('chat *')('chat gpt-4o')).toBe(true);
    expect(compileStringMatcher('chat ?')('chat ab')).toBe(false);
    expect(compileStringMatcher(/^invoke_agent/i)('INVOKE_AGENT x')).toBe(true);
    expect(compileStringMatcher(['a', /b+/])('bbb')).toBe(true);
    expect(compileStringMatcher('x')(undefined)).toBe(false);
    expect(globToRegExp('a.b*').test('a.bcd')).toBe(true);
    expect(globToRegExp('a.b*').test('axbcd')).toBe(false);
  });

  it('is stateless with global RegExps', () => {
    const test = compileStringMatcher(/chat/g);
    expect([test('chat'), test('chat'), test('chat')]).toEqual([true, true, true]);
  });
});

describe('compileMatch', () => {
  it('matches on the classification', () => {
    expect(compileMatch({ operation: 'invoke_agent' }).test(span('invoke_agent m'), agent)).toBe(true);
    expect(compileMatch({ operation: 'invoke_agent' }).test(span('chat m'), chat)).toBe(false);
    expect(compileMatch({ agentName: 'weather-*' }).test(span('x'), agent)).toBe(true);
    expect(compileMatch({ model: 'gpt-x', provider: 'openai' }).test(span('x'), chat)).toBe(true);
    expect(compileMatch({ provider: 'anthropic' }).test(span('x'), chat)).toBe(false);
    expect(compileMatch({ toolName: 'get_weather' }).test(span('x'), tool)).toBe(true);
    expect(compileMatch({ dialect: ['genai', 'openinference'] }).test(span('x'), tool)).toBe(false);
    expect(compileMatch({ role: 'tool' }).test(span('x'), tool)).toBe(true);
  });

  it("matches the dialect's own operation name as well as the normalized one", () => {
    const legacyRoot: SpanClassification = { dialect: 'ai-sdk-legacy', role: 'agent', operation: 'invoke_agent', nativeOperation: 'ai.generateText' };
    expect(compileMatch({ operation: 'ai.generateText' }).test(span('ai.generateText'), legacyRoot)).toBe(true);
    expect(compileMatch({ operation: 'invoke_agent' }).test(span('ai.generateText'), legacyRoot)).toBe(true);
    expect(compileMatch({ operation: 'ai.streamText' }).test(span('ai.generateText'), legacyRoot)).toBe(false);
  });

  it('matches span names and attributes (values and predicates)', () => {
    const s = span('chat gpt-x', { 'app.tenant': 'acme', 'gen_ai.usage.input_tokens': 120 });
    expect(compileMatch({ spanName: 'chat *' }).test(s, chat)).toBe(true);
    expect(compileMatch({ spanName: /^invoke/ }).test(s, chat)).toBe(false);
    expect(compileMatch({ attributes: { 'app.tenant': 'acme' } }).test(s, chat)).toBe(true);
    expect(compileMatch({ attributes: { 'app.tenant': 'other' } }).test(s, chat)).toBe(false);
    expect(compileMatch({ attributes: { 'gen_ai.usage.input_tokens': (v) => typeof v === 'number' && v > 100 } }).test(s, chat)).toBe(true);
    expect(compileMatch({ attributes: { missing: (v) => v === undefined } }).test(s, chat)).toBe(true);
    expect(compileMatch({ attributes: { boom: () => { throw new Error('x'); } } }).test(s, chat)).toBe(false);
  });

  it('never selects agent_step spans unless the rule names them', () => {
    expect(compileMatch({}).test(span('step 1'), step)).toBe(false);
    expect(compileMatch({ spanName: 'step *' }).test(span('step 1'), step)).toBe(false);
    expect(compileMatch({ operation: 'agent_step' }).test(span('step 1'), step)).toBe(true);
    expect(compileMatch({ role: 'step' }).test(span('step 1'), step)).toBe(true);
  });

  it('matches spans of no known dialect only by name or attributes', () => {
    expect(compileMatch({}).test(span('GET /'), undefined)).toBe(false);
    expect(compileMatch({ operation: 'chat' }).test(span('GET /'), undefined)).toBe(false);
    expect(compileMatch({ spanName: 'my-llm-call' }).test(span('my-llm-call'), undefined)).toBe(true);
    expect(compileMatch({ spanName: 'my-llm-call', operation: 'chat' }).test(span('my-llm-call'), undefined)).toBe(false);
  });

  it('knows which rules may select agents', () => {
    expect(compileMatch({ operation: 'invoke_agent' }).targetsAgents).toBe(true);
    expect(compileMatch({ role: 'agent' }).targetsAgents).toBe(true);
    expect(compileMatch({}).targetsAgents).toBe(true);
    expect(compileMatch({ operation: 'chat' }).targetsAgents).toBe(false);
    expect(compileMatch({ operation: 'invoke_*' }).targetsAgents).toBe(true);
    expect(compileMatch({ toolName: 'x' }).targetsAgents).toBe(false);
    expect(compileMatch({ role: ['llm', 'tool'] }).targetsAgents).toBe(false);
  });
});
