/**
 * Escaping for every report format: whatever a case holds (model output, user input) is data, never markup.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Characters XML 1.0 does not allow at all: C0 controls except tab, newline and carriage return, and U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// C0 and C1 controls and DEL, which a terminal would interpret (ANSI escape sequences start with ESC).
// eslint-disable-next-line no-control-regex
const TERMINAL_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** Replaces unpaired UTF-16 surrogates with U+FFFD, so the text encodes as valid UTF-8. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return wellFormed(text).replace(XML_INVALID, '\uFFFD').replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for XML 1.0 content and attributes, dropping characters XML cannot carry. */
export function escapeXml(text: string): string {
  return wellFormed(text)
    .replace(XML_INVALID, '')
    .replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char)
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes XML attribute values, keeping newlines (which attribute normalization would turn into spaces). */
export function escapeXmlAttribute(text: string): string {
  return escapeXml(text).replace(/\n/g, '&#10;');
}

/**
 * Makes text safe inside a Markdown table cell on GitHub, in one pass (so no replacement is escaped
 * again): `&`, `<` and `>` as entities, Markdown punctuation and pipes backslash-escaped,
 * line breaks as `<br>`.
 */
export function escapeMarkdown(text: string): string {
  return wellFormed(text)
    .replace(XML_INVALID, '')
    .replace(/\r\n?|\n|[&<>\\`*_[\]{}()#+!|~]/g, (match) => HTML_ENTITIES[match] ?? (/[\r\n]/.test(match) ? '<br>' : `\\${match}`));
}

/** Removes terminal control characters and flattens line breaks, for one line of console output. */
export function terminalSafe(text: string): string {
  return wellFormed(text).replace(/\r?\n|\t/g, ' ').replace(TERMINAL_CONTROL, '');
}
