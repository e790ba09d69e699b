/**
 * Strategies, profiles, dimensions and scorers resolve to the registered evaluators; scoring follows the
 * dimension scoring (weighted score, dimension targets, 0.75 threshold, near misses); custom scorers in Python
 * and JS.
 */
import path from 'node:path';
import { MockEmbeddingModelV4, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { SuiteFileError } from '../../../src/dataset/format/load.ts';
import { runSuiteFile } from '../../../src/dataset/runner/run-suite-file.ts';
import { prepareRun } from '../../../src/dataset/runner/prepare.ts';
import { registerSuiteModel } from '../../../src/dataset/strategies/models.ts';
import { moduleTarget } from '../../../src/dataset/targets/index.ts';
import { tempDir, writeFiles } from './helpers.ts';

const echo = (answers: Record<string, unknown>) => moduleTarget({ fn: (input) => answers[(input as { prompt: string }).prompt] ?? '' });

function judge(scoreFor: (criterion: string) => number): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    provider: 'mock', modelId: 'judge',
    doGenerate: async (options) => {
      const system = options.prompt.filter((m) => m.role === 'system').map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
      const names = [...system.matchAll(/^- "([^"]+)"/gm)].map((m) => m[1] ?? '');
      const all = options.prompt.map((m) => (typeof m.content === 'string' ? m.content : m.content.map((p) => ('text' in p ? p.text : '')).join(''))).join('\n');
      const analysing = JSON.stringify(options.responseFormat ?? {}).includes('analyses');
      const failed = ['completeness', 'coherence', 'professionalism', 'accuracy'].filter((n) => all.includes(n) && scoreFor(n) < 4);
      const verdict = analysing
        ? { analyses: failed.map((criterion) => ({ criterion, rootCause: `the deck misses ${criterion}`, recommendations: [`add ${criterion}`, 'use the input data'] })) }
        : { scores: Object.fromEntries(names.map((n) => [n, { reasoning: `judged ${n}`, score: scoreFor(n) }])) };
      return { content: [{ type: 'text', text: JSON.stringify(verdict) }], finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } }, warnings: [] };
    },
  });
}

async function problems(document: unknown): Promise<string[]> {
  const dir = writeFiles(tempDir(), { 'tests.json': document });
  const error = await prepareRun({ file: path.join(dir, 'tests.json'), target: echo({}) }).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(SuiteFileError);
  return (error as SuiteFileError).issues.map((i) => `${i.path}: ${i.message}`);
}

