const MARKER = Symbol.for('otel-evals.error');

/** One problem in a configuration, with the key path where it was found and how to fix it. */
export interface ConfigIssue {
  /** The file the configuration came from, when it came from one. */
  file?: string;
  /** Key path, e.g. `evaluatorConfigs[2].rules[0].pattern`. */
  path: string;
  /** What is wrong. */
  message: string;
  /** How to fix it. */
  fix?: string;
}

/** Renders one issue as `file: path: message (fix: ...)`. */
export function formatConfigIssue(issue: ConfigIssue): string {
  const where = [issue.file, issue.path].filter(Boolean).join(': ');
  const fix = issue.fix ? ` (fix: ${issue.fix})` : '';
  return `${where ? `${where}: ` : ''}${issue.message}${fix}`;
}

/** Base class of otel-evals errors; `OtelEvalsError.isInstance` works across package copies. */
export class OtelEvalsError extends Error {
  private readonly [MARKER] = true;

  /** Whether a value is an otel-evals error (of any subclass). */
  static isInstance(error: unknown): error is OtelEvalsError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}

const CONFIG_MARKER = Symbol.for('otel-evals.error.invalid-config');

/** Evaluator or processor configuration that failed validation; lists every problem at once. */
export class InvalidEvaluatorConfigError extends OtelEvalsError {
  private readonly [CONFIG_MARKER] = true;
  /** Every problem found. */
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[], heading = 'Invalid evaluator configuration') {
    super(`${heading}:\n${issues.map((issue) => `  - ${formatConfigIssue(issue)}`).join('\n')}`);
    this.name = 'InvalidEvaluatorConfigError';
    this.issues = issues;
  }

  /** Whether a value is an InvalidEvaluatorConfigError. */
  static override isInstance(error: unknown): error is InvalidEvaluatorConfigError {
    return typeof error === 'object' && error !== null && CONFIG_MARKER in error;
  }
}

const TIMEOUT_MARKER = Symbol.for('otel-evals.error.timeout');

/** An evaluation that did not finish within its timeout. */
export class EvaluationTimeoutError extends OtelEvalsError {
  private readonly [TIMEOUT_MARKER] = true;

  constructor(readonly timeoutMillis: number, what = 'evaluation') {
    super(`${what} timed out after ${timeoutMillis} ms`);
    this.name = 'EvaluationTimeoutError';
  }

  /** Whether a value is an EvaluationTimeoutError. */
  static override isInstance(error: unknown): error is EvaluationTimeoutError {
    return typeof error === 'object' && error !== null && TIMEOUT_MARKER in error;
  }
}

/** The message of any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error) ?? String(error);
}
