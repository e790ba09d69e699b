/**
 * tests.json v2 exactly as the skill evaluation design defines it (version, profile, settings, setup,
 * teardown, testCases, suites), extended with eval sets, suites bound to targets and scorers, weighted dimensions,
 * a target and an agent version. Every object is strict, so a misspelt key is reported with its path.
 */
import { z } from 'zod';
import {
  dimensionSchema,
  evalSetSchema,
  jsonValue,
  profileSchema,
  rubricSchema,
  settingsSchema,
  strategySchema,
  suiteSchema,
  targetSchema,
} from './schema-parts.ts';

/** The input of a v2 test case. */
export const testInputSchema = z.strictObject({
  prompt: z.string(),
  context: z.record(z.string(), jsonValue).optional(),
  variables: z.record(z.string(), z.string()).optional(),
});

/** What a v2 test case expects, per strategy. */
export const testExpectedSchema = z.strictObject({
  output: z.string().optional(),
  patterns: z.array(z.string()).optional(),
  jsonSchema: z.record(z.string(), jsonValue).optional(),
  semanticThreshold: z.number().min(0).max(1).optional(),
  rubric: rubricSchema.optional(),
  customScript: z.string().optional(),
});

/** How a v2 test case is evaluated. */
export const testEvaluationSchema = z.strictObject({
  strategy: strategySchema,
  timeout: z.number().int().positive().optional(),
  retryCount: z.number().int().min(0).optional(),
  weights: z.record(z.string(), z.number().min(0)).optional(),
});

/** Metadata of a v2 test case (tags and category accepted here too, as the format's enterprise example does). */
export const testMetadataSchema = z.strictObject({
  difficulty: z.enum(['easy', 'medium', 'hard']).optional(),
  priority: z.enum(['critical', 'high', 'medium', 'low']).optional(),
  author: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  tags: z.array(z.string()).optional(),
  category: z.string().optional(),
  traceId: z.string().optional(),
});

/** One v2 test case. `evaluation` may be left out: the profile's default strategy applies. */
export const testCaseV2Schema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  category: z.string().optional(),
  input: testInputSchema,
  expected: testExpectedSchema.default({}),
  evaluation: testEvaluationSchema.optional(),
  metadata: testMetadataSchema.optional(),
});

/** A whole v2 file. */
export const evalConfigV2Schema = z.strictObject({
  version: z.literal('2.0', { error: 'must be "2.0"' }),
  profile: profileSchema,
  /** Display name (defaults to the file name). */
  name: z.string().optional(),
  settings: settingsSchema.default({}),
  setup: z.strictObject({
    script: z.string().optional(),
    environment: z.record(z.string(), z.string()).optional(),
    dependencies: z.array(z.string()).optional(),
  }).optional(),
  teardown: z.strictObject({ script: z.string().optional() }).optional(),
  testCases: z.array(testCaseV2Schema).default([]),
  suites: z.array(suiteSchema).optional(),
  evalSets: z.array(evalSetSchema).optional(),
  dimensions: z.array(dimensionSchema).optional(),
  target: targetSchema.optional(),
  agentVersion: z.string().optional(),
  /** Modules imported before the run (they may register evaluators, mock judges or embedding models). */
  modules: z.array(z.string()).optional(),
});

/** A v2 test case as written. */
export type TestCaseV2 = z.output<typeof testCaseV2Schema>;
/** A v2 file after validation. */
export type EvalConfigV2 = z.output<typeof evalConfigV2Schema>;
/** A v2 file as written. */
export type EvalConfigV2Input = z.input<typeof evalConfigV2Schema>;
