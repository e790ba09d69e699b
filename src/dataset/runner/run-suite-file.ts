/**
 * The offline runner: prepares a suite file, opens (or resumes) its run in the run store, runs setup,
 * every selected case with bounded concurrency, then teardown, and returns the RunReport. An interrupted
 * run (killed, aborted, failed) of the same suite selection and agent version resumes: cases already
 * stored are kept and only the rest run.
 */
import { createHash, randomBytes } from 'node:crypto';
import { trace, type Tracer, type TracerProvider } from '@opentelemetry/api';
import { OTEL_EVALS_SCOPE } from '../../semconv.ts';
import type { Emitter } from '../../emit/types.ts';
import { criteriaByName } from '../../core/finalize.ts';
import type { CaseReport, CaseStatus, RunReport, SuiteReport } from '../report-model.ts';
import { RunStore, type StoredRun } from '../store/run-store.ts';
import { CaseWriter } from './case-writer.ts';
import { runPool } from './pool.ts';
import { prepareRun, type PreparedRun, type PreparedSuite, type PrepareOptions } from './prepare.ts';
import { DEFAULT_CASE_TIMEOUT_MILLIS, runCase, type CaseRunContext } from './run-case.ts';
import { dimensionReports, dimensionSuccessRate, runTotals, suiteReport } from './scoring.ts';
import { runScript } from './scripts.ts';
import { DEFAULT_THRESHOLD } from '../../core/finalize.ts';

/** Progress after each case. */
export interface RunProgress {
  runId: string;
  suite: string;
  caseId?: string;
  status?: CaseStatus;
  done: number;
  total: number;
  /** Cases taken over from the interrupted run being resumed. */
  resumed: number;
  passed: number;
  failed: number;
  errors: number;
  skipped: number;
}

/** Options of {@link runSuiteFile}. */
export interface RunSuiteOptions extends PrepareOptions {
  /** Maximum cases in flight (default: suite concurrency, else settings.maxConcurrentTests, else 4). */
  concurrency?: number;
  /** Version of the agent evaluated (default: the file's agentVersion, env OTEL_EVALS_AGENT_VERSION, or a hash of the target). */
  agentVersion?: string;
  /** Run store: an open store, a path (default ./.otel-evals/runs.db), or false to keep nothing. */
  store?: RunStore | string | false;
  /** Resume an interrupted run of the same suite selection and agent version (default true). */
  resume?: boolean;
  /** Tracer for the `eval_case` spans (default: from `tracerProvider`, else the global provider). */
  tracer?: Tracer;
  tracerProvider?: TracerProvider;
  /** Emits one EvaluationRecord per case (rule = suite name). */
  emitter?: Emitter;
  /** Cancels the run: running cases are aborted, the run stays resumable. */
  signal?: AbortSignal;
  /** Called after every case. */
  onProgress?: (progress: RunProgress) => void;
  /** Overrides settings.failFast. */
  failFast?: boolean;
  /** Overrides settings.defaultTimeout (ms). */
  timeoutMillis?: number;
}

/** A run that was cancelled through its signal; it can be resumed. */
export class RunAbortedError extends Error {
  constructor(readonly runId: string) {
    super(`run ${runId} was interrupted; run the same command again to resume it`);
    this.name = 'RunAbortedError';
  }
}

function newRunId(): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return `run-${stamp}-${randomBytes(3).toString('hex')}`;
}

/**
 * Identity of a run for resuming: the file, the suites and the exact cases selected, with their inputs,
 * expectations and scoring (so editing a case or a scorer starts a new run rather than mixing results).
 */
export function suiteKey(prepared: PreparedRun): string {
  const hash = createHash('sha256').update(prepared.file.file).update(JSON.stringify([prepared.file.dimensions, prepared.file.settings.threshold, prepared.file.settings.judgeModel, prepared.file.settings.embeddingModel]));
  for (const suite of prepared.suites) {
    hash.update(`\u0000${suite.spec.name}\u0000${JSON.stringify(suite.spec.scorers ?? [])}`);
    for (const c of suite.spec.cases) hash.update(JSON.stringify([c.id, c.input, c.expected, c.strategy, c.weights]));
  }
  return hash.digest('hex').slice(0, 16);
}