describe('strategies and profiles', () => {
  it('resolve each strategy to its registered evaluator; registry problems name the file key', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': {
      version: '2.0', profile: 'structured',
      testCases: [
        { id: 'schema', name: 'schema by profile', input: { prompt: 'a' }, expected: { jsonSchema: { type: 'object', required: ['ok'] } } },
        { id: 'regex', name: 'regex', input: { prompt: 'b' }, expected: { patterns: ['^\\d+$', 'x'] }, evaluation: { strategy: 'regex_match' } },
        { id: 'hybrid', name: 'hybrid', input: { prompt: 'c' }, expected: { output: '42', patterns: ['\\d'] }, evaluation: { strategy: 'hybrid', weights: { exact_match: 3, regex_match: 1 } } },
      ],
    } });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), target: echo({ a: '{"ok":true}', b: '123', c: '43' }), store: false });
    const [schema, regex, hybrid] = report.suites[0]?.cases ?? [];
    expect(schema?.scores.map((s) => [s.criterionName, s.evaluatorType, s.score])).toEqual([['json_schema', 'json_schema', true]]);
    expect(regex).toMatchObject({ status: 'failed', weightedScore: 0 });
    expect(hybrid?.scores.map((s) => [s.criterionName, s.normalizedScore])).toEqual([['exact_match', 0], ['regex_match', 1]]);
    expect(hybrid?.weightedScore).toBeCloseTo(0.25);
    expect(await problems({ version: '2.0', profile: 'deterministic', testCases: [{ id: 'r', name: 'r', input: { prompt: 'x' }, expected: { patterns: ['('] }, evaluation: { strategy: 'regex_match' } }] }))
      .toEqual([expect.stringMatching(/^testCases\[0\]\.expected\.patterns\[0\]: .*regular expression/)]);
    expect(await problems({ version: '2.0', profile: 'deterministic', testCases: [{ id: 'n', name: 'n', input: { prompt: 'x' }, expected: {} }] }))
      .toEqual(['testCases[0].expected: gives nothing to compare against for profile deterministic']);
    expect(await problems({ version: '2.0', profile: 'deterministic', suites: [{ name: 's', scorers: [{ name: 'x', scorer: 'no_such_scorer' }, { name: 'y', scorer: 'levenshtein', settings: { algoritm: 'x' } }] }], testCases: [{ id: 'a', name: 'a', input: { prompt: 'x' } }] }))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^suites\[0\]\.scorers\[0\]\.scorer: unknown evaluator type "no_such_scorer"/), 'suites[0].scorers[1].settings.algoritm: is not a known option']));
  });

  it('a judge or embedding model missing from settings, and a custom script that does not exist, are problems naming their keys', async () => {
    const found = await problems({
      version: '2.0', profile: 'deterministic',
      testCases: [
        { id: 'j', name: 'j', input: { prompt: 'p' }, expected: { output: 'x' }, evaluation: { strategy: 'llm_judge' } },
        { id: 'k', name: 'k', input: { prompt: 'p' }, expected: { output: 'x' }, evaluation: { strategy: 'llm_judge' } },
        { id: 's', name: 's', input: { prompt: 'p' }, expected: { output: 'x' }, evaluation: { strategy: 'semantic_sim' } },
        { id: 'c', name: 'c', input: { prompt: 'p' }, expected: { customScript: './missing.py' }, evaluation: { strategy: 'custom' } },
      ],
      suites: [{ name: 'all', scorers: [{ name: 'mine', scorer: 'custom', settings: { script: './gone.mjs' } }] }],
    });
    expect(found.filter((p) => p.startsWith('settings.judgeModel'))).toEqual(['settings.judgeModel: is required by strategy llm_judge']);
    expect(found).toContain('settings.embeddingModel: is required by strategy semantic_sim');
    expect(found.some((p) => /^testCases\[3\]\.expected\.customScript: names .*missing\.py, which does not exist$/.test(p))).toBe(true);
    expect(found.some((p) => /^suites\[0\]\.scorers\[0\]\.settings\.script: names .*gone\.mjs, which does not exist$/.test(p))).toBe(true);
    const malformed = await problems({ version: '2.0', profile: 'creative', settings: { judgeModel: 'gpt-4o' }, testCases: [{ id: 'j', name: 'j', input: { prompt: 'p' } }] });
    // The same bad setting in two files is reported at each file's own key path.
    const first = await problems({ version: '2.0', profile: 'deterministic', testCases: [{ id: 'r', name: 'r', input: { prompt: 'p' }, expected: { patterns: ['('] }, evaluation: { strategy: 'regex_match' } }] });
    expect(first).toEqual([expect.stringMatching(/^testCases\[0\]\.expected\.patterns\[0\]: invalid regular expression "\("/)]);
    // Cross-reference problems (a duplicate id) and evaluator problems (a bad regex) are reported together.
    const together = await problems({ version: '2.0', profile: 'deterministic', testCases: [
      { id: 'a', name: 'a', input: { prompt: 'p' }, expected: { output: 'x' } },
      { id: 'a', name: 'b', input: { prompt: 'p' }, expected: { patterns: ['('] }, evaluation: { strategy: 'regex_match' } },
    ] });
    expect(together).toEqual(['testCases[1].id: duplicate id "a" (also at testCases[0])', expect.stringMatching(/^testCases\[1\]\.expected\.patterns\[0\]: invalid regular expression "\("/)]);
    expect(malformed.some((p) => p.startsWith('settings.judgeModel: must be "<provider>:<model>"'))).toBe(true);
  });

  it('creative: llm_judge with the four-criterion rubric (30/25/25/20, passing 0.7) through a model registered in code', async () => {
    registerSuiteModel('test-judge', judge((name) => (name === 'accuracy' ? 2 : 5)));
    const dir = writeFiles(tempDir(), { 'tests.json': { version: '2.0', profile: 'creative', settings: { judgeModel: 'test-judge' }, testCases: [{ id: 'deck', name: 'deck', input: { prompt: 'slides' } }] } });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), target: echo({ slides: 'Slide 1: Q4' }), store: false });
    const deck = report.suites[0]?.cases[0];
    expect(deck?.scores.map((s) => [s.criterionName, s.evaluatorType, s.normalizedScore])).toEqual([['completeness', 'llm_judge', 1], ['coherence', 'llm_judge', 1], ['professionalism', 'llm_judge', 1], ['accuracy', 'llm_judge', 0.25]]);
    expect(deck?.weightedScore).toBeCloseTo(0.3 + 0.25 + 0.25 + 0.2 * 0.25);
    expect(deck?.threshold).toBe(0.7);
    expect(deck?.status).toBe('passed');
    expect(deck?.failureAnalysis).toBeUndefined();

    registerSuiteModel('harsh-judge', judge(() => 1));
    writeFiles(dir, { 'analysed.json': { version: '2.0', profile: 'creative', settings: { judgeModel: 'harsh-judge', failureAnalysis: true }, testCases: [{ id: 'weak', name: 'weak', input: { prompt: 'slides' } }] } });
    const analysed = await runSuiteFile({ file: path.join(dir, 'analysed.json'), target: echo({ slides: 'one slide' }), store: false });
    expect(analysed.suites[0]?.cases[0]).toMatchObject({ status: 'failed', weightedScore: 0, failureAnalysis: { rootCause: expect.stringContaining('the deck misses completeness'), recommendations: expect.arrayContaining(['add accuracy', 'use the input data']) } });
  });

  it('flexible: semantic_sim against the expected output at the semantic threshold', async () => {
    registerSuiteModel('test-embedding', new MockEmbeddingModelV4({ provider: 'mock', modelId: 'emb', doEmbed: async ({ values }) => ({ embeddings: values.map((v) => (v.includes('cat') ? [1, 0] : [0.6, 0.8])), warnings: [] }) }));
    const dir = writeFiles(tempDir(), { 'tests.json': { version: '2.0', profile: 'flexible', settings: { embeddingModel: 'test-embedding' }, testCases: [
      { id: 'same', name: 'same', input: { prompt: 'a' }, expected: { output: 'a cat sat', semanticThreshold: 0.9 } },
      { id: 'far', name: 'far', input: { prompt: 'b' }, expected: { output: 'a cat sat' } },
    ] } });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), target: echo({ a: 'the cat', b: 'a dog' }), store: false });
    expect(report.suites[0]?.cases.map((c) => [c.id, c.scores[0]?.evaluatorType, c.scores[0]?.normalizedScore, c.threshold, c.status])).toEqual([
      ['same', 'semantic_sim', 1, 0.9, 'passed'],
      ['far', 'semantic_sim', expect.closeTo(0.6), 0.8, 'failed'],
    ]);
  });
});

