/**
 * The suite file as the runner sees it, whichever way it was written (tests.json v1 or v2, eval sets and
 * suites): cases with their payload and expectations, suites that bind cases, scorers and a target.
 */
import type { z } from 'zod';
import type { EvaluationCriteria, EvaluationResult } from '../../core/types.ts';
import type { dimensionSchema, rubricSchema, scorerSchema, settingsSchema, targetSchema } from './schema-parts.ts';

/** The seven v2 strategies. */
export type Strategy = 'exact_match' | 'regex_match' | 'json_schema' | 'semantic_sim' | 'llm_judge' | 'hybrid' | 'custom';
/** The five v2 profiles. */
export type Profile = 'deterministic' | 'structured' | 'flexible' | 'creative' | 'enterprise';
/** Where outputs come from. */
export type TargetSpec = z.output<typeof targetSchema>;
/** The LLM judge rubric (EvalRubric). */
export type Rubric = z.output<typeof rubricSchema>;
/** A suite scorer: a registered evaluator type with its settings. */
export type ScorerSpec = z.output<typeof scorerSchema>;
/** A weighted dimension with a target score. */
export type DimensionSpec = z.output<typeof dimensionSchema>;
/** File-wide settings. */
export type SuiteSettings = z.output<typeof settingsSchema>;

/** What a case expects, per strategy. */
export interface CaseExpectation {
  output?: unknown;
  patterns?: string[];
  jsonSchema?: Record<string, unknown>;
  semanticThreshold?: number;
  rubric?: Rubric;
  customScript?: string;
}

/** One case, normalized from a v2 test case or an eval set case. */
export interface EvalCase {
  id: string;
  name?: string;
  description?: string;
  tags: string[];
  category?: string;
  /** The payload handed to the target. */
  input: unknown;
  /** The prompt text evaluators see. */
  prompt?: string;
  /** Context evaluators see (v2 `input.context`). */
  context?: Record<string, unknown>;
  expected: CaseExpectation;
  /** Explicit strategy; absent means the profile's default (unless suite scorers or dimensions apply). */
  strategy?: Strategy;
  timeoutMs?: number;
  retryCount?: number;
  weights?: Record<string, number>;
  metadata?: Record<string, unknown>;
  /** Key path of the case in its file, for messages (`testCases[3]`). */
  path: string;
  /** For a case replayed through the processor's rules: what the rule produced, which scores the case. */
  verdict?: { results: readonly EvaluationResult[]; criteria?: readonly EvaluationCriteria[]; threshold?: number };
}

/** One suite to run: its cases in order and how to score them. */
export interface SuiteSpec {
  name: string;
  cases: EvalCase[];
  scorers?: ScorerSpec[];
  target?: TargetSpec;
  concurrency?: number;
  runInSequence: boolean;
  threshold?: number;
  /** Activation flag: an inactive suite runs only when named with --suite. */
  isActive: boolean;
  /** Key path of the suite in its file. */
  path: string;
}

/** A loaded, validated suite file. */
export interface SuiteFile {
  /** Absolute path of the file. */
  file: string;
  /** Directory fixtures, scripts and targets are resolved against. */
  dir: string;
  /** 1 when the file was a v1 file migrated on load. */
  migratedFrom?: 1;
  name: string;
  profile: Profile;
  settings: SuiteSettings;
  setup?: { script?: string; environment?: Record<string, string>; dependencies?: string[] };
  teardown?: { script?: string };
  target?: TargetSpec;
  agentVersion?: string;
  modules: string[];
  dimensions: DimensionSpec[];
  suites: SuiteSpec[];
}
