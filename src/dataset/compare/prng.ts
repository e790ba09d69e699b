/**
 * A small seeded pseudo-random number generator, so bootstrap intervals are reproducible: the same
 * runs compared with the same seed give the same interval on every machine.
 */

/** A function returning uniform numbers in [0, 1). */
export type Random = () => number;

/**
 * Mulberry32: a 32-bit state generator with a full 2^32 period, plenty for a few thousand bootstrap
 * resamples. Each call advances the state by a Weyl increment (0x6d2b79f5) and scrambles it with
 * xor-shifts and multiplications; the result divided by 2^32 lies in [0, 1).
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a 32-bit hash of a string, used to derive a per-criterion seed independent of criterion order. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
