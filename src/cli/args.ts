/** Argument parsing with node:util parseArgs; problems become usage errors (exit code 2). */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './exit-codes.ts';

/** Option definitions, as parseArgs takes them. */
export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Parses a command's arguments strictly. */
export function parse<T extends OptionSpec>(command: string, args: string[], options: T): { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] } {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: true, strict: true, allowNegative: true });
    return { values: parsed.values as Record<string, string | boolean | string[] | undefined>, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.split('\n')[0] ?? error.message : String(error), command);
  }
}

/** A comma-separated (or repeated) list option. */
export function list(value: string | boolean | string[] | undefined): string[] | undefined {
  if (value === undefined || typeof value === 'boolean') return undefined;
  const items = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  return items.length > 0 ? items : undefined;
}

/** A string option. */
export function text(value: string | boolean | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : Array.isArray(value) ? value[value.length - 1] : undefined;
}

/** A positive integer option. */
export function positiveInt(command: string, name: string, value: string | boolean | string[] | undefined): number | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < 1) throw new UsageError(`--${name} must be a positive integer, got "${raw}"`, command);
  return parsed;
}

/** A rate option: 0..1, or a percentage in (1, 100]. */
export function rate(command: string, name: string, value: string | boolean | string[] | undefined): number | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  const parsed = Number(raw.replace(/%$/, ''));
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 100) throw new UsageError(`--${name} must be a rate in 0..1 or a percentage, got "${raw}"`, command);
  return parsed > 1 || raw.endsWith('%') ? parsed / 100 : parsed;
}

/** Exactly `count` positionals, or a usage error naming what is missing. */
export function positionals(command: string, values: string[], names: string[]): string[] {
  if (values.length < names.length) throw new UsageError(`missing ${names.slice(values.length).map((n) => `<${n}>`).join(' ')}`, command);
  if (values.length > names.length) throw new UsageError(`unexpected argument "${values[names.length]}"`, command);
  return values;
}

/** The run store path: --db, env OTEL_EVALS_DB, or the default. */
export function dbPath(value: string | boolean | string[] | undefined): string {
  return text(value) ?? process.env.OTEL_EVALS_DB ?? './.otel-evals/runs.db';
}

/** Options tuning the baseline comparison, shared by `run --baseline` and `runs compare`. */
export const COMPARISON_OPTIONS = {
  confidence: { type: 'string' },
  'min-pairs': { type: 'string' },
  'regression-margin': { type: 'string' },
} as const;

/** The comparison settings given on the command line (unset ones keep compareRuns' defaults). */
export function comparisonOptions(command: string, values: Record<string, string | boolean | string[] | undefined>): { confidence?: number; minPairs?: number; margin?: number } {
  const out: { confidence?: number; minPairs?: number; margin?: number } = {};
  const confidence = text(values.confidence);
  if (confidence !== undefined) {
    const parsed = Number(confidence);
    if (!(parsed > 0.5 && parsed < 1)) throw new UsageError(`--confidence must be between 0.5 and 1 (e.g. 0.95), got "${confidence}"`, command);
    out.confidence = parsed;
  }
  const minPairs = positiveInt(command, 'min-pairs', values['min-pairs']);
  if (minPairs !== undefined) out.minPairs = minPairs;
  const margin = text(values['regression-margin']);
  if (margin !== undefined) {
    const parsed = Number(margin);
    if (!(parsed >= 0 && parsed < 1)) throw new UsageError(`--regression-margin must be a score drop in [0, 1) (e.g. 0.02), got "${margin}"`, command);
    out.margin = parsed;
  }
  return out;
}
