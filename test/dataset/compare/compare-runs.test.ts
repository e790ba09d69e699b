import { describe, expect, it } from 'vitest';
import { compareRuns, decideVerdict } from '../../../src/dataset/compare/index.ts';
import type { CaseScores } from './make-run.ts';
import { makeRun, scoresFrom } from './make-run.ts';

const N = 40;
const base = scoresFrom(1, N).map((u) => 0.5 + 0.4 * u);
const noise = scoresFrom(2, N).map((u) => (u - 0.5) * 0.04);

/** The base scores shifted; a non-zero shift adds per-case noise so differences are not constant. */
function cases(shift: number, criterion = 'accuracy'): CaseScores[] {
  return base.map((value, i) => ({ [criterion]: Math.min(1, Math.max(0, value + shift + (shift === 0 ? 0 : noise[i]!))) }));
}

describe('compareRuns', () => {
  it('finds no regression comparing a run with itself', () => {
    const run = makeRun('a', cases(0));
    const report = compareRuns(run, run);
    expect(report.regressed).toBe(false);
    expect(report.criteria).toHaveLength(1);
    const [accuracy] = report.criteria;
    expect(accuracy).toMatchObject({ criterionName: 'accuracy', pairs: N, meanDiff: 0, meanDiffCi: [0, 0], passRateDiff: 0, verdict: 'unchanged' });
    expect(accuracy?.baselineMean).toBeCloseTo(accuracy!.currentMean!, 12);
    expect(report.overall?.verdict).toBe('unchanged');
    expect(report).toMatchObject({ baselineRunId: 'a', confidence: 0.95, minPairs: 10, margin: 0, unpaired: { baselineOnly: 0, currentOnly: 0 } });
  });

  it('flags a consistent drop as regressed with an interval around it', () => {
    const report = compareRuns(makeRun('base', cases(0)), makeRun('cur', cases(-0.1)));
    const [accuracy] = report.criteria;
    expect(accuracy?.verdict).toBe('regressed');
    expect(accuracy?.meanDiff).toBeLessThan(-0.05);
    const [lo, hi] = accuracy!.meanDiffCi!;
    expect(lo).toBeLessThan(accuracy!.meanDiff!);
    expect(hi).toBeGreaterThan(accuracy!.meanDiff!);
    expect(hi).toBeLessThan(0);
    expect(report.regressed).toBe(true);
    expect(accuracy?.currentPassRate).toBeLessThan(accuracy!.baselinePassRate!);
    expect(accuracy?.reason).toMatch(/upper bound/);
  });

  it('flags a consistent rise as improved and does not call it a regression', () => {
    const report = compareRuns(makeRun('base', cases(0)), makeRun('cur', cases(0.08)));
    expect(report.criteria[0]?.verdict).toBe('improved');
    expect(report.regressed).toBe(false);
  });

  it('tolerates a drop within the margin', () => {
    const baseline = makeRun('base', cases(0));
    const current = makeRun('cur', cases(-0.03));
    expect(compareRuns(baseline, current).criteria[0]?.verdict).toBe('regressed');
    const tolerant = compareRuns(baseline, current, { margin: 0.05 });
    expect(tolerant.criteria[0]?.verdict).toBe('unchanged');
    expect(tolerant.regressed).toBe(false);
    expect(tolerant.margin).toBe(0.05);
  });

  it('does not call noise a regression', () => {
    const wobble = scoresFrom(9, N).map((u) => (u - 0.5) * 0.3);
    const current = base.map((value, i) => ({ accuracy: Math.min(1, Math.max(0, value + wobble[i]! - 0.01)) }));
    const report = compareRuns(makeRun('base', cases(0)), makeRun('cur', current));
    expect(report.criteria[0]?.verdict).toBe('unchanged');
  });

  it('returns insufficient_data below minPairs but still reports means and pass rates', () => {
    const few = (shift: number) => base.slice(0, 5).map((value) => ({ accuracy: value + shift }));
    const report = compareRuns(makeRun('base', few(0)), makeRun('cur', few(-0.3)));
    const [accuracy] = report.criteria;
    expect(accuracy).toMatchObject({ pairs: 5, verdict: 'insufficient_data' });
    expect(accuracy?.meanDiff).toBeCloseTo(-0.3, 10);
    expect(accuracy?.meanDiffCi).toBeUndefined();
    expect(accuracy?.baselinePassRateCi).toBeDefined();
    expect(report.regressed).toBe(false);
    expect(compareRuns(makeRun('base', few(0)), makeRun('cur', few(-0.3)), { minPairs: 5 }).criteria[0]?.verdict).toBe('regressed');
  });

  it('pairs by suite and case id, counting unpaired cases and ignoring order', () => {
    const baseline = makeRun('base', cases(0));
    const current = makeRun('cur', cases(-0.1));
    current.suites[0]!.cases.reverse();
    current.suites[0]!.cases.push({ ...current.suites[0]!.cases[0]!, id: 'new-case' });
    baseline.suites[0]!.cases.push({ ...baseline.suites[0]!.cases[0]!, id: 'gone-case' });
    const report = compareRuns(baseline, current);
    expect(report.unpaired).toEqual({ baselineOnly: 1, currentOnly: 1 });
    expect(report.criteria[0]?.pairs).toBe(N);
    expect(report.criteria[0]?.verdict).toBe('regressed');
    const otherSuite = makeRun('cur', cases(-0.1), { suite: 'other' });
    expect(compareRuns(baseline, otherSuite).criteria[0]).toMatchObject({ pairs: 0, verdict: 'insufficient_data' });
  });

  it('compares each criterion on its own and leaves skipped scores out of the pairs', () => {
    const baseline = base.map((value) => ({ accuracy: value, format: 1 }));
    const current = base.map((value, i) => ({ accuracy: value, format: i < 5 ? null : 0 }));
    const report = compareRuns(makeRun('base', baseline), makeRun('cur', current));
    const byName = Object.fromEntries(report.criteria.map((criterion) => [criterion.criterionName, criterion]));
    expect(byName.accuracy?.verdict).toBe('unchanged');
    expect(byName.format).toMatchObject({ pairs: N - 5, verdict: 'regressed', baselinePassRate: 1, currentPassRate: 0, passRateDiff: -1 });
    expect(byName.format?.currentPassRateCi?.[0]).toBe(0);
    expect(report.regressed).toBe(true);
  });

  it('is reproducible and its intervals do not depend on criterion order', () => {
    const b = base.map((value) => ({ x: value, y: value }));
    const c = base.map((value, i) => ({ x: value - 0.02 + noise[i]!, y: value + noise[i]! }));
    const c2 = base.map((value, i) => ({ y: value + noise[i]!, x: value - 0.02 + noise[i]! }));
    const one = compareRuns(makeRun('b', b), makeRun('c', c));
    const two = compareRuns(makeRun('b', b), makeRun('c', c2));
    expect(one).toEqual(compareRuns(makeRun('b', b), makeRun('c', c)));
    const ci = (report: typeof one, name: string) => report.criteria.find((criterion) => criterion.criterionName === name)?.meanDiffCi;
    expect(ci(one, 'x')).toEqual(ci(two, 'x'));
    expect(ci(one, 'y')).toEqual(ci(two, 'y'));
  });

  it('counts an errored case as 0 in the overall comparison', () => {
    const baseline = makeRun('base', cases(0));
    const current = makeRun('cur', cases(0));
    for (const entry of current.suites[0]!.cases.slice(0, 20)) {
      Object.assign(entry, { status: 'error', passed: false, weightedScore: undefined, error: 'target crashed', scores: [] });
    }
    const report = compareRuns(baseline, current);
    expect(report.criteria[0]).toMatchObject({ pairs: N - 20, verdict: 'unchanged' });
    expect(report.overall).toMatchObject({ pairs: N, verdict: 'regressed' });
    expect(report.regressed).toBe(true);
  });

  it('rejects invalid options', () => {
    const run = makeRun('a', cases(0));
    expect(() => compareRuns(run, run, { confidence: 1.2 })).toThrow(/confidence/);
    expect(() => compareRuns(run, run, { margin: -0.1 })).toThrow(/margin/);
    expect(() => compareRuns(run, run, { minPairs: 0 })).toThrow(/minPairs/);
  });
});

describe('decideVerdict', () => {
  const settings = { margin: 0, confidence: 0.95 };
  it('applies the documented rules at the boundaries', () => {
    expect(decideVerdict([-0.2, -0.01], settings).verdict).toBe('regressed');
    expect(decideVerdict([-0.2, 0], settings).verdict).toBe('unchanged');
    expect(decideVerdict([0, 0.2], settings).verdict).toBe('unchanged');
    expect(decideVerdict([0.01, 0.2], settings).verdict).toBe('improved');
    expect(decideVerdict([-0.2, -0.04], { margin: 0.05, confidence: 0.95 }).verdict).toBe('unchanged');
    expect(decideVerdict([-0.2, -0.06], { margin: 0.05, confidence: 0.95 }).verdict).toBe('regressed');
  });
});
