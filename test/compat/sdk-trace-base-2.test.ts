/**
 * SDK 2.x compatibility: `@opentelemetry/sdk-trace-base` 2.x cannot live in the root (its peer range
 * excludes API 1.10), so test/compat/sdk-trace-base-2/ has its own package.json, installed here on
 * first run (under a lock, reused while node_modules exists), and a script that runs the processor
 * from src/ inside a 2.x BasicTracerProvider.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const fixture = resolve(import.meta.dirname, 'sdk-trace-base-2');
const root = resolve(import.meta.dirname, '../..');

function install(): void {
  if (existsSync(join(fixture, 'node_modules', '@opentelemetry', 'sdk-trace-base'))) return;
  const npm = ['npm', 'install', '--prefix', fixture, '--no-audit', '--no-fund'];
  let flock = true;
  try {
    execFileSync('flock', ['--version'], { stdio: 'ignore' });
  } catch {
    flock = false;
  }
  const [command, ...args] = flock ? ['flock', '/tmp/otel-evals-npm.lock', ...npm] : npm;
  execFileSync(command!, args, { cwd: root, stdio: 'pipe', timeout: 180_000 });
}

describe('OpenTelemetry JS SDK 2.x (sdk-trace-base)', () => {
  it('evaluates inline in onEnding and from the queue, agent descendants included', () => {
    install();
    const output = execFileSync(process.execPath, ['--import', 'tsx', join(fixture, 'run.mjs')], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    const result = JSON.parse(output.trim().split('\n').pop()!) as {
      sdkTraceBase: string;
      api: string;
      inline: number | null;
      records: Array<{ rule: string; operation: string; score: number }>;
      toolCalls: string[];
      skipped: Record<string, number>;
    };
    expect(result.sdkTraceBase).toMatch(/^2\./);
    expect(result.api).toMatch(/^1\.9\./);
    expect(result.inline).toBe(1);
    expect(result.records).toEqual(expect.arrayContaining([
      { rule: 'final-answer', operation: 'invoke_agent', score: 1 },
      { rule: 'chat', operation: 'chat', score: 0 },
      { rule: 'chat', operation: 'chat', score: 1 },
    ]));
    expect(result.toolCalls).toEqual(['get_weather']);
    expect(result.skipped).toEqual({});
  }, 300_000);
});
