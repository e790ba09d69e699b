/**
 * The real @ai-sdk/openai provider (and @ai-sdk/openai-compatible through a `provider:model` string)
 * against a local server speaking the OpenAI chat-completions and embeddings APIs: 429 with
 * Retry-After, then malformed output, then a valid verdict, so retries, repair and parsing run for real.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAI } from '@ai-sdk/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJudgeCache } from '../../src/judge/cache.ts';
import { llmJudge } from '../../src/judge/llm-judge.ts';
import { nlpAccuracy } from '../../src/judge/nlp-accuracy.ts';
import { RateLimiter } from '../../src/judge/rate-limit.ts';
import { bagOfWords } from './mock-judge.ts';

interface Received {
  path: string;
  at: number;
  body: any;
}

type Script = Array<(res: ServerResponse, body: any) => void>;

function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
}

function completion(content: string): (res: ServerResponse) => void {
  return (res) =>
    json(res, 200, {
      id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 300, completion_tokens: 40, total_tokens: 340 },
    });
}

const rateLimited = (res: ServerResponse): void => json(res, 429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, { 'retry-after': '1' });
const VERDICT = JSON.stringify({ scores: { correctness: { reasoning: 'States 18°C and cloudy, as the reference does.', score: 5 } } });

let server: ReturnType<typeof createServer>;
let baseURL = '';
const received: Received[] = [];
const scripts = new Map<string, Script>();

function reply(path: string, res: ServerResponse, body: any): void {
  const script = scripts.get(path) ?? [];
  const step = script.length > 1 ? script.shift() : script[0];
  if (step) step(res, body);
  else json(res, 404, { error: { message: `no script for ${path}` } });
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      received.push({ path: req.url ?? '', at: performance.now(), body });
      reply(req.url ?? '', res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const input = { prompt: 'What is the weather in Paris?', response: 'It is 18°C and cloudy in Paris.', groundTruth: '18°C and cloudy', criteria: [] };

describe('judge through the real OpenAI provider over HTTP', () => {
  it('waits out a 429 with Retry-After, repairs malformed output, then parses the verdict', async () => {
    received.length = 0;
    scripts.set('/v1/chat/completions', [rateLimited, completion('{"scores": {"correctness": {"reasoning": "fine", "score": '), completion(VERDICT)]);
    const openai = createOpenAI({ baseURL, apiKey: 'test' });
    const judge = llmJudge({ model: openai.chat('gpt-4o-mini'), template: 'correctness', cache: createJudgeCache(), rateLimiter: new RateLimiter(), initialDelayMs: 10 });
    const [result] = await judge.evaluate(input, []);
    expect(result).toMatchObject({ criterionName: 'correctness', score: 5, normalizedScore: 1, passed: true, metadata: { repaired: true, model: 'openai.chat:gpt-4o-mini' } });
    expect(received.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions', '/v1/chat/completions']);
    // Retry-After: 1 was honoured (jittered backoff alone would have been ~10 ms).
    expect(received[1]!.at - received[0]!.at).toBeGreaterThanOrEqual(950);
    const first = received[0]!.body;
    expect(first).toMatchObject({ model: 'gpt-4o-mini', temperature: 0, seed: 42, response_format: { type: 'json_schema' } });
    expect(first.response_format.json_schema.schema.properties.scores.properties.correctness.properties.score).toMatchObject({ minimum: 1, maximum: 5 });
    // The repair call carries the malformed answer back to the model.
    const repair = received[2]!.body.messages as Array<{ role: string; content: string }>;
    expect(repair.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(repair[3]!.content).toContain('not valid for the required JSON schema');
    // Usage of the malformed attempt and the repair are both counted; the 429 cost nothing.
    expect(result?.metadata?.usage).toEqual({ inputTokens: 600, outputTokens: 80 });
  });

  it('reports rate_limited when the provider keeps answering 429', async () => {
    received.length = 0;
    scripts.set('/v1/chat/completions', [(res) => json(res, 429, { error: { message: 'slow down' } }, { 'retry-after-ms': '5' })]);
    const openai = createOpenAI({ baseURL, apiKey: 'test' });
    const [result] = await llmJudge({ model: openai.chat('gpt-4o-mini'), template: 'correctness', maxRetries: 2, initialDelayMs: 1, cache: false, rateLimiter: new RateLimiter() }).evaluate(input, []);
    expect(result).toMatchObject({ score: null, label: 'error', metadata: { errorType: 'rate_limited' } });
    expect(received).toHaveLength(3);
  });

  it('resolves an openai-compatible provider:model string with baseURL and apiKeyEnv', async () => {
    received.length = 0;
    scripts.set('/v1/chat/completions', [completion(VERDICT)]);
    process.env.OTEL_EVALS_TEST_KEY = 'local-key';
    const judge = llmJudge({ model: 'openai-compatible:local:llama3.1:8b', baseURL, apiKeyEnv: 'OTEL_EVALS_TEST_KEY', template: 'correctness', cache: false, rateLimiter: new RateLimiter() });
    const [result] = await judge.evaluate(input, []);
    expect(result).toMatchObject({ score: 5, passed: true, metadata: { model: 'openai-compatible:local:llama3.1:8b' } });
    expect(received[0]!.body.model).toBe('llama3.1:8b');
    const [missing] = await llmJudge({ model: 'openai-compatible:local:m', baseURL, apiKeyEnv: 'OTEL_EVALS_UNSET_KEY', template: 'correctness', cache: false }).evaluate(input, []);
    expect(missing?.error).toContain('environment variable OTEL_EVALS_UNSET_KEY is not set');
  });

  it('resolves an openai:<model> string through the provider registry (Responses API)', async () => {
    received.length = 0;
    scripts.set('/v1/responses', [
      (res) =>
        json(res, 200, {
          id: 'resp_1',
          object: 'response',
          created_at: 1_700_000_000,
          status: 'completed',
          model: 'gpt-4o-mini',
          output: [{ type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: VERDICT, annotations: [] }] }],
          usage: { input_tokens: 250, output_tokens: 30, total_tokens: 280 },
        }),
    ]);
    process.env.OTEL_EVALS_TEST_OPENAI_KEY = 'sk-test-key-not-real-000000';
    const judge = llmJudge({ model: 'openai:gpt-4o-mini', baseURL, apiKeyEnv: 'OTEL_EVALS_TEST_OPENAI_KEY', template: 'correctness', cache: false, rateLimiter: new RateLimiter() });
    const [result] = await judge.evaluate(input, []);
    expect(result).toMatchObject({ score: 5, passed: true, metadata: { model: 'openai:gpt-4o-mini', usage: { inputTokens: 250, outputTokens: 30 } } });
    expect(received[0]).toMatchObject({ path: '/v1/responses', body: { model: 'gpt-4o-mini', temperature: 0, text: { format: { type: 'json_schema' } } } });
  });

  it('embeds through the OpenAI embeddings API in one batched call, retrying a 503', async () => {
    received.length = 0;
    scripts.set('/v1/embeddings', [
      (res) => json(res, 503, { error: { message: 'overloaded' } }),
      (res, body) => json(res, 200, { object: 'list', model: 'text-embedding-3-small', data: (body.input as string[]).map((text, index) => ({ object: 'embedding', index, embedding: bagOfWords(text) })), usage: { prompt_tokens: 40, total_tokens: 40 } }),
    ]);
    const openai = createOpenAI({ baseURL, apiKey: 'test' });
    const evaluator = nlpAccuracy({ model: openai.embedding('text-embedding-3-small'), threshold: 0.5, cache: createJudgeCache(), rateLimiter: new RateLimiter(), initialDelayMs: 5 });
    const results = await Promise.all([
      evaluator.evaluate(input, []),
      evaluator.evaluate({ ...input, response: 'It is sunny in London.' }, []),
    ]);
    expect(received.map((r) => r.path)).toEqual(['/v1/embeddings', '/v1/embeddings']);
    expect(received[1]!.body.input).toHaveLength(3);
    expect(results[0]![0]).toMatchObject({ passed: true });
    expect(results[1]![0]).toMatchObject({ passed: false });
    expect(results[0]![0]!.score).toBeCloseTo(2 / Math.sqrt(12), 3);
    // The 40 tokens of the batch are attributed to the three distinct texts, none counted twice.
    const tokens = results.map((r) => (r[0]!.metadata!.usage as { inputTokens: number }).inputTokens);
    expect(tokens[0]! + tokens[1]!).toBe(40);
  });
});
