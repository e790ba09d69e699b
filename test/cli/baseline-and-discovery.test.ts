/**
 * The bin as a CI pipeline uses it: `--baseline latest` on a first run with an empty store, `latest` meaning
 * the newest succeeded run of the same suite file, ambiguous run ids, a directory standing for its
 * eval/tests.json, and error messages that name the file and the fix.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALCULATOR, CALCULATOR_AGENT, tempDir, writeFiles } from '../dataset/offline/helpers.ts';

const BIN = path.resolve(import.meta.dirname, '../../bin/otel-evals.js');

function cli(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const twelve = Array.from({ length: 12 }, (_, i) => ({ id: `c${i}`, name: `c${i}`, input: { prompt: `Calculate ${i} + 1` }, expected: { output: String(i + 1) } }));

describe('otel-evals in CI', { timeout: 180_000 }, () => {
  it('--baseline latest: no comparison on a first run, then the newest succeeded run of the same suite file', () => {
    const dir = writeFiles(tempDir('otel-evals-ci-'), {
      'tests.json': { version: '2.0', profile: 'deterministic', target: { module: './agent.mjs' }, settings: { threshold: 0.2 }, testCases: twelve },
      'other.json': { ...CALCULATOR, target: { module: './agent.mjs' }, settings: {} },
      'agent.mjs': CALCULATOR_AGENT,
      'worse.mjs': 'export default (input) => input.prompt.endsWith("0 + 1") ? "1" : "x";\n',
    });
    const first = cli(['run', 'tests.json', '--baseline', 'latest', '--fail-on-regression', '--format', 'json', '--quiet'], dir);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/--baseline latest: no succeeded run of .*tests\.json in .*runs\.db yet; this run is not compared/);
    expect(JSON.parse(first.stdout).comparison).toBeUndefined();
    const baselineId = JSON.parse(first.stdout).runId as string;
    // A newer run of another file, and a failed run of this one, are not what "latest" compares with.
    expect(cli(['run', 'other.json', '--quiet'], dir).code).toBe(0);
    expect(cli(['run', 'tests.json', '--target', './missing.mjs', '--no-resume', '--quiet'], dir).code).toBe(3);
    const regressed = cli(['run', 'tests.json', '--target', './worse.mjs', '--baseline', 'latest', '--fail-on-regression', '--format', 'json', '--quiet'], dir);
    expect(regressed.code).toBe(1);
    expect(JSON.parse(regressed.stdout).comparison).toMatchObject({ baselineRunId: baselineId, regressed: true });
  });

  it('--fail-on-regression without --baseline is a usage error, not a gate that can never fail', () => {
    const dir = writeFiles(tempDir('otel-evals-ci-'), { 'tests.json': { ...CALCULATOR, target: { module: './agent.mjs' }, settings: {} }, 'agent.mjs': CALCULATOR_AGENT });
    const result = cli(['run', 'tests.json', '--fail-on-regression', '--no-store'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--fail-on-regression needs --baseline');
  });

  it('a run id prefix matching several runs is a usage error listing them', () => {
    const dir = writeFiles(tempDir('otel-evals-ci-'), { 'tests.json': { ...CALCULATOR, target: { module: './agent.mjs' }, settings: {} }, 'agent.mjs': CALCULATOR_AGENT });
    expect(cli(['run', 'tests.json', '--quiet'], dir).code).toBe(0);
    expect(cli(['run', 'tests.json', '--quiet'], dir).code).toBe(0);
    const ids = (JSON.parse(cli(['runs', 'list', '--json'], dir).stdout) as Array<{ id: string }>).map((r) => r.id);
    const ambiguous = cli(['report', 'run-'], dir);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain(`"run-" matches several runs (${ids.join(', ')})`);
    expect(cli(['report', ids[1] ?? '', '--format', 'json'], dir).stdout).toContain(ids[1]);
  });

  it('a directory stands for its eval/tests.json, named after the directory above eval/', () => {
    const dir = tempDir('otel-evals-ci-');
    const skill = path.join(dir, 'calculator-skill');
    mkdirSync(path.join(skill, 'eval'), { recursive: true });
    writeFiles(path.join(skill, 'eval'), { 'tests.json': { ...CALCULATOR, target: { module: './agent.mjs' }, settings: {} }, 'agent.mjs': CALCULATOR_AGENT });
    const validated = cli(['validate', 'calculator-skill'], dir);
    expect(validated.code, validated.stderr).toBe(0);
    expect(validated.stdout).toContain(`${path.join(skill, 'eval', 'tests.json')}: valid`);
    const run = cli(['run', 'calculator-skill', '--no-store', '--format', 'json', '--quiet'], dir);
    expect(JSON.parse(run.stdout).suites[0]).toMatchObject({ name: 'calculator-skill' });
    mkdirSync(path.join(dir, 'empty'));
    const empty = cli(['run', 'empty', '--no-store'], dir);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/is a directory holding none of eval\/tests\.json.*\(fix: pass the path of the suite file, or put it at eval\/tests\.json\)/);
  });

  it('validate accepts a file without a target (a v1 file), which run then needs --target for', () => {
    const dir = writeFiles(tempDir('otel-evals-ci-'), { 'tests.json': [{ name: 'add', input: 'Calculate 2 + 2', expectedOutput: '4' }], 'agent.mjs': CALCULATOR_AGENT });
    const validated = cli(['validate', 'tests.json'], dir);
    expect(validated.code, validated.stderr).toBe(0);
    expect(validated.stdout).toContain('target none in the file (give --target when running)');
    const untargeted = cli(['run', 'tests.json', '--no-store'], dir);
    expect(untargeted.code).toBe(2);
    expect(untargeted.stderr).toContain('target: no target for suite');
    expect(cli(['run', 'tests.json', '--no-store', '--target', './agent.mjs', '--quiet'], dir).code).toBe(0);
  });

  it('a missing agent module fails the run (exit 3) naming the file and where it is set', () => {
    const dir = writeFiles(tempDir('otel-evals-ci-'), { 'tests.json': { ...CALCULATOR, target: { module: './agnet.mjs' }, settings: {} } });
    const result = cli(['run', 'tests.json', '--no-store'], dir);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`agent module ${path.join(dir, 'agnet.mjs')} cannot be read (ENOENT): check "target.module" in the suite file or --target`);
  });
});