describe('weighted scoring', () => {
  it('weights dimensions and their quality components, reports dimension targets versus actual, success rates and near misses', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': {
      version: '2.0', profile: 'enterprise', settings: { threshold: 0.75, nearMissMargin: 0.1 },
      dimensions: [
        { name: 'correctness', targetScore: 0.9, weight: 0.5, method: 'deterministic', scorer: 'exact_match' },
        { name: 'format', targetScore: 0.8, weight: 0.5, method: 'hybrid', components: [
          { name: 'digits', weight: 0.6, scorer: 'regex_match', settings: { patterns: ['^\\d+$'] } },
          { name: 'short', weight: 0.4, scorer: 'RuleBased', settings: { rules: [{ criterionName: 'format.short', type: 'length', max: 2 }] } },
        ] },
      ],
      testCases: [
        { id: 'right', name: 'right', input: { prompt: 'a' }, expected: { output: '4' } },
        { id: 'long', name: 'long', input: { prompt: 'b' }, expected: { output: '123' } },
        { id: 'wrong', name: 'wrong', input: { prompt: 'c' }, expected: { output: '5' } },
      ],
    } });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), target: echo({ a: '4', b: '123', c: 'four' }), store: false });
    const suite = report.suites[0];
    const [right, long, wrong] = suite?.cases ?? [];
    expect(right).toMatchObject({ weightedScore: 1, passed: true, dimensionSuccessRate: 1 });
    // long: correctness 1 (weight 0.5), format = 0.6 * 1 + 0.4 * 0 = 0.6 (weight 0.5) -> 0.8
    expect(long?.weightedScore).toBeCloseTo(0.8);
    expect(long?.dimensionSuccessRate).toBe(0.5);
    expect(long?.scores.map((s) => [s.criterionName, s.dimension])).toEqual([['correctness', 'correctness'], ['format.digits', 'format'], ['format.short', 'format']]);
    expect(wrong).toMatchObject({ weightedScore: 0, status: 'failed', passed: false });
    expect(wrong?.nearMiss).toBeUndefined();
    expect(suite?.dimensions.map((d) => [d.name, d.targetScore, d.weight, d.method, d.meanScore, d.successRate, d.passed])).toEqual([
      ['correctness', 0.9, 0.5, 'deterministic', expect.closeTo(2 / 3), expect.closeTo(2 / 3), false],
      ['format', 0.8, 0.5, 'hybrid', expect.closeTo((1 + 0.6 + 0) / 3), expect.closeTo(1 / 3), false],
    ]);
    expect(suite?.averageWeightedScore).toBeCloseTo(0.6);
    expect(suite?.successRate).toBeCloseTo(2 / 3);
    expect(suite?.overallPassed).toBe(false);

    writeFiles(dir, { 'near.json': { version: '2.0', profile: 'deterministic', suites: [{ name: 'bound', scorers: [{ name: 'close', scorer: 'levenshtein', settings: { threshold: 0.8 } }] }], testCases: [{ id: 'n', name: 'n', input: { prompt: 'n' }, expected: { output: 'abcdefghijklmnopqrst' } }] } });
    const near = await runSuiteFile({ file: path.join(dir, 'near.json'), target: echo({ n: 'abcdefghijklmnopXXXX' }), store: false });
    expect(near.suites[0]?.cases[0]).toMatchObject({ weightedScore: 0.8, threshold: 0.8, status: 'passed' });
    const miss = await runSuiteFile({ file: path.join(dir, 'near.json'), target: echo({ n: 'abcdefghijklmnoXXXXX' }), store: false });
    expect(miss.suites[0]?.cases[0]).toMatchObject({ weightedScore: 0.75, status: 'failed', nearMiss: true });
  });
});

