/**
 * The `custom` strategy: a JS/TS module exporting an evaluator, or a Python script speaking a JSON
 * protocol over stdin/stdout, each with a timeout.
 *
 * Protocol (one request, one response): the script reads one JSON object from stdin,
 * `{ "input": <case input>, "output": <agent output>, "expected": <expected output>, "settings": {...} }`,
 * and prints one JSON object on stdout, `{ "score": 0.8, "passed": true, "reasoning": "..." }`
 * (`passed` and `reasoning` optional; the last non-empty stdout line is read). A non-zero exit, bad JSON
 * or the timeout gives an error result.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { EvaluationTimeoutError, errorMessage } from '../../core/errors.ts';
import type { EvaluationInput, EvaluationResult, EvaluationScore, Evaluator } from '../../core/types.ts';

/** Default timeout of one custom evaluation, in milliseconds. */
export const DEFAULT_CUSTOM_TIMEOUT_MILLIS = 30_000;

/** What a custom scorer receives. */
export interface CustomScorerRequest {
  input: unknown;
  output: unknown;
  expected: unknown;
  settings: Record<string, unknown>;
}

/** What a custom scorer answers. */
export interface CustomScorerResponse {
  score: EvaluationScore;
  passed?: boolean;
  reasoning?: string;
}

/** A custom scorer function, as a JS/TS module may export it. */
export type CustomScorerFunction = (request: CustomScorerRequest) => CustomScorerResponse | Promise<CustomScorerResponse>;

/** Options of a custom evaluator. */
export interface CustomScriptOptions {
  /** Absolute path of the `.py`, `.js`, `.mjs` or `.ts` file. */
  script: string;
  /** Criterion the result is reported under (default `custom`). */
  criterionName?: string;
  /** Export of a module (default `default`). */
  exportName?: string;
  /** Settings passed to the scorer. */
  settings?: Record<string, unknown>;
  /** Timeout in milliseconds (default 30,000). */
  timeoutMillis?: number;
  /** Python interpreter (default `python3`, or env OTEL_EVALS_PYTHON). */
  python?: string;
}

/** The request a custom scorer gets for an input: the case payload, the raw output and the expected output. */
export function customRequest(input: EvaluationInput, settings: Record<string, unknown>): CustomScorerRequest {
  const meta = input.metadata ?? {};
  return {
    input: 'caseInput' in meta ? meta.caseInput : input.prompt,
    output: 'rawOutput' in meta ? meta.rawOutput : input.response,
    expected: input.groundTruth ?? null,
    settings,
  };
}

function toResult(response: unknown, criterionName: string, type: string): EvaluationResult {
  if (typeof response !== 'object' || response === null || !('score' in response)) {
    throw new TypeError(`custom scorer answered ${JSON.stringify(response)}, expected { "score": ..., "passed"?, "reasoning"? }`);
  }
  const { score, passed, reasoning } = response as CustomScorerResponse;
  const result: EvaluationResult = { criterionName, score: score ?? null, evaluatorType: type };
  if (typeof passed === 'boolean') result.passed = passed;
  if (typeof reasoning === 'string') result.reasoning = reasoning;
  return result;
}

/** Runs a Python script once with the JSON protocol. */
export function runPythonScorer(script: string, request: CustomScorerRequest, timeoutMillis: number, python = process.env.OTEL_EVALS_PYTHON ?? 'python3'): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, [script], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new EvaluationTimeoutError(timeoutMillis, `custom script ${script}`));
    }, timeoutMillis);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start ${python}: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`custom script ${script} exited with code ${code}: ${stderr.trim().slice(-500)}`));
      const line = stdout.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`custom script ${script} printed no JSON response: ${JSON.stringify(stdout.slice(-200))}`));
      }
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${JSON.stringify(request)}\n`);
  });
}

async function withTimeout<T>(work: Promise<T>, timeoutMillis: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EvaluationTimeoutError(timeoutMillis, what)), timeoutMillis);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Loads a custom JS/TS module: an Evaluator object, or a scorer function speaking the protocol's shapes. */
export async function loadCustomModule(script: string, exportName = 'default'): Promise<Evaluator | CustomScorerFunction> {
  const module = (await import(pathToFileURL(script).href)) as Record<string, unknown>;
  const value = module[exportName];
  if (typeof value === 'function') return value as CustomScorerFunction;
  if (typeof value === 'object' && value !== null && typeof (value as Evaluator).evaluate === 'function') return value as Evaluator;
  throw new TypeError(`${script} has no evaluator or scorer function as export "${exportName}"`);
}

/** Builds the evaluator of a custom script (Python) or module (JS/TS); modules load on first use. */
export function customScriptEvaluator(options: CustomScriptOptions): Evaluator {
  const criterionName = options.criterionName ?? 'custom';
  const timeoutMillis = options.timeoutMillis ?? DEFAULT_CUSTOM_TIMEOUT_MILLIS;
  const settings = options.settings ?? {};
  const type = 'custom';
  const isPython = options.script.endsWith('.py');
  let loaded: Promise<Evaluator | CustomScorerFunction> | undefined;
  return {
    type,
    criterionNames: [criterionName],
    async evaluate(input, criteria) {
      const request = customRequest(input, settings);
      if (isPython) return [toResult(await runPythonScorer(options.script, request, timeoutMillis, options.python), criterionName, type)];
      loaded ??= loadCustomModule(options.script, options.exportName);
      let implementation: Evaluator | CustomScorerFunction;
      try {
        implementation = await loaded;
      } catch (error) {
        loaded = undefined;
        throw new Error(`custom module ${options.script}: ${errorMessage(error)}`, { cause: error });
      }
      if (typeof implementation === 'function') {
        return [toResult(await withTimeout(Promise.resolve(implementation(request)), timeoutMillis, `custom module ${options.script}`), criterionName, type)];
      }
      return withTimeout(implementation.evaluate(input, criteria), timeoutMillis, `custom module ${options.script}`);
    },
  };
}
