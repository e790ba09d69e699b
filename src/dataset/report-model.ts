/**
 * The data model of an offline run as reports and comparisons see it. The offline runner produces it,
 * the run store persists it, and every report format (table, JSON, JUnit, Markdown, HTML) renders it.
 */

/** One criterion score of one case. */
export interface CaseScore {
  criterionName: string;
  evaluatorType: string;
  /** Raw score as the evaluator gave it (`null`: skipped or failed). */
  score: number | boolean | string | null;
  /** Score on 0..1, `null` when not numeric. */
  normalizedScore: number | null;
  passed?: boolean;
  label?: string;
  reasoning?: string;
  error?: string;
  threshold?: number;
  /** Dimension (health-seed criterion) this score belongs to, when the suite declares dimensions. */
  dimension?: string;
}

/** Root cause and recommendations for a failed case (failure analysis). */
export interface FailureAnalysis {
  rootCause: string;
  recommendations: string[];
}

/** Outcome of one case. */
export type CaseStatus = 'passed' | 'failed' | 'error' | 'skipped';

/** One evaluated case. */
export interface CaseReport {
  id: string;
  name?: string;
  category?: string;
  tags?: string[];
  input: unknown;
  expected?: unknown;
  output?: unknown;
  /** Tool calls the agent made, when the target reported them (name, arguments, result). */
  toolCalls?: Array<{ name: string; arguments?: unknown; result?: unknown; id?: string; error?: string }>;
  /** The agent's own reasoning, when the target reported it. */
  agentReasoning?: string;
  status: CaseStatus;
  /** Weighted mean of the case's normalized scores. */
  weightedScore?: number;
  /** Evaluation success threshold the weighted score was held to. */
  threshold?: number;
  /** Share of the suite's dimensions whose target this case met. */
  dimensionSuccessRate?: number;
  passed: boolean;
  /** Failed, but within the near-miss margin of the threshold. */
  nearMiss?: boolean;
  durationMs: number;
  attempts: number;
  /** Target or runtime error, when the case could not be evaluated. */
  error?: string;
  scores: CaseScore[];
  failureAnalysis?: FailureAnalysis;
  /** Trace id of the case's span, to find it in Tempo. */
  traceId?: string;
}

/** A dimension's target against what was achieved. */
export interface DimensionReport {
  name: string;
  description?: string;
  targetScore?: number;
  weight: number;
  method?: 'deterministic' | 'llm_judge' | 'hybrid' | string;
  /** Mean normalized score over the cases that scored it. */
  meanScore?: number;
  /** Share of cases whose score met the target. */
  successRate?: number;
  /** meanScore >= targetScore. */
  passed?: boolean;
}

/** One suite of a run. */
export interface SuiteReport {
  name: string;
  profile?: string;
  cases: CaseReport[];
  /** Mean of the cases' weighted scores. */
  averageWeightedScore?: number;
  /** Share of cases that passed. */
  successRate: number;
  /** Whether the suite met its gate (threshold on averageWeightedScore and every case required). */
  overallPassed: boolean;
  /** Threshold of the suite's overall success (default 0.75). */
  threshold?: number;
  dimensions: DimensionReport[];
}

/** Run lifecycle, as persisted. */
export type RunStatus = 'pending' | 'running' | 'failed' | 'succeeded';

/** Per-criterion verdict of a baseline comparison. */
export type ComparisonVerdict = 'regressed' | 'improved' | 'unchanged' | 'insufficient_data';

/** One criterion compared between a baseline run and the current run, case by case. */
export interface CriterionComparison {
  criterionName: string;
  /** Number of cases scored in both runs. */
  pairs: number;
  baselineMean?: number;
  currentMean?: number;
  /** Mean of (current - baseline) over paired cases. */
  meanDiff?: number;
  /** Paired bootstrap confidence interval of meanDiff. */
  meanDiffCi?: [number, number];
  baselinePassRate?: number;
  currentPassRate?: number;
  /** Wilson score intervals of the pass rates. */
  baselinePassRateCi?: [number, number];
  currentPassRateCi?: [number, number];
  passRateDiff?: number;
  verdict: ComparisonVerdict;
  /** Why the verdict was reached, in one sentence (optional). */
  reason?: string;
}

/** A run compared with a baseline run. */
export interface ComparisonReport {
  baselineRunId: string;
  confidence: number;
  minPairs: number;
  criteria: CriterionComparison[];
  /** Whether any criterion regressed significantly. */
  regressed: boolean;
  /** Tolerated drop of the mean normalized score before a regression counts (optional, default 0). */
  margin?: number;
  /** Bootstrap resamples the intervals were computed with (optional). */
  bootstrapSamples?: number;
  /** Seed of the bootstrap generator, so the intervals can be reproduced (optional). */
  seed?: number;
  /** The cases' weighted scores and pass/fail compared like a criterion (optional). */
  overall?: CriterionComparison;
  /** Cases found in only one of the two runs, left out of every comparison (optional). */
  unpaired?: { baselineOnly: number; currentOnly: number };
}

/** Counts over all cases of a run. */
export interface RunTotals {
  cases: number;
  passed: number;
  failed: number;
  errors: number;
  skipped: number;
}

/** A whole offline run. */
export interface RunReport {
  runId: string;
  status: RunStatus;
  /** The suite file the run came from. */
  suiteFile: string;
  agentVersion?: string;
  startedAt: string;
  finishedAt?: string;
  durationMs: number;
  /** Evaluation success threshold (default 0.75). */
  threshold: number;
  suites: SuiteReport[];
  totals: RunTotals;
  comparison?: ComparisonReport;
}
