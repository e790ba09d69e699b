/**
 * Peer benchmark: the same 1,000 deterministic cases through `otel-evals run` and through promptfoo
 * 0.123.1 (echo provider, concurrency 4), end to end from process start to report written. Prints wall
 * time and peak RSS of both, the ratios, and per-check pass counts to show both graded the same way.
 * Exits non-zero when otel-evals misses its targets (<= 3.2 s wall, <= 100 MiB peak RSS).
 *
 * promptfoo is installed outside the project's dependencies, in ~/.cache/otel-evals/promptfoo-0.123.1.
 *
 * What is measured against the target is what a user runs: the published package ships the compiled CLI
 * (dist/), so the CLI is compiled into .cache/bench-pkg (dist/ plus the bin, the layout of an installed
 * package) and started through its bin. A source checkout without a build runs the TypeScript through tsx
 * instead, which costs more memory; that path is measured too (BENCH_SOURCE_RUNS, default 1) and printed
 * for information, outside the verdict.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CHECKS, otelEvalsSuite, outputsJsonl, peerCases, promptfooConfig } from './peers-cases.ts';

const CASES = Number(process.env.BENCH_CASES ?? 1000);
const CONCURRENCY = 4;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PEER_RUNS = Number(process.env.BENCH_PEER_RUNS ?? 1);
const SOURCE_RUNS = Number(process.env.BENCH_SOURCE_RUNS ?? 1);
const TARGET_SECONDS = 3.2;
const TARGET_MIB = 100;
const PROMPTFOO_VERSION = '0.123.1';
const PROMPTFOO_DIR = process.env.PROMPTFOO_PREFIX ?? join(homedir(), '.cache', 'otel-evals', `promptfoo-${PROMPTFOO_VERSION}`);
const ROOT = resolve(import.meta.dirname, '..');
const PACKAGE = join(ROOT, '.cache', 'bench-pkg');
const run = promisify(execFile);

/** Wall time and peak resident set size of one process run. */
interface Measure {
  seconds: number;
  mib: number;
  exitCode: number;
  /** Every run's `seconds/MiB`, when this is a median. */
  runs?: string[];
}

/**
 * Runs a command under /usr/bin/time (GNU time: %e elapsed seconds, %M peak RSS in KiB). `okCodes` are
 * the exit codes of a completed run (a quality gate failing is still a completed run).
 */
