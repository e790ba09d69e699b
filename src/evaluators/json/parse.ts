/**
 * Reading JSON out of a response text: the whole text, or (when allowed) the first fenced code block,
 * since models often wrap JSON in ```json fences.
 */

/** The parsed value, or why the text is not JSON. */
export type JsonParseResult = { ok: true; value: unknown; fromCodeFence: boolean } | { ok: false; message: string };

const FENCE = /```[\w-]*[^\S\n]*\n?([\s\S]*?)```/;

/** Parses a text as JSON; with `allowCodeFence`, falls back to the first fenced code block in it. */
export function parseJsonText(text: string, allowCodeFence: boolean): JsonParseResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown, fromCodeFence: false };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const fenced = allowCodeFence ? FENCE.exec(text)?.[1] : undefined;
    if (fenced !== undefined) {
      try {
        return { ok: true, value: JSON.parse(fenced) as unknown, fromCodeFence: true };
      } catch (inner) {
        return { ok: false, message: `code block is not valid JSON: ${inner instanceof Error ? inner.message : String(inner)}` };
      }
    }
    return { ok: false, message: text.trim() === '' ? 'text is empty' : message };
  }
}