async function agentVersionOf(options: RunSuiteOptions, prepared: PreparedRun): Promise<string> {
  const explicit = options.agentVersion ?? prepared.file.agentVersion ?? process.env.OTEL_EVALS_AGENT_VERSION;
  if (explicit) return explicit;
  const versions = await Promise.all(prepared.suites.map((s) => s.target.version()));
  return [...new Set(versions)].join('+') || 'unknown';
}

async function openStore(store: RunSuiteOptions['store']): Promise<{ store?: RunStore; owned: boolean }> {
  if (store === false) return { owned: false };
  if (store instanceof RunStore) return { store, owned: false };
  return { store: await RunStore.open(store), owned: true };
}

interface RunState {
  runId: string;
  done: Map<string, CaseReport>;
  resumed: number;
}

function startRun(store: RunStore | undefined, prepared: PreparedRun, key: string, agentVersion: string, threshold: number, resume: boolean): RunState {
  const total = prepared.suites.reduce((n, s) => n + s.spec.cases.length, 0);
  const existing: StoredRun | undefined = resume ? store?.findResumable(key, agentVersion) : undefined;
  if (store && existing) {
    const done = new Map([...store.caseResults(existing.id)].map(([k, v]) => [k, v.report]));
    store.setStatus(existing.id, 'running', { totalCases: total });
    return { runId: existing.id, done, resumed: done.size };
  }
  const runId = newRunId();
  store?.createRun({ id: runId, suiteFile: prepared.file.file, suiteKey: key, agentVersion, status: 'pending', startedAt: new Date().toISOString(), totalCases: total, threshold });
  store?.setStatus(runId, 'running');
  return { runId, done: new Map(), resumed: 0 };
}

/**
 * Runs a suite file and returns its report. Config problems throw SuiteFileError before anything runs.
 * Setup runs first (it may build the agent or record the outputs the target reads), then the agent
 * version is taken and the run is opened or resumed; teardown runs after the cases, even when they fail.
 */
export async function runSuiteFile(options: RunSuiteOptions): Promise<RunReport> {
  const prepared = await prepareRun(options);
  const { file } = prepared;
  const env: Record<string, string> = { ...file.setup?.environment, OTEL_EVALS_SUITE_FILE: file.file };
  const restoreEnv = applyEnv(env);
  try {
    if (file.setup?.script) await runScript('setup', file.setup.script, file.dir, env);
    let teardownDone = false;
    const teardown = async (): Promise<void> => {
      if (teardownDone || !file.teardown?.script) return;
      teardownDone = true;
      await runScript('teardown', file.teardown.script, file.dir, env);
    };
    try {
      return await runStored(options, prepared, teardown);
    } finally {
      await teardown();
    }
  } finally {
    restoreEnv();
  }
}

