/**
 * End-to-end checks 1 and 2, on what the collector wrote to files:
 * evaluated spans carry inline evaluation attributes and have `evaluation {rule}` child spans, and every
 * gen_ai.evaluation.result log record carries the trace and span id of an evaluated span.
 *
 *   tsx test/e2e/check-telemetry-files.ts <directory with traces.jsonl and logs.jsonl>
 */
import { join } from 'node:path';
import {
  ATTR_GEN_AI_EVALUATION_NAME,
  ATTR_GEN_AI_EVALUATION_SCORE_LABEL,
  ATTR_GEN_AI_OPERATION_NAME,
  EVENT_GEN_AI_EVALUATION_RESULT,
  GEN_AI_OPERATION_EVALUATION,
  OTEL_EVALS_SCOPE,
} from '../../src/semconv.ts';
import { attribute, readLogRecords, readSpans } from './otlp-files.ts';

const INLINE_SCORE = /^gen_ai\.evaluation\.[a-z0-9_]+\.score\.value$/;

function fail(message: string): never {
  console.error(`FAIL ${message}`);
  process.exit(1);
}

const dir = process.argv[2] ?? fail('usage: check-telemetry-files.ts <dir>');
const spans = readSpans(join(dir, 'traces.jsonl'));
const records = readLogRecords(join(dir, 'logs.jsonl'));
const byId = new Map(spans.map((s) => [`${s.traceId}/${s.spanId}`, s]));

// 1. evaluation spans, their parents, and inline attributes on the parents.
const evaluationSpans = spans.filter((s) => s.scope === OTEL_EVALS_SCOPE && s.name.startsWith('evaluation '));
if (evaluationSpans.length === 0) fail('no `evaluation {rule}` spans in the exported traces');
for (const span of evaluationSpans) {
  if (attribute(span.attributes, ATTR_GEN_AI_OPERATION_NAME) !== GEN_AI_OPERATION_EVALUATION) fail(`${span.name} lacks gen_ai.operation.name=evaluation`);
}
const evaluated = new Set(evaluationSpans.map((s) => `${s.traceId}/${s.parentSpanId ?? ''}`));
const parents = [...evaluated].map((id) => byId.get(id));
const missing = parents.filter((p) => p === undefined).length;
if (missing > 0) fail(`${missing} evaluation spans have no exported parent span`);
const inline = spans.filter((s) => s.scope !== OTEL_EVALS_SCOPE && (s.attributes ?? []).some((a) => INLINE_SCORE.test(a.key)));
if (inline.length === 0) fail('no evaluated span carries inline gen_ai.evaluation.<criterion>.score.value attributes');
for (const span of inline) evaluated.add(`${span.traceId}/${span.spanId}`);
const rules = new Set(evaluationSpans.map((s) => s.name));
console.log(`ok 1: ${spans.length} spans; ${evaluationSpans.length} evaluation spans (${[...rules].sort().join(', ')}); ${inline.length} evaluated spans with inline scores`);

// 2. gen_ai.evaluation.result events, parented to evaluated spans.
const events = records.filter((r) => r.eventName === EVENT_GEN_AI_EVALUATION_RESULT);
if (events.length === 0) fail('no gen_ai.evaluation.result log records');
for (const event of events) {
  if (!event.traceId || !event.spanId) fail('a gen_ai.evaluation.result record has no trace or span id');
  const id = `${event.traceId}/${event.spanId}`;
  if (!evaluated.has(id)) fail(`event for ${String(attribute(event.attributes, ATTR_GEN_AI_EVALUATION_NAME))} points at ${id}, which is not an evaluated span`);
  if (attribute(event.attributes, ATTR_GEN_AI_EVALUATION_NAME) === undefined) fail('a gen_ai.evaluation.result record has no gen_ai.evaluation.name');
}
const labels = new Set(events.map((e) => String(attribute(e.attributes, ATTR_GEN_AI_EVALUATION_SCORE_LABEL))));
console.log(`ok 2: ${events.length} gen_ai.evaluation.result records, all on evaluated spans; labels: ${[...labels].sort().join(', ')}`);
