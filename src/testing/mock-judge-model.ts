/**
 * `mockJudgeModel`: an `ai/test` MockLanguageModelV4 that answers an LLM judge's structured-output calls
 * with a valid verdict, to test judge configurations (criteria, rubrics, thresholds, failure analysis,
 * caching, budgets) without a provider. It reads what it is asked from the call itself: the criteria and
 * their score ranges from the verdict's JSON Schema, the failed criteria of a failure analysis from the
 * prompt. Every call is recorded, parsed, in `judgeCalls` (and raw in `doGenerateCalls`).
 */
import { MockLanguageModelV4 } from 'ai/test';
import { delay } from './delay.ts';

type DoGenerate = MockLanguageModelV4['doGenerate'];
type CallOptions = Parameters<DoGenerate>[0];
type GenerateResult = Awaited<ReturnType<DoGenerate>>;

/** A criterion the judge was asked to score, with the score range its verdict schema allows. */
export interface MockJudgeCriterion {
  /** Criterion name. */
  name: string;
  /** Lowest score, for numeric scales. */
  min?: number;
  /** Highest score, for numeric scales. */
  max?: number;
  /** Whether the score must be an integer. */
  integer?: boolean;
  /** The allowed labels, for categorical scales. */
  labels?: string[];
}

/** What a score function may answer: a score (number or label), or a score with its reasoning. */
export type MockJudgeScore = number | string | { score: number | string; reasoning?: string };

/** A root cause and recommendations, the answer of a failure analysis for one criterion. */
export interface MockFailureAnalysis {
  rootCause: string;
  recommendations: string[];
}

/** One call the mock judge received, parsed. */
export interface JudgeModelCall {
  /** 0-based order of the call. */
  index: number;
  /** `verdict` (scoring), `failure-analysis`, or `other` (not a judge call). */
  kind: 'verdict' | 'failure-analysis' | 'other';
  /** The system message (the judge's instructions). */
  system: string;
  /** The first user message: the data sections with the agent's content. */
  prompt: string;
  /** The text of every message in order (a repair retry includes the rejected answer). */
  text: string;
  /** Criteria to score (verdict) or the failed criteria to analyse (failure analysis). */
  criteria: MockJudgeCriterion[];
  /** Their names. */
  criterionNames: string[];
  /** Whether this is a repair retry after an invalid answer. */
  repair: boolean;
  temperature?: number | undefined;
  seed?: number | undefined;
  /** The raw call options. */
  options: CallOptions;
}

/** Options of {@link mockJudgeModel}. */
export interface MockJudgeModelOptions {
  /**
   * Score of one criterion from the prompt the judge received (default: the top of its range, or its
   * first label). The value is sent as is, so an out-of-range score exercises the judge's repair retry.
   */
  score?: (criterion: string, prompt: string, call: JudgeModelCall) => MockJudgeScore;
  /** Answer of a failure analysis for one failed criterion (default: a fixed root cause). */
  failureAnalysis?: (criterion: string, prompt: string, call: JudgeModelCall) => MockFailureAnalysis;
  /** Overall feedback, when the rubric asks for it (default `mock overall feedback`). */
  overallFeedback?: string | ((prompt: string, call: JudgeModelCall) => string);
  /**
   * Raw answer of a call, taking precedence: a string is the model's text as is (malformed JSON, prose),
   * any other value is sent as JSON; `undefined` falls back to the verdict built from `score`.
   */
  respond?: (call: JudgeModelCall) => unknown;
  /** Delay before each answer in ms (aborted with the call's abort signal, as a real request is). */
  latencyMillis?: number;
  /** Token usage reported per call (default: about 4 characters per token of prompt and answer). */
  usage?: { inputTokens: number; outputTokens: number };
  /** Provider name (default `mock`). */
  provider?: string;
  /** Model id (default `judge`). */
  modelId?: string;
}

/** A mock judge model that records its calls. */
export interface MockJudgeModel extends MockLanguageModelV4 {
  /** Every call received, parsed, in order. */
  readonly judgeCalls: JudgeModelCall[];
}

type JsonObject = Record<string, unknown>;

function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (asObject(part)?.type === 'text' ? String(asObject(part)?.text ?? '') : '')).join('');
}

function criterionFromSchema(name: string, schema: unknown): MockJudgeCriterion {
  const score = asObject(asObject(asObject(schema)?.properties)?.score) ?? {};
  if (Array.isArray(score.enum)) return { name, labels: score.enum.map(String) };
  const criterion: MockJudgeCriterion = { name, integer: score.type === 'integer' };
  if (typeof score.minimum === 'number') criterion.min = score.minimum;
  if (typeof score.maximum === 'number') criterion.max = score.maximum;
  return criterion;
}