/** Opens or resumes the run in the store, runs the cases and teardown, and records the outcome. */
async function runStored(options: RunSuiteOptions, prepared: PreparedRun, teardown: () => Promise<void>): Promise<RunReport> {
  const { file } = prepared;
  const threshold = file.settings.threshold ?? DEFAULT_THRESHOLD;
  const agentVersion = await agentVersionOf(options, prepared);
  const { store, owned } = await openStore(options.store);
  const startedAt = new Date();
  const state = startRun(store, prepared, suiteKey(prepared), agentVersion, threshold, options.resume ?? true);
  const restoreRunId = applyEnv({ OTEL_EVALS_RUN_ID: state.runId });
  try {
    const suites: SuiteReport[] = [];
    try {
      for (const suite of prepared.suites) await suite.target.prepare?.();
      const writer = store ? new CaseWriter(store, state.runId) : undefined;
      const counters = { done: state.resumed, passed: 0, failed: 0, errors: 0, skipped: 0, total: prepared.suites.reduce((n, s) => n + s.spec.cases.length, 0) };
      for (const report of state.done.values()) count(counters, report.status);
      let stop = false;
      for (const suite of prepared.suites) {
        const cases = await runSuiteCases(options, prepared, suite, state, writer, counters, () => stop, () => (stop = true));
        suites.push(buildSuiteReport(prepared, suite, cases, threshold));
      }
      writer?.flush();
    } finally {
      await teardown();
    }
    if (options.signal?.aborted) throw new RunAbortedError(state.runId);
    const report = finish(state.runId, file.file, agentVersion, startedAt, threshold, suites);
    store?.setStatus(state.runId, 'succeeded', { report });
    return report;
  } catch (error) {
    store?.setStatus(state.runId, 'failed', { error: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    restoreRunId();
    if (owned) store?.close();
  }
}

function count(counters: { passed: number; failed: number; errors: number; skipped: number }, status: CaseStatus): void {
  if (status === 'passed') counters.passed += 1;
  else if (status === 'failed') counters.failed += 1;
  else if (status === 'error') counters.errors += 1;
  else counters.skipped += 1;
}

type Counters = { done: number; total: number; passed: number; failed: number; errors: number; skipped: number };

async function runSuiteCases(options: RunSuiteOptions, prepared: PreparedRun, suite: PreparedSuite, state: RunState, writer: CaseWriter | undefined, counters: Counters, stopped: () => boolean, stopAll: () => void): Promise<Array<CaseReport | undefined>> {
  const { file } = prepared;
  const { spec } = suite;
  const results: Array<CaseReport | undefined> = spec.cases.map((c) => state.done.get(`${spec.name}\u0000${c.id}`));
  const pending = spec.cases.map((_, i) => i).filter((i) => results[i] === undefined);
  const failFast = options.failFast ?? file.settings.failFast ?? false;
  const ctx: CaseRunContext = {
    runId: state.runId,
    suite: spec.name,
    target: suite.target,
    tracer: options.tracer ?? (options.tracerProvider ?? trace.getTracerProvider()).getTracer(OTEL_EVALS_SCOPE),
    timeoutMillis: options.timeoutMillis ?? file.settings.defaultTimeout ?? DEFAULT_CASE_TIMEOUT_MILLIS,
    retries: file.settings.retryFailed ? 1 : 0,
    retryFailed: file.settings.retryFailed ?? false,
    ...(file.settings.nearMissMargin !== undefined ? { nearMissMargin: file.settings.nearMissMargin } : {}),
    ...(options.emitter ? { emitter: options.emitter } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const concurrency = spec.runInSequence || file.settings.parallelExecution === false ? 1 : (options.concurrency ?? spec.concurrency ?? file.settings.maxConcurrentTests ?? 4);
  await runPool(pending.length, concurrency, async (k) => {
    const index = pending[k] as number;
    const evalCase = spec.cases[index];
    const plan = suite.plans[index];
    if (!evalCase || !plan) return;
    const report = await runCase(ctx, evalCase, plan);
    if (options.signal?.aborted) return;
    results[index] = report;
    writer?.add({ suite: spec.name, position: index, report });
    counters.done += 1;
    count(counters, report.status);
    if (failFast && (report.status === 'failed' || report.status === 'error')) stopAll();
    options.onProgress?.({ runId: state.runId, suite: spec.name, caseId: evalCase.id, status: report.status, resumed: state.resumed, ...counters });
  }, () => stopped() || (options.signal?.aborted ?? false));
  return results;
}

function buildSuiteReport(prepared: PreparedRun, suite: PreparedSuite, results: Array<CaseReport | undefined>, threshold: number): SuiteReport {
  const cases = suite.spec.cases.map((c, i): CaseReport => results[i] ?? { id: c.id, tags: c.tags, input: c.input, status: 'skipped', passed: false, durationMs: 0, attempts: 0, scores: [], error: 'not run (failFast stopped the run)', ...(c.name ? { name: c.name } : {}) });
  const criteria = criteriaByName(suite.plans.flatMap((p) => p.criteria));
  const suiteThreshold = suite.spec.threshold ?? threshold;
  const dimensions = dimensionReports(cases, prepared.file.dimensions, criteria, suiteThreshold);
  if (prepared.file.dimensions.length > 0) {
    for (const c of cases) {
      const rate = dimensionSuccessRate(c, dimensions, criteria);
      if (rate !== undefined) c.dimensionSuccessRate = rate;
    }
  }
  return { ...suiteReport(suite.spec.name, cases, dimensions, suiteThreshold, prepared.file.profile), threshold: suiteThreshold };
}

function finish(runId: string, suiteFile: string, agentVersion: string, startedAt: Date, threshold: number, suites: SuiteReport[]): RunReport {
  const finishedAt = new Date();
  return { runId, status: 'succeeded', suiteFile, agentVersion, startedAt: startedAt.toISOString(), finishedAt: finishedAt.toISOString(), durationMs: finishedAt.getTime() - startedAt.getTime(), threshold, suites, totals: runTotals(suites) };
}

/** Sets environment variables for the run (in-process targets see them); returns the restore function. */
function applyEnv(env: Record<string, string>): () => void {
  const previous = new Map(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  return () => {
    for (const [key, value] of previous) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}
