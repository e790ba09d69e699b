/**
 * Baseline regression comparison of offline runs; loaded on demand by the CLI (`--baseline`).
 */
export { compareRuns, decideVerdict, OVERALL_CRITERION } from './compare-runs.ts';
export type { CompareOptions } from './compare-runs.ts';
export { bootstrapMeanCi, mean, quantileSorted } from './bootstrap.ts';
export type { BootstrapOptions } from './bootstrap.ts';
export { normalQuantile, wilsonInterval } from './wilson.ts';
export { mulberry32, hashString } from './prng.ts';
export type { Random } from './prng.ts';
