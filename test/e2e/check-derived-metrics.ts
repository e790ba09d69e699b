/**
 * End-to-end check of collector-config/otelcol-derived-metrics.yaml: the collector that derives the
 * evaluation metrics from gen_ai.evaluation.result events exposes them under the same names and labels the
 * dashboards use, and counts exactly one result per event.
 *
 * It also checks the LLM-span counter both collector configs derive from traces against the spans exported.
 *
 *   tsx test/e2e/check-derived-metrics.ts <metrics url> <directory with logs.jsonl and traces.jsonl>
 */
import { join } from 'node:path';
import { ATTR_GEN_AI_OPERATION_NAME, EVENT_GEN_AI_EVALUATION_RESULT } from '../../src/semconv.ts';
import { L, M } from '../../grafana/src/prometheus-names.ts';
import { attribute, readLogRecords, readSpans } from './otlp-files.ts';
import { sleep } from './prometheus-api.ts';

const [url, dir] = process.argv.slice(2);
if (!url || !dir) throw new Error('usage: check-derived-metrics.ts <metrics url> <directory>');
const LLM_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);

interface Line {
  name: string;
  labels: string;
  value: number;
}

async function scrape(): Promise<Line[]> {
  const text = await (await fetch(url!)).text();
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})?\s+(\S+)/.exec(line);
      return { name: match?.[1] ?? '', labels: match?.[2] ?? '', value: Number(match?.[3]) };
    });
}

const required = [M.scoreBucket, M.scoreSum, M.scoreCount, M.results, M.llmSpans];
let lines: Line[] = [];
let events = 0;
let counted = 0;
let llmSpans = 0;
let llmCounted = 0;
const total = (name: string): number => lines.filter((l) => l.name === name).reduce((sum, l) => sum + l.value, 0);
for (let attempt = 0; attempt < 15; attempt++) {
  lines = await scrape();
  events = readLogRecords(join(dir, 'logs.jsonl')).filter((r) => r.eventName === EVENT_GEN_AI_EVALUATION_RESULT).length;
  llmSpans = readSpans(join(dir, 'traces.jsonl')).filter((s) => LLM_OPERATIONS.has(String(attribute(s.attributes, ATTR_GEN_AI_OPERATION_NAME)))).length;
  counted = total(M.results);
  llmCounted = total(M.llmSpans);
  if (counted === events && llmCounted === llmSpans && required.every((name) => lines.some((l) => l.name === name))) break;
  await sleep(1000);
}
const names = new Set(lines.map((l) => l.name));
for (const name of required) {
  if (!names.has(name)) {
    console.error(`FAIL derived: ${name} missing from ${url}`);
    process.exit(1);
  }
}
const results = lines.filter((l) => l.name === M.results);
if (!results.every((l) => l.labels.includes(`${L.evaluation}=`) && l.labels.includes('job='))) {
  console.error(`FAIL derived: ${M.results} lacks the ${L.evaluation} or job label`);
  process.exit(1);
}
if (counted !== events) {
  console.error(`FAIL derived: ${counted} results counted from ${events} gen_ai.evaluation.result events`);
  process.exit(1);
}
if (llmCounted !== llmSpans) {
  console.error(`FAIL derived: ${M.llmSpans} is ${llmCounted}, but ${llmSpans} LLM-call spans were exported`);
  process.exit(1);
}
console.log(`ok derived: ${[...names].filter((n) => n.startsWith('gen_ai_') || n.startsWith('otel_evals_')).sort().join(', ')}; ${counted} results from ${events} events, ${llmCounted} LLM spans`);
