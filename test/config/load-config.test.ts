import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.ts';
import { createProcessorFromEnv } from '../../src/config/create-processor.ts';
import { InvalidEvaluatorConfigError } from '../../src/core/errors.ts';
import { EvaluatingSpanProcessor } from '../../src/processor/evaluating-span-processor.ts';
import { JsonFileStorageProvider } from '../../src/storage/json-file-storage.ts';

const fixtures = resolve(import.meta.dirname, 'fixtures');

function issuesOf(run: () => unknown): InvalidEvaluatorConfigError {
  try {
    run();
  } catch (error) {
    if (InvalidEvaluatorConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an InvalidEvaluatorConfigError');
}

describe('loadConfig', () => {
  it('reads a YAML file into the options code would pass', () => {
    const options = loadConfig(join(fixtures, 'good.yaml'));
    expect(options.rules.map((rule) => rule.name)).toEqual(['final-answer', 'chat-calls']);
    expect(options.rules[1]!.match!.spanName).toEqual(/^chat /i);
    expect(options.rules[0]!.match!.agentName).toBe('weather-*');
    expect(options).toMatchObject({ maxQueueSize: 100, concurrency: 2, inlineBudgetMicros: 500, shutdownTimeoutMillis: 10000, evaluateUnsampled: false, emit: { evaluationSpans: false } });
    expect(options.storageProvider).toBeInstanceOf(JsonFileStorageProvider);
    expect((options.storageProvider as JsonFileStorageProvider).filePath).toBe(join(fixtures, 'out/results.jsonl'));
    expect(() => new EvaluatingSpanProcessor(options)).not.toThrow();
  });

  it('reads JSON, with RegExps inside matcher lists', () => {
    const options = loadConfig(join(fixtures, 'good.json'));
    expect(options.rules[0]!.match!.toolName).toEqual(['get_weather', /^search_/]);
  });

  it('lists every problem with the file, the key path and a fix', () => {
    const error = issuesOf(() => loadConfig(join(fixtures, 'bad.yaml')));
    const file = join(fixtures, 'bad.yaml');
    const byPath = new Map(error.issues.map((issue) => [issue.path, issue]));
    for (const issue of error.issues) expect(issue.file).toBe(file);
    expect(byPath.get('rules[0].match.spanName')?.message).toMatch(/invalid regular expression/);
    expect(byPath.get('rules[0].match.colour')?.message).toMatch(/not a known option/);
    expect(byPath.get('rules[0].sample')?.fix).toMatch(/at most 1/);
    expect(byPath.get('rules[0].criteria')?.message).toMatch(/at least one criterion/);
    expect(byPath.get('rules[0].evaluators[0].criterionName')).toBeDefined();
    expect(byPath.get('rules[0].evaluators[1].type')?.message).toMatch(/unknown evaluator type "NoSuchEvaluator"/);
    expect(byPath.get('rules[0].groundTruth')?.fix).toMatch(/in code/);
    expect(byPath.get('rules[1].name')?.message).toMatch(/duplicate rule name/);
    expect(byPath.get('maxQueueSize')?.fix).toMatch(/at least 1/);
    expect(byPath.get('tracerProvider')?.message).toMatch(/only be set in code/);
    expect(byPath.get('storage')?.fix).toMatch(/jsonl/);
    expect(error.message).toContain(`${file}: rules[0].sample`);
  });

  it('reports syntax errors and missing files with the file name', () => {
    for (const name of ['syntax.yaml', 'syntax.json', 'missing.yaml']) {
      const error = issuesOf(() => loadConfig(join(fixtures, name)));
      expect(error.issues[0]!.file).toBe(join(fixtures, name));
      expect(error.issues[0]!.message).toMatch(name === 'missing.yaml' ? /does not exist/ : /not valid (YAML|JSON)/);
    }
  });
});

describe('OTEL_EVALS_CONFIG', () => {
  it('builds the processor from the file it names, code overrides merged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otel-evals-config-'));
    const path = join(dir, 'otel-evals.yaml');
    writeFileSync(path, 'rules:\n  - name: r\n    criteria: [{ name: x, description: x, scale: binary }]\n    evaluators: [{ type: exact_match, criterionName: x }]\n');
    const processor = EvaluatingSpanProcessor.fromEnv({ maxQueueSize: 7 }, { OTEL_EVALS_CONFIG: path });
    expect(processor).toBeInstanceOf(EvaluatingSpanProcessor);
    expect(createProcessorFromEnv({}, { OTEL_EVALS_CONFIG: path })).toBeInstanceOf(EvaluatingSpanProcessor);
    await processor.shutdown();
  });

  it('says how to set it when it is missing', () => {
    const error = issuesOf(() => EvaluatingSpanProcessor.fromEnv({}, {}));
    expect(error.issues[0]).toMatchObject({ path: 'OTEL_EVALS_CONFIG', message: 'is not set' });
  });
});
