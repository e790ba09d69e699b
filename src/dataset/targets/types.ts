/** The target contract: what produces the output a case is scored on. */
import type { AgentMessage, EvaluationInput, ToolCall } from '../../core/types.ts';
import type { SpanLike } from '../../extract/types.ts';
import type { EvalCase } from '../format/model.ts';

/** What a target produced for one case. */
export interface TargetResult {
  /** The agent output (text or JSON). */
  output: unknown;
  toolCalls?: ToolCall[];
  messages?: AgentMessage[];
  /** Agent reasoning, when the target reports it. */
  reasoning?: string;
  /**
   * A complete evaluation input, when the target read it from telemetry (trace replay): the runner then
   * evaluates it as the online processor would, adding only the case's criteria and reference.
   */
  evaluationInput?: EvaluationInput;
  /** Trace id of the run that produced the output, when known. */
  traceId?: string;
  /**
   * The agent's finished spans (ReadableSpan or any SpanLike), when the agent function returns them: the
   * run is then read through the extraction layer like a live trace (tool calls, messages, context).
   */
  spans?: readonly SpanLike[];
}

/** Per-call context. */
export interface TargetCallContext {
  /** Aborted when the case times out or the run is cancelled. */
  signal: AbortSignal;
  /** The case being run. */
  evalCase: EvalCase;
}

/** Produces outputs for cases. */
export interface Target {
  /** `module`, `http`, `outputs` or `traces`. */
  readonly kind: string;
  /** Human-readable description (`module ./agent.mjs#default`). */
  readonly description: string;
  /** A version string of what is evaluated: a content hash of the module, outputs or traces, or the URL. */
  version(): Promise<string>;
  /** Produces the output of one case. */
  invoke(input: unknown, context: TargetCallContext): Promise<TargetResult>;
  /** Loads what the target needs (module, recorded outputs, traces) so an unusable target fails the run up front. */
  prepare?(): Promise<void>;
  /** Cases the target itself provides (trace replay without test cases). */
  discoverCases?(): Promise<EvalCase[]>;
  /** Releases resources. */
  close?(): Promise<void>;
}

/** A target failure (not found, bad response, no recorded output): the case errors, the run goes on. */
export class TargetError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'TargetError';
  }
}

/** Normalizes what an agent function returned: a bare output, or `{ output, toolCalls, messages }`. */
export function toTargetResult(value: unknown): TargetResult {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'output' in value) {
    const record = value as Record<string, unknown>;
    const result: TargetResult = { output: record.output };
    if (Array.isArray(record.toolCalls)) result.toolCalls = record.toolCalls as ToolCall[];
    if (Array.isArray(record.messages)) result.messages = record.messages as AgentMessage[];
    if (typeof record.reasoning === 'string') result.reasoning = record.reasoning;
    if (typeof record.traceId === 'string') result.traceId = record.traceId;
    if (Array.isArray(record.spans)) result.spans = record.spans as SpanLike[];
    return result;
  }
  return { output: value };
}