async function measure(command: string, args: readonly string[], cwd: string, okCodes: readonly number[], env: NodeJS.ProcessEnv = process.env): Promise<Measure> {
  const timeFile = join(cwd, `.time-${Date.now()}`);
  const child = spawn('/usr/bin/time', ['-f', '%e %M', '-o', timeFile, command, ...args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exitCode = await new Promise<number>((done) => child.on('close', (code) => done(code ?? -1)));
  const lines = (await readFile(timeFile, 'utf8')).trim().split('\n');
  const [seconds = 'NaN', kib = 'NaN'] = (lines.at(-1) ?? '').split(' ');
  await rm(timeFile, { force: true });
  if (!okCodes.includes(exitCode)) throw new Error(`${command} ${args.join(' ')} exited with ${exitCode}:\n${stderr}`);
  return { seconds: Number(seconds), mib: Number(kib) / 1024, exitCode };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median wall time and median peak RSS over `count` runs. */
async function repeat(count: number, once: () => Promise<Measure>): Promise<Measure> {
  const results: Measure[] = [];
  for (let i = 0; i < count; i++) results.push(await once());
  const runs = results.map((r) => `${r.seconds.toFixed(2)} s/${r.mib.toFixed(1)} MiB`);
  return { seconds: median(results.map((r) => r.seconds)), mib: median(results.map((r) => r.mib)), exitCode: results.at(-1)?.exitCode ?? -1, runs };
}

async function ensurePromptfoo(): Promise<string> {
  const bin = join(PROMPTFOO_DIR, 'node_modules', '.bin', 'promptfoo');
  if (existsSync(bin)) return bin;
  console.log(`installing promptfoo@${PROMPTFOO_VERSION} into ${PROMPTFOO_DIR} (outside the project's dependencies)…`);
  await mkdir(PROMPTFOO_DIR, { recursive: true });
  await run('npm', ['install', '--prefix', PROMPTFOO_DIR, '--no-audit', '--no-fund', `promptfoo@${PROMPTFOO_VERSION}`], { maxBuffer: 64 * 1024 * 1024 });
  return bin;
}

/**
 * Compiles the CLI into .cache/bench-pkg/dist next to a copy of bin/otel-evals.js, the layout of an
 * installed package, and returns the bin, which is executed directly (so its shebang line counts).
 */
async function buildCli(): Promise<string> {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  // Type errors elsewhere in a shared tree do not stop the emit; only a missing entry point does.
  await run(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(PACKAGE, 'dist'), '--declaration', 'false', '--sourceMap', 'false'], { cwd: ROOT }).catch(() => undefined);
  if (!existsSync(join(PACKAGE, 'dist', 'cli', 'main.js'))) throw new Error(`compiling the CLI did not produce ${join(PACKAGE, 'dist', 'cli', 'main.js')}`);
  const bin = join(PACKAGE, 'bin', 'otel-evals.js');
  await mkdir(dirname(bin), { recursive: true });
  await copyFile(join(ROOT, 'bin', 'otel-evals.js'), bin);
  await chmod(bin, 0o755);
  return bin;
}

/** Passes per check in our JSON report. */
async function ourPasses(reportFile: string): Promise<Record<string, number>> {
  const report = JSON.parse(await readFile(reportFile, 'utf8')) as { suites: Array<{ cases: Array<{ scores: Array<{ criterionName: string; passed?: boolean }> }> }> };
  const names: Record<string, string> = { exact_match: 'exact', regex_match: 'regex', json_schema: 'schema', contains: 'contains', levenshtein: 'levenshtein' };
  const passes: Record<string, number> = {};
  for (const entry of report.suites.flatMap((suite) => suite.cases)) {
    for (const score of entry.scores) {
      const name = names[score.criterionName] ?? score.criterionName;
      passes[name] = (passes[name] ?? 0) + (score.passed ? 1 : 0);
    }
  }
  return passes;
}

/** Passes per check (by assertion metric) in promptfoo's JSON output. */
async function peerPasses(outputFile: string): Promise<Record<string, number>> {
  const output = JSON.parse(await readFile(outputFile, 'utf8')) as { results: { results: Array<{ gradingResult?: { componentResults?: Array<{ pass: boolean; assertion?: { metric?: string } }> } }> } };
  const passes: Record<string, number> = {};
  for (const result of output.results.results) {
    for (const component of result.gradingResult?.componentResults ?? []) {
      const name = component.assertion?.metric ?? '?';
      passes[name] = (passes[name] ?? 0) + (component.pass ? 1 : 0);
    }
  }
  return passes;
}

function row(label: string, ours: Measure, peer: Measure): string[] {
  return [
    `  ${label.padEnd(22)}${'wall s'.padStart(10)}${'peak MiB'.padStart(12)}`,
    `  ${'otel-evals run'.padEnd(22)}${ours.seconds.toFixed(2).padStart(10)}${ours.mib.toFixed(1).padStart(12)}`,
    `  ${`promptfoo ${PROMPTFOO_VERSION}`.padEnd(22)}${peer.seconds.toFixed(2).padStart(10)}${peer.mib.toFixed(1).padStart(12)}`,
    `  ${'ratio (promptfoo/ours)'.padEnd(22)}${`${(peer.seconds / ours.seconds).toFixed(1)}x`.padStart(10)}${`${(peer.mib / ours.mib).toFixed(1)}x`.padStart(12)}`,
  ];
}

/** The same run from the source checkout (bin falling back to tsx), when the checkout has no dist/. */
async function fromSource(work: string, args: readonly string[]): Promise<Measure | undefined> {
  if (SOURCE_RUNS < 1 || existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) return undefined;
  return repeat(SOURCE_RUNS, async () => {
    await rm(join(work, 'runs.db'), { force: true });
    return measure(process.execPath, [join(ROOT, 'bin', 'otel-evals.js'), ...args], work, [0, 1]);
  });
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'otel-evals-peers-'));
  try {
    const cases = peerCases(CASES);
    await writeFile(join(work, 'tests.json'), `${JSON.stringify(otelEvalsSuite(cases, CONCURRENCY))}\n`);
    await writeFile(join(work, 'outputs.jsonl'), outputsJsonl(cases));
    await writeFile(join(work, 'promptfooconfig.json'), `${JSON.stringify(promptfooConfig(cases, CONCURRENCY))}\n`);
    const [cli, promptfoo] = await Promise.all([buildCli(), ensurePromptfoo()]);
    console.log(`peer benchmark: ${CASES} cases x 5 deterministic checks on recorded outputs, concurrency ${CONCURRENCY}; node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

    const ourArgs = ['run', 'tests.json', '--format', 'json', '--output', 'report.json', '--concurrency', String(CONCURRENCY), '--db', 'runs.db', '--quiet'];
    // From source first, so the report checked below is the compiled CLI's.
    const source = await fromSource(work, ourArgs);
    const ours = await repeat(RUNS, async () => {
      await rm(join(work, 'runs.db'), { force: true });
      return measure(cli, ourArgs, work, [0, 1]);
    });
    const peerEnv = { ...process.env, PROMPTFOO_DISABLE_TELEMETRY: '1', PROMPTFOO_DISABLE_UPDATE: '1', PROMPTFOO_CONFIG_DIR: join(work, 'promptfoo-home'), NO_COLOR: '1' };
    // promptfoo exits 100 when some tests failed.
    const peer = await repeat(PEER_RUNS, () => measure(promptfoo, ['eval', '-c', 'promptfooconfig.json', '-j', String(CONCURRENCY), '-o', 'promptfoo-output.json', '--no-progress-bar', '--no-table'], work, [0, 100], peerEnv));

    console.log(`median of ${RUNS} otel-evals runs and ${PEER_RUNS} promptfoo runs, each from process start to report written:`);
    for (const line of row('', ours, peer)) console.log(line);
    console.log(`  each run: otel-evals ${ours.runs?.join(', ')}; promptfoo ${peer.runs?.join(', ')}`);
    console.log(`  measured: the compiled CLI through its bin, as the installed package runs it${source ? `; from source through tsx (a checkout without a build, not part of the verdict): ${source.seconds.toFixed(2)} s, ${source.mib.toFixed(1)} MiB (${source.runs?.join(', ')})` : ''}`);
    const [oursPassed, peerPassed] = await Promise.all([ourPasses(join(work, 'report.json')), peerPasses(join(work, 'promptfoo-output.json'))]);
    console.log(`  passes per check (otel-evals / promptfoo): ${CHECKS.map((c) => `${c} ${oursPassed[c] ?? 0}/${peerPassed[c] ?? 0}`).join(', ')}`);
    const same = CHECKS.every((c) => oursPassed[c] === peerPassed[c]);
    const met = ours.seconds <= TARGET_SECONDS && ours.mib <= TARGET_MIB;
    console.log(`  target <= ${TARGET_SECONDS} s and <= ${TARGET_MIB} MiB: ${met ? 'met' : 'MISSED'}; gradings ${same ? 'agree' : 'DIFFER'}`);
    if (!met || !same) process.exitCode = 1;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
