import { aggregateResults } from './aggregate.ts';
import { errorMessage, InvalidEvaluatorConfigError } from './errors.ts';
import { DEFAULT_EVALUATOR_TIMEOUT_MILLIS, executeEvaluators } from './execute.ts';
import { criteriaByName, DEFAULT_THRESHOLD, finalizeResult } from './finalize.ts';
import { applyInputLimits } from './input-limits.ts';
import { resolveEvaluators, validateEvaluatorConfigs } from './registry.ts';
import { runConfigIssues } from './run-config.ts';
import { skippedResult } from './results.ts';
import type {
  AggregatedEvaluationResult,
  EvaluationConfigSnapshot,
  EvaluationInput,
  EvaluationResult,
  EvaluationRunConfig,
  EvaluationRunError,
  Evaluator,
} from './types.ts';

/**
 * Runs the configured evaluators on one input and aggregates their results.
 *
 * Every evaluator config and the run-level options are validated before anything runs (all problems
 * reported at once as an InvalidEvaluatorConfigError); evaluators run concurrently with failures and timeouts isolated;
 * scores are normalized and combined into a weighted `overallScore`; the result is saved through the
 * storage provider when one is configured, a storage failure being reported in `metadata.errors`.
 */
export async function runEvaluation(input: EvaluationInput, config: EvaluationRunConfig): Promise<AggregatedEvaluationResult> {
  const started = performance.now();
  const runIssues = runConfigIssues(config);
  if (runIssues.length > 0) throw new InvalidEvaluatorConfigError([...validateEvaluatorConfigs(config.evaluatorConfigs).issues, ...runIssues]);
  const evaluators = resolveEvaluators(config.evaluatorConfigs);
  const threshold = config.threshold ?? DEFAULT_THRESHOLD;
  const criteria = criteriaByName(input.criteria);
  const limited = applyInputLimits(input, config.inputLimits);
  const errors: EvaluationRunError[] = [];
  let results: EvaluationResult[];
  if (limited.skipReason) {
    results = skippedForAll(evaluators, input, limited.skipReason);
  } else {
    const outcome = await executeEvaluators(limited.input, evaluators, limited.input.criteria ?? [], config.evaluatorTimeoutMillis ?? DEFAULT_EVALUATOR_TIMEOUT_MILLIS);
    results = outcome.results;
    errors.push(...outcome.errors);
  }
  for (const result of results) finalizeResult(result, criteria.get(result.criterionName), threshold);
  const aggregate = aggregateResults(results, criteria, threshold);
  const aggregated: AggregatedEvaluationResult = {
    ...aggregate,
    results,
    timestamp: Date.now(),
    inputSnapshot: limited.input,
    evaluationConfigSnapshot: snapshot(evaluators, input, config),
    metadata: { ...config.metadata, errors, durationMs: 0 },
  };
  if (input.agentId !== undefined) aggregated.agentId = input.agentId;
  if (input.sessionId !== undefined) aggregated.sessionId = input.sessionId;
  if (limited.truncated.length > 0) aggregated.metadata.truncated = limited.truncated;
  aggregated.metadata.durationMs = performance.now() - started;
  if (config.storageProvider) {
    try {
      await config.storageProvider.saveResult(aggregated);
    } catch (error) {
      errors.push({ source: 'storage', errorType: 'storage_error', message: errorMessage(error) });
    }
  }
  return aggregated;
}

function skippedForAll(evaluators: readonly Evaluator[], input: EvaluationInput, reason: string): EvaluationResult[] {
  return evaluators.flatMap((evaluator) => {
    const names = evaluator.criterionNames?.length ? evaluator.criterionNames : (input.criteria ?? []).map((c) => c.name);
    return names.map((name) => skippedResult(name, evaluator.type, reason));
  });
}

function snapshot(evaluators: readonly Evaluator[], input: EvaluationInput, config: EvaluationRunConfig): EvaluationConfigSnapshot {
  return {
    evaluatorTypes: evaluators.map((evaluator) => evaluator.type),
    criteriaNames: (input.criteria ?? []).map((criterion) => criterion.name),
    storageProviderType: config.storageProvider ? (config.storageProvider.constructor?.name ?? 'external') : 'none',
    metadataKeys: Object.keys(config.metadata ?? {}),
  };
}
