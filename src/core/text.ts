import type { AgentMessage, EvaluationInput, MessagePart } from './types.ts';

/** Text of a message: its string content, or its text parts joined with newlines. */
export function messageText(message: AgentMessage | string | undefined | null): string {
  if (message === undefined || message === null) return '';
  if (typeof message === 'string') return message;
  const { content } = message;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part: MessagePart | null | undefined): part is { type: 'text'; text: string } => part?.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

/** The response of an input as text (an AgentMessage is reduced to its text). */
export function responseText(input: Pick<EvaluationInput, 'response'>): string {
  return messageText(input.response);
}

/** A value as text: strings as is, messages by their text, other values as JSON. */
export function valueText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'object' && 'content' in value && 'role' in value) return messageText(value as AgentMessage);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/**
 * Reads a field of the input by path: `response` (default), `prompt`, `groundTruth`, `context.x.y`,
 * `metadata.x`, `agentConfig.x`. Returns undefined when any step is missing.
 */
export function resolveField(input: EvaluationInput, path = 'response'): unknown {
  if (path === 'response') return responseText(input);
  const [head, ...rest] = path.split('.');
  let value: unknown = (input as unknown as Record<string, unknown>)[head ?? ''];
  for (const key of rest) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A field of the input as text, or undefined when absent. */
export function resolveFieldText(input: EvaluationInput, path = 'response'): string | undefined {
  return valueText(resolveField(input, path));
}

// Any whitespace other than a lone interior space: a tab or newline, two spaces, or a space at either end.
const NEEDS_COLLAPSE = /[^\S ]| {2}|^ | $/;

/** Collapses runs of whitespace to one space and trims. */
export function collapseWhitespace(text: string): string {
  // Most texts are already collapsed; testing is far cheaper than rebuilding the string.
  return NEEDS_COLLAPSE.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
}

/** Shortens a text for display: at most `max` characters with an ellipsis. */
export function preview(text: string, max = 100): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
