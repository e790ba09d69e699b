/**
 * The structured verdict a judge must return, built per set of criteria: for each criterion an object
 * with `reasoning` first and `score` second (so the model reasons before it scores), the score bounded
 * by the criterion's scale in the schema itself.
 */
import { z } from 'zod';
import type { EvaluationCriteria } from '../core/types.ts';

/** A criterion as the judge sees it: the contract's criterion plus per-score descriptions. */
export interface JudgeCriterion extends EvaluationCriteria {
  /** What each score means, e.g. `{ 1: 'missing', 5: 'complete' }` (rubric `scale.descriptions`). */
  scoreDescriptions?: Record<string, string>;
}

/** What a score may be: a bounded number, or one of a set of labels. */
export type ScoreSpec = { kind: 'number'; min: number; max: number; integer: boolean } | { kind: 'label'; labels: string[] };

/** The score a criterion's scale allows. */
export function scoreSpecFor(criterion: Pick<EvaluationCriteria, 'scale' | 'labelScores'>): ScoreSpec {
  const { scale } = criterion;
  if (typeof scale === 'object') return { kind: 'number', min: scale.min, max: scale.max, integer: Number.isInteger(scale.min) && Number.isInteger(scale.max) };
  switch (scale) {
    case 'binary':
    case 'pass/fail':
      return { kind: 'number', min: 0, max: 1, integer: true };
    case 'likert5':
      return { kind: 'number', min: 1, max: 5, integer: true };
    case 'numeric':
      return { kind: 'number', min: 0, max: 1, integer: false };
    default: {
      const labels = Object.keys(criterion.labelScores ?? {});
      return labels.length > 0 ? { kind: 'label', labels } : { kind: 'number', min: 0, max: 1, integer: false };
    }
  }
}

/** A human description of a score spec, for the judge's instructions. */
export function describeScoreSpec(spec: ScoreSpec): string {
  if (spec.kind === 'label') return `one of: ${spec.labels.map((label) => JSON.stringify(label)).join(', ')}`;
  if (spec.min === 0 && spec.max === 1 && spec.integer) return '0 (no) or 1 (yes)';
  return `${spec.integer ? 'an integer' : 'a number'} from ${spec.min} to ${spec.max}`;
}

function scoreSchema(spec: ScoreSpec): z.ZodType<number | string> {
  if (spec.kind === 'label') return z.enum(spec.labels as [string, ...string[]]);
  const base = spec.integer ? z.number().int() : z.number();
  return base.min(spec.min).max(spec.max);
}

/** One criterion's verdict. */
export interface CriterionVerdict {
  reasoning: string;
  score: number | string;
}

/** The whole verdict: one entry per criterion name, plus optional overall feedback. */
export interface JudgeVerdict {
  scores: Record<string, CriterionVerdict>;
  overallFeedback?: string;
}

const schemas = new Map<string, z.ZodType<JudgeVerdict>>();

/**
 * The zod schema of the verdict for these criteria (one required entry per criterion), memoized per
 * criteria set so a rule's schema is built (and turned into JSON Schema by the AI SDK) once.
 */
export function verdictSchema(criteria: readonly JudgeCriterion[], options: { overallFeedback?: boolean } = {}): z.ZodType<JudgeVerdict> {
  const key = JSON.stringify([criteria.map((c) => [c.name, c.scale, c.labelScores]), options.overallFeedback === true]);
  let schema = schemas.get(key);
  if (!schema) {
    schema = buildVerdictSchema(criteria, options);
    if (schemas.size >= 256) schemas.clear();
    schemas.set(key, schema);
  }
  return schema;
}

function buildVerdictSchema(criteria: readonly JudgeCriterion[], options: { overallFeedback?: boolean }): z.ZodType<JudgeVerdict> {
  const entries: Record<string, z.ZodType<CriterionVerdict>> = {};
  for (const criterion of criteria) {
    entries[criterion.name] = z.strictObject({
      reasoning: z.string().describe(`Brief reasoning for "${criterion.name}", citing evidence, written before the score.`),
      score: scoreSchema(scoreSpecFor(criterion)).describe(`Score for "${criterion.name}": ${describeScoreSpec(scoreSpecFor(criterion))}.`),
    });
  }
  const shape: Record<string, z.ZodType> = { scores: z.strictObject(entries) };
  if (options.overallFeedback) shape.overallFeedback = z.string().describe('Overall feedback on the response.');
  return z.strictObject(shape) as unknown as z.ZodType<JudgeVerdict>;
}

/** Schema of the failure analysis call. */
export const failureAnalysisSchema = z.strictObject({
  analyses: z.array(
    z.strictObject({
      criterion: z.string(),
      rootCause: z.string().describe('The most likely root cause of the low score.'),
      recommendations: z.array(z.string()).describe('Concrete changes to the agent that would fix it.'),
    }),
  ),
});

/** A failure analysis as returned by the judge. */
export type FailureAnalysisVerdict = z.output<typeof failureAnalysisSchema>;