/** The criteria named after "Failed criteria:" in a failure analysis prompt. */
function failedCriteria(prompt: string): MockJudgeCriterion[] {
  const list = prompt.slice(prompt.lastIndexOf('Failed criteria:'));
  return [...list.matchAll(/^- "([^"]+)":/gm)].map((match) => ({ name: match[1] ?? '' }));
}

/** Parses a call into what the judge asked. */
function parseCall(options: CallOptions, index: number): JudgeModelCall {
  const messages = options.prompt;
  const system = messages.filter((m) => m.role === 'system').map((m) => contentText(m.content)).join('\n');
  const prompt = contentText(messages.find((m) => m.role === 'user')?.content);
  const text = messages.map((m) => contentText(m.content)).join('\n');
  const format = options.responseFormat;
  const properties = asObject(asObject(format?.type === 'json' ? format.schema : undefined)?.properties);
  const scores = asObject(asObject(properties?.scores)?.properties);
  let kind: JudgeModelCall['kind'] = 'other';
  let criteria: MockJudgeCriterion[] = [];
  if (scores) {
    kind = 'verdict';
    criteria = Object.entries(scores).map(([name, schema]) => criterionFromSchema(name, schema));
  } else if (properties?.analyses) {
    kind = 'failure-analysis';
    criteria = failedCriteria(prompt);
  }
  const repair = messages.some((m) => m.role === 'assistant');
  return { index, kind, system, prompt, text, criteria, criterionNames: criteria.map((c) => c.name), repair, temperature: options.temperature, seed: options.seed, options };
}

function defaultScore(criterion: MockJudgeCriterion): number | string {
  return criterion.labels?.[0] ?? criterion.max ?? 1;
}

function wantsOverallFeedback(call: JudgeModelCall): boolean {
  const format = call.options.responseFormat;
  const schema = asObject(format?.type === 'json' ? format.schema : undefined);
  return asObject(schema?.properties)?.overallFeedback !== undefined;
}

/** The answer the options give for a parsed call. */
function buildAnswer(call: JudgeModelCall, options: MockJudgeModelOptions): unknown {
  const raw = options.respond?.(call);
  if (raw !== undefined) return raw;
  if (call.kind === 'failure-analysis') {
    const analyse = options.failureAnalysis ?? ((name: string) => ({ rootCause: `mock root cause for "${name}"`, recommendations: ['mock recommendation'] }));
    return { analyses: call.criteria.map(({ name }) => ({ criterion: name, ...analyse(name, call.prompt, call) })) };
  }
  if (call.kind === 'other') return 'mock answer';
  const scores = Object.fromEntries(
    call.criteria.map((criterion) => {
      const value = options.score ? options.score(criterion.name, call.prompt, call) : defaultScore(criterion);
      const verdict = typeof value === 'object' ? value : { score: value };
      return [criterion.name, { reasoning: verdict.reasoning ?? `mock verdict for "${criterion.name}"`, score: verdict.score }];
    }),
  );
  if (!wantsOverallFeedback(call)) return { scores };
  const feedback = options.overallFeedback ?? 'mock overall feedback';
  return { scores, overallFeedback: typeof feedback === 'function' ? feedback(call.prompt, call) : feedback };
}

function generateResult(text: string, inputTokens: number, outputTokens: number): GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: outputTokens, text: outputTokens, reasoning: undefined },
    },
    warnings: [],
  };
}

/**
 * A judge model for tests: answers every criterion of each structured-output call with a valid verdict
 * (or what `score`, `failureAnalysis` and `respond` decide), after `latencyMillis`, recording each call:
 * `llmJudge({ model: mockJudgeModel({ score: (criterion) => (criterion === 'accuracy' ? 2 : 5) }), ... })`.
 */
export function mockJudgeModel(options: MockJudgeModelOptions = {}): MockJudgeModel {
  const judgeCalls: JudgeModelCall[] = [];
  const model = new MockLanguageModelV4({
    provider: options.provider ?? 'mock',
    modelId: options.modelId ?? 'judge',
    doGenerate: async (callOptions) => {
      const call = parseCall(callOptions, judgeCalls.length);
      judgeCalls.push(call);
      if (options.latencyMillis) await delay(options.latencyMillis, callOptions.abortSignal);
      const answer = buildAnswer(call, options);
      const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
      const usage = options.usage ?? { inputTokens: Math.ceil(call.text.length / 4), outputTokens: Math.ceil(text.length / 4) };
      return generateResult(text, usage.inputTokens, usage.outputTokens);
    },
  });
  return Object.assign(model, { judgeCalls });
}
