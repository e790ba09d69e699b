/** The SQLite run store and resuming interrupted runs. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CaseReport, RunReport } from '../../../src/dataset/report-model.ts';
import { RunAbortedError, runSuiteFile } from '../../../src/dataset/runner/run-suite-file.ts';
import { RunStore } from '../../../src/dataset/store/run-store.ts';
import { moduleTarget } from '../../../src/dataset/targets/index.ts';
import { tempDir, writeFiles } from './helpers.ts';

const caseReport = (id: string, status: CaseReport['status'] = 'passed'): CaseReport => ({
  id, input: { prompt: id }, output: { text: id }, status, passed: status === 'passed', weightedScore: status === 'passed' ? 1 : 0.2, durationMs: 3, attempts: 1,
  scores: [{ criterionName: 'exact_match', evaluatorType: 'exact_match', score: status === 'passed', normalizedScore: status === 'passed' ? 1 : 0, passed: status === 'passed' }],
});

describe('run store', () => {
  it('persists runs with status transitions and case results with outputs, scores and durations, replacing a case written twice', async () => {
    const file = path.join(tempDir(), 'nested', 'runs.db');
    const store = await RunStore.open(file);
    store.createRun({ id: 'run-a', suiteFile: '/s/tests.json', suiteKey: 'k1', agentVersion: 'v1', status: 'pending', startedAt: '2026-01-01T00:00:00.000Z', totalCases: 3, threshold: 0.75 });
    expect(store.getRun('run-a')).toMatchObject({ status: 'pending', doneCases: 0, totalCases: 3 });
    store.setStatus('run-a', 'running');
    store.saveCases('run-a', [{ suite: 's', position: 1, report: caseReport('b', 'failed') }, { suite: 's', position: 0, report: caseReport('a') }]);
    store.saveCases('run-a', [{ suite: 's', position: 1, report: caseReport('b') }]);
    expect(store.findResumable('k1', 'v1')?.id).toBe('run-a');
    expect(store.findResumable('k1', 'v2')).toBeUndefined();
    const cases = store.caseResults('run-a');
    expect(cases.size).toBe(2);
    expect(cases.get('s\u0000b')?.report).toEqual(caseReport('b'));
    const report: RunReport = { runId: 'run-a', status: 'succeeded', suiteFile: '/s/tests.json', agentVersion: 'v1', startedAt: '2026-01-01T00:00:00.000Z', durationMs: 5, threshold: 0.75, totals: { cases: 2, passed: 2, failed: 0, errors: 0, skipped: 0 }, suites: [{ name: 's', cases: [caseReport('a'), caseReport('b')], successRate: 1, overallPassed: true, dimensions: [] }] };
    store.setStatus('run-a', 'succeeded', { report });
    expect(store.findResumable('k1', 'v1')).toBeUndefined();
    expect(store.getReport('run-a')).toEqual(report);
    store.close();
    const reopened = await RunStore.open(file);
    expect(reopened.getRun('run-')).toMatchObject({ id: 'run-a', status: 'succeeded', doneCases: 2 });
    expect(reopened.getRun('latest')?.finishedAt).toMatch(/^\d{4}-/);
    expect(reopened.listRuns().map((r) => r.id)).toEqual(['run-a']);
    reopened.close();
  });
});

describe('resume', () => {
  it('continues an aborted run of the same suite and agent version with the cases not yet done', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': {
      version: '2.0', profile: 'deterministic', settings: { maxConcurrentTests: 1 },
      testCases: Array.from({ length: 8 }, (_, i) => ({ id: `c${i + 1}`, name: `c${i + 1}`, input: { prompt: String(i + 1) }, expected: { output: String(i + 1) } })),
    } });
    const db = path.join(dir, 'runs.db');
    const invoked: string[] = [];
    const target = moduleTarget({ fn: (input) => {
      invoked.push((input as { prompt: string }).prompt);
      return (input as { prompt: string }).prompt;
    } });
    const controller = new AbortController();
    const first = runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: db, agentVersion: 'v1', signal: controller.signal, onProgress: (p) => (p.done === 3 ? controller.abort() : undefined) });
    await expect(first).rejects.toBeInstanceOf(RunAbortedError);
    expect(invoked).toEqual(['1', '2', '3']);
    const store = await RunStore.open(db);
    const interrupted = store.listRuns()[0];
    expect(interrupted).toMatchObject({ status: 'failed', doneCases: 3, totalCases: 8 });
    store.close();

    const progress: number[] = [];
    const resumed = await runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: db, agentVersion: 'v1', onProgress: (p) => progress.push(p.resumed) });
    expect(invoked).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(progress.every((n) => n === 3)).toBe(true);
    expect(resumed.runId).toBe(interrupted?.id);
    expect(resumed.suites[0]?.cases.map((c) => [c.id, c.status])).toEqual(Array.from({ length: 8 }, (_, i) => [`c${i + 1}`, 'passed']));

    const again = await runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: db, agentVersion: 'v1' });
    expect(again.runId).not.toBe(resumed.runId);
    expect(invoked).toHaveLength(16);
    const other = new AbortController();
    await expect(runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: db, agentVersion: 'v2', signal: other.signal, onProgress: () => other.abort() })).rejects.toBeInstanceOf(RunAbortedError);
    const v1Again = await runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: db, agentVersion: 'v1', ids: ['c1', 'c2'] });
    expect(v1Again.totals.cases).toBe(2);
    const pending = new AbortController();
    await expect(runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: db, agentVersion: 'v1', signal: pending.signal, onProgress: () => pending.abort() })).rejects.toBeInstanceOf(RunAbortedError);
    const unfinished = await RunStore.open(db).then((s) => {
      const id = s.listRuns()[0]?.id;
      s.close();
      return id;
    });
    writeFiles(dir, { 'tests.json': { ...JSON.parse(readFileSync(path.join(dir, 'tests.json'), 'utf8')), settings: { maxConcurrentTests: 1, threshold: 0.9 } } });
    const afterEdit = await runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: db, agentVersion: 'v1' });
    expect(afterEdit.runId).not.toBe(unfinished);
    expect(afterEdit.totals.cases).toBe(8);
    const check = await RunStore.open(db);
    expect(check.listRuns().map((r) => [r.agentVersion, r.status])).toEqual([['v1', 'succeeded'], ['v1', 'failed'], ['v1', 'succeeded'], ['v2', 'failed'], ['v1', 'succeeded'], ['v1', 'succeeded']]);
    check.close();
  });
});
