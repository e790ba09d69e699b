/**
 * The synchronous cost the EvaluatingSpanProcessor adds to `span.end()`, and its memory under a burst.
 *
 * One TracerProvider (sdk-trace 3.x) with a switch processor in front of a BatchSpanProcessor whose
 * exporter discards: the switch forwards to our processor or to nothing, so both setups run on the
 * same tracer in the same process, batches interleaved. Spans are created before each timed batch;
 * only `end()` is timed (batch of BATCH spans, process.hrtime.bigint around the loop); the figure is
 * the median of the per-span batch averages. Spans/s time `startSpan` + `end` together.
 *
 * Rules: one on tool spans (async evaluator, so matched spans go to the queue), one on the agents of
 * another agent name (so GenAI spans inside agent runs are buffered), one inline rule on chat spans of
 * one model. Targets: at most 1 µs added per span no rule matches (application spans, GenAI spans of
 * other operations, chat spans buffered inside an agent run), at most 3 µs per matched span sent to
 * the queue. Also shown: a matched chat span
 * evaluated inline in onEnding (RuleBased, two criteria), checked against the default inline budget. Memory: 200,000 matched spans while
 * evaluations are blocked grow the heap by less than 64 MB beyond the queue bound, and the drop counter
 * is exactly 200,000 - maxQueueSize - in-flight. Exits non-zero when a target is missed.
 *
 *   npm run bench:processor          (node --expose-gc --import tsx bench/processor.bench.ts)
 */
import { ROOT_CONTEXT, trace } from '@opentelemetry/api';
import type { Context } from '@opentelemetry/api';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';
import { EvaluatingSpanProcessor } from '../src/index.ts';
import type { Evaluator } from '../src/index.ts';
import type { Emitter } from '../src/emit/types.ts';

const BATCH = 500;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const BURST = 200_000;
const MAX_QUEUE_SIZE = 2048;
const CONCURRENCY = 8;
const TARGET_UNMATCHED_MICROS = 1;
const TARGET_MATCHED_MICROS = 3;
const TARGET_HEAP_MB = 64;
/** Inline evaluation has no stated target beyond the default per-span budget it must stay within. */
const INLINE_BUDGET_MICROS = 2000;

