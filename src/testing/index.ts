/**
 * Test helpers for otel-evals users (`otel-evals/testing`): an evaluator, a judge model and an embedding
 * model that record their calls. The model mocks are `ai/test` mock models, so this entry needs the
 * optional peer `ai`; the package's main entry does not load it.
 */
export { mockEvaluator } from './mock-evaluator.ts';
export type { MockEvaluator, MockEvaluatorOptions } from './mock-evaluator.ts';
export { mockJudgeModel } from './mock-judge-model.ts';
export type { JudgeModelCall, MockFailureAnalysis, MockJudgeCriterion, MockJudgeModel, MockJudgeModelOptions, MockJudgeScore } from './mock-judge-model.ts';
export { bagOfWordsEmbedding, DEFAULT_STOP_WORDS, mockEmbeddingModel } from './mock-embedding-model.ts';
export type { BagOfWordsOptions, MockEmbeddingModelOptions } from './mock-embedding-model.ts';
