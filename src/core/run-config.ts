/**
 * Checks of the run-level options of `runEvaluation` (threshold, timeout, input limits), reported with
 * the evaluator config problems in one InvalidEvaluatorConfigError. A mistyped threshold (75 for 0.75)
 * would otherwise fail every criterion without a word.
 */
import type { ConfigIssue } from './errors.ts';
import type { EvaluationRunConfig } from './types.ts';

const checked = new WeakSet<EvaluationRunConfig>();

/** Problems of the run-level options, each with its key path and a fix; cached per config object. */
export function runConfigIssues(config: EvaluationRunConfig): ConfigIssue[] {
  if (checked.has(config)) return [];
  const issues: ConfigIssue[] = [];
  const { threshold, evaluatorTimeoutMillis, inputLimits } = config;
  if (threshold !== undefined && !(typeof threshold === 'number' && threshold >= 0 && threshold <= 1)) {
    issues.push({ path: 'threshold', message: `must be a number from 0 to 1 (a threshold on normalized scores), got ${JSON.stringify(threshold)}`, fix: 'e.g. 0.75 for 75%' });
  }
  if (evaluatorTimeoutMillis !== undefined && !(typeof evaluatorTimeoutMillis === 'number' && evaluatorTimeoutMillis > 0)) {
    issues.push({ path: 'evaluatorTimeoutMillis', message: `must be a positive number of milliseconds, got ${JSON.stringify(evaluatorTimeoutMillis)}`, fix: 'e.g. 30000' });
  }
  const maxChars = inputLimits?.maxChars;
  if (maxChars !== undefined && !(Number.isInteger(maxChars) && maxChars > 0)) {
    issues.push({ path: 'inputLimits.maxChars', message: `must be a positive integer, got ${JSON.stringify(maxChars)}`, fix: 'e.g. 100000' });
  }
  const onOversize = inputLimits?.onOversize;
  if (onOversize !== undefined && onOversize !== 'truncate' && onOversize !== 'skip') {
    issues.push({ path: 'inputLimits.onOversize', message: `must be "truncate" or "skip", got ${JSON.stringify(onOversize)}`, fix: 'use "truncate" (default) or "skip"' });
  }
  if (issues.length === 0) checked.add(config);
  return issues;
}
