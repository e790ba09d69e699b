/**
 * Replay of OTLP JSON traces through the online processor's own rules: the spans are handed, in the order
 * they ended, to a real EvaluatingSpanProcessor built from the processor's config file (the file
 * `OTEL_EVALS_CONFIG` names in production), so rule matching, sampling, agent buffering, extraction and
 * the evaluators are exactly those of production. Each evaluation the processor would have emitted
 * becomes one case, scored by the results it produced. The config's storage is not used.
 */
import { readFile } from 'node:fs/promises';
import type { EvaluationCriteria, EvaluationResult, Evaluator } from '../../core/types.ts';
import type { EvaluationRecord, Emitter } from '../../emit/types.ts';
import { buildEvaluationInput, extractSpan } from '../../extract/index.ts';
import type { EvalCase } from '../format/model.ts';
import { textVersion } from './hash.ts';
import { parseOtlpJson, type ReplayedSpan } from './otlp-json.ts';
import { TargetError, type Target } from './types.ts';

/** What the processor's rules produced for one replayed span. */
export interface RuleVerdict {
  results: readonly EvaluationResult[];
  criteria?: readonly EvaluationCriteria[];
  threshold?: number;
}

/** A case of a rules replay: the evaluated span, and the rule's verdict on it. */
export interface RuleCase {
  evalCase: EvalCase;
  output: unknown;
  verdict: RuleVerdict;
}

function collector(records: EvaluationRecord[]): Emitter {
  const ignore = (): void => undefined;
  return { emit: (record) => void records.push(record), recordDropped: ignore, recordSkipped: ignore, recordError: ignore, observeQueueSize: ignore };
}

function endNanos(span: ReplayedSpan): number {
  return span.endTime ? span.endTime[0] * 1e9 + span.endTime[1] : 0;
}

/** Runs the spans through a processor configured by `configFile`; resolves to one case per evaluation, in span end order. */
export async function replayThroughRules(spans: readonly ReplayedSpan[], configFile: string, source: string): Promise<RuleCase[]> {
  const [{ loadConfig }, { EvaluatingSpanProcessor }] = await Promise.all([import('../../config/load-config.ts'), import('../../processor/evaluating-span-processor.ts')]);
  const { storageProvider: _storage, ...options } = loadConfig(configFile);
  const records: EvaluationRecord[] = [];
  const processor = new EvaluatingSpanProcessor({ ...options, emitter: collector(records) });
  const ordered = [...spans].sort((a, b) => endNanos(a) - endNanos(b));
  for (const span of ordered) processor.onEnd(span);
  await processor.forceFlush();
  await processor.shutdown();
  const bySpan = new Map(spans.map((span) => [span.spanId, span]));
  const position = new Map(ordered.map((span, index) => [span.spanId, index]));
  records.sort((a, b) => (position.get(a.target.spanId) ?? 0) - (position.get(b.target.spanId) ?? 0));
  return records.map((record, index) => ruleCase(record, bySpan.get(record.target.spanId), `(traces ${source}, rules ${configFile})[${index}]`));
}

function ruleCase(record: EvaluationRecord, span: ReplayedSpan | undefined, at: string): RuleCase {
  const { target } = record;
  const extracted = span ? extractSpan(span) : undefined;
  const input = extracted ? buildEvaluationInput(extracted, [], []) : undefined;
  const evalCase: EvalCase = {
    id: `${target.rule}:${target.spanId}`,
    name: target.spanName ?? 'span',
    tags: [target.rule],
    input: input?.prompt ?? { traceId: target.traceId, spanId: target.spanId },
    expected: {},
    path: at,
    metadata: { traceId: target.traceId, spanId: target.spanId, rule: target.rule },
  };
  if (input?.prompt !== undefined) evalCase.prompt = input.prompt;
  const verdict: RuleVerdict = { results: record.results, ...(record.criteria ? { criteria: record.criteria } : {}), ...(record.threshold !== undefined ? { threshold: record.threshold } : {}) };
  return { evalCase, output: input?.response, verdict };
}

/** An evaluator that answers with what a rule produced for a case (the results are copied, never shared). */
export function verdictEvaluator(verdict: RuleVerdict): Evaluator {
  return { type: 'replayed_rule', evaluate: () => Promise.resolve(verdict.results.map((result) => ({ ...result }))) };
}

/** A traces target whose cases are the evaluations the processor's rules make of the replayed spans. */
export function rulesReplayTarget(file: string, rulesFile: string): Target {
  let loaded: Promise<{ cases: RuleCase[]; byId: Map<string, RuleCase>; version: string }> | undefined;
  const load = (): NonNullable<typeof loaded> => (loaded ??= (async () => {
    const text = await readFile(file, 'utf8').catch((error: unknown) => {
      throw new TargetError(`cannot read OTLP JSON traces ${file}: ${error instanceof Error ? error.message : String(error)}`);
    });
    let spans: ReplayedSpan[];
    try {
      spans = parseOtlpJson(text);
    } catch (error) {
      throw new TargetError(`cannot read OTLP JSON traces ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const cases = await replayThroughRules(spans, rulesFile, file);
    const rules = await readFile(rulesFile, 'utf8');
    return { cases, byId: new Map(cases.map((c) => [c.evalCase.id, c])), version: textVersion(`${text}\u0000${rules}`) };
  })());
  return {
    kind: 'traces',
    description: `traces ${file} through the rules of ${rulesFile}`,
    version: async () => (await load()).version,
    prepare: async () => void (await load()),
    async invoke(_input, { evalCase }) {
      const found = (await load()).byId.get(evalCase.id);
      if (!found) throw new TargetError(`no rule of ${rulesFile} evaluated a span for case "${evalCase.id}" in ${file} (with rules, leave testCases out: every evaluation is a case)`);
      return { output: found.output, traceId: String(found.evalCase.metadata?.traceId ?? '') };
    },
    async discoverCases(): Promise<EvalCase[]> {
      return (await load()).cases.map((c) => ({ ...c.evalCase, verdict: c.verdict }));
    },
  };
}
