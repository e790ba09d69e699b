/**
 * tests.json v1 (`name, description, input, expectedOutput, expectedPatterns, timeout`) and its
 * migration to v2: each test gets an id, its input becomes `input.prompt`, the expected output and
 * patterns keep their meaning through the strategy (exact_match, regex_match, or a hybrid of both).
 */
import { z } from 'zod';
import type { EvalConfigV2Input, TestCaseV2 } from './schema-v2.ts';

/** One v1 test case, as the v1 format defined it. */
export const testCaseV1Schema = z.strictObject({
  name: z.string(),
  description: z.string().optional(),
  input: z.string(),
  expectedOutput: z.string().optional(),
  expectedPatterns: z.array(z.string()).optional(),
  /** v1 defaulted to 30,000 ms, as v2 does; left unset, a migrated case follows defaultTimeout and --timeout. */
  timeout: z.number().optional(),
});

/** A v1 file: an array of test cases, or an object holding them under `tests` or `testCases`. */
export const evalConfigV1Schema = z.union([
  z.array(testCaseV1Schema),
  z.strictObject({ tests: z.array(testCaseV1Schema) }),
  z.strictObject({ testCases: z.array(testCaseV1Schema) }),
]);

/** A v1 test case after validation. */
export type TestCaseV1 = z.output<typeof testCaseV1Schema>;

/** Whether a parsed document is a v1 file (it has no `version`, and holds v1-shaped cases). */
export function isV1Document(document: unknown): boolean {
  if (Array.isArray(document)) return true;
  if (typeof document !== 'object' || document === null) return false;
  const record = document as Record<string, unknown>;
  if ('version' in record) return false;
  const cases = record.tests ?? record.testCases;
  return Array.isArray(cases) && cases.every((c) => typeof c === 'object' && c !== null && !('id' in c) && typeof (c as { input?: unknown }).input === 'string');
}

/** The v1 cases of a validated v1 document. */
export function v1Cases(document: z.output<typeof evalConfigV1Schema>): TestCaseV1[] {
  if (Array.isArray(document)) return document;
  return 'tests' in document ? document.tests : document.testCases;
}

/** Migrates one v1 case to v2. */
export function migrateCaseV1(test: TestCaseV1, index: number): TestCaseV2 {
  const migrated: TestCaseV2 = {
    id: `tc-${String(index + 1).padStart(3, '0')}`,
    name: test.name,
    input: { prompt: test.input },
    expected: {},
  };
  if (test.description !== undefined) migrated.description = test.description;
  if (test.expectedOutput !== undefined) migrated.expected.output = test.expectedOutput;
  if (test.expectedPatterns !== undefined) migrated.expected.patterns = test.expectedPatterns;
  const hasOutput = test.expectedOutput !== undefined;
  const hasPatterns = (test.expectedPatterns?.length ?? 0) > 0;
  const timeout = test.timeout === undefined ? {} : { timeout: test.timeout };
  if (hasOutput && hasPatterns) {
    migrated.evaluation = { strategy: 'hybrid', ...timeout, weights: { exact_match: 0.5, regex_match: 0.5 } };
  } else if (hasPatterns) {
    migrated.evaluation = { strategy: 'regex_match', ...timeout };
  } else {
    migrated.evaluation = { strategy: 'exact_match', ...timeout };
  }
  return migrated;
}

/** Migrates validated v1 cases to a v2 file (profile `deterministic`: v1 compared strings and patterns). */
export function migrateV1(cases: readonly TestCaseV1[]): EvalConfigV2Input {
  return {
    version: '2.0',
    profile: 'deterministic',
    settings: {},
    testCases: cases.map(migrateCaseV1),
  };
}
