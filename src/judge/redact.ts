/**
 * Judge-only redaction: what is sent to a judge or embedding model passes through here first.
 * Deterministic evaluators still see the raw text. Built-in detectors: e-mail addresses, API keys and
 * secrets (`sk-...`, `AKIA...`), card numbers (Luhn-checked), IPv4 addresses and phone numbers; plus
 * custom patterns and a custom function. Counts are kept per kind, never the redacted values.
 */

/** Names of the built-in detectors. */
export type BuiltinRedaction = 'secret' | 'email' | 'card' | 'ipv4' | 'phone';

/** Every built-in detector, in the order they run (most specific first). */
export const BUILTIN_REDACTIONS: readonly BuiltinRedaction[] = ['secret', 'email', 'card', 'ipv4', 'phone'];

/** A user pattern: matches are replaced by `replacement` (default `[REDACTED_<NAME>]`). */
export interface RedactionPattern {
  /** Kind reported in the counts. */
  name: string;
  /** A regular expression (string patterns are compiled with the `g` flag). */
  pattern: string | RegExp;
  /** Replacement text. */
  replacement?: string;
}

/** Redaction settings of a judge or embedding evaluator. */
export interface RedactionOptions {
  /** Turn redaction off entirely (default true: on). */
  enabled?: boolean;
  /** Built-in detectors to run (default all). */
  builtins?: readonly BuiltinRedaction[];
  /** Extra patterns. */
  patterns?: readonly RedactionPattern[];
  /** A function run last on every text. */
  redact?: (text: string) => string;
}

/** Redacted text and how many replacements of each kind were made. */
export interface RedactionOutcome {
  text: string;
  counts: Record<string, number>;
}

interface Detector {
  name: string;
  regex: RegExp;
  replacement: string;
  accept?: (match: string) => boolean;
}

const DIGITS = /\d/g;

/** Luhn checksum of the digits of a string. */
export function luhnValid(candidate: string): boolean {
  const digits = candidate.match(DIGITS)?.map(Number) ?? [];
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = digits[digits.length - 1 - i] ?? 0;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function phoneLike(match: string): boolean {
  const count = match.match(DIGITS)?.length ?? 0;
  if (count < 7 || count > 15) return false;
  // ISO dates and version-like strings are not phone numbers.
  return !/^\d{4}[-./]\d{2}[-./]\d{2}$/.test(match.trim());
}

const BUILTIN_DETECTORS: Record<BuiltinRedaction, Detector> = {
  secret: {
    name: 'secret',
    regex: /\b(?:sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|ASIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{30,}|xox[abpr]-[A-Za-z0-9-]{10,})/g,
    replacement: '[REDACTED_SECRET]',
  },
  email: { name: 'email', regex: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, replacement: '[REDACTED_EMAIL]' },
  card: { name: 'card', regex: /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g, replacement: '[REDACTED_CARD]', accept: luhnValid },
  ipv4: {
    name: 'ipv4',
    regex: /(?<!\d|\d\.)(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?!\d|\.\d)/g,
    replacement: '[REDACTED_IP]',
  },
  phone: {
    name: 'phone',
    regex: /(?<![\w+])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{2,4}(?:[ .-]\d{2,4}){1,4}(?![\w])/g,
    replacement: '[REDACTED_PHONE]',
    accept: phoneLike,
  },
};

/** A reusable redactor built from options. */
export interface Redactor {
  /** Whether it changes anything at all. */
  readonly enabled: boolean;
  /** Redacts one text, adding to `counts`. */
  redact(text: string, counts?: Record<string, number>): string;
}

function compile(pattern: RedactionPattern): Detector {
  const source = pattern.pattern;
  const regex = typeof source === 'string' ? new RegExp(source, 'g') : new RegExp(source.source, source.flags.includes('g') ? source.flags : `${source.flags}g`);
  return { name: pattern.name, regex, replacement: pattern.replacement ?? `[REDACTED_${pattern.name.toUpperCase()}]` };
}

/** Builds a redactor: built-ins (default all), then custom patterns, then the custom function. */
export function createRedactor(options: RedactionOptions = {}): Redactor {
  if (options.enabled === false) return { enabled: false, redact: (text) => text };
  const detectors = [...(options.builtins ?? BUILTIN_REDACTIONS).map((name) => BUILTIN_DETECTORS[name]), ...(options.patterns ?? []).map(compile)];
  const custom = options.redact;
  return {
    enabled: true,
    redact(text, counts = {}) {
      let out = text;
      for (const detector of detectors) {
        out = out.replace(detector.regex, (match) => {
          if (detector.accept && !detector.accept(match)) return match;
          counts[detector.name] = (counts[detector.name] ?? 0) + 1;
          return detector.replacement;
        });
      }
      if (custom) {
        const before = out;
        out = custom(out);
        if (out !== before) counts.custom = (counts.custom ?? 0) + 1;
      }
      return out;
    },
  };
}

/** Redacts one text with the given options and returns the text and counts. */
export function redactText(text: string, options: RedactionOptions = {}): RedactionOutcome {
  const counts: Record<string, number> = {};
  return { text: createRedactor(options).redact(text, counts), counts };
}
