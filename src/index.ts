/**
 * otel-evals: evaluate AI agents where they already emit telemetry.
 * Explicit named exports only; types with `export type`.
 */

// ---- core contracts and runner -----------------------------------------------------------------
export type {
  AgentMessage,
  AggregatedEvaluationMetadata,
  AggregatedEvaluationResult,
  EvaluateOptions,
  EvaluationConfigSnapshot,
  EvaluationCriteria,
  EvaluationInput,
  EvaluationResult,
  EvaluationRunConfig,
  EvaluationRunError,
  EvaluationScale,
  EvaluationScore,
  EvaluationSource,
  EvaluationStorageProvider,
  Evaluator,
  EvaluatorConfig,
  EvaluatorConfigEntry,
  InputLimits,
  LegacyToolCallPart,
  LegacyToolResultPart,
  MessagePart,
  TextPart,
  ToolCall,
  ToolCallPart,
  ToolResultPart,
} from './core/types.ts';
export { runEvaluation } from './core/run-evaluation.ts';
export { normalizeScore } from './core/normalize.ts';
export { aggregateResults } from './core/aggregate.ts';
export { finalizeResult, DEFAULT_THRESHOLD } from './core/finalize.ts';
export { executeEvaluators, DEFAULT_EVALUATOR_TIMEOUT_MILLIS } from './core/execute.ts';
export type { ExecutionOutcome } from './core/execute.ts';
export { applyInputLimits, DEFAULT_MAX_INPUT_CHARS } from './core/input-limits.ts';
export {
  registerEvaluator,
  getEvaluatorDefinition,
  listEvaluatorDefinitions,
  resolveEvaluators,
  validateEvaluatorConfigs,
  isEvaluator,
} from './core/registry.ts';
export type { EvaluatorDefinition, EvaluatorCost, EvaluatorLatency, EvaluatorValidation } from './core/registry.ts';
export { defineSyncEvaluator } from './core/define-evaluator.ts';
export { parseOptions } from './core/options.ts';
export type { SyncEvaluatorSpec } from './core/define-evaluator.ts';
export { skippedResult, errorResult, isSkipped } from './core/results.ts';
export { messageText, responseText, resolveField, resolveFieldText } from './core/text.ts';
export { OtelEvalsError, InvalidEvaluatorConfigError, EvaluationTimeoutError, formatConfigIssue } from './core/errors.ts';
export type { ConfigIssue } from './core/errors.ts';

// ---- evaluators ----------------------------------------------------------------------------------
export { exactMatch } from './evaluators/exact-match.ts';
export type { ExactMatchOptions } from './evaluators/exact-match.ts';
export { ruleBased } from './evaluators/rule-based.ts';
export type { RuleBasedOptions, RuleBasedRule } from './evaluators/rule-based.ts';
export { lexicalSimilarity, levenshtein } from './evaluators/lexical-similarity.ts';
export type { LexicalSimilarityOptions, LevenshteinOptions, SimilarityAlgorithm } from './evaluators/lexical-similarity.ts';
export { sorensenDice, jaro, jaroWinkler, levenshteinSimilarity } from './evaluators/lexical/similarity.ts';
export { keywordCoverage } from './evaluators/keyword-coverage.ts';
export type { KeywordCoverageOptions } from './evaluators/keyword-coverage.ts';
export { sentiment } from './evaluators/sentiment.ts';
export type { SentimentOptions, SentimentCategory } from './evaluators/sentiment.ts';
export { toxicity, DEFAULT_TOXIC_TERMS } from './evaluators/toxicity.ts';
export type { ToxicityOptions } from './evaluators/toxicity.ts';
export { regexMatch } from './evaluators/regex-match.ts';
export type { RegexMatchOptions } from './evaluators/regex-match.ts';
export { jsonSchema } from './evaluators/json-schema.ts';
export type { JsonSchemaOptions } from './evaluators/json-schema.ts';
export { numericTolerance } from './evaluators/numeric-tolerance.ts';
export type { NumericToleranceOptions } from './evaluators/numeric-tolerance.ts';
export { jsonEquality } from './evaluators/json-equality.ts';
export type { JsonEqualityOptions } from './evaluators/json-equality.ts';
export { hybrid } from './evaluators/hybrid.ts';
export type { HybridOptions, HybridComponent } from './evaluators/hybrid.ts';
export { toolUsage } from './evaluators/tool-usage.ts';
export type { ToolUsageOptions, ToolUsageRule } from './evaluators/tool-usage.ts';
export { extractToolCalls, readToolCalls, toolCallsFromMessages, toolCallsFromValues, normalizeToolCall, parseJsonArguments } from './evaluators/tool-calls.ts';
export type { ExtractToolCallsOptions, ToolCallReading, ToolDataSource } from './evaluators/tool-calls.ts';
export { toolSelectionMetrics, checkToolOrder } from './evaluators/tool-selection.ts';
export type { ToolSelectionMetrics, ToolOrderMode, ToolOrderVerdict } from './evaluators/tool-selection.ts';
export type { ArgumentCheck, ArgumentCheckOutcome } from './evaluators/tool-argument-checks.ts';

