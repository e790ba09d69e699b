/**
 * Judge pipeline throughput and cache: 1,000 distinct inputs through runEvaluation with an LLMJudge
 * whose model (the `otel-evals/testing` mock judge, an `ai/test` MockLanguageModelV4) answers after 200 ms, with the judge rate limiter at
 * concurrency 16. The ideal is 16 / 0.2 s = 80 evaluations per second; the target is at least 90% of
 * it. A second pass over the same 1,000 inputs must be served entirely from the cache (0 model calls).
 * All 1,000 evaluations are submitted at once, as a burst reaching the processor's queue would be; the
 * judge limiter is the only throttle. A warm-up of 16 other inputs runs first and is not counted.
 *
 * Run: npm run bench:judge. Exits non-zero when a target is missed.
 */
import { loadavg } from 'node:os';
import { runEvaluation } from '../src/core/run-evaluation.ts';
import type { EvaluationInput, EvaluatorConfig } from '../src/core/types.ts';
import { createJudgeCache } from '../src/judge/cache.ts';
import { RateLimiter } from '../src/judge/rate-limit.ts';
import { mockJudgeModel } from '../src/testing/index.ts';

const INPUTS = Number(process.env.BENCH_INPUTS ?? 1000);
const LATENCY_MS = 200;
const CONCURRENCY = 16;
const IDEAL = CONCURRENCY / (LATENCY_MS / 1000);
const TARGET_SHARE = 0.9;

const cpuMs: number[] = [];
const callMs: number[] = [];
const model = mockJudgeModel({
  provider: 'bench',
  modelId: 'judge-200ms',
  latencyMillis: LATENCY_MS,
  score: (criterion) => (criterion === 'helpfulness' ? { reasoning: 'Answers the question directly.', score: 4 } : { reasoning: 'Matches the reference.', score: 5 }),
  usage: { inputTokens: 400, outputTokens: 40 },
});
// Wall time of each mock call, to tell timer lateness under load from pipeline overhead.
const answer = model.doGenerate.bind(model);
model.doGenerate = async (options) => {
  const began = performance.now();
  try {
    return await answer(options);
  } finally {
    callMs.push(performance.now() - began);
  }
};
const modelCalls = (): number => model.judgeCalls.length;

const criteria = [
  { name: 'helpfulness', description: 'Helps the user.', scale: 'likert5' },
  { name: 'correctness', description: 'Agrees with the reference.', scale: 'likert5' },
];
const inputs: EvaluationInput[] = Array.from({ length: INPUTS }, (_, i) => ({
  prompt: `Question ${i}: what is the weather in city ${i % 97}? Contact me at user${i}@example.com.`,
  response: `Answer ${i}: it is ${10 + (i % 20)}°C and ${['cloudy', 'sunny', 'rainy'][i % 3]} in city ${i % 97}.`,
  groundTruth: `${10 + (i % 20)}°C, ${['cloudy', 'sunny', 'rainy'][i % 3]}`,
  criteria,
}));
const judge: EvaluatorConfig = { type: 'LLMJudge', model, cache: createJudgeCache({ maxEntries: 5000 }), rateLimiter: new RateLimiter({ concurrency: CONCURRENCY }) };
const config = { evaluatorConfigs: [judge], evaluatorTimeoutMillis: 120_000 };

async function pass(): Promise<{ seconds: number; calls: number; scored: number }> {
  const callsBefore = modelCalls();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.all(inputs.map((input) => runEvaluation(input, config)));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  cpuMs.push((used.user + used.system) / 1000);
  const scored = results.filter((r) => r.results.every((result) => typeof result.score === 'number')).length;
  return { seconds, calls: modelCalls() - callsBefore, scored };
}

// Warm-up on other inputs: the first evaluation loads the judge implementation and 'ai' by dynamic
// import, a one-time start-up cost that is not throughput.
const warmUp = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => runEvaluation({ ...inputs[0]!, response: `warm-up ${i}` }, config)));
console.log(`warm-up: ${CONCURRENCY} evaluations in ${(performance.now() - warmUp).toFixed(0)} ms (not counted)`);
callMs.length = 0;

const first = await pass();
const second = await pass();
const throughput = INPUTS / first.seconds;
const throughputOk = throughput >= TARGET_SHARE * IDEAL && first.scored === INPUTS;
const cacheOk = second.calls === 0 && second.scored === INPUTS;

console.log(`judge pipeline: ${INPUTS} inputs, mock judge ${LATENCY_MS} ms, concurrency ${CONCURRENCY} (node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
console.log(`  pass 1: ${first.seconds.toFixed(2)} s, ${throughput.toFixed(1)} evaluations/s = ${((100 * throughput) / IDEAL).toFixed(1)}% of ideal ${IDEAL}/s (target >= ${TARGET_SHARE * 100}%), ${first.calls} model calls, ${first.scored} scored -> ${throughputOk ? 'PASS' : 'FAIL'}`);
console.log(`  pass 2: ${second.seconds.toFixed(3)} s, ${second.calls} model calls (target 0), ${second.scored} scored -> ${cacheOk ? 'PASS' : 'FAIL'}`);
console.log(`  CPU: pass 1 ${cpuMs[0]?.toFixed(0)} ms (${((cpuMs[0] ?? 0) / INPUTS).toFixed(2)} ms per evaluation), pass 2 ${cpuMs[1]?.toFixed(0)} ms`);
const meanCall = callMs.reduce((a, b) => a + b, 0) / Math.max(1, callMs.length);
console.log(`  mock call wall time: mean ${meanCall.toFixed(1)} ms (timer lateness under load counts against the pipeline); effective slots busy: ${((INPUTS * meanCall) / 1000 / first.seconds).toFixed(1)} of ${CONCURRENCY}`);
console.log(throughputOk && cacheOk ? 'PASS' : 'FAIL');
process.exitCode = throughputOk && cacheOk ? 0 : 1;
