/**
 * Turns a validated v2 document into the runner's model and checks what a schema cannot: duplicate
 * ids, suites naming unknown tests or eval sets, and strategies missing what they compare against.
 */
import path from 'node:path';
import type { ConfigIssue } from '../../core/errors.ts';
import type { CaseExpectation, EvalCase, SuiteFile, SuiteSpec } from './model.ts';
import type { EvalConfigV2, TestCaseV2 } from './schema-v2.ts';

const REQUIRED_EXPECTATION: Partial<Record<string, { key: keyof CaseExpectation; fix: string }>> = {
  exact_match: { key: 'output', fix: 'set expected.output to the exact answer' },
  regex_match: { key: 'patterns', fix: 'set expected.patterns to the regular expressions that must all match' },
  json_schema: { key: 'jsonSchema', fix: 'set expected.jsonSchema to a JSON Schema object' },
  custom: { key: 'customScript', fix: 'set expected.customScript to a .py, .js, .mjs or .ts file' },
};

/** Replaces `{{name}}` placeholders with the case's variables. */
export function applyVariables(prompt: string, variables: Record<string, string> | undefined): string {
  if (!variables) return prompt;
  return prompt.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (match, name: string) => variables[name] ?? match);
}

function fromTestCase(test: TestCaseV2, index: number): EvalCase {
  const prompt = applyVariables(test.input.prompt, test.input.variables);
  const evalCase: EvalCase = {
    id: test.id,
    tags: [...(test.tags ?? []), ...(test.metadata?.tags ?? [])],
    input: { ...test.input, prompt },
    prompt,
    expected: { ...test.expected },
    path: `testCases[${index}]`,
  };
  const category = test.category ?? test.metadata?.category;
  if (category !== undefined) evalCase.category = category;
  if (test.name) evalCase.name = test.name;
  if (test.description !== undefined) evalCase.description = test.description;
  if (test.input.context) evalCase.context = test.input.context;
  if (test.evaluation) {
    evalCase.strategy = test.evaluation.strategy;
    if (test.evaluation.timeout !== undefined) evalCase.timeoutMs = test.evaluation.timeout;
    if (test.evaluation.retryCount !== undefined) evalCase.retryCount = test.evaluation.retryCount;
    if (test.evaluation.weights) evalCase.weights = test.evaluation.weights;
  }
  if (test.metadata) evalCase.metadata = { ...test.metadata };
  return evalCase;
}

type SetCase = NonNullable<EvalConfigV2['evalSets']>[number]['cases'][number];

function fromSetCase(setName: string, setIndex: number, item: SetCase, index: number): EvalCase {
  const evalCase: EvalCase = {
    id: item.id ?? `${setName}-${String(index + 1).padStart(3, '0')}`,
    tags: item.tags ?? [],
    input: item.input,
    expected: item.expected === undefined ? {} : { output: item.expected },
    path: `evalSets[${setIndex}].cases[${index}]`,
  };
  if (typeof item.input === 'string') evalCase.prompt = item.input;
  else if (typeof item.input === 'object' && item.input !== null && typeof (item.input as { prompt?: unknown }).prompt === 'string') {
    evalCase.prompt = (item.input as { prompt: string }).prompt;
  }
  if (item.name !== undefined) evalCase.name = item.name;
  if (item.category !== undefined) evalCase.category = item.category;
  return evalCase;
}

