/**
 * Term matching shared by KeywordCoverage and Toxicity: escaped literal terms, optional whole-word
 * boundaries (Unicode letters, digits and `_` count as word characters) and case folding.
 */

/** How terms are matched. */
export interface TermMatchOptions {
  /** Match case exactly. */
  caseSensitive: boolean;
  /** Require a non-word character (or the text edge) on both sides of the term. */
  matchWholeWord: boolean;
  /** Match the whitespace inside a term literally, rather than as any whitespace run (default false). */
  exactWhitespace?: boolean;
}

const SPECIAL = /[.*+?^${}()|[\]\\/]/g;
const WORD_BEFORE = '(?<![\\p{L}\\p{N}_])';
const WORD_AFTER = '(?![\\p{L}\\p{N}_])';

/** A string with every regular expression syntax character escaped (valid with the `u` flag). */
export function escapeRegExp(text: string): string {
  return text.replace(SPECIAL, '\\$&');
}

/** Regular expression source of one literal term; unless exactWhitespace, its whitespace runs match any run. */
export function termSource(term: string, matchWholeWord: boolean, exactWhitespace = false): string {
  const literal = exactWhitespace ? escapeRegExp(term) : literalSource(term);
  return matchWholeWord ? `${WORD_BEFORE}${literal}${WORD_AFTER}` : literal;
}

function literalSource(term: string): string {
  return term.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
}

/** One precompiled alternation of all terms, longest first so the longest term wins at a position. */
export function termAlternation(terms: readonly string[], options: TermMatchOptions, global = true): RegExp {
  const sources = [...terms].sort((a, b) => b.length - a.length).map(literalSource);
  const body = `(?:${sources.join('|')})`;
  const source = options.matchWholeWord ? `${WORD_BEFORE}${body}${WORD_AFTER}` : body;
  return new RegExp(source, `${global ? 'g' : ''}u${options.caseSensitive ? '' : 'i'}`);
}

/** The key a matched or configured term is known by: whitespace collapsed, lower-cased unless case-sensitive. */
export function termKey(term: string, caseSensitive: boolean): string {
  const collapsed = term.trim().replace(/\s+/g, ' ');
  return caseSensitive ? collapsed : collapsed.toLowerCase();
}

/** A precompiled test for one term in a text. */
export type TermTest = (text: string, foldedText: string) => boolean;

/**
 * Compiles the test of one term. Without whole-word matching it is a substring search (on the text
 * lower-cased once per input when case-insensitive); with it, a regular expression.
 */
export function compileTermTest(term: string, options: TermMatchOptions): TermTest {
  if (options.matchWholeWord) {
    const pattern = new RegExp(termSource(term, true, options.exactWhitespace), options.caseSensitive ? 'u' : 'iu');
    return (text) => pattern.test(text);
  }
  const needle = options.caseSensitive ? term : term.toLowerCase();
  return options.caseSensitive ? (text) => text.includes(needle) : (_text, folded) => folded.includes(needle);
}
