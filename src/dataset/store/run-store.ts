/**
 * The run store: runs and case results in SQLite through Node's built-in `node:sqlite` (loaded on first
 * open, so importing the library never loads it). Case results are written in batched transactions;
 * `(run, suite, case)` is the primary key, so writing a case again after a resume replaces it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type * as SqliteModule from 'node:sqlite';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { CaseReport, RunReport, RunStatus } from '../report-model.ts';

/** Default location of the run store. */
export const DEFAULT_RUN_STORE_PATH = './.otel-evals/runs.db';

/** A stored run's header. */
export interface StoredRun {
  id: string;
  suiteFile: string;
  /** Identity of what was run (file, suites, filters); runs with the same key and agent version resume. */
  suiteKey: string;
  agentVersion: string;
  status: RunStatus;
  startedAt: string;
  finishedAt?: string;
  totalCases: number;
  doneCases: number;
  threshold: number;
  error?: string;
}

/** A case result to persist. */
export interface StoredCase {
  suite: string;
  position: number;
  report: CaseReport;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY, suite_file TEXT NOT NULL, suite_key TEXT NOT NULL, agent_version TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending','running','failed','succeeded')),
  started_at TEXT NOT NULL, finished_at TEXT, total_cases INTEGER NOT NULL, threshold REAL NOT NULL,
  error TEXT, summary_json TEXT);
CREATE INDEX IF NOT EXISTS runs_resume ON runs (suite_key, agent_version, status);
CREATE TABLE IF NOT EXISTS case_results (
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE, suite TEXT NOT NULL, case_id TEXT NOT NULL,
  position INTEGER NOT NULL, status TEXT NOT NULL, passed INTEGER NOT NULL, weighted_score REAL,
  duration_ms REAL NOT NULL, attempts INTEGER NOT NULL, output_json TEXT, scores_json TEXT NOT NULL,
  error TEXT, trace_id TEXT, case_json TEXT NOT NULL,
  PRIMARY KEY (run_id, suite, case_id));
