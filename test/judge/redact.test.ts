import { describe, expect, it } from 'vitest';
import type { EvaluationInput } from '../../src/core/types.ts';
import { createJudgeCache, type JudgeCache } from '../../src/judge/cache.ts';
import { llmJudge } from '../../src/judge/llm-judge.ts';
import { RateLimiter } from '../../src/judge/rate-limit.ts';
import { luhnValid, redactText } from '../../src/judge/redact.ts';
import { mockJudge } from './mock-judge.ts';

const SECRETS = {
  email: 'jane.doe@example.com',
  phone: '+1 415-555-0100',
  card: '4111 1111 1111 1111',
  openai: 'sk-proj-abcdefghijklmnop1234567890',
  aws: 'AKIAIOSFODNN7EXAMPLE',
  ip: '192.168.10.42',
  ticket: 'TICKET-99812',
};

describe('judge-only redaction', () => {
  it('redacts e-mails, phones, Luhn-valid cards, secrets and IPv4 addresses, counting each kind', () => {
    const text = `Mail ${SECRETS.email}, call ${SECRETS.phone} or (415) 555-0199, card ${SECRETS.card}, key ${SECRETS.openai} and ${SECRETS.aws}, host ${SECRETS.ip}.`;
    const { text: out, counts } = redactText(text);
    for (const value of [SECRETS.email, SECRETS.phone, SECRETS.card, SECRETS.openai, SECRETS.aws, SECRETS.ip, '555-0199']) expect(out).not.toContain(value);
    expect(counts).toEqual({ email: 1, phone: 2, card: 1, secret: 2, ipv4: 1 });
    expect(out).toContain('[REDACTED_CARD]');
  });

  it('leaves numbers that are not PII alone: dates, amounts, Luhn-invalid card-like numbers, versions', () => {
    const text = 'On 2025-11-21 sales were 1500000 (12.5% growth); order 4111 1111 1111 1112; version 1.2.3.';
    expect(luhnValid('4111 1111 1111 1112')).toBe(false);
    expect(redactText(text)).toEqual({ text, counts: {} });
  });

  it('applies custom patterns and a custom function', () => {
    const { text, counts } = redactText(`See ${SECRETS.ticket} for Jane`, { patterns: [{ name: 'ticket', pattern: 'TICKET-\\d+' }], redact: (t) => t.replace('Jane', '[NAME]') });
    expect(text).toBe('See [REDACTED_TICKET] for [NAME]');
    expect(counts).toEqual({ ticket: 1, custom: 1 });
  });

  it('nothing redacted reaches the judge, the cache key or the explanation; deterministic evaluators see the raw text', async () => {
    const keys: string[] = [];
    const inner = createJudgeCache();
    const cache: JudgeCache = { get: (key) => (keys.push(key), inner.get(key)), set: (key, value) => inner.set(key, value) };
    // A judge that echoes what it was sent into its reasoning, as a leaky judge might.
    const model = mockJudge((call) => ({ scores: { privacy: { reasoning: `I saw: ${call.prompt}`, score: 3 } } }));
    const response = `Contact ${SECRETS.email} or ${SECRETS.phone}; card ${SECRETS.card}; key ${SECRETS.openai}; ${SECRETS.aws}; host ${SECRETS.ip}`;
    const input: EvaluationInput = { prompt: `I am ${SECRETS.email}`, response, criteria: [], context: { note: SECRETS.ip } };
    const judge = llmJudge({
      model,
      criteria: [{ name: 'privacy', description: 'No private data.', scale: 'likert5' }],
      template: '{{prompt}} {{response}} {{context}}',
      cache,
      rateLimiter: new RateLimiter(),
    });
    const [result] = await judge.evaluate(input, []);
    const sent = model.seen[0]!.text;
    const persisted = JSON.stringify(await inner.get(keys[0]!));
    for (const value of Object.values(SECRETS).filter((v) => v !== SECRETS.ticket)) {
      expect(sent).not.toContain(value);
      expect(result?.reasoning).not.toContain(value);
      expect(persisted).not.toContain(value);
    }
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(result?.metadata?.redactions).toEqual({ email: 2, phone: 1, card: 1, secret: 2, ipv4: 2 });
    expect(input.response).toBe(response);
    // Same raw input with different PII hits the same cache entry: the key is built from redacted text.
    await judge.evaluate({ ...input, response: response.replace(SECRETS.email, 'john@example.org') }, []);
    expect(model.seen).toHaveLength(1);
  });
});
