/**
 * Throughput of runEvaluation with the fast deterministic suite on 1 KB responses, on one core.
 *
 * Evaluators: RuleBased (3 rules), KeywordCoverage (10 keywords), Toxicity (default list), Sentiment,
 * exact_match. One config object is reused (as a hot loop would), inputs are varied texts generated
 * from a fixed seed, and each runEvaluation is awaited before the next starts (sequential, one core).
 * Target: at least 10,000 inputs per second. Exits non-zero when the target is missed.
 *
 *   npm run bench                       # 2 s warm-up, 5 s measured
 *   BENCH_SECONDS=10 npm run bench
 */
import { availableParallelism, loadavg } from 'node:os';
import { mulberry32 } from '../src/dataset/compare/prng.ts';
import { runEvaluation, type EvaluationCriteria, type EvaluationInput, type EvaluationRunConfig } from '../src/index.ts';

const TARGET_INPUTS_PER_SECOND = 10_000;
const RESPONSE_BYTES = 1024;
const DISTINCT_INPUTS = 512;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const KEYWORDS = ['latency', 'throughput', 'cache', 'database', 'index', 'query', 'replica', 'timeout', 'retry', 'budget'];
const FILLER = (
  'the a an of to in for on with by from as at service request response system user team report result data value ' +
  'we should could would will can may must this that these those it its they them our your their after before during ' +
  'good great helpful clear happy excellent poor bad slow broken sad wrong awful thanks sorry please improve reduce'
).split(' ');

function sentence(random: () => number): string {
  const words: string[] = [];
  const length = 6 + Math.floor(random() * 12);
  for (let i = 0; i < length; i++) {
    const roll = random();
    const pool = roll < 0.12 ? KEYWORDS : FILLER;
    words.push(pool[Math.floor(random() * pool.length)] ?? 'word');
  }
  // Now and then a term from the default toxicity list, so both verdicts occur.
  if (random() < 0.03) words.push('idiot');
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function response(random: () => number): string {
  let text = '';
  while (text.length < RESPONSE_BYTES) text += `${sentence(random)} `;
  return text.slice(0, RESPONSE_BYTES);
}

const criteria: EvaluationCriteria[] = [
  { name: 'LengthOk', description: 'Between 50 and 400 words.', scale: 'binary' },
  { name: 'MentionsLatency', description: 'Talks about latency.', scale: 'binary' },
  { name: 'StartsWithSentence', description: 'Opens with a capitalized sentence.', scale: 'binary' },
  { name: 'KeywordCoverage', description: 'Covers the 10 keywords.', scale: 'numeric' },
  { name: 'IsNotToxic', description: 'No toxic terms.', scale: 'binary' },
  { name: 'Sentiment', description: 'Tone.', scale: 'numeric' },
  { name: 'ExactMatch', description: 'Equals the reference.', scale: 'binary' },
];

/** The evaluator configuration measured; one object, reused for every input. */
const benchConfig: EvaluationRunConfig = {
  evaluatorConfigs: [
    {
      type: 'RuleBased',
      rules: [
        { criterionName: 'LengthOk', type: 'length', min: 50, max: 400, unit: 'words' },
        { criterionName: 'MentionsLatency', type: 'includes', value: 'latency', caseSensitive: false },
        { criterionName: 'StartsWithSentence', type: 'regex', pattern: '^[A-Z][^.]{10,}\\.' },
      ],
    },
    { type: 'KeywordCoverage', criterionName: 'KeywordCoverage', expectedKeywords: KEYWORDS },
    { type: 'Toxicity', criterionName: 'IsNotToxic' },
    { type: 'Sentiment', criterionName: 'Sentiment' },
    { type: 'exact_match', criterionName: 'ExactMatch' },
  ],
};

/** Deterministic 1 KB inputs; every fourth groundTruth equals its response. */
function benchInputs(count = DISTINCT_INPUTS, seed = 42): EvaluationInput[] {
  const random = mulberry32(seed); // seeded, so every run measures the same texts
  return Array.from({ length: count }, (_, i) => {
    const text = response(random);
    return { prompt: 'Summarize the incident review.', response: text, groundTruth: i % 4 === 0 ? text : response(random), criteria };
  });
}

interface LoopOutcome {
  count: number;
  /** Wall-clock time. */
  elapsedMs: number;
  /** CPU time of this process (user + system), which excludes time other processes took from the core. */
  cpuMs: number;
  errors: number;
}

async function loop(inputs: readonly EvaluationInput[], seconds: number, samples?: number[]): Promise<LoopOutcome> {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let count = 0;
  let errors = 0;
  while (performance.now() < deadline) {
    // The clock is read every 64 inputs only (unless sampling), so timing stays out of the figure.
    for (let i = 0; i < 64; i++) {
      const input = inputs[count % inputs.length]!;
      const t0 = samples ? performance.now() : 0;
      const result = await runEvaluation(input, benchConfig);
      if (samples) samples.push(performance.now() - t0);
      errors += result.metadata.errors.length;
      count++;
    }
  }
  const cpu = process.cpuUsage(cpuStarted);
  return { count, elapsedMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, errors };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/**
 * Runs the benchmark and reports; resolves to whether the target was met. The verdict uses inputs per
 * CPU-second of this process, i.e. what one core does when it is not shared; the wall-clock figure is
 * printed beside it and equals it on an idle machine.
 */
async function runBench(log: (text: string) => void = console.log): Promise<boolean> {
  const inputs = benchInputs();
  const first = await runEvaluation(inputs[0]!, benchConfig);
  log(`runEvaluation throughput: ${first.results.length} criteria from ${benchConfig.evaluatorConfigs.length} evaluators, ${RESPONSE_BYTES}-byte responses, ${inputs.length} distinct inputs`);
  log(`  node ${process.version}, ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await loop(inputs, WARMUP_SECONDS);
  // Throughput pass without per-input clock reads, then a latency pass with them.
  const run = await loop(inputs, MEASURE_SECONDS);
  const samples: number[] = [];
  await loop(inputs, Math.max(1, MEASURE_SECONDS / 2), samples);
  samples.sort((a, b) => a - b);
  const perCpuSecond = run.count / (run.cpuMs / 1000);
  const perWallSecond = run.count / (run.elapsedMs / 1000);
  const ok = perCpuSecond >= TARGET_INPUTS_PER_SECOND && run.errors === 0;
  const format = (n: number): string => Math.round(n).toLocaleString('en-US');
  log(`  inputs/s:   ${format(perCpuSecond)} per CPU-second (${run.count} inputs, ${(run.cpuMs / 1000).toFixed(2)} s CPU)`);
  log(`  wall clock: ${format(perWallSecond)} inputs/s (${(run.elapsedMs / 1000).toFixed(2)} s)`);
  log(`  median:     ${(percentile(samples, 50) * 1000).toFixed(1)} µs per input`);
  log(`  p99:        ${(percentile(samples, 99) * 1000).toFixed(1)} µs per input`);
  if (run.errors > 0) log(`  errors:     ${run.errors} evaluator errors during the run`);
  const wallOk = perWallSecond >= TARGET_INPUTS_PER_SECOND;
  log(`  wall clock ${wallOk ? 'meets' : 'misses'} the target too${wallOk ? '' : ` (other processes shared the core: load average ${loadavg()[0]?.toFixed(1)})`}`);
  log(`  ${ok ? 'PASS' : 'FAIL'}: target >= ${format(TARGET_INPUTS_PER_SECOND)} inputs/s on one core`);
  return ok;
}

runBench().then(
  (ok) => {
    if (!ok) process.exitCode = 1;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
