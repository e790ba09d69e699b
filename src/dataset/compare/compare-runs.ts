/**
 * Baseline regression comparison: a current run against an earlier one, case by case.
 */
import type { ComparisonReport, ComparisonVerdict, CriterionComparison, RunReport } from '../report-model.ts';
import { bootstrapMeanCi, mean } from './bootstrap.ts';
import { criterionNames, findScore, observeCase, observeScore, pairCases } from './pairing.ts';
import type { Observation } from './pairing.ts';
import { hashString } from './prng.ts';
import { wilsonInterval } from './wilson.ts';

/** Options of {@link compareRuns}. */
export interface CompareOptions {
  /** Two-sided confidence level of every interval, in (0, 1); default 0.95. */
  confidence?: number;
  /** Fewest paired cases a criterion needs for a verdict other than `insufficient_data`; default 10. */
  minPairs?: number;
  /** Bootstrap resamples per criterion; default 2000. */
  bootstrapSamples?: number;
  /** Seed of the bootstrap generator; default 0x5eed (results are reproducible either way). */
  seed?: number;
  /** Tolerated drop of the mean normalized score, >= 0; default 0. */
  margin?: number;
}

/** The options with their defaults applied. */
type Settings = Required<CompareOptions>;

/** Name under which the cases' overall weighted scores are compared. */
export const OVERALL_CRITERION = 'overall';

/**
 * Compares `current` with `baseline`. Cases pair by suite name and case id; per criterion (by name,
 * across suites) and for the cases' overall weighted score it reports both means over the paired cases,
 * the mean paired difference with a seeded paired bootstrap interval, both pass rates with Wilson
 * intervals, and a verdict. `regressed` is true when any criterion or the overall score regressed.
 */
export function compareRuns(baseline: RunReport, current: RunReport, options: CompareOptions = {}): ComparisonReport {
  const settings = resolveOptions(options);
  const { pairs, baselineOnly, currentOnly } = pairCases(baseline, current);
  const criteria = criterionNames(baseline, current).map((name) => {
    const observed = pairs.map(({ baseline: b, current: c }) => [observeScore(findScore(b, name), baseline.threshold), observeScore(findScore(c, name), current.threshold)] as const);
    return compareObservations(name, observed, settings);
  });
  const overall = compareObservations(
    OVERALL_CRITERION,
    pairs.map(({ baseline: b, current: c }) => [observeCase(b), observeCase(c)] as const),
    settings,
  );
  return {
    baselineRunId: baseline.runId,
    confidence: settings.confidence,
    minPairs: settings.minPairs,
    margin: settings.margin,
    bootstrapSamples: settings.bootstrapSamples,
    seed: settings.seed,
    criteria,
    overall,
    unpaired: { baselineOnly, currentOnly },
    regressed: overall.verdict === 'regressed' || criteria.some((criterion) => criterion.verdict === 'regressed'),
  };
}

function resolveOptions(options: CompareOptions): Settings {
  const settings: Settings = {
    confidence: options.confidence ?? 0.95,
    minPairs: options.minPairs ?? 10,
    bootstrapSamples: options.bootstrapSamples ?? 2000,
    seed: options.seed ?? 0x5eed,
    margin: options.margin ?? 0,
  };
  if (!(settings.confidence > 0 && settings.confidence < 1)) throw new RangeError(`compareRuns: confidence must be in (0, 1), got ${settings.confidence}`);
  if (!(settings.minPairs >= 1)) throw new RangeError(`compareRuns: minPairs must be >= 1, got ${settings.minPairs}`);
  if (!(settings.bootstrapSamples >= 100)) throw new RangeError(`compareRuns: bootstrapSamples must be >= 100, got ${settings.bootstrapSamples}`);
  if (!(settings.margin >= 0)) throw new RangeError(`compareRuns: margin must be >= 0, got ${settings.margin}`);
  return settings;
}

/** Compares one criterion over the pairs where both runs have an observation. */
function compareObservations(name: string, observed: ReadonlyArray<readonly [Observation | undefined, Observation | undefined]>, settings: Settings): CriterionComparison {
  const both = observed.filter((pair): pair is readonly [Observation, Observation] => pair[0] !== undefined && pair[1] !== undefined);
  const n = both.length;
  if (n === 0) return { criterionName: name, pairs: 0, verdict: 'insufficient_data', reason: 'no case was scored in both runs' };
  const baselineMean = mean(both.map(([b]) => b.value));
  const currentMean = mean(both.map(([, c]) => c.value));
  const differences = both.map(([b, c]) => c.value - b.value);
  const baselinePassed = both.filter(([b]) => b.passed).length;
  const currentPassed = both.filter(([, c]) => c.passed).length;
  const comparison: CriterionComparison = {
    criterionName: name,
    pairs: n,
    baselineMean,
    currentMean,
    meanDiff: mean(differences),
    baselinePassRate: baselinePassed / n,
    currentPassRate: currentPassed / n,
    baselinePassRateCi: wilsonInterval(baselinePassed, n, settings.confidence),
    currentPassRateCi: wilsonInterval(currentPassed, n, settings.confidence),
    passRateDiff: (currentPassed - baselinePassed) / n,
    verdict: 'insufficient_data',
  };
  if (n < settings.minPairs) return { ...comparison, reason: `${n} paired cases, fewer than the ${settings.minPairs} required` };
  // Seed per criterion name, so adding or reordering criteria leaves every other interval unchanged.
  const ci = bootstrapMeanCi(differences, { confidence: settings.confidence, samples: settings.bootstrapSamples, seed: (settings.seed ^ hashString(name)) >>> 0 });
  const { verdict, reason } = decideVerdict(ci, settings);
  return { ...comparison, meanDiffCi: ci, verdict, reason };
}

/**
 * Verdict from the bootstrap interval [lo, hi] of the mean difference (current - baseline):
 * regressed when hi < -margin (the whole interval lies below the tolerated drop; with margin 0, below 0),
 * improved when lo > 0, unchanged otherwise (the interval admits no change or a drop within the margin).
 */
export function decideVerdict(ci: readonly [number, number], settings: Pick<Settings, 'margin' | 'confidence'>): { verdict: ComparisonVerdict; reason: string } {
  const [lo, hi] = ci;
  const level = `${Math.round(settings.confidence * 1000) / 10}%`;
  if (hi < -settings.margin) return { verdict: 'regressed', reason: `the ${level} interval's upper bound ${hi.toFixed(3)} is below -${settings.margin}` };
  if (lo > 0) return { verdict: 'improved', reason: `the ${level} interval's lower bound ${lo.toFixed(3)} is above 0` };
  return { verdict: 'unchanged', reason: `the ${level} interval [${lo.toFixed(3)}, ${hi.toFixed(3)}] admits no change beyond the margin` };
}
