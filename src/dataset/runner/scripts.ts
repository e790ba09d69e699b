/**
 * Setup and teardown scripts. A path that exists relative to the suite file runs with the interpreter of
 * its extension (.js/.mjs/.ts with node, .py with python3, .sh with sh, anything else directly); any
 * other string runs as a shell command. Scripts run in the suite's directory with the setup environment.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ConfigIssue } from '../../core/errors.ts';

/** A setup or teardown script that failed; the run is a runtime failure. */
export class ScriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScriptError';
  }
}

function command(script: string, dir: string): { file: string; args: string[]; shell: boolean } {
  const resolved = path.resolve(dir, script);
  if (!existsSync(resolved)) return { file: script, args: [], shell: true };
  if (/\.(m?js|cjs|m?ts)$/.test(resolved)) return { file: process.execPath, args: [resolved], shell: false };
  if (resolved.endsWith('.py')) return { file: process.env.OTEL_EVALS_PYTHON ?? 'python3', args: [resolved], shell: false };
  if (resolved.endsWith('.sh')) return { file: 'sh', args: [resolved], shell: false };
  return { file: resolved, args: [], shell: false };
}

/** Runs a setup or teardown script; rejects with its exit code and the tail of its output. */
export function runScript(what: 'setup' | 'teardown', script: string, dir: string, env: Record<string, string>, timeoutMillis = 120_000): Promise<void> {
  const { file, args, shell } = command(script, dir);
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: dir, env: { ...process.env, ...env }, shell, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-2000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMillis);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ScriptError(`${what} script "${script}" could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new ScriptError(`${what} script "${script}" ${signal ? `was killed (${signal})` : `exited with code ${code}`}: ${output.trim().split('\n').slice(-5).join(' | ')}`));
    });
  });
}

function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, name)));
}

/** Checks `setup.dependencies`: each a package resolvable from the suite's directory or a command on PATH. */
export function checkDependencies(dependencies: readonly string[], dir: string): ConfigIssue[] {
  const require = createRequire(path.join(dir, 'noop.js'));
  return dependencies.flatMap((dependency, index) => {
    try {
      require.resolve(dependency);
      return [];
    } catch {
      if (onPath(dependency)) return [];
      return [{ path: `setup.dependencies[${index}]`, message: `"${dependency}" is neither an installed package nor a command on PATH`, fix: `install it (npm install ${dependency}) or remove it from setup.dependencies` }];
    }
  });
}
