/** The offline runner: concurrency, timeouts, retries, failFast, setup/teardown, fixtures, case order, spans and emitted signals. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { describe, expect, it } from 'vitest';
import { createEmitter } from '../../../src/emit/index.ts';
import type { SuiteFileError } from '../../../src/dataset/format/load.ts';
import { runSuiteFile } from '../../../src/dataset/runner/run-suite-file.ts';
import { moduleTarget } from '../../../src/dataset/targets/index.ts';
import { memoryTelemetry } from '../../helpers/otel-memory.ts';
import { CALCULATOR, CALCULATOR_AGENT, tempDir, writeFiles } from './helpers.ts';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function numbered(count: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version: '2.0', profile: 'deterministic', settings: {}, ...extra,
    testCases: Array.from({ length: count }, (_, i) => ({ id: `c${i + 1}`, name: `case ${i + 1}`, input: { prompt: String(i + 1) }, expected: { output: String(i + 1) } })),
  };
}

describe('runner', () => {
  it('bounds concurrency and returns results in case order whatever the finishing order', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': numbered(12, { settings: { maxConcurrentTests: 3 } }) });
    let inFlight = 0;
    let peak = 0;
    const target = moduleTarget({ fn: async (input) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      const n = Number((input as { prompt: string }).prompt);
      await sleep((13 - n) * 3);
      inFlight -= 1;
      return String(n);
    } });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: false });
    expect(peak).toBe(3);
    expect(report.suites[0]?.cases.map((c) => c.id)).toEqual(Array.from({ length: 12 }, (_, i) => `c${i + 1}`));
    expect(report.totals).toEqual({ cases: 12, passed: 12, failed: 0, errors: 0, skipped: 0 });
    peak = 0;
    await runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: false, concurrency: 5 });
    expect(peak).toBe(5);
    writeFiles(dir, { 'seq.json': numbered(6, { settings: { maxConcurrentTests: 4 }, suites: [{ name: 'seq', testIds: ['c1', 'c2', 'c3'], runInSequence: true }] }) });
    peak = 0;
    await runSuiteFile({ file: path.join(dir, 'seq.json'), target, store: false });
    expect(peak).toBe(1);
  });

  it('times a case out (aborting its signal) and retries errors retryCount times; retryFailed also retries quality failures', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': {
      version: '2.0', profile: 'deterministic', settings: { defaultTimeout: 200 },
      testCases: [
        { id: 'slow', name: 'slow', input: { prompt: 'slow' }, expected: { output: 'x' } },
        { id: 'flaky', name: 'flaky', input: { prompt: 'flaky' }, expected: { output: 'ok' }, evaluation: { strategy: 'exact_match', retryCount: 2 } },
      ],
    } });
    const calls: Record<string, number> = {};
    let aborted = false;
    const target = moduleTarget({ fn: async (input, { signal }) => {
      const { prompt } = input as { prompt: string };
      calls[prompt] = (calls[prompt] ?? 0) + 1;
      if (prompt === 'slow') {
        signal.addEventListener('abort', () => (aborted = true));
        await sleep(2000);
        return 'late';
      }
      if ((calls[prompt] ?? 0) < 3) throw new Error(`transient ${calls[prompt]}`);
      return 'ok';
    } });
    const started = Date.now();
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: false });
    expect(Date.now() - started).toBeLessThan(1500);
    const [slow, flaky] = report.suites[0]?.cases ?? [];
    expect(slow).toMatchObject({ status: 'error', attempts: 1, error: 'case slow timed out after 200 ms' });
    expect(aborted).toBe(true);
    expect(flaky).toMatchObject({ status: 'passed', attempts: 3 });
    expect(calls.flaky).toBe(3);

    writeFiles(dir, { 'retry.json': { ...numbered(1), settings: { retryFailed: true } } });
    let attempts = 0;
    const improving = moduleTarget({ fn: () => (++attempts === 1 ? 'wrong' : '1') });
    const retried = await runSuiteFile({ file: path.join(dir, 'retry.json'), target: improving, store: false });
    expect(retried.suites[0]?.cases[0]).toMatchObject({ status: 'passed', attempts: 2 });
  });

  it('failFast stops starting cases after the first failure; the rest are reported skipped', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': numbered(6, { settings: { failFast: true, maxConcurrentTests: 1 } }) });
    const seen: string[] = [];
    const target = moduleTarget({ fn: (input) => {
      const { prompt } = input as { prompt: string };
      seen.push(prompt);
      return prompt === '3' ? 'wrong' : prompt;
    } });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: false });
    expect(seen).toEqual(['1', '2', '3']);
    expect(report.suites[0]?.cases.map((c) => c.status)).toEqual(['passed', 'passed', 'failed', 'skipped', 'skipped', 'skipped']);
    expect(report.suites[0]?.overallPassed).toBe(false);
  });

  it('runs setup and teardown scripts in the suite directory with the setup environment, which the target also sees; fixtures resolve next to the suite', async () => {
    const dir = writeFiles(tempDir(), {
      'tests.json': {
        ...CALCULATOR, target: { module: './agent.mjs' },
        setup: { script: './setup.mjs', environment: { POLICY_VERSION: '2025.01' } },
        teardown: { script: 'echo "$POLICY_VERSION done" > teardown.txt' },
        testCases: [{ id: 'f', name: 'fixture', input: { prompt: 'read', context: { document: 'fixtures/doc.txt', url: 'https://example.com/x.txt' } }, expected: { output: 'hello 2025.01 ready' } }],
      },
      'setup.mjs': "import { writeFileSync } from 'node:fs'; writeFileSync('setup.txt', process.env.POLICY_VERSION + ' ready');\n",
      'agent.mjs': "import { readFileSync } from 'node:fs'; export default (input) => readFileSync(input.context.document, 'utf8').trim() + ' ' + readFileSync(new URL('./setup.txt', import.meta.url), 'utf8');\n",
    });
    writeFiles(path.join(dir), {});
    await import('node:fs').then((fs) => {
      fs.mkdirSync(path.join(dir, 'fixtures'));
      fs.writeFileSync(path.join(dir, 'fixtures', 'doc.txt'), 'hello\n');
    });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), store: false });
    expect(report.suites[0]?.cases[0]).toMatchObject({ status: 'passed', input: { context: { document: path.join(dir, 'fixtures/doc.txt'), url: 'https://example.com/x.txt' } } });
    expect(readFileSync(path.join(dir, 'teardown.txt'), 'utf8').trim()).toBe('2025.01 done');
    expect(process.env.POLICY_VERSION).toBeUndefined();
    writeFiles(dir, { 'broken.json': { ...CALCULATOR, target: { module: './agent.mjs' }, setup: { script: 'exit 4' }, teardown: { script: 'touch torn-down' } } });
    await expect(runSuiteFile({ file: path.join(dir, 'broken.json'), store: false })).rejects.toThrow(/setup script "exit 4" exited with code 4/);
    expect(existsSync(path.join(dir, 'torn-down'))).toBe(false);
  });

  it('a case\'s evaluation.timeout overrides settings.defaultTimeout, and the timeoutMillis option (--timeout) overrides the default only', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': {
      version: '2.0', profile: 'deterministic', settings: { defaultTimeout: 5000 },
      testCases: [
        { id: 'tight', name: 'tight', input: { prompt: '150' }, expected: { output: 'done' }, evaluation: { strategy: 'exact_match', timeout: 50 } },
        { id: 'default', name: 'default', input: { prompt: '150' }, expected: { output: 'done' } },
      ],
    } });
    const target = moduleTarget({ fn: async (input) => {
      await sleep(Number((input as { prompt: string }).prompt));
      return 'done';
    } });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: false });
    expect(report.suites[0]?.cases.map((c) => [c.id, c.status, c.error])).toEqual([['tight', 'error', 'case tight timed out after 50 ms'], ['default', 'passed', undefined]]);
    const overridden = await runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: false, timeoutMillis: 80 });
    expect(overridden.suites[0]?.cases.map((c) => [c.id, c.status, c.error])).toEqual([['tight', 'error', 'case tight timed out after 50 ms'], ['default', 'error', 'case default timed out after 80 ms']]);
  });

  it('runs setup before reading the target, so setup may write the recorded outputs; teardown runs after the cases', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': {
      ...CALCULATOR, settings: {}, target: { outputs: './recorded.jsonl' },
      setup: { script: './record.mjs', environment: { ANSWER: '4' } },
      teardown: { script: 'rm recorded.jsonl' },
    }, 'record.mjs': "import { writeFileSync } from 'node:fs';\nwriteFileSync('recorded.jsonl', JSON.stringify({ id: 'tc-001', output: process.env.ANSWER }) + '\\n' + JSON.stringify({ id: 'tc-002', output: '26' }) + '\\n');\n" });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), store: false });
    expect(report.suites[0]?.cases.map((c) => [c.id, c.status, c.output])).toEqual([['tc-001', 'passed', '4'], ['tc-002', 'failed', '26']]);
    expect(report.agentVersion).toMatch(/^sha256:/);
    expect(existsSync(path.join(dir, 'recorded.jsonl'))).toBe(false);
  });

  it('a filter naming an unknown case id, or selecting no case, is a configuration error rather than an empty run', async () => {
    const cases = [1, 2, 3].map((n) => ({ id: `c${n}`, name: `case ${n}`, tags: n === 1 ? ['smoke'] : [], input: { prompt: String(n) }, expected: { output: String(n) } }));
    const dir = writeFiles(tempDir(), { 'tests.json': { version: '2.0', profile: 'deterministic', testCases: cases } });
    const target = moduleTarget({ fn: (input) => (input as { prompt: string }).prompt });
    const file = path.join(dir, 'tests.json');
    const issuesOf = (filter: Record<string, unknown>): Promise<string[]> => runSuiteFile({ file, target, store: false, ...filter }).then(() => [], (e: SuiteFileError) => e.issues.map((i) => `${i.path}: ${i.message}`));
    expect(await issuesOf({ ids: ['c1', 'c9'] })).toEqual(['--ids: no case has the id "c9"']);
    expect(await issuesOf({ tags: ['nightly'], category: 'x' })).toEqual(['--tags nightly --category x: selects no case']);
    const smoke = await runSuiteFile({ file, target, store: false, tags: ['smoke'] });
    expect(smoke.suites[0]?.cases.map((c) => c.id)).toEqual(['c1']);
  });

  it('runs each case in an eval_case span (the agent\'s own spans below it) and emits one evaluation record per case with the suite as rule', async () => {
    const contextManager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(contextManager);
    const telemetry = memoryTelemetry();
    const dir = writeFiles(tempDir(), { 'tests.json': { ...CALCULATOR, settings: {}, suites: [{ name: 'calc-ci', testIds: ['tc-001', 'tc-002'] }] }, 'agent.mjs': CALCULATOR_AGENT });
    const tracer = telemetry.tracerProvider.getTracer('agent');
    const target = moduleTarget({ fn: (input) => tracer.startActiveSpan('agent work', (span) => {
      span.end();
      return (input as { prompt: string }).prompt.endsWith('2 + 2') ? '4' : 'wrong';
    }) });
    const emitter = createEmitter(telemetry.providers);
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: false, tracerProvider: telemetry.tracerProvider, emitter });
    const spans = telemetry.spans();
    const caseSpans = spans.filter((s) => s.name.startsWith('eval_case '));
    expect(caseSpans.map((s) => [s.name, s.attributes['otel_evals.suite'], s.attributes['otel_evals.case.status']]).sort()).toEqual([['eval_case tc-001', 'calc-ci', 'passed'], ['eval_case tc-002', 'calc-ci', 'failed']]);
    const agentSpan = spans.find((s) => s.name === 'agent work');
    expect(caseSpans.map((s) => s.spanContext().spanId)).toContain(agentSpan?.parentSpanContext?.spanId);
    expect(report.suites[0]?.cases[0]?.traceId).toBe(caseSpans.find((s) => s.name === 'eval_case tc-001')?.spanContext().traceId);
    const events = telemetry.logs().filter((l) => l.eventName === 'gen_ai.evaluation.result');
    expect(events.map((e) => [e.attributes['gen_ai.evaluation.name'], e.attributes['otel_evals.rule'], e.attributes['gen_ai.evaluation.score.label']]).sort()).toEqual([['exact_match', 'calc-ci', 'fail'], ['exact_match', 'calc-ci', 'pass']]);
    expect(spans.filter((s) => s.name === 'evaluation calc-ci')).toHaveLength(2);
    await telemetry.shutdown();
    context.disable();
  });
});
