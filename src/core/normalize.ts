import type { EvaluationCriteria, EvaluationScale, EvaluationScore } from './types.ts';

const TRUE_WORDS = new Set(['true', 'pass', 'passed', 'yes']);
const FALSE_WORDS = new Set(['false', 'fail', 'failed', 'no']);

/** The scale assumed for a result whose criterion is not declared: from the type of the score. */
export function inferScale(score: EvaluationScore): EvaluationScale {
  return typeof score === 'boolean' ? 'binary' : 'numeric';
}

/**
 * Normalizes a raw score to 0..1, or `null` when it cannot be aggregated. One function, shared by the
 * runner, the span processor and the offline runner, so a criterion means the same everywhere:
 * - booleans and the words true/false, pass/fail, yes/no give 1 or 0 on any scale;
 * - `binary` and `pass/fail`: numbers give 1 when >= 0.5, else 0;
 * - `likert5`: (s - 1) / 4 for s in 1..5;
 * - `numeric` (and unknown string scales): s in 0..1 as is, s in (1, 100] as s / 100, otherwise null;
 * - `{ min, max }`: (s - min) / (max - min), clamped to 0..1;
 * - other strings: through `criterion.labelScores`, or parsed as a number for numeric scales.
 */
export function normalizeScore(score: EvaluationScore | undefined, criterion?: Pick<EvaluationCriteria, 'scale' | 'labelScores'>): number | null {
  if (score === null || score === undefined) return null;
  if (typeof score === 'boolean') return score ? 1 : 0;
  const scale = criterion?.scale ?? inferScale(score);
  if (typeof score === 'string') return normalizeString(score, scale, criterion?.labelScores);
  if (!Number.isFinite(score)) return null;
  return normalizeNumber(score, scale);
}

function normalizeString(score: string, scale: EvaluationScale, labelScores?: Record<string, number>): number | null {
  if (labelScores && Object.hasOwn(labelScores, score)) return clamp01(labelScores[score] ?? Number.NaN);
  const word = score.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return 1;
  if (FALSE_WORDS.has(word)) return 0;
  if (word === '' || labelScores) return null;
  const parsed = Number(word);
  return Number.isFinite(parsed) ? normalizeNumber(parsed, scale) : null;
}

function normalizeNumber(score: number, scale: EvaluationScale): number | null {
  if (typeof scale === 'object') {
    const span = scale.max - scale.min;
    return span > 0 ? clamp01((score - scale.min) / span) : null;
  }
  switch (scale) {
    case 'binary':
    case 'pass/fail':
      return score >= 0.5 ? 1 : 0;
    case 'likert5':
      return score >= 1 && score <= 5 ? (score - 1) / 4 : null;
    default:
      if (score >= 0 && score <= 1) return score;
      if (score > 1 && score <= 100) return score / 100;
      return null;
  }
}

function clamp01(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  return Math.min(1, Math.max(0, value));
}
