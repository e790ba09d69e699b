import { messageText } from './text.ts';
import type { EvaluationInput, InputLimits } from './types.ts';

/** Default maximum characters of the response, prompt and groundTruth texts. */
export const DEFAULT_MAX_INPUT_CHARS = 100_000;

/** An input after its size limits were applied. */
export interface LimitedInput {
  input: EvaluationInput;
  /** Fields that were truncated, with their original length. */
  truncated: Array<{ field: string; length: number }>;
  /** Set when the input must be skipped: the reason. */
  skipReason?: string;
}

/**
 * Enforces the size limits so a 10 MB response cannot stall the process: longer texts are truncated
 * (recorded) or, with `onOversize: 'skip'`, the whole input is skipped with the reason stated.
 */
export function applyInputLimits(input: EvaluationInput, limits: InputLimits = {}): LimitedInput {
  const maxChars = limits.maxChars ?? DEFAULT_MAX_INPUT_CHARS;
  const truncated: LimitedInput['truncated'] = [];
  let limited: EvaluationInput | undefined;
  const check = (field: 'response' | 'prompt' | 'groundTruth', text: string | undefined): void => {
    if (text === undefined || text.length <= maxChars) return;
    truncated.push({ field, length: text.length });
    limited ??= { ...input };
    (limited as unknown as Record<string, unknown>)[field] = text.slice(0, maxChars);
  };
  const response = typeof input.response === 'string' ? input.response : isLargeMessage(input.response, maxChars) ? messageText(input.response) : undefined;
  check('response', response);
  check('prompt', input.prompt);
  check('groundTruth', typeof input.groundTruth === 'string' ? input.groundTruth : undefined);
  if (truncated.length === 0) return { input, truncated };
  if (limits.onOversize === 'skip') {
    const what = truncated.map((t) => `${t.field} of ${t.length} chars`).join(', ');
    return { input, truncated: [], skipReason: `${what} exceeds inputLimits.maxChars (${maxChars})` };
  }
  return { input: limited ?? input, truncated };
}

function isLargeMessage(message: EvaluationInput['response'], maxChars: number): boolean {
  if (typeof message === 'string') return false;
  if (typeof message.content === 'string') return message.content.length > maxChars;
  let total = 0;
  for (const part of message.content) {
    if (part.type === 'text' && typeof part.text === 'string') total += part.text.length;
  }
  return total > maxChars;
}
