/**
 * Sequence-level checks over tool calls: precision, recall and F1 of the called versus the expected
 * tool names, and whether the calls follow an expected order (strictly or as a subsequence).
 */
import type { ToolCall } from '../core/types.ts';

/** Precision, recall and F1 of the distinct called tool names against the expected ones. */
export interface ToolSelectionMetrics {
  /** |called ∩ expected| / |called|; 1 when nothing was called (no wrong call was made). */
  precision: number;
  /** |called ∩ expected| / |expected|; 1 when nothing was expected. */
  recall: number;
  /** 2PR / (P + R); 0 when P + R is 0. */
  f1: number;
  /** Distinct called tool names, in first-call order. */
  calledTools: string[];
  /** Distinct expected tool names. */
  expectedTools: string[];
  /** Called but not expected. */
  unexpectedTools: string[];
  /** Expected but not called. */
  missingTools: string[];
}

/** Computes precision, recall and F1 over distinct tool names (each tool counts once however often it was called). */
export function toolSelectionMetrics(calls: readonly ToolCall[], expectedTools: readonly string[]): ToolSelectionMetrics {
  const called = [...new Set(calls.map((call) => call.name))];
  const expected = [...new Set(expectedTools)];
  const expectedSet = new Set(expected);
  const calledSet = new Set(called);
  const truePositives = called.filter((name) => expectedSet.has(name)).length;
  const precision = called.length === 0 ? 1 : truePositives / called.length;
  const recall = expected.length === 0 ? 1 : truePositives / expected.length;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    precision,
    recall,
    f1,
    calledTools: called,
    expectedTools: expected,
    unexpectedTools: called.filter((name) => !expectedSet.has(name)),
    missingTools: expected.filter((name) => !calledSet.has(name)),
  };
}

/** How an expected order is matched: the whole call sequence exactly, or in order with other calls between. */
export type ToolOrderMode = 'strict' | 'subsequence';

/** Verdict of an order check. */
export interface ToolOrderVerdict {
  passed: boolean;
  /** Human-readable explanation. */
  reasoning: string;
  /** Tool names in call order. */
  calledSequence: string[];
}

/**
 * Checks the call order. `strict`: the sequence of all called tool names equals `expected`.
 * `subsequence`: `expected` appears in order within the calls, other calls allowed in between.
 */
export function checkToolOrder(calls: readonly ToolCall[], expected: readonly string[], mode: ToolOrderMode): ToolOrderVerdict {
  const sequence = calls.map((call) => call.name);
  const shown = `[${sequence.join(', ')}]`;
  const wanted = `[${expected.join(', ')}]`;
  if (mode === 'strict') {
    const length = Math.max(sequence.length, expected.length);
    for (let i = 0; i < length; i++) {
      if (sequence[i] !== expected[i]) {
        const got = sequence[i] === undefined ? 'no call' : `'${sequence[i]}'`;
        const want = expected[i] === undefined ? 'no further call' : `'${expected[i]}'`;
        return { passed: false, calledSequence: sequence, reasoning: `Tool calls ${shown} do not match the expected order ${wanted} (strict): at position ${i + 1} expected ${want}, got ${got}.` };
      }
    }
    return { passed: true, calledSequence: sequence, reasoning: `Tool calls ${shown} match the expected order ${wanted} exactly.` };
  }
  let next = 0;
  for (const name of sequence) {
    if (name === expected[next]) next++;
    if (next === expected.length) break;
  }
  if (next === expected.length) {
    return { passed: true, calledSequence: sequence, reasoning: `Expected order ${wanted} found in the tool calls ${shown}.` };
  }
  const after = next === 0 ? '' : ` after '${expected[next - 1]}'`;
  return { passed: false, calledSequence: sequence, reasoning: `Expected order ${wanted} not found in the tool calls ${shown}: no call of '${expected[next]}'${after}.` };
}
