/**
 * The four RuleBased checks (regex, length, includes, json_parse), compiled once from a validated rule
 * into a function of the field's text. A passing check returns one shared object, so the common case
 * allocates nothing.
 */
import { compileJsonSchema, formatSchemaErrors, schemaErrors } from './json/schema.ts';
import { compilePattern } from './regex.ts';

/** A validated rule, as RuleBased accepts it. */
export interface RuleSpec {
  criterionName: string;
  type: 'regex' | 'length' | 'includes' | 'json_parse';
  field?: string | undefined;
  pattern?: string | undefined;
  flags?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
  unit?: 'chars' | 'words' | undefined;
  value?: string | undefined;
  values?: string[] | undefined;
  mode?: 'all' | 'any' | undefined;
  caseSensitive?: boolean | undefined;
  schema?: Record<string, unknown> | undefined;
}

/** What one check found. */
export interface RuleOutcome {
  passed: boolean;
  /** Why it failed. */
  detail?: string;
  /** Details of a failure. */
  metadata?: Record<string, unknown>;
}

/** A check of one text. */
export type RuleCheck = (text: string) => RuleOutcome;

const PASSED: RuleOutcome = Object.freeze({ passed: true });

/** Compiles the check of a validated rule. */
export function compileRuleCheck(rule: RuleSpec): RuleCheck {
  switch (rule.type) {
    case 'regex':
      return regexCheck(rule.pattern ?? '', rule.flags);
    case 'length':
      return lengthCheck(rule.min, rule.max, rule.unit ?? 'chars');
    case 'includes':
      return includesCheck(rule.values ?? (rule.value === undefined ? [] : [rule.value]), rule.mode ?? 'all', rule.caseSensitive ?? false);
    case 'json_parse':
      return jsonParseCheck(rule.schema);
  }
}

function regexCheck(pattern: string, flags: string | undefined): RuleCheck {
  const regex = compilePattern(pattern, flags);
  const failure: RuleOutcome = Object.freeze({ passed: false, detail: `pattern ${String(regex)} did not match` });
  return (text) => (regex.test(text) ? PASSED : failure);
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/;
const SURROGATE_PAIRS = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** Number of Unicode code points of a text (a surrogate pair counts once). */
export function countChars(text: string): number {
  // A native scan that finds no pair (the usual case) is far cheaper than a loop over the characters.
  return SURROGATE_PAIR.test(text) ? text.length - (text.match(SURROGATE_PAIRS)?.length ?? 0) : text.length;
}

// The characters JavaScript's `\s` matches, as a table indexed by UTF-16 code unit (built on first use).
const WHITESPACE = [9, 10, 11, 12, 13, 32, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff];
let spaceTable: Uint8Array | undefined;

/** Number of whitespace-separated words of a text (whitespace as `\s` defines it). */
export function countWords(text: string): number {
  const table = (spaceTable ??= WHITESPACE.reduce((t, code) => ((t[code] = 1), t), new Uint8Array(65_536)));
  // A word starts wherever a non-space follows a space (or the start); the loop has no branches.
  let words = 0;
  let previous = 1;
  for (let i = 0; i < text.length; i++) {
    const current = table[text.charCodeAt(i)] ?? 0;
    words += previous & (current ^ 1);
    previous = current;
  }
  return words;
}

function lengthCheck(min: number | undefined, max: number | undefined, unit: 'chars' | 'words'): RuleCheck {
  const count = unit === 'words' ? countWords : countChars;
  const expected = min !== undefined && max !== undefined ? `between ${min} and ${max}` : min !== undefined ? `at least ${min}` : `at most ${String(max)}`;
  return (text) => {
    const length = count(text);
    if ((min === undefined || length >= min) && (max === undefined || length <= max)) return PASSED;
    return { passed: false, detail: `${length} ${unit}, expected ${expected}`, metadata: { length, unit, min, max } };
  };
}

function includesCheck(values: readonly string[], mode: 'all' | 'any', caseSensitive: boolean): RuleCheck {
  const needles = caseSensitive ? values : values.map((value) => value.toLowerCase());
  const quoted = values.map((value) => JSON.stringify(value));
  return (text) => {
    const haystack = caseSensitive ? text : text.toLowerCase();
    let found = 0;
    for (const needle of needles) if (haystack.includes(needle)) found++;
    if (mode === 'all' ? found === needles.length : found > 0) return PASSED;
    if (mode === 'any') return { passed: false, detail: `none of ${quoted.join(', ')} found`, metadata: { missing: [...values] } };
    const missing = values.filter((_, index) => !haystack.includes(needles[index] ?? ''));
    return { passed: false, detail: `missing ${missing.map((value) => JSON.stringify(value)).join(', ')}`, metadata: { missing } };
  };
}

function jsonParseCheck(schema: Record<string, unknown> | undefined): RuleCheck {
  const compiled = schema ? compileJsonSchema(schema) : undefined;
  if (compiled && !compiled.ok) throw new TypeError(`invalid JSON Schema: ${compiled.message}`);
  const validate = compiled?.ok ? compiled.validate : undefined;
  return (text) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { passed: false, detail: `not valid JSON (${error instanceof Error ? error.message : String(error)})` };
    }
    if (!validate || validate(value)) return PASSED;
    const errors = schemaErrors(validate.errors);
    return { passed: false, detail: `does not match the schema: ${formatSchemaErrors(errors)}`, metadata: { schemaErrors: errors } };
  };
}
