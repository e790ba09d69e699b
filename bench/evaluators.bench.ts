/**
 * Microseconds per 1 KB input of each deterministic evaluator's `evaluateSync`, on one core.
 * No target of its own: it shows where the time of the runEvaluation throughput benchmark goes.
 * Reports wall time and the process's CPU time per input; on a shared, busy machine the CPU figure is
 * the closer one to what a dedicated core would see.
 *
 *   npx tsx bench/evaluators.bench.ts          # BENCH_ITERATIONS=20000 by default
 */
import { resolveEvaluators, type EvaluationInput, type EvaluatorConfigEntry } from '../src/index.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20_000);
const DISTINCT_INPUTS = 256;
const WORDS = (
  'the service answered the request with latency under budget while the cache kept the database index warm ' +
  'we should retry the query after a timeout and report the throughput of each replica to the team thanks ' +
  'great helpful clear answer but the slow broken path made users sad so please improve it'
).split(' ');

function text(seed: number, bytes: number): string {
  let out = '';
  for (let i = seed; out.length < bytes; i = (i * 7 + 3) % WORDS.length) out += `${WORDS[i] ?? 'word'} `;
  return out.slice(0, bytes);
}

const inputs: EvaluationInput[] = Array.from({ length: DISTINCT_INPUTS }, (_, i) => ({
  response: text(i % WORDS.length, 1024),
  groundTruth: text((i + 5) % WORDS.length, 1024),
  criteria: [],
}));
const numeric: EvaluationInput[] = inputs.map((input, i) => ({ ...input, response: `${String(input.response).slice(0, 1000)} answer ${i}.5`, groundTruth: `${i}.5` }));
const json: EvaluationInput[] = inputs.map((input, i) => ({ ...input, response: JSON.stringify({ id: i, text: String(input.response).slice(0, 900), tags: ['a', 'b'] }), groundTruth: { id: i, text: String(input.response).slice(0, 900), tags: ['b', 'a'] } }));

const KEYWORDS = ['latency', 'throughput', 'cache', 'database', 'index', 'query', 'replica', 'timeout', 'retry', 'budget'];
const cases: Array<[string, EvaluatorConfigEntry, EvaluationInput[]]> = [
  ['exact_match', { type: 'exact_match' }, inputs],
  ['RuleBased (regex, length, includes)', { type: 'RuleBased', rules: [
    { criterionName: 'r1', type: 'regex', pattern: '\\bcache\\b', flags: 'i' },
    { criterionName: 'r2', type: 'length', min: 50, max: 400, unit: 'words' },
    { criterionName: 'r3', type: 'includes', values: ['latency', 'budget'] },
  ] }, inputs],
  ['KeywordCoverage (10 keywords)', { type: 'KeywordCoverage', expectedKeywords: KEYWORDS }, inputs],
  ['KeywordCoverage (10, whole word)', { type: 'KeywordCoverage', expectedKeywords: KEYWORDS, matchWholeWord: true }, inputs],
  ['Toxicity (default list)', { type: 'Toxicity' }, inputs],
  ['Sentiment', { type: 'Sentiment' }, inputs],
  ['LexicalSimilarity sorensen-dice', { type: 'LexicalSimilarity' }, inputs],
  ['LexicalSimilarity jaro-winkler', { type: 'LexicalSimilarity', algorithm: 'jaro-winkler' }, inputs],
  ['levenshtein', { type: 'levenshtein' }, inputs],
  ['regex_match (2 patterns)', { type: 'regex_match', patterns: ['cache', 'retry\\s+the'] }, inputs],
  ['numeric_tolerance', { type: 'numeric_tolerance', abs_tol: 0.01 }, numeric],
  ['json_schema', { type: 'json_schema', schema: { type: 'object', required: ['id', 'text'], properties: { id: { type: 'integer' }, text: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } } }, json],
  ['json_equality (ignore_order)', { type: 'json_equality', ignore_order: true }, json],
  ['hybrid (exact_match + dice)', { type: 'hybrid', evaluators: [{ type: 'exact_match', weight: 0.6 }, { type: 'LexicalSimilarity', weight: 0.4 }] }, inputs],
];

let sink = 0;
console.log(`${'evaluator'.padEnd(40)}${'wall us'.padStart(9)}${'cpu us'.padStart(9)}   (per 1 KB input, ${ITERATIONS} iterations)`);
for (const [name, config, data] of cases) {
  const [evaluator] = resolveEvaluators([config]);
  const run = evaluator?.evaluateSync;
  if (!evaluator || !run) throw new Error(`${name} has no evaluateSync`);
  for (let i = 0; i < 2_000; i++) sink += run(data[i % data.length] as EvaluationInput, []).length;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (let i = 0; i < ITERATIONS; i++) sink += run(data[i % data.length] as EvaluationInput, []).length;
  const cpu = process.cpuUsage(cpuStarted);
  const wall = ((performance.now() - started) * 1000) / ITERATIONS;
  const cpuMicros = (cpu.user + cpu.system) / ITERATIONS;
  console.log(`${name.padEnd(40)}${wall.toFixed(2).padStart(9)}${cpuMicros.toFixed(2).padStart(9)}`);
}
if (sink === 0) console.log('no results');