/** Whether a value is a JSON object or array, or a string holding one. */
function isJsonStructure(value: unknown): boolean {
  if (typeof value === 'object' && value !== null) return true;
  if (typeof value !== 'string') return false;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

/** Checks an eval set's cases against its declared inputFormat and outputFormat. */
function checkSetFormats(set: NonNullable<EvalConfigV2['evalSets']>[number], setIndex: number, issues: ConfigIssue[]): void {
  set.cases.forEach((item, index) => {
    const at = `evalSets[${setIndex}].cases[${index}]`;
    if (set.inputFormat === 'text' && typeof item.input !== 'string') issues.push({ path: `${at}.input`, message: 'is not text, but the eval set\'s inputFormat is "text"', fix: 'give the input as a string, or set inputFormat to "json"' });
    if (set.inputFormat === 'json' && (typeof item.input !== 'object' || item.input === null)) issues.push({ path: `${at}.input`, message: 'is not a JSON object or array, but the eval set\'s inputFormat is "json"', fix: 'give the input payload as an object, or set inputFormat to "text"' });
    if (item.expected === undefined) return;
    if (set.outputFormat === 'none') issues.push({ path: `${at}.expected`, message: 'is given, but the eval set\'s outputFormat is "none"', fix: 'remove it, or set outputFormat to "text" or "json"' });
    if (set.outputFormat === 'text' && typeof item.expected !== 'string') issues.push({ path: `${at}.expected`, message: 'is not text, but the eval set\'s outputFormat is "text"', fix: 'give the expected output as a string, or set outputFormat to "json"' });
    if (set.outputFormat === 'json' && !isJsonStructure(item.expected)) issues.push({ path: `${at}.expected`, message: 'is not a JSON object or array, but the eval set\'s outputFormat is "json"', fix: 'give the expected output as an object, or set outputFormat to "text"' });
  });
}

function checkCases(cases: readonly EvalCase[], issues: ConfigIssue[]): void {
  const seen = new Map<string, string>();
  for (const item of cases) {
    const first = seen.get(item.id);
    if (first) issues.push({ path: `${item.path}.id`, message: `duplicate id "${item.id}" (also at ${first})`, fix: 'give every case a unique id' });
    else seen.set(item.id, item.path);
    const required = item.strategy ? REQUIRED_EXPECTATION[item.strategy] : undefined;
    if (required && item.expected[required.key] === undefined) {
      issues.push({ path: `${item.path}.expected.${required.key}`, message: `is required by strategy ${item.strategy}`, fix: required.fix });
    }
    if (item.strategy === 'hybrid' && !item.weights) {
      issues.push({ path: `${item.path}.evaluation.weights`, message: 'is required by strategy hybrid', fix: 'set weights per strategy, e.g. { "exact_match": 0.6, "regex_match": 0.4 }' });
    }
  }
}

function buildSuites(config: EvalConfigV2, name: string, testCases: EvalCase[], sets: Map<string, EvalCase[]>, issues: ConfigIssue[]): SuiteSpec[] {
  if (!config.suites?.length) return [{ name, cases: testCases, runInSequence: false, isActive: true, path: 'testCases' }];
  const byId = new Map(testCases.map((item) => [item.id, item]));
  return config.suites.map((suite, index) => {
    const at = `suites[${index}]`;
    let cases = testCases;
    if (suite.evalSet !== undefined) {
      const set = sets.get(suite.evalSet);
      if (!set) issues.push({ path: `${at}.evalSet`, message: `unknown eval set "${suite.evalSet}"`, fix: `use one of ${[...sets.keys()].join(', ') || '(none: add evalSets)'}` });
      if (suite.testIds) issues.push({ path: `${at}.testIds`, message: 'cannot be combined with evalSet', fix: 'use either testIds or evalSet' });
      cases = set ?? [];
    } else if (suite.testIds) {
      cases = [];
      suite.testIds.forEach((id, i) => {
        const found = byId.get(id);
        if (found) cases.push(found);
        else issues.push({ path: `${at}.testIds[${i}]`, message: `unknown test id "${id}"`, fix: 'use an id of testCases' });
      });
    }
    const spec: SuiteSpec = { name: suite.name, cases, runInSequence: suite.runInSequence ?? false, isActive: suite.isActive ?? true, path: at };
    if (suite.scorers) spec.scorers = suite.scorers;
    if (suite.target) spec.target = suite.target;
    if (suite.concurrency !== undefined) spec.concurrency = suite.concurrency;
    if (suite.threshold !== undefined) spec.threshold = suite.threshold;
    return spec;
  });
}

/** A file's display name: its name, or for `tests.json` its directory's (the skill's, for `<skill>/eval/tests.json`). */
function defaultName(file: string): string {
  const base = path.basename(file).replace(/\.(json|ya?ml)$/i, '');
  if (base !== 'tests' && base !== 'eval') return base;
  const dir = path.dirname(file);
  return path.basename(dir) === 'eval' && path.basename(path.dirname(dir)) ? path.basename(path.dirname(dir)) : path.basename(dir);
}

/** Builds the runner's model from a validated v2 document, collecting cross-reference problems. */
export function normalizeConfig(config: EvalConfigV2, file: string, issues: ConfigIssue[]): SuiteFile {
  const testCases = config.testCases.map(fromTestCase);
  const sets = new Map<string, EvalCase[]>();
  (config.evalSets ?? []).forEach((set, setIndex) => {
    if (sets.has(set.name)) issues.push({ path: `evalSets[${setIndex}].name`, message: `duplicate eval set "${set.name}"`, fix: 'give every eval set a unique name' });
    sets.set(set.name, set.cases.map((item, index) => fromSetCase(set.name, setIndex, item, index)));
    checkSetFormats(set, setIndex, issues);
  });
  checkCases(testCases, issues);
  for (const cases of sets.values()) checkCases(cases, issues);
  const name = config.name ?? defaultName(file);
  const suites = buildSuites(config, name, testCases, sets, issues);
  const suiteNames = new Set<string>();
  suites.forEach((suite) => {
    if (suiteNames.has(suite.name)) issues.push({ path: `${suite.path}.name`, message: `duplicate suite "${suite.name}"`, fix: 'give every suite a unique name' });
    suiteNames.add(suite.name);
  });
  const model: SuiteFile = {
    file,
    dir: path.dirname(file),
    name,
    profile: config.profile,
    settings: config.settings,
    modules: config.modules ?? [],
    dimensions: config.dimensions ?? [],
    suites,
  };
  if (config.setup) model.setup = config.setup;
  if (config.teardown) model.teardown = config.teardown;
  if (config.target) model.target = config.target;
  if (config.agentVersion !== undefined) model.agentVersion = config.agentVersion;
  return model;
}
