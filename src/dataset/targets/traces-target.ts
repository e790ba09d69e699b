/**
 * Replay of OTLP JSON trace files: every trace's agent root (or, without one, its last LLM span) is read
 * by the extraction layer and assembled with its descendants into an EvaluationInput, exactly as the
 * online processor reads a live agent run. Cases pick their trace by `metadata.traceId`, or by id (a
 * case id equal to a trace id, or to a span's `otel_evals.case.id` / `gen_ai.conversation.id`); a file
 * without test cases gets one case per trace.
 */
import { readFile } from 'node:fs/promises';
import { buildEvaluationInput, extractSpan, isOwnSpan } from '../../extract/index.ts';
import type { ExtractedSpan, SpanLike } from '../../extract/types.ts';
import type { EvalCase } from '../format/model.ts';
import { textVersion } from './hash.ts';
import { rulesReplayTarget } from './rules-replay.ts';
import { groupByTrace, parseOtlpJson, type ReplayedSpan } from './otlp-json.ts';
import { TargetError, type Target, type TargetResult } from './types.ts';

/** One replayable agent run. */
export interface ReplayedRun {
  traceId: string;
  spanId: string;
  /** Ids a case may use to select this run. */
  keys: string[];
  result: TargetResult;
}

function targetSpan(extracted: readonly ExtractedSpan[]): ExtractedSpan | undefined {
  const ids = new Set(extracted.map((s) => s.spanId));
  const agents = extracted.filter((s) => s.role === 'agent');
  const outermost = agents.find((s) => s.parentSpanId === undefined || !agents.some((a) => a.spanId === s.parentSpanId && ids.has(a.spanId)));
  if (outermost) return outermost;
  const llms = extracted.filter((s) => s.role === 'llm');
  return llms[llms.length - 1] ?? extracted[extracted.length - 1];
}

/**
 * The result of one agent run from its spans, read as the processor reads them: the agent root (or the
 * last LLM span) with its descendants. Undefined when no span is of a known dialect.
 */
export function resultFromSpans(spans: readonly SpanLike[]): { result: TargetResult; spanId: string; conversationId?: string } | undefined {
  const end = (span: SpanLike): number => (span.endTime ? span.endTime[0] * 1e9 + span.endTime[1] : 0);
  const ordered = [...spans].filter((span) => !isOwnSpan(span)).sort((a, b) => end(a) - end(b));
  const extracted = ordered.map((span) => extractSpan(span)).filter((s): s is ExtractedSpan => s !== undefined);
  const target = targetSpan(extracted);
  if (!target) return undefined;
  const input = buildEvaluationInput(target, extracted.filter((s) => s !== target), []);
  const result: TargetResult = { output: input.response, evaluationInput: input, traceId: target.traceId };
  if (input.toolCalls) result.toolCalls = input.toolCalls;
  if (input.messageHistory) result.messages = input.messageHistory;
  return { result, spanId: target.spanId, ...(target.conversationId ? { conversationId: target.conversationId } : {}) };
}

/** Replayable runs of OTLP JSON text, one per trace, in file order. */
export function replayRuns(text: string): ReplayedRun[] {
  const runs: ReplayedRun[] = [];
  for (const [traceId, spans] of groupByTrace(parseOtlpJson(text))) {
    const read = resultFromSpans(spans);
    if (!read) continue;
    const keys = [traceId, ...caseKeys(spans)];
    if (read.conversationId) keys.push(read.conversationId);
    runs.push({ traceId, spanId: read.spanId, keys, result: read.result });
  }
  return runs;
}

function caseKeys(spans: readonly ReplayedSpan[]): string[] {
  return spans.map((span) => span.attributes['otel_evals.case.id']).filter((v): v is string => typeof v === 'string');
}

/** Builds a target that replays OTLP JSON traces; with `rulesFile`, through the processor rules of that config file. */
export function tracesTarget(file: string, rulesFile?: string): Target {
  if (rulesFile !== undefined) return rulesReplayTarget(file, rulesFile);
  let loaded: Promise<{ runs: ReplayedRun[]; byKey: Map<string, ReplayedRun>; version: string }> | undefined;
  const load = (): NonNullable<typeof loaded> =>
    (loaded ??= readFile(file, 'utf8').then((text) => {
      let runs: ReplayedRun[];
      try {
        runs = replayRuns(text);
      } catch (error) {
        throw new TargetError(`cannot read OTLP JSON traces ${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const byKey = new Map<string, ReplayedRun>();
      for (const run of runs) for (const key of run.keys) if (!byKey.has(key)) byKey.set(key, run);
      return { runs, byKey, version: textVersion(text) };
    }, (error: unknown) => {
      throw new TargetError(`cannot read OTLP JSON traces ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }));
  return {
    kind: 'traces',
    description: `traces ${file}`,
    version: async () => (await load()).version,
    prepare: async () => void (await load()),
    async invoke(_input, { evalCase }) {
      const { byKey } = await load();
      const wanted = typeof evalCase.metadata?.traceId === 'string' ? evalCase.metadata.traceId : evalCase.id;
      const run = byKey.get(wanted.toLowerCase()) ?? byKey.get(wanted);
      if (!run) throw new TargetError(`no trace for case "${evalCase.id}" in ${file} (looked for ${wanted})`);
      return run.result;
    },
    async discoverCases(): Promise<EvalCase[]> {
      const { runs } = await load();
      return runs.map((run, index) => {
        const evalCase: EvalCase = { id: run.traceId, tags: [], input: run.result.evaluationInput?.prompt ?? '', expected: {}, path: `(traces ${file})[${index}]`, metadata: { traceId: run.traceId } };
        if (run.result.evaluationInput?.prompt !== undefined) evalCase.prompt = run.result.evaluationInput.prompt;
        return evalCase;
      });
    },
  };
}
