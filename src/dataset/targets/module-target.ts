/** A JS/TS module exporting an async agent function: `(input, { signal, evalCase }) => output | { output, toolCalls, messages }`. */
import { pathToFileURL } from 'node:url';
import { fileVersion } from './hash.ts';
import { resultFromSpans } from './traces-target.ts';
import { TargetError, toTargetResult, type Target, type TargetCallContext, type TargetResult } from './types.ts';

/** An agent function as a module exports it. */
export type AgentFunction = (input: unknown, context: TargetCallContext) => unknown;

/** A result whose agent returned its spans gets the evaluation input the processor would read from them. */
function withSpans(result: TargetResult): TargetResult {
  if (!result.spans?.length) return result;
  const read = resultFromSpans(result.spans);
  if (!read) return result;
  const { spans: _spans, ...rest } = result;
  return { ...read.result, ...rest, output: result.output, toolCalls: result.toolCalls ?? read.result.toolCalls, messages: result.messages ?? read.result.messages };
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? (error instanceof Error ? error.message : String(error));
}

/** Builds a target that calls an agent function (given, or loaded from `file` on first use). */
export function moduleTarget(options: { file: string; exportName?: string } | { fn: AgentFunction; name?: string }): Target {
  if ('fn' in options) {
    const fn = options.fn;
    return {
      kind: 'module',
      description: `function ${options.name ?? (fn.name || 'agent')}`,
      version: () => Promise.resolve(`function:${options.name ?? (fn.name || 'agent')}`),
      invoke: async (input, context) => withSpans(toTargetResult(await fn(input, context))),
    };
  }
  const { file } = options;
  const exportName = options.exportName ?? 'default';
  let loaded: Promise<AgentFunction> | undefined;
  const load = async (): Promise<AgentFunction> => {
    let module: Record<string, unknown>;
    try {
      module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    } catch (error) {
      throw new TargetError(`cannot load agent module ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const value = module[exportName];
    if (typeof value !== 'function') throw new TargetError(`agent module ${file} has no function export "${exportName}" (found ${typeof value})`);
    return value as AgentFunction;
  };
  return {
    kind: 'module',
    description: `module ${file}#${exportName}`,
    version: () => fileVersion(file).catch((error: unknown) => {
      throw new TargetError(`agent module ${file} cannot be read (${errorCode(error)}): check "target.module" in the suite file or --target (a suite file's paths are relative to it, --target's to the working directory)`, { cause: error });
    }),
    async prepare() {
      loaded ??= load();
      await loaded;
    },
    async invoke(input, context) {
      loaded ??= load();
      const fn = await loaded;
      return withSpans(toTargetResult(await fn(input, context)));
    },
  };
}
