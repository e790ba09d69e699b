/**
 * String similarity measures on 0..1 (1 = identical): Sorensen-Dice on character bigrams, Jaro and
 * Jaro-Winkler, and normalized Levenshtein. Pure functions on UTF-16 code units.
 */
import { distance } from 'fastest-levenshtein';

/**
 * Sorensen-Dice coefficient on character bigrams: 2 * |common bigrams| / (|bigrams(a)| + |bigrams(b)|),
 * bigrams counted as a multiset. Identical strings give 1; a string shorter than two characters that
 * differs from the other gives 0. Linear time.
 */
export function sorensenDice(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  if (a.length > MAX_TABLE_BIGRAMS) return sorensenDiceWithMap(a, b);
  const table = bigramTable(a.length - 1);
  for (let i = 0; i < a.length - 1; i++) table.add(a.charCodeAt(i), a.charCodeAt(i + 1));
  let common = 0;
  for (let i = 0; i < b.length - 1; i++) common += table.take(b.charCodeAt(i), b.charCodeAt(i + 1));
  return (2 * common) / (a.length - 1 + b.length - 1);
}

/** Dice for long texts: a Map sized by the distinct bigrams rather than by the text. */
function sorensenDiceWithMap(a: string, b: string): number {
  const counts = new Map<number, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const key = a.charCodeAt(i) * 65_536 + a.charCodeAt(i + 1);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let common = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const key = b.charCodeAt(i) * 65_536 + b.charCodeAt(i + 1);
    const count = counts.get(key);
    if (count) {
      counts.set(key, count - 1);
      common++;
    }
  }
  return (2 * common) / (a.length - 1 + b.length - 1);
}

/**
 * A counting multiset of bigrams in open addressing over typed arrays: a bigram is two UTF-16 code units
 * packed into one 32-bit key, so no substring or boxed number is allocated. One table is kept and reused
 * (evaluation is synchronous, so calls never interleave); it holds at most 2 x MAX_TABLE_BIGRAMS slots
 * (about 1.2 MB), longer texts going through a Map.
 */
interface BigramTable {
  add(first: number, second: number): void;
  /** Removes one occurrence; 1 when there was one, else 0. */
  take(first: number, second: number): number;
}

// Texts with more bigrams than this use the Map path, which bounds the reused table's size.
const MAX_TABLE_BIGRAMS = 65_536;
let keys = new Uint32Array(0);
let counts = new Int32Array(0);
let used = new Uint8Array(0);
let mask = 0;
let shift = 0;

function bigramTable(entries: number): BigramTable {
  let size = 16;
  let bits = 4;
  while (size < entries * 2) {
    size *= 2;
    bits++;
  }
  if (size > used.length) {
    keys = new Uint32Array(size);
    counts = new Int32Array(size);
    used = new Uint8Array(size);
  } else {
    used.fill(0, 0, size);
  }
  mask = size - 1;
  shift = 32 - bits;
  return TABLE;
}

function slot(key: number): number {
  // Fibonacci hashing: the high bits of the product mix every bit of the key.
  let index = Math.imul(key, 0x9e3779b1) >>> shift;
  while (used[index] === 1 && keys[index] !== key) index = (index + 1) & mask;
  return index;
}

const TABLE: BigramTable = {
  add(first, second) {
    const key = ((first << 16) | second) >>> 0;
    const index = slot(key);
    if (used[index] === 1) counts[index] = (counts[index] ?? 0) + 1;
    else {
      used[index] = 1;
      keys[index] = key;
      counts[index] = 1;
    }
  },
  take(first, second) {
    const index = slot(((first << 16) | second) >>> 0);
    if (used[index] !== 1 || (counts[index] ?? 0) === 0) return 0;
    counts[index] = (counts[index] ?? 0) - 1;
    return 1;
  },
};

/**
 * Jaro similarity: with m characters matching within a window of floor(max(|a|, |b|) / 2) - 1 and t half
 * the number of matched characters out of order, (m/|a| + m/|b| + (m - t)/m) / 3, or 0 when m = 0.
 * Linear time: each character of `a` takes the first unmatched equal character of `b` in its window, found
 * through per-character position chains instead of a scan of the window.
 */
export function jaro(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const aMatched = new Uint8Array(la);
  const bMatched = new Uint8Array(lb);
  const matches = matchWithinWindow(a, b, window, aMatched, bMatched);
  if (matches === 0) return 0;
  let outOfOrder = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (aMatched[i] !== 1) continue;
    while (bMatched[k] !== 1) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) outOfOrder++;
    k++;
  }
  return (matches / la + matches / lb + (matches - outOfOrder / 2) / matches) / 3;
}

/**
 * Marks the Jaro matches and returns their number. For a character c, the positions of c in `b` form a
 * chain (`next`); `head` holds the first position not yet matched or passed. Windows only move right, so a
 * position left of the window is never usable again and each chain is walked once.
 */
function matchWithinWindow(a: string, b: string, window: number, aMatched: Uint8Array, bMatched: Uint8Array): number {
  const next = new Int32Array(b.length);
  const head = new Map<number, number>();
  for (let j = b.length - 1; j >= 0; j--) {
    const code = b.charCodeAt(j);
    next[j] = head.get(code) ?? -1;
    head.set(code, j);
  }
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const code = a.charCodeAt(i);
    let position = head.get(code);
    if (position === undefined) continue;
    const low = i - window;
    while (position !== -1 && position < low) position = next[position] ?? -1;
    if (position !== -1 && position <= i + window) {
      aMatched[i] = 1;
      bMatched[position] = 1;
      matches++;
      position = next[position] ?? -1;
    }
    head.set(code, position);
  }
  return matches;
}

/** Prefix scale p of Jaro-Winkler (Winkler's 0.1). */
export const JARO_WINKLER_PREFIX_SCALE = 0.1;
/** Longest common prefix Jaro-Winkler rewards (4 characters). */
export const JARO_WINKLER_MAX_PREFIX = 4;
/** Jaro similarity above which the prefix bonus applies (Winkler's boost threshold, 0.7). */
export const JARO_WINKLER_BOOST_THRESHOLD = 0.7;

/**
 * Jaro-Winkler similarity: j + l * p * (1 - j), where j is the Jaro similarity, l the common prefix
 * length (at most 4) and p = 0.1; the bonus applies only when j > 0.7. MARTHA/MARHTA gives 0.961 and
 * DIXON/DICKSONX 0.813. Linear time.
 */
export function jaroWinkler(a: string, b: string): number {
  const similarity = jaro(a, b);
  if (similarity <= JARO_WINKLER_BOOST_THRESHOLD) return similarity;
  const limit = Math.min(JARO_WINKLER_MAX_PREFIX, a.length, b.length);
  let prefix = 0;
  while (prefix < limit && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return similarity + prefix * JARO_WINKLER_PREFIX_SCALE * (1 - similarity);
}

/** Levenshtein edit distance and the similarity derived from it. */
export interface LevenshteinMeasure {
  /** Minimum number of single-character insertions, deletions and substitutions. */
  distance: number;
  /** 1 - distance / max(|a|, |b|); 1 when both are empty. */
  similarity: number;
}

/** Normalized Levenshtein similarity, 1 - d / max(|a|, |b|). Time O(|a| * |b|): cap the inputs. */
export function levenshteinSimilarity(a: string, b: string): LevenshteinMeasure {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return { distance: 0, similarity: 1 };
  const d = distance(a, b);
  return { distance: d, similarity: 1 - d / longest };
}
