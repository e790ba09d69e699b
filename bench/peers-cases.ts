/**
 * The cases of the peer benchmark, generated from a fixed rule so both tools see identical data: order
 * records as JSON, recorded outputs that are right 70% of the time and wrong in three distinct ways, and
 * the same five deterministic checks per case written once in tests.json v2 form and once as a promptfoo
 * configuration.
 */

/** One benchmark case and its recorded output. */
export interface PeerCase {
  id: string;
  prompt: string;
  /** The exact expected output. */
  expected: string;
  /** A pattern the output must match. */
  pattern: string;
  /** A substring the output must contain (the same for every case). */
  contains: string;
  /** The JSON Schema the output must satisfy (the same for every case). */
  schema: Record<string, unknown>;
  /** Largest Levenshtein distance to `expected` that passes. */
  maxDistance: number;
  /** The recorded output the checks run against. */
  output: string;
}

const STATUSES = ['shipped', 'pending', 'cancelled'] as const;
const TYPOS: Record<(typeof STATUSES)[number], string> = { shipped: 'shiped', pending: 'pendng', cancelled: 'canceled' };

/** JSON Schema of an order record. */
export const ORDER_SCHEMA = {
  type: 'object',
  required: ['order', 'status', 'total'],
  properties: { order: { type: 'integer' }, status: { enum: [...STATUSES] }, total: { type: 'number' } },
  additionalProperties: false,
};

/**
 * `count` cases. Case i expects `{"order":i,"status":...,"total":...}`; its recorded output is that text
 * for i mod 10 in 0..6, a misspelt status for 7 (only contains and Levenshtein pass), the record
 * pretty-printed for 8 (all but exact match and Levenshtein pass), and a sentence for 9 (everything fails).
 */
export function peerCases(count: number): PeerCase[] {
  const cases: PeerCase[] = [];
  for (let i = 0; i < count; i++) {
    const status = STATUSES[i % 3]!;
    const record = { order: i + 1, status, total: Math.round(((i * 7919) % 100_000) / 10) / 10 };
    const expected = JSON.stringify(record);
    const kind = i % 10;
    const output = kind === 7 ? JSON.stringify({ ...record, status: TYPOS[status] }) : kind === 8 ? JSON.stringify(record, null, 2) : kind === 9 ? `Order ${record.order} is ${status}.` : expected;
    cases.push({
      id: `case-${String(i + 1).padStart(4, '0')}`,
      prompt: `Return order ${record.order} as JSON`,
      expected,
      pattern: `"order":\\s*${record.order},\\s*"status":\\s*"(shipped|pending|cancelled)"`,
      contains: '"status"',
      schema: ORDER_SCHEMA,
      maxDistance: 5,
      output,
    });
  }
  return cases;
}

/** Criterion names of the five checks, in the order both tools report them. */
export const CHECKS = ['exact', 'regex', 'contains', 'schema', 'levenshtein'] as const;

/**
 * The otel-evals suite in tests.json v2 form: each test case graded by a hybrid of exact_match,
 * regex_match and json_schema, and the suite's scorers adding contains (RuleBased includes) and
 * levenshtein; outputs come from the recorded outputs file.
 */
export function otelEvalsSuite(cases: readonly PeerCase[], concurrency: number): Record<string, unknown> {
  const first = cases[0];
  return {
    version: '2.0',
    profile: 'deterministic',
    name: 'peer-benchmark',
    settings: { maxConcurrentTests: concurrency },
    target: { outputs: './outputs.jsonl' },
    testCases: cases.map((c) => ({
      id: c.id,
      name: c.prompt,
      input: { prompt: c.prompt },
      expected: { output: c.expected, patterns: [c.pattern], jsonSchema: c.schema },
      evaluation: { strategy: 'hybrid', weights: { exact_match: 1, regex_match: 1, json_schema: 1 } },
    })),
    suites: [
      {
        name: 'orders',
        scorers: [
          { name: 'contains', scorer: 'RuleBased', settings: { rules: [{ criterionName: 'contains', type: 'includes', value: first?.contains ?? '"status"', caseSensitive: true }] } },
          { name: 'levenshtein', scorer: 'levenshtein', settings: { max_distance: first?.maxDistance ?? 5 } },
        ],
      },
    ],
  };
}

/** The recorded outputs as JSONL lines `{ id, output }`. */
export function outputsJsonl(cases: readonly PeerCase[]): string {
  return `${cases.map((c) => JSON.stringify({ id: c.id, output: c.output })).join('\n')}\n`;
}

/**
 * The same cases for promptfoo: the echo provider returns the prompt, and the prompt is the recorded
 * output, so the assertions (equals, regex, contains, is-json with the schema, levenshtein) grade it.
 */
export function promptfooConfig(cases: readonly PeerCase[], concurrency: number): Record<string, unknown> {
  return {
    description: 'peer-benchmark',
    prompts: ['{{output}}'],
    providers: ['echo'],
    evaluateOptions: { maxConcurrency: concurrency, showProgressBar: false },
    tests: cases.map((c) => ({
      description: c.id,
      vars: { output: c.output },
      assert: [
        { type: 'equals', value: c.expected, metric: 'exact' },
        { type: 'regex', value: c.pattern, metric: 'regex' },
        { type: 'contains', value: c.contains, metric: 'contains' },
        { type: 'is-json', value: c.schema, metric: 'schema' },
        { type: 'levenshtein', value: c.expected, threshold: c.maxDistance, metric: 'levenshtein' },
      ],
    })),
  };
}