// ---- storage -------------------------------------------------------------------------------------
export { JsonFileStorageProvider } from './storage/json-file-storage.ts';
export type { JsonFileStorageOptions } from './storage/json-file-storage.ts';

// ---- judge and embeddings ------------------------------------------------------------------------
export { llmJudge, nlpAccuracy } from './judge/definitions.ts';
export type { LLMJudgeOptions, EvalRubric } from './judge/judge-options.ts';
export type { NLPAccuracyOptions } from './judge/nlp-accuracy-options.ts';
export { JUDGE_TEMPLATES, JUDGE_TEMPLATE_NAMES } from './judge/templates.ts';
export type { JudgeTemplate } from './judge/templates.ts';
export { createRedactor, redactText, BUILTIN_REDACTIONS } from './judge/redact.ts';
export type { RedactionOptions, RedactionPattern, BuiltinRedaction, Redactor } from './judge/redact.ts';
export { RateLimiter, defaultRateLimiter, configureDefaultRateLimiter } from './judge/rate-limit.ts';
export type { RateLimitOptions } from './judge/rate-limit.ts';
export { createJudgeCache, defaultJudgeCache } from './judge/cache.ts';
export type { JudgeCache, JudgeCacheOptions } from './judge/cache.ts';
export { TokenBudget, BUDGET_EXCEEDED } from './judge/budget.ts';
export type { TokenBudgetOptions } from './judge/budget.ts';
export { JudgeError } from './judge/judge-error.ts';
export type { JudgeErrorType } from './judge/judge-error.ts';
export { markJudgeSpans, isJudgeSpanAttributes, isJudgeCallInput, JUDGE_FUNCTION_ID } from './judge/judge-span.ts';
export { cosineSimilarity } from './judge/cosine.ts';
export { suppressTracing, isTracingSuppressed, withTracingSuppressed } from './core/suppress-tracing.ts';

// ---- span processor, extraction, emission, config ------------------------------------------------
export { EvaluatingSpanProcessor } from './processor/evaluating-span-processor.ts';
export type {
  AttributeMatcher,
  EvaluatingSpanProcessorOptions,
  EvaluationRule,
  RuleMatch,
  SpanProcessorLike,
  StringMatcher,
  TraceBufferOptions,
  WritableSpanLike,
} from './processor/types.ts';
export {
  DEFAULT_CONCURRENCY,
  DEFAULT_INLINE_BUDGET_MICROS,
  DEFAULT_MAX_QUEUE_SIZE,
  DEFAULT_SHUTDOWN_TIMEOUT_MILLIS,
} from './processor/options.ts';
export { DEFAULT_TRACE_BUFFER_LIMITS } from './processor/trace-buffer.ts';
export { isSampled, traceIdSampleValue } from './processor/sampling.ts';
export { loadConfig, configFromObject, OTEL_EVALS_CONFIG_ENV } from './config/load-config.ts';
export { optionsFromEnv } from './config/from-env.ts';
export type { ConfigOverrides } from './config/from-env.ts';
export { createProcessorFromEnv } from './config/create-processor.ts';
export { classifySpan, extractSpan, buildEvaluationInput, isOwnSpan, DEFAULT_MAX_ATTRIBUTE_CHARS } from './extract/index.ts';
export type { ExtractOptions } from './extract/index.ts';
export type { Dialect, ExtractedSpan, SpanClassification, SpanLike, SpanRole, TokenUsage } from './extract/types.ts';

// ---- offline evaluation --------------------------------------------------------------------------
export { loadSuiteFile, migrateSuiteFile, SuiteFileError } from './dataset/format/load.ts';
export type { SuiteFile, SuiteSpec, EvalCase, CaseExpectation, TargetSpec, Strategy, Profile, DimensionSpec, ScorerSpec } from './dataset/format/model.ts';
export { runSuiteFile, RunAbortedError } from './dataset/runner/run-suite-file.ts';
export type { RunSuiteOptions, RunProgress } from './dataset/runner/run-suite-file.ts';
export { prepareRun } from './dataset/runner/prepare.ts';
export type { PreparedRun, PreparedSuite, PrepareOptions } from './dataset/runner/prepare.ts';
export { RunStore, DEFAULT_RUN_STORE_PATH } from './dataset/store/run-store.ts';
export type { StoredRun, StoredCase } from './dataset/store/run-store.ts';
export { registerSuiteModel } from './dataset/strategies/models.ts';
export { CREATIVE_RUBRIC } from './dataset/strategies/profiles.ts';
export { customScriptEvaluator } from './dataset/strategies/custom-script.ts';
export type { CustomScriptOptions, CustomScorerRequest, CustomScorerResponse, CustomScorerFunction } from './dataset/strategies/custom-script.ts';
export { createTarget, moduleTarget, httpTarget, outputsTarget, tracesTarget, TargetError } from './dataset/targets/index.ts';
export type { Target, TargetResult, TargetCallContext, AgentFunction } from './dataset/targets/index.ts';
