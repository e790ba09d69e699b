/**
 * An HTTP endpoint: each case's input payload is POSTed as JSON; the response body (JSON, or text) is the
 * output, or its `output` key, or the value at `outputPath`. Header values may use `${ENV_VAR}`.
 */
import { resolvePath } from './outputs-target.ts';
import { TargetError, toTargetResult, type Target } from './types.ts';

/** Options of {@link httpTarget}. */
export interface HttpTargetOptions {
  url: string;
  headers?: Record<string, string>;
  /** Dotted path of the output in a JSON response. */
  outputPath?: string;
}

/** Replaces `${NAME}` with the environment variable's value. */
export function expandEnv(value: string, env: NodeJS.ProcessEnv = process.env): string {
  return value.replace(/\$\{(\w+)\}/g, (_, name: string) => env[name] ?? '');
}

/** A fetch failure with its underlying cause (`fetch failed` alone does not say connection refused). */
function fetchFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
  return detail ? `${message} (${detail})` : message;
}

/** Environment variables a header value uses that are not set. */
function unsetVariables(value: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return [...value.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1] ?? '').filter((name) => env[name] === undefined);
}

/**
 * Builds a target that POSTs each input to an endpoint. Header values are expanded when the run starts
 * (after setup, so `setup.environment` counts); a variable that is not set then fails the run up front
 * rather than sending an empty credential with every case.
 */
export function httpTarget(options: HttpTargetOptions): Target {
  let expanded: Record<string, string> | undefined;
  const headers = (): Record<string, string> => {
    if (expanded) return expanded;
    const out: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    for (const [key, value] of Object.entries(options.headers ?? {})) out[key.toLowerCase()] = expandEnv(value);
    return (expanded = out);
  };
  return {
    kind: 'http',
    description: `http ${options.url}`,
    version: () => Promise.resolve(`http:${options.url}`),
    prepare() {
      const missing = Object.entries(options.headers ?? {}).flatMap(([key, value]) => unsetVariables(value).map((name) => `${name} (header ${key})`));
      if (missing.length > 0) return Promise.reject(new TargetError(`HTTP target ${options.url}: environment variable ${missing.join(', ')} is not set; set it, or in setup.environment`));
      headers();
      return Promise.resolve();
    },
    async invoke(input, { signal, evalCase }) {
      let response: Response;
      try {
        response = await fetch(options.url, { method: 'POST', headers: headers(), body: JSON.stringify(input), signal });
      } catch (error) {
        if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : error;
        throw new TargetError(`POST ${options.url} failed for case ${evalCase.id}: ${fetchFailure(error)}`, { cause: error });
      }
      const text = await response.text();
      if (!response.ok) throw new TargetError(`POST ${options.url} answered ${response.status} ${response.statusText} for case ${evalCase.id}: ${text.slice(0, 300)}`);
      let body: unknown = text;
      if ((response.headers.get('content-type') ?? '').includes('json')) {
        try {
          body = JSON.parse(text);
        } catch {
          throw new TargetError(`POST ${options.url} answered invalid JSON for case ${evalCase.id}: ${text.slice(0, 200)}`);
        }
      }
      return options.outputPath ? { output: resolvePath(body, options.outputPath) } : toTargetResult(body);
    },
  };
}
