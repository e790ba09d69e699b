/** The otel-evals bin, spawned as users run it: help, exit codes, reports, the run store, and resuming a killed run. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALCULATOR, CALCULATOR_AGENT, tempDir, writeFiles } from '../dataset/offline/helpers.ts';

const BIN = path.resolve(import.meta.dirname, '../../bin/otel-evals.js');

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], cwd: string, env: Record<string, string> = {}): Result {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function calculatorDir(extra: Record<string, unknown> = {}): string {
  return writeFiles(tempDir('otel-evals-cli-'), { 'tests.json': { ...CALCULATOR, target: { module: './agent.mjs' }, ...extra }, 'agent.mjs': CALCULATOR_AGENT });
}

// Each test spawns the CLI several times; on a busy machine one spawn can take seconds.
describe('otel-evals CLI', { timeout: 180_000 }, () => {
  it('prints complete help for the program and each command', () => {
    const dir = tempDir();
    const main = cli(['--help'], dir);
    expect(main.code).toBe(0);
    for (const word of ['run <file>', 'validate <file>', 'migrate <file>', 'runs list|show|compare', 'report <run>', 'Exit codes:', '3  runtime failure']) expect(main.stdout).toContain(word);
    const run = cli(['run', '--help'], dir);
    for (const option of ['--suite', '--ids', '--tags', '--category', '--concurrency', '--output', '--format', '--baseline', '--fail-under', '--fail-on-regression', '--regression-margin', '--confidence', '--min-pairs', '--target', '--db', '--no-resume']) expect(run.stdout).toContain(option);
    for (const command of ['validate', 'migrate', 'runs', 'report']) {
      const help = cli([command, '--help'], dir);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: otel-evals ${command}`);
    }
    expect(cli(['help', 'runs'], dir).stdout).toContain('runs compare <baseline> <current>');
  });

  it('exit codes: 0 passed, 1 quality gate failed, 2 usage or config error naming file, key path and fix, 3 runtime failure', () => {
    const dir = calculatorDir();
    const passed = cli(['run', 'tests.json', '--quiet'], dir);
    expect(passed.code, passed.stderr).toBe(0);
    expect(passed.stdout).toMatch(/tc-001/);
    writeFiles(dir, { 'wrong.json': { ...CALCULATOR, target: { module: './agent.mjs' }, testCases: [{ ...CALCULATOR.testCases[0], expected: { output: '5' } }] } });
    const failed = cli(['run', 'wrong.json'], dir);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/quality gate failed: suite "\S+" did not pass: average weighted score 0\.000, threshold 0\.75/);
    expect(cli(['run', 'tests.json', '--fail-under', '150'], dir).code).toBe(2);
    writeFiles(dir, { 'bad.json': { ...CALCULATOR, settings: { maxConcurrentTests: 'four' } } });
    const invalid = cli(['run', 'bad.json'], dir);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain(`${path.join(dir, 'bad.json')}: settings.maxConcurrentTests: Invalid input: expected number, received string (fix: set it to a value of type number)`);
    const usage = cli(['run', 'tests.json', '--colour'], dir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Unknown option '--colour'[\s\S]*otel-evals run --help/);
    expect(cli(['run'], dir).stderr).toMatch(/missing <file>/);
    expect(cli(['frobnicate'], dir).code).toBe(2);
    writeFiles(dir, { 'setup.json': { ...CALCULATOR, target: { module: './agent.mjs' }, setup: { script: 'exit 7' } } });
    const runtime = cli(['run', 'setup.json', '--no-store'], dir);
    expect(runtime.code).toBe(3);
    expect(runtime.stderr).toMatch(/setup script "exit 7" exited with code 7/);
    const missing = cli(['run', 'tests.json', '--target', './nope.mjs', '--no-store'], dir);
    expect(missing.code).toBe(3);
    const noExport = cli(['run', 'tests.json', '--target', './agent.mjs#solve', '--no-store'], dir);
    expect(noExport.code).toBe(3);
    expect(noExport.stderr).toMatch(/agent module .*agent\.mjs has no function export "solve"/);
    writeFiles(dir, { 'broken.jsonl': 'not json\n' });
    const badOutputs = cli(['run', 'tests.json', '--target', 'outputs:./broken.jsonl', '--no-store'], dir);
    expect(badOutputs.code).toBe(3);
    expect(badOutputs.stderr).toMatch(/broken\.jsonl:1: not a JSON line/);
  });

  it('filters cases, writes JUnit, HTML, Markdown and JSON reports, and gates with --fail-under', () => {
    const dir = calculatorDir({ testCases: CALCULATOR.testCases.map((c, i) => ({ ...c, tags: [i === 0 ? 'smoke' : 'slow'], category: i === 0 ? 'arithmetic' : 'expressions' })) });
    const smoke = cli(['run', 'tests.json', '--tags', 'smoke', '--format', 'json', '--quiet'], dir);
    expect(smoke.code).toBe(0);
    const report = JSON.parse(smoke.stdout) as { suites: Array<{ cases: Array<{ id: string }> }> };
    expect(report.suites[0]?.cases.map((c) => c.id)).toEqual(['tc-001']);
    expect(JSON.parse(cli(['run', 'tests.json', '--category', 'expressions', '--format', 'json', '--quiet'], dir).stdout).suites[0].cases[0].id).toBe('tc-002');
    expect(JSON.parse(cli(['run', 'tests.json', '--ids', 'tc-002,tc-001', '--format', 'json', '--quiet'], dir).stdout).totals.cases).toBe(2);
    const written = cli(['run', 'tests.json', '--output', 'out/junit.xml', '--output', 'out/report.html', '--output', 'out/summary.md', '--output', 'out/run.json'], dir);
    expect(written.code).toBe(0);
    expect(written.stderr).toMatch(/progress 2\/2 \(100%\)/);
    expect(readFileSync(path.join(dir, 'out/junit.xml'), 'utf8')).toMatch(/<testsuites[\s\S]*<testcase[^>]*tc-001/);
    expect(readFileSync(path.join(dir, 'out/report.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/i);
    expect(readFileSync(path.join(dir, 'out/summary.md'), 'utf8')).toMatch(/\|/);
    expect(JSON.parse(readFileSync(path.join(dir, 'out/run.json'), 'utf8')).totals.passed).toBe(2);
    writeFiles(dir, { 'half.json': { ...CALCULATOR, target: { module: './agent.mjs' }, settings: { threshold: 0.4 }, testCases: [CALCULATOR.testCases[0], { ...CALCULATOR.testCases[1], expected: { output: '28' } }] } });
    expect(cli(['run', 'half.json', '--quiet'], dir).code).toBe(0);
    expect(cli(['run', 'half.json', '--quiet', '--fail-under', '0.9'], dir).code).toBe(1);
    expect(cli(['run', 'half.json', '--quiet', '--fail-under', '50%'], dir).code).toBe(0);
  });

  it('validate and migrate', () => {
    const dir = calculatorDir();
    const ok = cli(['validate', 'tests.json'], dir);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/valid, profile deterministic, 1 suite\(s\), 2 case\(s\)/);
    writeFiles(dir, { 'v1.json': [{ name: 'add', input: 'Calculate 2 + 2', expectedOutput: '4' }], 'nope.json': { ...CALCULATOR, suites: [{ name: 's', testIds: ['tc-009'] }] } });
    const bad = cli(['validate', 'nope.json'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('nope.json: suites[0].testIds[0]: unknown test id "tc-009" (fix: use an id of testCases)');
    expect(cli(['validate', 'v1.json', '--target', './agent.mjs'], dir).stdout).toMatch(/tests\.json v1/);
    const migrated = cli(['migrate', 'v1.json'], dir);
    expect(migrated.code).toBe(0);
    expect(JSON.parse(migrated.stdout)).toMatchObject({ version: '2.0', testCases: [{ id: 'tc-001', input: { prompt: 'Calculate 2 + 2' }, expected: { output: '4' }, evaluation: { strategy: 'exact_match' } }] });
    expect(cli(['migrate', 'v1.json', '--in-place'], dir).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'v1.json'), 'utf8')).version).toBe('2.0');
    expect(cli(['migrate', 'v1.json'], dir).stderr).toMatch(/already a v2 file/);
  });

  it('stores runs: runs list / show / compare, report <run>, and --baseline with --fail-on-regression', () => {
    const cases = Array.from({ length: 12 }, (_, i) => ({ id: `c${i}`, name: `c${i}`, input: { prompt: `Calculate ${i} + 1` }, expected: { output: String(i + 1) } }));
    const dir = writeFiles(tempDir(), { 'tests.json': { version: '2.0', profile: 'deterministic', target: { module: './agent.mjs' }, settings: { threshold: 0.2 }, testCases: cases }, 'agent.mjs': CALCULATOR_AGENT, 'worse.mjs': 'export default (input) => input.prompt.endsWith("0 + 1") || input.prompt.endsWith("1 + 1") ? "ok" : "x";\n' });
    expect(cli(['run', 'tests.json', '--quiet'], dir).code).toBe(0);
    expect(existsSync(path.join(dir, '.otel-evals', 'runs.db'))).toBe(true);
    const regressed = cli(['run', 'tests.json', '--target', './worse.mjs', '--baseline', 'latest', '--fail-on-regression', '--format', 'json', '--quiet'], dir);
    expect(regressed.code).toBe(1);
    expect(JSON.parse(regressed.stdout).comparison).toMatchObject({ regressed: true });
    const list = cli(['runs', 'list'], dir);
    expect(list.stdout.split('\n').filter((l) => l.startsWith('run-'))).toHaveLength(2);
    const ids = list.stdout.split('\n').filter((l) => l.startsWith('run-')).map((l) => l.split(/\s+/)[0] ?? '');
    expect(JSON.parse(cli(['runs', 'list', '--json'], dir).stdout)[0]).toMatchObject({ status: 'succeeded', doneCases: 12, totalCases: 12 });
    expect(cli(['runs', 'show', ids[1] ?? ''], dir).stdout).toMatch(/c11/);
    const compare = cli(['runs', 'compare', ids[1] ?? '', ids[0] ?? '', '--format', 'json', '--fail-on-regression'], dir);
    expect(compare.code).toBe(1);
    expect(JSON.parse(compare.stdout).criteria.some((c: { verdict: string }) => c.verdict === 'regressed')).toBe(true);
    // Comparison settings from the command line: too few pairs for a verdict, a margin, a bad confidence.
    const tuned = cli(['runs', 'compare', ids[1] ?? '', ids[0] ?? '', '--format', 'json', '--fail-on-regression', '--min-pairs', '20', '--confidence', '0.9'], dir);
    expect(tuned.code).toBe(0);
    expect(JSON.parse(tuned.stdout)).toMatchObject({ confidence: 0.9, minPairs: 20, regressed: false });
    // Every case dropped from 1 to 0: a regression even with a 0.5 margin.
    const tolerant = cli(['runs', 'compare', ids[1] ?? '', ids[0] ?? '', '--format', 'json', '--regression-margin', '0.5'], dir);
    expect(JSON.parse(tolerant.stdout)).toMatchObject({ margin: 0.5, regressed: true });
    expect(cli(['runs', 'compare', ids[1] ?? '', ids[0] ?? '', '--confidence', '2'], dir).code).toBe(2);
    const md = cli(['report', 'latest', '--format', 'markdown'], dir);
    expect(md.code).toBe(0);
    expect(md.stdout).toMatch(/c0/);
    expect(cli(['report', 'run-nope'], dir).code).toBe(2);
    expect(cli(['runs', 'list', '--db', path.join(dir, 'none.db')], dir).code).toBe(2);
  });

  it('resumes a killed run: the same suite and agent version continue with the cases not yet done', async () => {
    const cases = Array.from({ length: 10 }, (_, i) => ({ id: `k${i}`, name: `k${i}`, input: { prompt: `Calculate ${i} + 0` }, expected: { output: String(i) } }));
    const dir = writeFiles(tempDir(), {
      'tests.json': { version: '2.0', profile: 'deterministic', settings: { maxConcurrentTests: 1 }, target: { module: './agent.mjs' }, testCases: cases },
      'agent.mjs': "import { appendFileSync } from 'node:fs';\nexport default async (input) => { appendFileSync(new URL('./calls.log', import.meta.url), input.prompt + '\\n'); await new Promise((r) => setTimeout(r, 150)); return String(Number(input.prompt.split(' ')[1])); };\n",
    });
    const child = spawn(process.execPath, [BIN, 'run', 'tests.json'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    await new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (/progress [5-9]\/10/.test(stderr)) resolve();
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('close', resolve));
    const before = readFileSync(path.join(dir, 'calls.log'), 'utf8').trim().split('\n').length;
    expect(before).toBeGreaterThanOrEqual(5);
    expect(before).toBeLessThan(10);
    const list = JSON.parse(cli(['runs', 'list', '--json'], dir).stdout) as Array<{ status: string; doneCases: number }>;
    expect(list[0]?.status).toBe('running');
    const stored = list[0]?.doneCases ?? 0;
    expect(stored).toBeGreaterThanOrEqual(5);
    const partial = JSON.parse(cli(['report', 'latest', '--format', 'json'], dir).stdout) as { status: string; totals: { cases: number } };
    expect(partial).toMatchObject({ status: 'running', totals: { cases: stored } });
    const resumed = cli(['run', 'tests.json', '--format', 'json'], dir);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`(${stored} resumed)`);
    const calls = readFileSync(path.join(dir, 'calls.log'), 'utf8').trim().split('\n');
    expect(calls).toHaveLength(before + 10 - stored);
    expect(JSON.parse(resumed.stdout).totals).toEqual({ cases: 10, passed: 10, failed: 0, errors: 0, skipped: 0 });
    expect(JSON.parse(cli(['runs', 'list', '--json'], dir).stdout)).toHaveLength(1);
  });
});

describe('otel-evals run with an OTLP endpoint', { timeout: 120_000 }, () => {
  it('exports each case span and its gen_ai.evaluation.result events over OTLP/HTTP', async () => {
    const { createServer } = await import('node:http');
    const received: Record<string, string[]> = {};
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
      request.on('end', () => {
        (received[request.url ?? ''] ??= []).push(body);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const dir = calculatorDir();
    const child = spawn(process.execPath, [BIN, 'run', 'tests.json', '--quiet', '--no-store'], {
      cwd: dir,
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'evals-ci' },
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    server.close();
    expect(code).toBe(0);
    const traces = (received['/v1/traces'] ?? []).join('\n');
    expect(traces).toContain('eval_case tc-001');
    expect(traces).toMatch(/"evaluation otel-evals-cli-\w+"/);
    expect(traces).toContain('evals-ci');
    const logs = (received['/v1/logs'] ?? []).join('\n');
    expect(logs).toContain('gen_ai.evaluation.result');
    expect(logs).toContain('otel_evals.rule');
    expect((received['/v1/metrics'] ?? []).join('\n')).toContain('gen_ai.evaluation.score');
  });
});
