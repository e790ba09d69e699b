import { EvaluationTimeoutError, errorMessage } from './errors.ts';
import { errorResult } from './results.ts';
import type { EvaluationCriteria, EvaluationInput, EvaluationResult, EvaluationRunError, Evaluator } from './types.ts';

/** Default timeout of one evaluator, in milliseconds. */
export const DEFAULT_EVALUATOR_TIMEOUT_MILLIS = 30_000;

/** What running a set of evaluators produced. */
export interface ExecutionOutcome {
  /** Results in evaluator order; a failed evaluator contributes error results. */
  results: EvaluationResult[];
  /** One entry per failed evaluator. */
  errors: EvaluationRunError[];
  /** Wall time of each evaluator in milliseconds, aligned with the evaluators. */
  durationsMs: number[];
}

/**
 * Runs evaluators concurrently with failures isolated: an evaluator that throws, rejects or passes the
 * timeout yields error results for its criteria and the others go on; at the timeout the signal given
 * to `evaluate` is aborted. Synchronous evaluators run directly, without a promise per call.
 */
export async function executeEvaluators(
  input: EvaluationInput,
  evaluators: readonly Evaluator[],
  criteria: EvaluationCriteria[],
  timeoutMillis = DEFAULT_EVALUATOR_TIMEOUT_MILLIS,
): Promise<ExecutionOutcome> {
  const perEvaluator: EvaluationResult[][] = new Array<EvaluationResult[]>(evaluators.length);
  const durationsMs = new Array<number>(evaluators.length).fill(0);
  const errors: EvaluationRunError[] = [];
  const pending: Promise<void>[] = [];
  let deadline: Deadline | undefined;

  evaluators.forEach((evaluator, index) => {
    const started = performance.now();
    const fail = (error: unknown): void => {
      durationsMs[index] = performance.now() - started;
      perEvaluator[index] = failureResults(evaluator, error, errors);
    };
    try {
      if (evaluator.evaluateSync) {
        perEvaluator[index] = checkResults(evaluator.evaluateSync(input, criteria), evaluator);
        durationsMs[index] = performance.now() - started;
        return;
      }
      deadline ??= startDeadline(timeoutMillis);
      const run = Promise.race([evaluator.evaluate(input, criteria, { signal: deadline.signal }), deadline.expired]).then((results) => {
        perEvaluator[index] = checkResults(results, evaluator);
        durationsMs[index] = performance.now() - started;
      }, fail);
      pending.push(run);
    } catch (error) {
      fail(error);
    }
  });
  if (pending.length > 0) {
    await Promise.all(pending);
    deadline?.clear();
  }
  return { results: perEvaluator.flat(), errors, durationsMs };
}

/** The timeout shared by a run's async evaluators: a promise rejecting at it, and a signal aborted then. */
interface Deadline {
  expired: Promise<never>;
  signal: AbortSignal;
  clear(): void;
}

// Started on the first async evaluator only: runs of synchronous evaluators need no timer.
function startDeadline(timeoutMillis: number): Deadline {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new EvaluationTimeoutError(timeoutMillis);
      reject(error);
      // Evaluators that take the signal stop their work (model calls, retries) instead of running on.
      controller.abort(error);
    }, timeoutMillis);
    timer.unref?.();
  });
  return { expired, signal: controller.signal, clear: () => clearTimeout(timer) };
}

function checkResults(results: unknown, evaluator: Evaluator): EvaluationResult[] {
  if (!Array.isArray(results)) throw new TypeError(`evaluator ${evaluator.type} returned ${typeof results}, expected an array of results`);
  return results as EvaluationResult[];
}

function failureResults(evaluator: Evaluator, error: unknown, errors: EvaluationRunError[]): EvaluationResult[] {
  const errorType = EvaluationTimeoutError.isInstance(error) ? 'timeout' : (readErrorType(error) ?? 'evaluator_error');
  const message = errorMessage(error);
  const names = evaluator.criterionNames?.length ? evaluator.criterionNames : [evaluator.type];
  return names.map((criterionName) => {
    errors.push({ source: evaluator.type, criterionName, errorType, message });
    return errorResult(criterionName, evaluator.type, message, errorType);
  });
}

function readErrorType(error: unknown): string | undefined {
  const value = typeof error === 'object' && error !== null ? (error as { errorType?: unknown }).errorType : undefined;
  return typeof value === 'string' ? value : undefined;
}
