/**
 * Deterministic, trace-consistent sampling: the decision depends only on the trace id, so every
 * process (and every rule with the same rate) decides the same way, and a lower rate always selects a
 * subset of a higher rate.
 */

const TWO_POW_32 = 4_294_967_296;

/**
 * Maps a trace id to a number in [0, 1): the low 8 bytes (last 16 hex digits) are read as two 32-bit
 * words, mixed with the murmur3 finalizer so ids from counters or weak generators spread evenly, and
 * scaled. Reads char codes directly, so it allocates nothing. Non-hex characters read as 0.
 */
export function traceIdSampleValue(traceId: string): number {
  const end = traceId.length;
  const high = readHexWord(traceId, end - 16);
  const low = readHexWord(traceId, end - 8);
  const mixedHigh = fmix32((high ^ Math.imul(low, 0x9e3779b1)) >>> 0);
  const mixedLow = fmix32((low ^ Math.imul(mixedHigh, 0x85ebca6b)) >>> 0);
  // 32 bits from each half, top 21 bits of the second kept so the result stays below 1 in a double.
  return (mixedHigh + (mixedLow >>> 11) / 2_097_152) / TWO_POW_32;
}

/** Whether a trace is in a sample of the given rate (1 keeps every trace, 0 none). */
export function isSampled(traceId: string, rate: number): boolean {
  if (rate >= 1) return true;
  if (rate <= 0) return false;
  return traceIdSampleValue(traceId) < rate;
}

function readHexWord(text: string, start: number): number {
  let value = 0;
  for (let i = start; i < start + 8; i++) {
    value = value * 16 + (i >= 0 ? hexDigit(text.charCodeAt(i)) : 0);
  }
  return value >>> 0;
}

function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return 0;
}

function fmix32(input: number): number {
  let h = input;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
