/**
 * File configuration of the EvaluatingSpanProcessor: a YAML or JSON file holding the same options as
 * code (rules with match, sample, criteria and registered evaluator types; queue, buffer, emit and
 * inline settings), validated with errors that name the file, the key path and the fix.
 *
 * What only code can give (providers, an Evaluator object, a `groundTruth` function, attribute
 * predicates) is refused in files. RegExps are written as `"/pattern/flags"` strings; results can be
 * stored with `storage: { type: jsonl, filePath }` (relative to the config file).
 */
import { readFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { InvalidEvaluatorConfigError } from '../core/errors.ts';
import type { ConfigIssue } from '../core/errors.ts';
import { collectOptionIssues } from '../processor/options.ts';
import type { EvaluatingSpanProcessorOptions } from '../processor/types.ts';
import { JsonFileStorageProvider } from '../storage/json-file-storage.ts';

/** Environment variable naming the config file read by `EvaluatingSpanProcessor.fromEnv()`. */
export const OTEL_EVALS_CONFIG_ENV = 'OTEL_EVALS_CONFIG';

const CODE_ONLY = ['loggerProvider', 'meterProvider', 'tracerProvider', 'storageProvider', 'emitter'] as const;
const MATCHER_KEYS = ['operation', 'spanName', 'agentName', 'model', 'provider', 'toolName'] as const;
const REGEXP_LITERAL = /^\/(.+)\/([dgimsuvy]*)$/s;

/**
 * Reads a YAML (`.yaml`, `.yml`) or JSON file into validated processor options; throws
 * InvalidEvaluatorConfigError whose issues carry the file, the key path and the fix.
 */
export function loadConfig(path: string): EvaluatingSpanProcessorOptions {
  const file = resolve(path);
  const raw = readConfigFile(file);
  return configFromObject(raw, file);
}

/** Validates an already parsed config object (as read from `file`) into processor options. */
export function configFromObject(raw: unknown, file?: string): EvaluatingSpanProcessorOptions {
  const issues: ConfigIssue[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    fail([{ path: '(root)', message: 'must be a mapping with a `rules` list', fix: 'start the file with `rules:`' }], file);
  }
  const options = { ...(raw as Record<string, unknown>) };
  for (const key of CODE_ONLY) {
    if (key in options) issues.push({ path: key, message: 'can only be set in code', fix: 'remove it from the file and pass it to the EvaluatingSpanProcessor constructor' });
    delete options[key];
  }
  const storage = options.storage;
  delete options.storage;
  if (storage !== undefined) {
    const provider = storageFrom(storage, file, issues);
    if (provider) options.storageProvider = provider;
  }
  if (Array.isArray(options.rules)) options.rules = options.rules.map((rule: unknown, index) => convertRule(rule, `rules[${index}]`, issues));
  issues.push(...collectOptionIssues(options).issues);
  if (issues.length > 0) fail(issues, file);
  return options as unknown as EvaluatingSpanProcessorOptions;
}

function readConfigFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    fail([{ path: '(file)', message: code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? String(error)})`, fix: `check the path, or ${OTEL_EVALS_CONFIG_ENV}` }], file);
  }
  const json = extname(file).toLowerCase() === '.json';
  try {
    return json ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    fail([{ path: '(file)', message: `is not valid ${json ? 'JSON' : 'YAML'}: ${message}`, fix: 'fix the syntax at the position given' }], file);
  }
}

function fail(issues: ConfigIssue[], file: string | undefined): never {
  const located = file === undefined ? issues : issues.map((issue) => ({ ...issue, file }));
  throw new InvalidEvaluatorConfigError(located, `Invalid otel-evals configuration${file ? ` in ${file}` : ''}`);
}

function storageFrom(storage: unknown, file: string | undefined, issues: ConfigIssue[]): JsonFileStorageProvider | undefined {
  const { type, filePath, ...rest } = (typeof storage === 'object' && storage !== null ? storage : {}) as Record<string, unknown>;
  if (type !== 'jsonl' || typeof filePath !== 'string' || filePath === '' || Object.keys(rest).length > 0) {
    issues.push({ path: 'storage', message: 'must be { type: jsonl, filePath: <path> }', fix: 'e.g. storage: { type: jsonl, filePath: ./evaluation-results.jsonl }' });
    return undefined;
  }
  return new JsonFileStorageProvider({ filePath: resolve(file === undefined ? '.' : dirname(file), filePath) });
}

function convertRule(rule: unknown, path: string, issues: ConfigIssue[]): unknown {
  if (typeof rule !== 'object' || rule === null) return rule;
  const copy = { ...(rule as Record<string, unknown>) };
  if ('groundTruth' in copy) {
    issues.push({ path: `${path}.groundTruth`, message: 'can only be set in code (it is a function)', fix: 'remove it, or set the rule in code' });
    delete copy.groundTruth;
  }
  const match = copy.match;
  if (typeof match !== 'object' || match === null) return copy;
  const converted = { ...(match as Record<string, unknown>) };
  for (const key of MATCHER_KEYS) {
    const value = converted[key];
    if (typeof value === 'string') converted[key] = toPattern(value, `${path}.match.${key}`, issues);
    else if (Array.isArray(value)) converted[key] = value.map((item, index) => (typeof item === 'string' ? toPattern(item, `${path}.match.${key}[${index}]`, issues) : item));
  }
  copy.match = converted;
  return copy;
}

/** `"/re/flags"` becomes a RegExp; other strings stay (exact or glob). */
function toPattern(text: string, path: string, issues: ConfigIssue[]): string | RegExp {
  const literal = REGEXP_LITERAL.exec(text);
  if (!literal) return text;
  try {
    return new RegExp(literal[1] ?? '', literal[2]);
  } catch (error) {
    issues.push({ path, message: `invalid regular expression ${text}: ${error instanceof Error ? error.message : String(error)}`, fix: 'fix the pattern, or write a plain string or glob' });
    return text;
  }
}
