/**
 * The one error class of judge and embedding calls: it carries the low-cardinality `errorType`
 * that error results and the `error.type` attribute report.
 */
import { OtelEvalsError } from '../core/errors.ts';

/** Why a judge or embedding call failed, as reported in `error.type`. */
export type JudgeErrorType = 'timeout' | 'rate_limited' | 'invalid_output' | 'provider_error';

const MARKER = Symbol.for('otel-evals.error.judge');

/** A judge or embedding call that failed after its retries; `errorType` says why. */
export class JudgeError extends OtelEvalsError {
  private readonly [MARKER] = true;
  /** Low-cardinality reason, read by error results and src/core/execute.ts. */
  readonly errorType: JudgeErrorType;
  /** Attempts made, retries included. */
  readonly attempts: number;

  constructor(options: { message: string; errorType: JudgeErrorType; attempts?: number; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.name = 'JudgeError';
    this.errorType = options.errorType;
    this.attempts = options.attempts ?? 1;
  }

  /** Whether a value is a JudgeError. */
  static override isInstance(error: unknown): error is JudgeError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}
