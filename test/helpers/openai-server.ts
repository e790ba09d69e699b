/**
 * A local HTTP server on 127.0.0.1 (random port) that speaks the OpenAI chat-completions API, and a
 * two-turn weather agent loop driven through the real `openai` client against it. Instrumentations
 * of the client (OpenLLMetry, OpenInference) then produce the spans real applications produce.
 *
 * Turn 1 (no tool message in the request): the assistant asks for get_weather({ city: 'Paris' }).
 * Turn 2 (a tool message present): the assistant answers with text.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';

/** What the server says, so tests can assert against it. */
export const OPENAI_WEATHER = {
  model: 'gpt-4o-mini',
  system: 'You are a weather assistant. Use the get_weather tool.',
  question: 'What is the weather in Paris?',
  toolCallId: 'call_weather_1',
  arguments: { city: 'Paris' },
  weather: { city: 'Paris', temperatureC: 18, condition: 'cloudy' },
  answer: 'It is 18°C and cloudy in Paris.',
} as const;

/** A running fake OpenAI server. */
export interface FakeOpenAIServer {
  baseURL: string;
  /** Request bodies received, in order. */
  requests: unknown[];
  close(): Promise<void>;
}

function completion(body: { messages?: Array<{ role?: string }> }, n: number): unknown {
  const hasTool = (body.messages ?? []).some((m) => m.role === 'tool');
  const message = hasTool
    ? { role: 'assistant', content: OPENAI_WEATHER.answer, refusal: null }
    : {
        role: 'assistant',
        content: null,
        refusal: null,
        tool_calls: [
          {
            id: OPENAI_WEATHER.toolCallId,
            type: 'function',
            function: { name: 'get_weather', arguments: JSON.stringify(OPENAI_WEATHER.arguments) },
          },
        ],
      };
  return {
    id: `chatcmpl-${n}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: OPENAI_WEATHER.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: hasTool ? 'stop' : 'tool_calls' }],
    usage: { prompt_tokens: hasTool ? 80 : 50, completion_tokens: hasTool ? 15 : 12, total_tokens: hasTool ? 95 : 62 },
  };
}

function handle(server: FakeOpenAIServer, req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { messages?: Array<{ role?: string }> };
    server.requests.push(body);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(completion(body, server.requests.length)));
  });
}

/** Starts the fake server on 127.0.0.1 and a random port. */
export async function startFakeOpenAI(): Promise<FakeOpenAIServer> {
  const state: FakeOpenAIServer = { baseURL: '', requests: [], close: async () => undefined };
  const server = createServer((req, res) => handle(state, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseURL = `http://127.0.0.1:${port}/v1`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** An `openai` client pointed at the fake server. */
export function fakeOpenAIClient(server: FakeOpenAIServer): OpenAI {
  return new OpenAI({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0 });
}

/** The get_weather tool as the OpenAI API declares it. */
export const GET_WEATHER_TOOL = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Get the current weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

/**
 * The agent loop: ask, run the requested tool through `runTool` (default: the fixed weather), send
 * the result back, return the final answer.
 */
export async function runOpenAIWeatherAgent(
  client: OpenAI,
  runTool: (args: { city: string }) => Promise<unknown> = async () => OPENAI_WEATHER.weather,
): Promise<string> {
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
    { role: 'system', content: OPENAI_WEATHER.system },
    { role: 'user', content: OPENAI_WEATHER.question },
  ];
  const first = await client.chat.completions.create({ model: OPENAI_WEATHER.model, messages, tools: [GET_WEATHER_TOOL] });
  const assistant = first.choices[0]?.message;
  if (assistant === undefined) throw new Error('no choice in the first completion');
  messages.push(assistant);
  for (const call of assistant.tool_calls ?? []) {
    if (call.type !== 'function') continue;
    const result = await runTool(JSON.parse(call.function.arguments) as { city: string });
    messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
  }
  const second = await client.chat.completions.create({ model: OPENAI_WEATHER.model, messages, tools: [GET_WEATHER_TOOL] });
  return second.choices[0]?.message.content ?? '';
}
