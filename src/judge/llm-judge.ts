/**
 * `LLMJudge` and `llm_judge`: one structured judge call scores all of an evaluator's criteria (a rubric,
 * configured criteria, a template's defaults, or the criteria it is given), through the AI SDK.
 * Cost: paid (one call per evaluation and sample, plus one per failure analysis; cache hits are free).
 * Latency: seconds. Prompts are redacted and injection-hardened; failures become error results with
 * `metadata.errorType`; spent budgets give skipped results with reason `budget_exceeded`.
 */
import type { LanguageModel } from 'ai';
import type { z } from 'zod';
import { errorMessage } from '../core/errors.ts';
import { parseOptions } from '../core/options.ts';
import { errorResult, skippedResult } from '../core/results.ts';
import type { EvaluateOptions, EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator } from '../core/types.ts';
import { BUDGET_EXCEEDED, TokenBudget } from './budget.ts';
import { cacheKey, cachedCompute, type InflightComputation } from './cache.ts';
import { attachFailureAnalysis, FAILURE_ANALYSIS_INSTRUCTIONS, failedResults, failureAnalysisPrompt, failureAnalysisSchema } from './failure-analysis.ts';
import { callJudge, type JudgeCallResult, type JudgeSettings, type JudgeUsage } from './judge-call.ts';
import { criteriaToScore, ownCriteria, resolveTemplate } from './judge-criteria.ts';
import { JudgeError } from './judge-error.ts';
import { isJudgeCallInput } from './judge-span.ts';
import { llmJudgeSchema, type LLMJudgeOptions, type ParsedLLMJudgeOptions } from './judge-options.ts';
import { buildResults, splitTokens, weightedScore } from './judge-scoring.ts';
import { modelKey, resolveLanguageModel } from './model.ts';
import { renderJudgePrompt, type RenderedPrompt } from './render.ts';
import { modelCallResources, type ModelCallResources } from './resources.ts';
import { verdictSchema, type FailureAnalysisVerdict, type JudgeCriterion, type JudgeVerdict } from './verdict-schema.ts';

/** What the judge cache stores for one call. */
type CachedCall = JudgeCallResult<JudgeVerdict> | JudgeCallResult<FailureAnalysisVerdict>;

const BUDGET_SIGNAL = Symbol('budget_exceeded');
const ZERO: JudgeUsage = { inputTokens: 0, outputTokens: 0 };

interface JudgeRuntime {
  opts: ParsedLLMJudgeOptions;
  type: string;
  modelId: string;
  resources: ModelCallResources<CachedCall>;
  budget: TokenBudget | undefined;
  model: () => Promise<Exclude<LanguageModel, string>>;
  inflight: Map<string, InflightComputation<CachedCall>>;
}

function addUsage(a: JudgeUsage, b: JudgeUsage): JudgeUsage {
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
}

/** What one cached judge call needs; `parts` (with the canonical prompt) make the cache key. */
interface CachedCallOptions<T> {
  parts: string[];
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  settings: JudgeSettings;
  criteriaCount: number;
  /** Aborted when the runner stops waiting for this evaluation. */
  signal: AbortSignal | undefined;
}

