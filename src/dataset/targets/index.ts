/** Targets: resolve a file's or the command line's target spec to a Target. */
import path from 'node:path';
import type { TargetSpec } from '../format/model.ts';
import { httpTarget } from './http-target.ts';
import { moduleTarget } from './module-target.ts';
import { outputsTarget } from './outputs-target.ts';
import { tracesTarget } from './traces-target.ts';
import type { Target } from './types.ts';

export { TargetError, toTargetResult } from './types.ts';
export type { Target, TargetCallContext, TargetResult } from './types.ts';
export { moduleTarget, type AgentFunction } from './module-target.ts';
export { httpTarget, type HttpTargetOptions } from './http-target.ts';
export { outputsTarget } from './outputs-target.ts';
export { tracesTarget, replayRuns } from './traces-target.ts';
export { parseOtlpJson } from './otlp-json.ts';

/** Builds the target of a spec; relative paths resolve against `dir` (the suite file's directory). */
export function createTarget(spec: TargetSpec, dir: string): Target {
  if ('module' in spec) return moduleTarget({ file: path.resolve(dir, spec.module), exportName: spec.export });
  if ('http' in spec) return httpTarget(spec.http);
  if ('outputs' in spec) return outputsTarget(path.resolve(dir, spec.outputs));
  return tracesTarget(path.resolve(dir, spec.traces), spec.rules === undefined ? undefined : path.resolve(dir, spec.rules));
}

/**
 * Parses a command-line target: `http(s)://...`, `outputs:<file>`, `traces:<file>`, `module:<file>`,
 * a `.jsonl` file (recorded outputs), or a module path with an optional `#export`.
 */
export function parseTargetArgument(value: string): TargetSpec {
  if (/^https?:\/\//.test(value)) return { http: { url: value } };
  const prefixed = /^(outputs|traces|module):(.+)$/.exec(value);
  if (prefixed?.[1] === 'outputs') return { outputs: prefixed[2] ?? '' };
  if (prefixed?.[1] === 'traces') return { traces: prefixed[2] ?? '' };
  const file = prefixed?.[1] === 'module' ? (prefixed[2] ?? '') : value;
  if (!prefixed && file.endsWith('.jsonl')) return { outputs: file };
  const [modulePath = file, exportName = 'default'] = file.split('#');
  return { module: modulePath, export: exportName };
}
