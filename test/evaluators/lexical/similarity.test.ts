import { describe, expect, it } from 'vitest';
import { jaro, jaroWinkler, levenshteinSimilarity, sorensenDice } from '../../../src/evaluators/lexical/similarity.ts';

describe('jaro and jaroWinkler', () => {
  it('hold the published values', () => {
    expect(jaroWinkler('MARTHA', 'MARHTA').toFixed(3)).toBe('0.961');
    expect(jaroWinkler('DIXON', 'DICKSONX').toFixed(3)).toBe('0.813');
    expect(jaroWinkler('DWAYNE', 'DUANE').toFixed(3)).toBe('0.840');
    expect(jaro('MARTHA', 'MARHTA').toFixed(3)).toBe('0.944');
    expect(jaro('DIXON', 'DICKSONX').toFixed(3)).toBe('0.767');
    expect(jaro('CRATE', 'TRACE').toFixed(3)).toBe('0.733');
  });

  it('is symmetric and bounded', () => {
    expect(jaroWinkler('DICKSONX', 'DIXON')).toBeCloseTo(jaroWinkler('DIXON', 'DICKSONX'), 12);
    expect(jaroWinkler('abc', 'abc')).toBe(1);
    expect(jaroWinkler('', '')).toBe(1);
    expect(jaroWinkler('abc', '')).toBe(0);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });

  it('gives no prefix bonus at or below the 0.7 boost threshold', () => {
    // aXbY/aZcW share a prefix but only 2 of 4 characters match: Jaro 0.5, returned unchanged.
    const low = jaro('aXbY', 'aZcW');
    expect(low).toBeLessThanOrEqual(0.7);
    expect(jaroWinkler('aXbY', 'aZcW')).toBe(low);
    expect(jaroWinkler('abx', 'aby')).toBeCloseTo(jaro('abx', 'aby') + 2 * 0.1 * (1 - jaro('abx', 'aby')), 12);
  });
});

/** The textbook Jaro: scan the whole window of each character. The reference for the linear version. */
function referenceJaro(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched: boolean[] = [];
  const bMatched: boolean[] = [];
  let m = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - window); j < Math.min(i + window + 1, b.length); j++) {
      if (bMatched[j] || a[i] !== b[j]) continue;
      aMatched[i] = bMatched[j] = true;
      m++;
      break;
    }
  }
  if (m === 0) return 0;
  const aChars = [...a].filter((_, i) => aMatched[i]);
  const bChars = [...b].filter((_, j) => bMatched[j]);
  const t = aChars.filter((c, i) => c !== bChars[i]).length / 2;
  return (m / a.length + m / b.length + (m - t) / m) / 3;
}

describe('jaro against the textbook algorithm', () => {
  it('agrees on random strings over small alphabets', () => {
    let seed = 12345;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const text = (alphabet: string): string => Array.from({ length: Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let n = 0; n < 2000; n++) {
      const alphabet = n % 2 === 0 ? 'ab' : 'abcdefg';
      const a = text(alphabet);
      const b = text(alphabet);
      expect(jaro(a, b)).toBeCloseTo(referenceJaro(a, b), 12);
    }
  });

  it('stays fast where the window scan is quadratic', () => {
    const a = 'abcdefghij'.repeat(1_000);
    const b = 'klmnopqrst'.repeat(1_000);
    const started = performance.now();
    expect(jaroWinkler(a, b)).toBe(0);
    expect(jaroWinkler(a, `${a}x`)).toBeGreaterThan(0.99);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

/** Dice with substrings in a Map: the plain reference for the packed-key table. */
function referenceDice(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const counts = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) counts.set(a.slice(i, i + 2), (counts.get(a.slice(i, i + 2)) ?? 0) + 1);
  let common = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const count = counts.get(b.slice(i, i + 2)) ?? 0;
    if (count > 0) {
      counts.set(b.slice(i, i + 2), count - 1);
      common++;
    }
  }
  return (2 * common) / (a.length + b.length - 2);
}

describe('sorensenDice', () => {
  it('counts common character bigrams', () => {
    expect(sorensenDice('night', 'nacht')).toBe(0.25);
    expect(sorensenDice('healed', 'sealed')).toBe(0.8);
    // bigrams are a multiset: 'aaaa' has aa x3, 'aa' has aa x1 -> 2 * 1 / (3 + 1)
    expect(sorensenDice('aaaa', 'aa')).toBe(0.5);
  });

  it('agrees with a plain multiset count on random and non-ASCII texts, across table sizes', () => {
    let seed = 99;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const alphabets = ['ab', 'abcdefghij klmnop', 'ÿĀ\uffff\u0000é😀'];
    for (let n = 0; n < 600; n++) {
      const alphabet = [...(alphabets[n % 3] ?? 'ab')];
      const text = (): string => Array.from({ length: Math.floor(random() * (n < 300 ? 30 : 3000)) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const a = text();
      const b = text();
      expect(sorensenDice(a, b)).toBeCloseTo(referenceDice(a, b), 12);
    }
  });

  it('gives the same value on the long-text path', () => {
    const a = 'lorem ipsum dolor sit amet, '.repeat(3_000);
    const b = 'dolor sit amet lorem ipsum, '.repeat(2_000);
    expect(a.length).toBeGreaterThan(65_536);
    expect(sorensenDice(a, b)).toBeCloseTo(referenceDice(a, b), 12);
    expect(sorensenDice(b, a)).toBeCloseTo(referenceDice(b, a), 12);
  });

  it('handles identical and very short strings', () => {
    expect(sorensenDice('a', 'a')).toBe(1);
    expect(sorensenDice('', '')).toBe(1);
    expect(sorensenDice('a', 'b')).toBe(0);
    expect(sorensenDice('a', 'ab')).toBe(0);
  });
});

describe('levenshteinSimilarity', () => {
  it('is 1 - distance / longer length', () => {
    expect(levenshteinSimilarity('kitten', 'sitting')).toEqual({ distance: 3, similarity: 1 - 3 / 7 });
    expect(levenshteinSimilarity('', '')).toEqual({ distance: 0, similarity: 1 });
    expect(levenshteinSimilarity('abc', '')).toEqual({ distance: 3, similarity: 0 });
  });
});
