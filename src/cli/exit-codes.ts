/** Exit codes of the CLI, and the error that carries one. */
import { InvalidEvaluatorConfigError } from '../core/errors.ts';

/** 0: every quality gate passed. */
export const EXIT_PASSED = 0;
/** 1: a quality gate failed (suite below threshold, --fail-under, --fail-on-regression). */
export const EXIT_GATE_FAILED = 1;
/** 2: usage or configuration error; the message names the file, the key path and the fix. */
export const EXIT_USAGE = 2;
/** 3: runtime failure (target, setup/teardown script, run store, interruption). */
export const EXIT_RUNTIME = 3;

/** A command-line usage error (unknown option, missing argument). */
export class UsageError extends Error {
  constructor(message: string, readonly command?: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The exit code an error stands for: 2 for usage and configuration errors, 3 for everything else. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError || InvalidEvaluatorConfigError.isInstance(error)) return EXIT_USAGE;
  if (error instanceof TypeError && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) return EXIT_USAGE;
  return EXIT_RUNTIME;
}