`;

type Row = Record<string, string | number | null | bigint | Uint8Array>;

function toRun(row: Row): StoredRun {
  const run: StoredRun = {
    id: String(row.id),
    suiteFile: String(row.suite_file),
    suiteKey: String(row.suite_key),
    agentVersion: String(row.agent_version),
    status: String(row.status) as RunStatus,
    startedAt: String(row.started_at),
    totalCases: Number(row.total_cases),
    doneCases: Number(row.done_cases ?? 0),
    threshold: Number(row.threshold),
  };
  if (row.finished_at !== null && row.finished_at !== undefined) run.finishedAt = String(row.finished_at);
  if (row.error !== null && row.error !== undefined) run.error = String(row.error);
  return run;
}

const RUN_COLUMNS = `r.*, (SELECT COUNT(*) FROM case_results c WHERE c.run_id = r.id) AS done_cases`;

/** Runs and case results in one SQLite file. */
export class RunStore {
  private readonly insertCase: StatementSync;

  private constructor(private readonly db: DatabaseSync, readonly file: string) {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA cache_size = -1024;');
    db.exec(SCHEMA);
    this.insertCase = db.prepare(`INSERT OR REPLACE INTO case_results
      (run_id, suite, case_id, position, status, passed, weighted_score, duration_ms, attempts, output_json, scores_json, error, trace_id, case_json)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  }

  /** Opens (creating directories and tables) the store at `file`, or `:memory:`. */
  static async open(file: string = DEFAULT_RUN_STORE_PATH): Promise<RunStore> {
    let sqlite: typeof SqliteModule;
    try {
      sqlite = await import('node:sqlite');
    } catch (error) {
      throw new Error(`the run store needs node:sqlite (Node.js >= 22.13; this is ${process.version}); upgrade Node or run without a store`, { cause: error });
    }
    const { DatabaseSync } = sqlite;
    const location = file === ':memory:' ? file : path.resolve(file);
    if (location !== ':memory:') mkdirSync(path.dirname(location), { recursive: true });
    return new RunStore(new DatabaseSync(location, { timeout: 5000 }), location);
  }

  /** The latest unfinished run (pending, running or failed) of the same suite key and agent version. */
  findResumable(suiteKey: string, agentVersion: string): StoredRun | undefined {
    const row = this.db.prepare(`SELECT ${RUN_COLUMNS} FROM runs r WHERE suite_key = ? AND agent_version = ? AND status IN ('pending','running','failed') ORDER BY started_at DESC LIMIT 1`).get(suiteKey, agentVersion) as Row | undefined;
    return row ? toRun(row) : undefined;
  }

  /** Records a new run. */
  createRun(run: Omit<StoredRun, 'doneCases' | 'finishedAt' | 'error'>): void {
    this.db.prepare('INSERT INTO runs (id, suite_file, suite_key, agent_version, status, started_at, total_cases, threshold) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(run.id, run.suiteFile, run.suiteKey, run.agentVersion, run.status, run.startedAt, run.totalCases, run.threshold);
  }

  /** Updates a run's status; a final status records the finish time, the report and any error. */
  setStatus(runId: string, status: RunStatus, extra: { report?: RunReport; error?: string; totalCases?: number } = {}): void {
    const finished = status === 'succeeded' || status === 'failed' ? new Date().toISOString() : null;
    // The report is stored without its cases (they are in case_results) and reassembled on read.
    const summary = extra.report ? JSON.stringify({ ...extra.report, suites: extra.report.suites.map((suite) => ({ ...suite, cases: [] })) }) : null;
    this.db.prepare('UPDATE runs SET status = ?, finished_at = ?, error = ?, summary_json = COALESCE(?, summary_json), total_cases = COALESCE(?, total_cases) WHERE id = ?')
      .run(status, finished, extra.error ?? null, summary, extra.totalCases ?? null, runId);
  }

  /** Persists case results in one transaction. */
  saveCases(runId: string, cases: readonly StoredCase[]): void {
    if (cases.length === 0) return;
    this.db.exec('BEGIN');
    try {
      for (const { suite, position, report } of cases) {
        const { output, scores, ...rest } = report;
        this.insertCase.run(runId, suite, report.id, position, report.status, report.passed ? 1 : 0, report.weightedScore ?? null, report.durationMs, report.attempts,
          output === undefined ? null : JSON.stringify(output), JSON.stringify(scores), report.error ?? null, report.traceId ?? null, JSON.stringify(rest));
      }
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /** The case results of a run, keyed `suite\u0000caseId`, with their positions. */
  caseResults(runId: string): Map<string, StoredCase> {
    const rows = this.db.prepare('SELECT suite, position, output_json, scores_json, case_json FROM case_results WHERE run_id = ? ORDER BY suite, position').all(runId) as Row[];
    const out = new Map<string, StoredCase>();
    for (const row of rows) {
      const report = JSON.parse(String(row.case_json)) as CaseReport;
      report.scores = JSON.parse(String(row.scores_json)) as CaseReport['scores'];
      if (row.output_json !== null) report.output = JSON.parse(String(row.output_json));
      out.set(`${String(row.suite)}\u0000${report.id}`, { suite: String(row.suite), position: Number(row.position), report });
    }
    return out;
  }

  /** Runs, newest first. */
  listRuns(limit = 20): StoredRun[] {
    return (this.db.prepare(`SELECT ${RUN_COLUMNS} FROM runs r ORDER BY started_at DESC, rowid DESC LIMIT ?`).all(limit) as Row[]).map(toRun);
  }

  /** A run by id, unique id prefix, or `latest` (an ambiguous prefix gives its most recent match; see {@link matchRuns}). */
  getRun(ref: string): StoredRun | undefined {
    return this.matchRuns(ref)[0];
  }

  /**
   * The runs a reference names: `latest` (the newest run), an exact id, or every run whose id starts with
   * `ref`, newest first (at most `limit`), so callers can tell a unique prefix from an ambiguous one.
   */
  matchRuns(ref: string, limit = 5): StoredRun[] {
    if (ref === 'latest') return (this.db.prepare(`SELECT ${RUN_COLUMNS} FROM runs r ORDER BY started_at DESC, rowid DESC LIMIT 1`).all() as Row[]).map(toRun);
    const exact = this.db.prepare(`SELECT ${RUN_COLUMNS} FROM runs r WHERE id = ?`).get(ref) as Row | undefined;
    if (exact) return [toRun(exact)];
    const escaped = ref.replace(/[\\%_]/g, (c) => `\\${c}`);
    return (this.db.prepare(`SELECT ${RUN_COLUMNS} FROM runs r WHERE id LIKE ? ESCAPE '\\' ORDER BY started_at DESC, rowid DESC LIMIT ?`).all(`${escaped}%`, limit) as Row[]).map(toRun);
  }

  /** The newest succeeded run of a suite file (its absolute path, else a path ending with `/suffix`). */
  latestSucceeded(suiteFile: string, suffix?: string): StoredRun | undefined {
    const query = (where: string, value: string): Row | undefined =>
      this.db.prepare(`SELECT ${RUN_COLUMNS} FROM runs r WHERE status = 'succeeded' AND ${where} ORDER BY started_at DESC, rowid DESC LIMIT 1`).get(value) as Row | undefined;
    const row = query('suite_file = ?', suiteFile) ?? (suffix ? query("suite_file LIKE ? ESCAPE '\\'", `%/${suffix.replace(/[\\%_]/g, (c) => `\\${c}`)}`) : undefined);
    return row ? toRun(row) : undefined;
  }

  /** The stored report of a finished run, its cases read back in case order. */
  getReport(runId: string): RunReport | undefined {
    const row = this.db.prepare('SELECT summary_json FROM runs WHERE id = ?').get(runId) as Row | undefined;
    if (!row?.summary_json) return undefined;
    const report = JSON.parse(String(row.summary_json)) as RunReport;
    const cases = [...this.caseResults(runId).values()].sort((a, b) => a.position - b.position);
    for (const suite of report.suites) suite.cases = cases.filter((c) => c.suite === suite.name).map((c) => c.report);
    return report;
  }

  /** Closes the database. */
  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