/** One cached, budgeted judge call; resolves with the call and whether it was a cache hit. */
async function cachedCall<T extends CachedCall['value']>(rt: JudgeRuntime, options: CachedCallOptions<T>): Promise<{ call: JudgeCallResult<T>; hit: boolean }> {
  const { system, prompt, schema, settings } = options;
  // The key is built from the canonical prompt (boundary replaced), never from this call's random boundary.
  const key = cacheKey([rt.modelId, JSON.stringify(settings), ...options.parts]);
  const { value, hit } = await cachedCompute({
    cache: rt.resources.cache,
    inflight: rt.inflight,
    key,
    signal: options.signal,
    compute: async (signal) => {
      if (rt.budget && !rt.budget.tryStart()) throw BUDGET_SIGNAL;
      const estimatedTokens = Math.ceil((system.length + prompt.length) / 4) + (settings.maxOutputTokens ?? 150 * options.criteriaCount);
      try {
        const retry = { ...rt.resources.retry, signal };
        const call = await callJudge({ model: await rt.model(), system, prompt, schema, settings, retry, limiter: rt.resources.limiter, estimatedTokens, traceJudgeCalls: rt.opts.traceJudgeCalls });
        rt.budget?.record(call.usage.inputTokens + call.usage.outputTokens);
        return call as CachedCall;
      } catch (error) {
        const usage = (error as { usage?: JudgeUsage }).usage;
        if (usage) rt.budget?.record(usage.inputTokens + usage.outputTokens);
        throw error;
      }
    },
  });
  return { call: value as JudgeCallResult<T>, hit };
}

async function judgeInput(rt: JudgeRuntime, criteria: JudgeCriterion[], rendered: RenderedPrompt, signal: AbortSignal | undefined): Promise<EvaluationResult[]> {
  const { opts } = rt;
  const overallFeedback = opts.rubric?.overallFeedback === true;
  const schema = verdictSchema(criteria, { overallFeedback });
  const samples = await Promise.all(
    Array.from({ length: opts.samples }, (_, index) => {
      const settings: JudgeSettings = { temperature: opts.temperature, ...(opts.seed === undefined ? {} : { seed: opts.seed + index }), ...(opts.maxOutputTokens ? { maxOutputTokens: opts.maxOutputTokens } : {}) };
      return cachedCall(rt, { parts: ['verdict', rendered.canonical], system: rendered.system, prompt: rendered.prompt, schema, settings, criteriaCount: criteria.length, signal });
    }),
  );
  const usage = samples.reduce((sum, sample) => (sample.hit ? sum : addUsage(sum, sample.call.usage)), ZERO);
  const metadata: Record<string, unknown> = {
    model: rt.modelId,
    cached: samples.every((sample) => sample.hit),
    ...(samples.some((sample) => sample.call.repaired) ? { repaired: true } : {}),
    ...(Object.keys(rendered.redactions).length > 0 ? { redactions: rendered.redactions } : {}),
  };
  const verdicts = samples.map((sample) => sample.call.value);
  const results = buildResults({ criteria, verdicts, evaluatorType: rt.type, threshold: opts.threshold, usage, redactor: rt.resources.redactor, metadata });
  if (opts.rubric) addRubricSummary(results, criteria, opts.rubric.passingThreshold, verdicts[0]?.overallFeedback, rt);
  if (opts.failureAnalysis) await analyseFailures(rt, results, rendered, signal);
  return results;
}

function addRubricSummary(results: EvaluationResult[], criteria: JudgeCriterion[], passingThreshold: number, feedback: string | undefined, rt: JudgeRuntime): void {
  const score = weightedScore(results, criteria);
  const rubric = { weightedScore: score, passingThreshold, passed: score === undefined ? undefined : score >= passingThreshold, ...(feedback ? { overallFeedback: rt.resources.redactor.redact(feedback) } : {}) };
  for (const result of results) result.metadata = { ...result.metadata, rubric };
}

async function analyseFailures(rt: JudgeRuntime, results: EvaluationResult[], rendered: RenderedPrompt, signal: AbortSignal | undefined): Promise<void> {
  const failed = failedResults(results);
  if (failed.length === 0) return;
  const prompt = failureAnalysisPrompt(rendered.prompt, failed);
  const system = `${FAILURE_ANALYSIS_INSTRUCTIONS}\nData sections are delimited by <${rendered.boundary}> tags.`;
  const settings: JudgeSettings = { temperature: rt.opts.temperature, ...(rt.opts.seed === undefined ? {} : { seed: rt.opts.seed }) };
  const canonical = `${system}\n${prompt}`.split(rendered.boundary).join('data-BOUNDARY');
  const { call, hit } = await cachedCall(rt, { parts: ['failure-analysis', canonical], system, prompt, schema: failureAnalysisSchema, settings, criteriaCount: failed.length, signal });
  attachFailureAnalysis(results, call, rt.resources.redactor);
  if (hit) return;
  const inputs = splitTokens(call.usage.inputTokens, failed.length);
  const outputs = splitTokens(call.usage.outputTokens, failed.length);
  failed.forEach((result, index) => {
    const usage = (result.metadata?.usage as JudgeUsage | undefined) ?? ZERO;
    result.metadata = { ...result.metadata, usage: { inputTokens: usage.inputTokens + (inputs[index] ?? 0), outputTokens: usage.outputTokens + (outputs[index] ?? 0) } };
  });
}