describe('custom scorers', () => {
  it('runs a Python script over the JSON protocol, a JS module scorer, and times a hung script out', async () => {
    const dir = writeFiles(tempDir(), {
      'score.py': 'import json, sys\nreq = json.load(sys.stdin)\nok = req["output"].strip() == req["expected"] and req["settings"].get("mode") == "strict" and req["input"]["prompt"] == "q"\nprint("debug line")\nprint(json.dumps({"score": 1.0 if ok else 0.2, "reasoning": "compared " + req["output"]}))\n',
      'hang.py': 'import time\ntime.sleep(10)\n',
      'scorer.mjs': 'export default ({ output, expected }) => ({ score: expected.length / output.length, passed: output.length >= expected.length, reasoning: "length ratio" });\n',
      'tests.json': {
        version: '2.0', profile: 'enterprise',
        suites: [
          { name: 'py', testIds: ['py'], scorers: [{ name: 'domain', scorer: 'custom', settings: { script: './score.py', mode: 'strict' } }] },
          { name: 'js', testIds: ['js'] },
          { name: 'hung', testIds: ['hang'], scorers: [{ name: 'slow', scorer: 'custom', settings: { script: './hang.py', timeout: 300 } }] },
        ],
        testCases: [
          { id: 'py', name: 'py', input: { prompt: 'q' }, expected: { output: 'answer' } },
          { id: 'js', name: 'js', input: { prompt: 'q' }, expected: { output: 'answer', customScript: './scorer.mjs' } },
          { id: 'hang', name: 'hang', input: { prompt: 'q' }, expected: { output: 'answer' } },
        ],
      },
    });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), target: echo({ q: 'answer ' }), store: false });
    const py = report.suites[0]?.cases[0];
    expect(py?.scores[0]).toMatchObject({ criterionName: 'domain', evaluatorType: 'custom', score: 1, reasoning: 'compared answer ' });
    const [js] = report.suites[1]?.cases ?? [];
    const [hang] = report.suites[2]?.cases ?? [];
    expect(js?.scores[0]).toMatchObject({ criterionName: 'custom', score: 6 / 7, normalizedScore: 6 / 7, reasoning: 'length ratio' });
    expect(js?.status).toBe('passed');
    expect(hang?.scores[0]?.error).toMatch(/custom script .*hang\.py timed out after 300 ms/);
    expect(hang?.status).toBe('error');
  });
});
