/** The example suites (one per profile) run and pass, so the docs' commands keep working. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSuiteFile } from '../../../src/dataset/runner/run-suite-file.ts';

const EXAMPLES = path.resolve(import.meta.dirname, '../../../examples/suites');

describe('example suites', () => {
  it.each([
    ['calculator/tests.json', 'deterministic', ['exact_match', 'regex_match']],
    ['json-transformer/tests.yaml', 'structured', ['json_schema', 'json_equality']],
    ['summarizer/tests.json', 'flexible', ['semantic_sim']],
    ['presentation/tests.json', 'creative', ['llm_judge']],
  ])('%s (%s profile) passes its quality gate with %j', async (file, profile, types) => {
    const report = await runSuiteFile({ file: path.join(EXAMPLES, file), store: false });
    expect(report.suites.every((suite) => suite.profile === profile && suite.overallPassed)).toBe(true);
    expect(report.totals.errors).toBe(0);
    expect([...new Set(report.suites.flatMap((s) => s.cases.flatMap((c) => c.scores.map((score) => score.evaluatorType))))].sort()).toEqual([...types].sort());
  });
});
