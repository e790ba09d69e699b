/** tests.json v2 exactly as specified, eval sets and dimensions, errors with key paths, and v1 migration. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidEvaluatorConfigError } from '../../../src/core/errors.ts';
import { loadSuiteFile, migrateSuiteFile, SuiteFileError } from '../../../src/dataset/format/load.ts';
import { CALCULATOR, tempDir, writeFiles } from './helpers.ts';

async function issuesOf(document: unknown, name = 'tests.json'): Promise<string[]> {
  const dir = writeFiles(tempDir(), { [name]: document });
  try {
    await loadSuiteFile(path.join(dir, name));
  } catch (error) {
    expect(error).toBeInstanceOf(SuiteFileError);
    expect(InvalidEvaluatorConfigError.isInstance(error)).toBe(true);
    const issues = (error as SuiteFileError).issues;
    for (const issue of issues) expect(issue.file).toBe(path.join(dir, name));
    return issues.map((issue) => `${issue.path}: ${issue.message}${issue.fix ? ` (fix: ${issue.fix})` : ''}`);
  }
  throw new Error('expected a SuiteFileError');
}

describe('tests.json v2', () => {
  it('loads example A (calculator) with its settings, metadata and one default suite', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': CALCULATOR });
    const file = await loadSuiteFile(path.join(dir, 'tests.json'));
    expect(file.profile).toBe('deterministic');
    expect(file.settings).toEqual({ defaultTimeout: 5000, failFast: true });
    expect(file.suites).toHaveLength(1);
    expect(file.suites[0]?.cases.map((c) => [c.id, c.prompt, c.expected.output, c.strategy])).toEqual([
      ['tc-001', 'Calculate 2 + 2', '4', 'exact_match'],
      ['tc-002', 'Calculate (15 * 4) / 3 + 7', '27', 'exact_match'],
    ]);
    expect(file.suites[0]?.cases[0]?.metadata).toEqual({ difficulty: 'easy', priority: 'critical' });
  });

  it('loads examples B (creative rubric) and C (enterprise json_schema with setup environment and metadata tags), in YAML too', async () => {
    const creative = {
      version: '2.0', profile: 'creative', settings: { defaultTimeout: 60000 },
      testCases: [{
        id: 'pptx-001', name: 'Generate quarterly report presentation', description: 'Tests ability to create a structured business presentation',
        input: { prompt: 'Create a 5-slide presentation about Q4 2025 sales performance', context: { data: { totalSales: 1500000, growth: 12.5, topProducts: ['Product A', 'Product B', 'Product C'] } } },
        expected: { rubric: { criteria: [{ name: 'structure', description: 'Logical flow', weight: 0.25, scale: { min: 1, max: 5 } }, { name: 'data_accuracy', description: 'Numbers right', weight: 0.75, scale: { min: 1, max: 5 } }], passingThreshold: 0.7, overallFeedback: true } },
        evaluation: { strategy: 'llm_judge', timeout: 90000 }, metadata: { difficulty: 'medium', priority: 'high' },
      }],
    };
    const enterprise = `version: "2.0"
profile: enterprise
settings:
  defaultTimeout: 45000
setup:
  environment:
    COMPANY_POLICY_VERSION: "2025.01"
testCases:
  - id: compliance-001
    name: PII detection in document
    input:
      prompt: Analyze this document for PII compliance issues
      context: { documentUrl: fixtures/sample-contract.pdf }
    expected:
      jsonSchema: { type: object, required: [hasPII, findings, riskLevel] }
    evaluation: { strategy: json_schema }
    metadata: { difficulty: medium, priority: critical, tags: [compliance, pii, security] }
`;
    const dir = writeFiles(tempDir(), { 'creative.json': creative, 'enterprise.yaml': enterprise });
    const b = await loadSuiteFile(path.join(dir, 'creative.json'));
    expect(b.suites[0]?.cases[0]?.expected.rubric?.passingThreshold).toBe(0.7);
    expect(b.suites[0]?.cases[0]?.timeoutMs).toBe(90000);
    const c = await loadSuiteFile(path.join(dir, 'enterprise.yaml'));
    expect(c.setup?.environment).toEqual({ COMPANY_POLICY_VERSION: '2025.01' });
    expect(c.suites[0]?.cases[0]?.tags).toEqual(['compliance', 'pii', 'security']);
    expect(c.name).toBe('enterprise');
  });

  it('substitutes template variables into the prompt', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': { ...CALCULATOR, testCases: [{ id: 'v', name: 'vars', input: { prompt: 'Calculate {{a}} + {{ b }}', variables: { a: '1', b: '2' } }, expected: { output: '3' } }] } });
    const file = await loadSuiteFile(path.join(dir, 'tests.json'));
    expect(file.suites[0]?.cases[0]?.prompt).toBe('Calculate 1 + 2');
  });

  it('reports every problem with its key path and a fix', async () => {
    const issues = await issuesOf({
      version: '2.0', profile: 'deterministc', settings: { maxConcurrentTests: 0, failfast: true },
      testCases: [
        { id: 'a', name: 'A', input: { prompt: 'x' }, expected: {}, evaluation: { strategy: 'exact_match' } },
        { id: 'a', name: 'B', input: { prompt: 'y' }, expected: { output: 'y' }, evaluation: { strategy: 'fuzzy' } },
      ],
      suites: [{ name: 's', testIds: ['a', 'missing'] }],
    });
    expect(issues).toEqual(expect.arrayContaining([
      expect.stringMatching(/^profile: .*fix: use one of "deterministic", "structured"/),
      expect.stringMatching(/^settings\.maxConcurrentTests: .*fix: use a value of at least 1/),
      expect.stringMatching(/^settings\.failfast: is not a known option/),
      expect.stringMatching(/^testCases\[1\]\.evaluation\.strategy: .*"exact_match"/),
    ]));
    const crossRefs = await issuesOf({ ...CALCULATOR, testCases: [CALCULATOR.testCases[0], { ...CALCULATOR.testCases[0], expected: {} }], suites: [{ name: 's', testIds: ['tc-001', 'nope'] }, { name: 's', evalSet: 'none' }] });
    expect(crossRefs).toEqual(expect.arrayContaining([
      'testCases[1].id: duplicate id "tc-001" (also at testCases[0]) (fix: give every case a unique id)',
      'testCases[1].expected.output: is required by strategy exact_match (fix: set expected.output to the exact answer)',
      'suites[0].testIds[1]: unknown test id "nope" (fix: use an id of testCases)',
      expect.stringMatching(/^suites\[1\]\.evalSet: unknown eval set "none"/),
      expect.stringMatching(/^suites\[1\]\.name: duplicate suite "s"/),
    ]));
  });

  it('reports a syntax error with its position, and a missing file', async () => {
    const [syntax] = await issuesOf('{ "version": "2.0", ', 'tests.json');
    expect(syntax).toMatch(/^\(document\): is not valid JSON: .*position|column/i);
    const [yaml] = await issuesOf('version: "2.0"\n  bad: [', 'tests.yaml');
    expect(yaml).toMatch(/^\(document\): is not valid YAML: .*line/);
    await expect(loadSuiteFile('/nonexistent/tests.json')).rejects.toThrow(/\(file\): does not exist/);
  });

  it('reads eval sets and bound suites (scorers with settings, concurrency) and health dimensions with components', async () => {
    const dir = writeFiles(tempDir(), { 'suite.json': {
      version: '2.0', profile: 'deterministic',
      evalSets: [{ name: 'math', cases: [{ id: 'm1', input: { prompt: '1+1' }, expected: '2' }, { input: '2+2', expected: { value: 4 } }] }],
      suites: [
        { name: 'bound', evalSet: 'math', target: { outputs: './out.jsonl' }, concurrency: 2, scorers: [{ name: 'exact', scorer_name: 'exact_match', settings: {} }, { name: 'close', scorer: 'levenshtein', settings: { threshold: 0.9 } }] },
        { name: 'paused', evalSet: 'math', isActive: false },
      ],
      dimensions: [
        { name: 'correctness', targetScore: 0.9, weight: 0.6, method: 'deterministic', scorer: 'exact_match' },
        { name: 'quality', targetScore: 0.7, weight: 0.4, method: 'hybrid', components: [{ name: 'similar', weight: 0.6, scorer: 'levenshtein' }, { name: 'shape', weight: 0.4, method: 'deterministic', scorer: 'regex_match', settings: { patterns: ['\\d'] } }] },
      ],
    } });
    const file = await loadSuiteFile(path.join(dir, 'suite.json'));
    const [suite] = file.suites;
    expect(suite?.cases.map((c) => [c.id, c.prompt, c.expected.output])).toEqual([['m1', '1+1', '2'], ['math-002', '2+2', { value: 4 }]]);
    expect(suite?.concurrency).toBe(2);
    expect(suite?.scorers).toEqual([{ name: 'exact', scorer: 'exact_match', settings: {} }, { name: 'close', scorer: 'levenshtein', settings: { threshold: 0.9 } }]);
    expect(file.suites.map((s) => [s.name, s.isActive])).toEqual([['bound', true], ['paused', false]]);
    const { selectSuites } = await import('../../../src/dataset/runner/select.ts');
    expect(selectSuites(file, {}, []).map((s) => s.name)).toEqual(['bound']);
    expect(selectSuites(file, { suites: ['paused'] }, []).map((s) => s.name)).toEqual(['paused']);
    expect(file.dimensions[1]?.components?.map((c) => c.method)).toEqual(['deterministic', 'deterministic']);
    const bad = await issuesOf({ version: '2.0', profile: 'deterministic', dimensions: [{ name: 'd', targetScore: 2, weight: 1 }] });
    expect(bad).toEqual(expect.arrayContaining([expect.stringMatching(/^dimensions\[0\]\.targetScore: .*at most 1/), expect.stringMatching(/^dimensions\[0\]: needs exactly one of scorer or components/)]));
  });

  it('checks eval set cases against the set\'s inputFormat and outputFormat', async () => {
    const found = await issuesOf({ version: '2.0', profile: 'deterministic', evalSets: [
      { name: 'typed', inputFormat: 'json', outputFormat: 'json', cases: [{ input: 'text', expected: 'plain' }, { input: { q: 1 }, expected: '{"a": 1}' }, { input: [1], expected: { a: 1 } }] },
      { name: 'plain', inputFormat: 'text', outputFormat: 'text', cases: [{ input: { q: 1 }, expected: { a: 1 } }, { input: 'q', expected: 'a' }] },
      { name: 'unscored', outputFormat: 'none', cases: [{ input: 'q', expected: 'a' }, { input: 'q' }] },
    ] });
    expect(found.map((issue) => issue.replace(/ \(fix: .*\)$/, ''))).toEqual([
      'evalSets[0].cases[0].input: is not a JSON object or array, but the eval set\'s inputFormat is "json"',
      'evalSets[0].cases[0].expected: is not a JSON object or array, but the eval set\'s outputFormat is "json"',
      'evalSets[1].cases[0].input: is not text, but the eval set\'s inputFormat is "text"',
      'evalSets[1].cases[0].expected: is not text, but the eval set\'s outputFormat is "text"',
      'evalSets[2].cases[0].expected: is given, but the eval set\'s outputFormat is "none"',
    ]);
  });
});

describe('tests.json v1', () => {
  const v1 = [
    { name: 'exact', input: 'Calculate 2 + 2', expectedOutput: '4' },
    { name: 'patterns', description: 'digits only', input: 'Calculate 3 + 3', expectedPatterns: ['^\\d+$'], timeout: 1000 },
    { name: 'both', input: 'Calculate 1 + 1', expectedOutput: '2', expectedPatterns: ['2'] },
  ];

  it('is migrated automatically on load', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': v1 });
    const file = await loadSuiteFile(path.join(dir, 'tests.json'));
    expect(file.migratedFrom).toBe(1);
    expect(file.suites[0]?.cases.map((c) => [c.id, c.name, c.prompt, c.strategy, c.timeoutMs, c.weights])).toEqual([
      ['tc-001', 'exact', 'Calculate 2 + 2', 'exact_match', undefined, undefined],
      ['tc-002', 'patterns', 'Calculate 3 + 3', 'regex_match', 1000, undefined],
      ['tc-003', 'both', 'Calculate 1 + 1', 'hybrid', undefined, { exact_match: 0.5, regex_match: 0.5 }],
    ]);
  });

  it('is migrated to a v2 file that validates, in the input syntax; a v2 file is left alone', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': { tests: v1 }, 'tests.yaml': '- name: a\n  input: hi\n  expectedOutput: hello\n', 'v2.json': CALCULATOR });
    const migrated = await migrateSuiteFile(path.join(dir, 'tests.json'));
    const parsed = JSON.parse(migrated?.text ?? '') as { version: string; testCases: Array<{ id: string; expected: unknown; evaluation: unknown }> };
    expect(parsed.version).toBe('2.0');
    expect(parsed.testCases[1]).toMatchObject({ id: 'tc-002', expected: { patterns: ['^\\d+$'] }, evaluation: { strategy: 'regex_match', timeout: 1000 } });
    writeFiles(dir, { 'migrated.json': migrated?.text ?? '' });
    await expect(loadSuiteFile(path.join(dir, 'migrated.json'))).resolves.toMatchObject({ profile: 'deterministic' });
    expect((await migrateSuiteFile(path.join(dir, 'tests.yaml')))?.text).toMatch(/^version: "2.0"\nprofile: deterministic/);
    expect(await migrateSuiteFile(path.join(dir, 'v2.json'))).toBeUndefined();
    expect(readFileSync(path.join(dir, 'tests.json'), 'utf8')).toContain('expectedOutput');
  });

  it('reports v1 problems with their paths', async () => {
    const issues = await issuesOf([{ name: 'x', input: 'y', expectedOutput: 4 }]);
    expect(issues).toEqual([expect.stringMatching(/^\[0\]\.expectedOutput: .*string/)]);
  });
});
