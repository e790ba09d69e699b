/**
 * Building blocks of the suite file schema shared by tests.json v2 test cases, eval sets and suites:
 * targets, scorers, rubrics and weighted dimensions with their quality components.
 */
import { z } from 'zod';

/** Any JSON value. */
export const jsonValue: z.ZodType<unknown> = z.unknown();

/** The seven evaluation strategies of tests.json v2. */
export const strategySchema = z.enum(['exact_match', 'regex_match', 'json_schema', 'semantic_sim', 'llm_judge', 'hybrid', 'custom']);

/** The five skill evaluation profiles of tests.json v2. */
export const profileSchema = z.enum(['deterministic', 'structured', 'flexible', 'creative', 'enterprise']);

/** How a dimension or component is evaluated. */
export const methodSchema = z.enum(['deterministic', 'llm_judge', 'hybrid']);

/** A JS/TS module exporting an async agent function. */
export const moduleTargetSchema = z.strictObject({
  module: z.string().min(1),
  export: z.string().min(1).default('default'),
});

/** An HTTP endpoint that receives the input payload as a JSON POST body. */
export const httpTargetSchema = z.strictObject({
  http: z.strictObject({
    url: z.url(),
    headers: z.record(z.string(), z.string()).optional(),
    /** Dotted path of the output in the JSON response (default: the whole body, or its `output` key). */
    outputPath: z.string().optional(),
  }),
});

/** Recorded outputs (JSONL lines `{ id, output }`): grade without calling anything. */
export const outputsTargetSchema = z.strictObject({ outputs: z.string().min(1) });

/**
 * OTLP JSON trace files, replayed through the extraction layer; with `rules`, through the online
 * processor's rules from its config file (one case per evaluation the processor would have made).
 */
export const tracesTargetSchema = z.strictObject({ traces: z.string().min(1), rules: z.string().min(1).optional() });

/** Where outputs come from. */
export const targetSchema = z.union([moduleTargetSchema, httpTargetSchema, outputsTargetSchema, tracesTargetSchema], {
  error: 'must be one of { module, export }, { http: { url, headers } }, { outputs: "./outputs.jsonl" }, { traces: "./traces.json", rules?: "./otel-evals.yaml" }',
});

/** A scale of a rubric criterion. */
export const rubricScaleSchema = z.strictObject({
  min: z.number(),
  max: z.number(),
  descriptions: z.record(z.string(), z.string()).optional(),
});

/** The LLM judge rubric (EvalRubric). */
export const rubricSchema = z.strictObject({
  criteria: z.array(z.strictObject({
    name: z.string().min(1),
    description: z.string(),
    weight: z.number().min(0).max(1),
    scale: rubricScaleSchema,
  })).min(1),
  passingThreshold: z.number().min(0).max(1),
  overallFeedback: z.boolean().optional(),
});

/** `scorer_name` is accepted for `scorer`. */
function scorerAlias(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('scorer_name' in value) || 'scorer' in value) return value;
  const { scorer_name: scorer, ...rest } = value as Record<string, unknown>;
  return { ...rest, scorer };
}

/** A scorer of a suite: a registered evaluator type with its settings. */
export const scorerSchema = z.preprocess(scorerAlias, z.strictObject({
  /** Criterion name the scores are reported under. */
  name: z.string().min(1),
  /** Registered evaluator type (`exact_match`, `levenshtein`, `llm_judge`, ...) or `custom`. */
  scorer: z.string().min(1),
  /** The evaluator's options; `threshold` is the criterion's pass threshold. */
  settings: z.record(z.string(), jsonValue).default({}),
  /** Weight in the case's weighted score (default 1). */
  weight: z.number().min(0).optional(),
}));

/** A quality component of a dimension. */
export const componentSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  weight: z.number().min(0),
  method: methodSchema.default('deterministic'),
  scorer: z.string().min(1),
  settings: z.record(z.string(), jsonValue).default({}),
});

/** A dimension: a criterion with a target score, weight and method, optionally split into components. */
export const dimensionSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  targetScore: z.number().min(0).max(1),
  weight: z.number().min(0),
  method: methodSchema.default('deterministic'),
  scorer: z.string().min(1).optional(),
  settings: z.record(z.string(), jsonValue).default({}),
  components: z.array(componentSchema).min(1).optional(),
}).refine((d) => (d.scorer === undefined) !== (d.components === undefined), {
  message: 'needs exactly one of scorer or components',
  params: { fix: 'give the dimension a scorer (with settings) or a list of weighted components' },
});

/** An eval case: an input payload and an optional expected output. */
export const evalCaseSchema = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().optional(),
  input: jsonValue,
  expected: jsonValue.optional(),
  tags: z.array(z.string()).optional(),
  category: z.string().optional(),
});

/** An eval set: reusable ground-truth cases. */
export const evalSetSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  inputFormat: z.enum(['text', 'json']).optional(),
  outputFormat: z.enum(['text', 'json', 'none']).optional(),
  cases: z.array(evalCaseSchema).min(1),
});

/** A suite: a group of test ids, or the binding of a target, an eval set and scorers. */
export const suiteSchema = z.strictObject({
  name: z.string().min(1),
  testIds: z.array(z.string()).optional(),
  runInSequence: z.boolean().optional(),
  evalSet: z.string().optional(),
  target: targetSchema.optional(),
  scorers: z.array(scorerSchema).optional(),
  concurrency: z.number().int().min(1).optional(),
  threshold: z.number().min(0).max(1).optional(),
  isActive: z.boolean().optional(),
});

/** Settings of a whole file. */
export const settingsSchema = z.strictObject({
  defaultTimeout: z.number().int().positive().optional(),
  parallelExecution: z.boolean().optional(),
  maxConcurrentTests: z.number().int().min(1).optional(),
  failFast: z.boolean().optional(),
  retryFailed: z.boolean().optional(),
  /** Evaluation success threshold on the weighted score (default 0.75). */
  threshold: z.number().min(0).max(1).optional(),
  /** Failed cases within this distance of the threshold are near misses (default 0.05). */
  nearMissMargin: z.number().min(0).max(1).optional(),
  /** Judge model (`provider:model`) for llm_judge strategies. */
  judgeModel: z.string().optional(),
  /** Embedding model (`provider:model`) for semantic_sim strategies. */
  embeddingModel: z.string().optional(),
  /** Default semantic similarity threshold of the flexible profile (default 0.8). */
  semanticThreshold: z.number().min(0).max(1).optional(),
  /** llm_judge strategies analyse failed criteria: root cause and recommendations (a second judge call). */
  failureAnalysis: z.boolean().optional(),
});
