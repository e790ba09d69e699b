/**
 * Number and value formatting shared by the report formats.
 */

/** A 0..1 share as a percentage with one decimal (`83.3%`), or `–` when unknown. */
export function formatPercent(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? '–' : `${(value * 100).toFixed(1)}%`;
}

/** A normalized score with three decimals, or `–` when unknown. */
export function formatScore(value: number | null | undefined): string {
  return value === undefined || value === null || !Number.isFinite(value) ? '–' : value.toFixed(3);
}

/** A signed difference with three decimals (`+0.012`, `-0.100`). */
export function formatSigned(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  const fixed = value.toFixed(3);
  return value >= 0 && !fixed.startsWith('-') ? `+${fixed}` : fixed;
}

/** A confidence interval as `[-0.120, -0.040]`. */
export function formatInterval(ci: readonly [number, number] | undefined): string {
  return ci ? `[${formatSigned(ci[0])}, ${formatSigned(ci[1])}]` : '–';
}

/** A duration in milliseconds for people: `850 ms`, `1.24 s`, `2 min 5 s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms - minutes * 60_000) / 1000)} s`;
}

/** A duration in milliseconds as seconds with millisecond precision, for JUnit `time` attributes. */
export function formatSeconds(ms: number): string {
  return Number.isFinite(ms) && ms > 0 ? (ms / 1000).toFixed(3) : '0.000';
}

/** A raw score as written: numbers with up to four decimals, booleans and strings as they are. */
export function formatRawScore(score: number | boolean | string | null): string {
  if (score === null) return '–';
  if (typeof score === 'number') return Number.isInteger(score) ? String(score) : String(Number(score.toFixed(4)));
  return String(score);
}

/**
 * Any case value (input, output, expected) as display text: strings as they are, everything else as
 * indented JSON, cut at `maxChars` with a note of how much was left out.
 */
export function displayValue(value: unknown, maxChars = 20_000): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value === undefined) text = '';
  else {
    try {
      text = JSON.stringify(value, null, 2) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > maxChars ? `${text.slice(0, maxChars)}\n… (${text.length - maxChars} more characters)` : text;
}

/** Text cut to `max` code points with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, Math.max(0, max - 1)).join('')}…` : text;
}
