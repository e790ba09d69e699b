import type { z } from 'zod';
import { InvalidEvaluatorConfigError } from './errors.ts';
import { zodIssuesToConfigIssues } from './zod-issues.ts';

/**
 * Validates an evaluator's options in code (`exactMatch({ ... })`), throwing an
 * InvalidEvaluatorConfigError whose issues name each bad key path.
 */
export function parseOptions<Schema extends z.ZodType>(schema: Schema, options: unknown, type: string): z.output<Schema> {
  const parsed = schema.safeParse(options ?? {});
  if (parsed.success) return parsed.data;
  throw new InvalidEvaluatorConfigError(zodIssuesToConfigIssues(parsed.error.issues, ''), `Invalid ${type} options`);
}
