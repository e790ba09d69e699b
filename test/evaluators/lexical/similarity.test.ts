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

describe('sorensenDice', () => {
  it('counts common character bigrams', () => {
    expect(sorensenDice('night', 'nacht')).toBe(0.25);
    expect(sorensenDice('healed', 'sealed')).toBe(0.8);
    // bigrams are a multiset: 'aaaa' has aa x3, 'aa' has aa x1 -> 2 * 1 / (3 + 1)
    expect(sorensenDice('aaaa', 'aa')).toBe(0.5);
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