/** Forwards to the processor under test, or to nothing (the baseline). */
class Switch implements SpanProcessor {
  target: SpanProcessor | undefined;
  onStart(span: Span, context: Context): void {
    this.target?.onStart(span, context);
  }
  onEnding(span: Span): void {
    this.target?.onEnding?.(span);
  }
  onEnd(span: ReadableSpan): void {
    this.target?.onEnd(span);
  }
  forceFlush(): Promise<void> {
    return this.target?.forceFlush() ?? Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

const counts = { dropped: 0, skipped: 0, errors: 0, records: 0 };
const emitter: Emitter = {
  emit: () => void (counts.records += 1),
  recordDropped: (_reason, count = 1) => void (counts.dropped += count),
  recordSkipped: (_reason, count = 1) => void (counts.skipped += count),
  recordError: (_type, count = 1) => void (counts.errors += count),
  observeQueueSize: () => undefined,
};

let release: () => void = () => undefined;
let blocked: Promise<void> = Promise.resolve();
/** An async evaluator (so matched spans go to the queue), blocked while `blocked` is pending. */
const asyncEvaluator: Evaluator = {
  type: 'AsyncCheck',
  criterionNames: ['tool_ok'],
  evaluate: async () => {
    await blocked;
    return [{ criterionName: 'tool_ok', score: true, evaluatorType: 'AsyncCheck' }];
  },
};

const processor = new EvaluatingSpanProcessor({
  emitter,
  maxQueueSize: MAX_QUEUE_SIZE,
  concurrency: CONCURRENCY,
  rules: [
    { name: 'tools', match: { operation: 'execute_tool' }, criteria: [{ name: 'tool_ok', description: 'tool call succeeded', scale: 'binary' }], evaluators: [asyncEvaluator] },
    // An agent rule: GenAI spans inside agent runs are buffered for it.
    { name: 'agent', match: { operation: 'invoke_agent', agentName: 'bench-agent' }, criteria: [{ name: 'tool_ok', description: 'x', scale: 'binary' }], evaluators: [asyncEvaluator] },
    {
      name: 'inline',
      match: { operation: 'chat', model: 'inline-model' },
      criteria: [{ name: 'not_empty', description: 'answered', scale: 'binary' }, { name: 'concise', description: 'short', scale: 'binary' }],
      evaluators: [{ type: 'RuleBased', rules: [{ criterionName: 'not_empty', type: 'length', min: 1 }, { criterionName: 'concise', type: 'length', max: 300 }] }],
    },
  ],
});
const discard = { export: (_spans: ReadableSpan[], done: (result: { code: number }) => void) => done({ code: 0 }), shutdown: async () => {} };
const toggle = new Switch();
const provider = new TracerProvider({
  spanProcessors: [toggle, new BatchSpanProcessor({ exporter: discard, maxQueueSize: 1_000_000, maxExportBatchSize: 512, scheduledDelayMillis: 50 })],
});
const tracer = provider.getTracer('bench-app');

type Kind = 'http' | 'chat' | 'nested' | 'tool' | 'inline';
const AGENT_ATTRIBUTES = { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'other-agent' };
const ATTRIBUTES: Record<Exclude<Kind, 'nested'>, Record<string, string | number>> = {
  http: { 'http.request.method': 'GET', 'url.path': '/api/orders', 'http.response.status_code': 200 },
  chat: { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'gpt-4o-mini', 'gen_ai.usage.input_tokens': 120 },
  inline: {
    'gen_ai.operation.name': 'chat',
    'gen_ai.request.model': 'inline-model',
    'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'What is the weather in Paris?' }] }]),
    'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'It is 18°C and cloudy in Paris.' }], finish_reason: 'stop' }]),
  },
  tool: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'get_weather', 'gen_ai.tool.call.arguments': '{"city":"Paris"}', 'gen_ai.tool.call.result': '{"temperatureC":18}' },
};

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Nanoseconds per span of `end()` alone, and of `startSpan` + `end()`, for one batch. */
function batch(kind: Kind): { end: number; full: number } {
  const attributes = ATTRIBUTES[kind === 'nested' ? 'chat' : kind];
  const name = { http: 'GET /api/orders', chat: 'chat gpt-4o-mini', nested: 'chat gpt-4o-mini', inline: 'chat inline-model', tool: 'execute_tool get_weather' }[kind];
  // `nested`: chat spans inside an agent run no rule selects, buffered for the agent rule.
  const agent = kind === 'nested' ? tracer.startSpan('invoke_agent other', { attributes: AGENT_ATTRIBUTES }) : undefined;
  const parent = agent === undefined ? undefined : trace.setSpan(ROOT_CONTEXT, agent);
  const spans: ReturnType<typeof tracer.startSpan>[] = new Array(BATCH);
  const startedAt = process.hrtime.bigint();
  for (let i = 0; i < BATCH; i++) spans[i] = tracer.startSpan(name, { attributes }, parent);
  const endAt = process.hrtime.bigint();
  for (let i = 0; i < BATCH; i++) spans[i]!.end();
  const doneAt = process.hrtime.bigint();
  agent?.end();
  return { end: Number(doneAt - endAt) / BATCH, full: Number(doneAt - startedAt) / BATCH };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Figures {
  baselineEnd: number;
  oursEnd: number;
  baselineFull: number;
  oursFull: number;
}

async function measure(kind: Kind): Promise<Figures> {
  const samples = { baselineEnd: [] as number[], oursEnd: [] as number[], baselineFull: [] as number[], oursFull: [] as number[] };
  for (let round = 0; round < ROUNDS + 20; round++) {
    const oursFirst = round % 2 === 0;
    for (const ours of oursFirst ? [true, false] : [false, true]) {
      toggle.target = ours ? processor : undefined;
      const { end, full } = batch(kind);
      if (round >= 20) {
        (ours ? samples.oursEnd : samples.baselineEnd).push(end);
        (ours ? samples.oursFull : samples.baselineFull).push(full);
      }
      await tick();
    }
    // Matched spans: let queued evaluations finish outside the timed region.
    if (kind !== 'http' && kind !== 'chat') await processor.forceFlush();
  }
  toggle.target = undefined;
  return {
    baselineEnd: median(samples.baselineEnd),
    oursEnd: median(samples.oursEnd),
    baselineFull: median(samples.baselineFull),
    oursFull: median(samples.oursFull),
  };
}

function report(label: string, figures: Figures, targetMicros: number): boolean {
  const added = (figures.oursEnd - figures.baselineEnd) / 1000;
  const baselineRate = 1e9 / figures.baselineFull;
  const oursRate = 1e9 / figures.oursFull;
  const pass = added <= targetMicros;
  console.log(
    `${label.padEnd(37)} end(): baseline ${(figures.baselineEnd / 1000).toFixed(3)} µs, with processor ${(figures.oursEnd / 1000).toFixed(3)} µs, ` +
      `added ${added.toFixed(3)} µs (target <= ${targetMicros}) ${pass ? 'PASS' : 'FAIL'}\n` +
      `${''.padEnd(37)} spans/s (start+end): baseline ${Math.round(baselineRate).toLocaleString('en-US')}, ` +
      `with processor ${Math.round(oursRate).toLocaleString('en-US')}, ratio ${(oursRate / baselineRate).toFixed(3)}`,
  );
  return pass;
}

function heapMb(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

async function burst(): Promise<boolean> {
  toggle.target = processor;
  blocked = new Promise<void>((resolve) => (release = resolve));
  await processor.forceFlush();
  const droppedBefore = counts.dropped;
  const before = heapMb();
  const attributes = ATTRIBUTES.tool;
  for (let i = 0; i < BURST; i++) {
    tracer.startSpan('execute_tool get_weather', { attributes }).end();
    // Let the queue start its jobs (they block) and the BatchSpanProcessor export now and then.
    if (i % 10_000 === 9_999) await tick();
  }
  await tick();
  const after = heapMb();
  const inFlight = CONCURRENCY;
  const dropped = counts.dropped - droppedBefore;
  const expected = BURST - MAX_QUEUE_SIZE - inFlight;
  const growth = after - before;
  const heapPass = growth < TARGET_HEAP_MB;
  const dropPass = dropped === expected && processor.queueSize === MAX_QUEUE_SIZE;
  console.log(
    `burst of ${BURST.toLocaleString('en-US')} matched spans, evaluations blocked: heap growth ${growth.toFixed(1)} MB ` +
      `(target < ${TARGET_HEAP_MB} MB, queue bound ${MAX_QUEUE_SIZE} included) ${heapPass ? 'PASS' : 'FAIL'}\n` +
      `${''.padEnd(37)} dropped ${dropped.toLocaleString('en-US')}, expected ${BURST} - ${MAX_QUEUE_SIZE} - ${inFlight} in flight = ` +
      `${expected.toLocaleString('en-US')}; queued ${processor.queueSize} ${dropPass ? 'PASS' : 'FAIL'}`,
  );
  release();
  await processor.forceFlush();
  return heapPass && dropPass;
}

async function main(): Promise<void> {
  if (typeof globalThis.gc !== 'function') console.log('note: run with node --expose-gc for exact heap figures');
  console.log(`node ${process.version}, ${BATCH} spans per batch, ${ROUNDS} batches per setup and workload (medians)`);
  const results = [
    report('unmatched: application span', await measure('http'), TARGET_UNMATCHED_MICROS),
    report('unmatched: GenAI chat span', await measure('chat'), TARGET_UNMATCHED_MICROS),
    report('unmatched: chat span in agent run', await measure('nested'), TARGET_UNMATCHED_MICROS),
    report('matched: tool span -> queue', await measure('tool'), TARGET_MATCHED_MICROS),
    report('matched: chat span, inline RuleBased', await measure('inline'), INLINE_BUDGET_MICROS),
    await burst(),
  ];
  console.log(`evaluations emitted ${counts.records.toLocaleString('en-US')}, errors ${counts.errors}`);
  await processor.shutdown();
  await provider.shutdown();
  const pass = results.every(Boolean);
  console.log(pass ? 'PASS' : 'FAIL');
  process.exitCode = pass ? 0 : 1;
}

await main();