function failureResults(rt: JudgeRuntime, criteria: readonly JudgeCriterion[], error: unknown): EvaluationResult[] {
  if (error === BUDGET_SIGNAL) {
    return criteria.map((criterion) => skippedResult(criterion.name, rt.type, BUDGET_EXCEEDED, { reason: BUDGET_EXCEEDED, model: rt.modelId }));
  }
  const errorType = JudgeError.isInstance(error) ? error.errorType : 'provider_error';
  const message = rt.resources.redactor.redact(errorMessage(error));
  const usage = (error as { usage?: JudgeUsage } | null)?.usage ?? ZERO;
  const inputs = splitTokens(usage.inputTokens, criteria.length);
  const outputs = splitTokens(usage.outputTokens, criteria.length);
  return criteria.map((criterion, index) => {
    const result = errorResult(criterion.name, rt.type, message, errorType);
    result.metadata = { ...result.metadata, model: rt.modelId, usage: { inputTokens: inputs[index] ?? 0, outputTokens: outputs[index] ?? 0 } };
    return result;
  });
}

/** Builds an LLM judge evaluator (type `LLMJudge` by default, `llm_judge` through its definition). */
export function llmJudge(options: LLMJudgeOptions, type = 'LLMJudge'): Evaluator {
  const opts = parseOptions(llmJudgeSchema, options, type);
  const template = resolveTemplate(opts);
  const own = ownCriteria(opts, template);
  let model: Promise<Exclude<LanguageModel, string>> | undefined;
  const resolution = { ...(opts.baseURL ? { baseURL: opts.baseURL } : {}), ...(opts.apiKeyEnv ? { apiKeyEnv: opts.apiKeyEnv } : {}) };
  const rt: JudgeRuntime = {
    opts,
    type,
    modelId: modelKey(opts.model),
    resources: modelCallResources<CachedCall>(opts),
    budget: opts.budget instanceof TokenBudget ? opts.budget : opts.budget ? new TokenBudget(opts.budget) : undefined,
    model: () => (model ??= resolveLanguageModel(opts.model, resolution).catch((error: unknown) => {
      model = undefined;
      throw error;
    })),
    inflight: new Map(),
  };
  return {
    type,
    criterionNames: own?.map((criterion) => criterion.name) ?? opts.criterionNames ?? [],
    async evaluate(input: EvaluationInput, criteria: EvaluationCriteria[], options?: EvaluateOptions): Promise<EvaluationResult[]> {
      const judged = criteriaToScore(own, criteria ?? input.criteria ?? [], opts.criterionNames);
      if (judged.length === 0) return [];
      if (isJudgeCallInput(input)) return judged.map((criterion) => skippedResult(criterion.name, type, 'judge_span', { reason: 'judge_span' }));
      try {
        const rendered = renderJudgePrompt({ template, criteria: judged, input, redactor: rt.resources.redactor, overallFeedback: opts.rubric?.overallFeedback === true });
        if (rendered.missing.length > 0) return judged.map((criterion) => skippedResult(criterion.name, type, `no ${rendered.missing.join(', ')}`));
        return await judgeInput(rt, judged, rendered, options?.signal);
      } catch (error) {
        return failureResults(rt, judged, error);
      }
    },
  };
}
