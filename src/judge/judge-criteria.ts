/**
 * Which criteria one judge call scores, and with which template: the options' criteria, else the
 * rubric's, else the named input criteria, else the template's defaults, else every criterion given.
 */
import type { EvaluationCriteria } from '../core/types.ts';
import type { ParsedLLMJudgeOptions } from './judge-options.ts';
import { getJudgeTemplate, JUDGE_TEMPLATES, type JudgeTemplate } from './templates.ts';
import type { JudgeCriterion } from './verdict-schema.ts';

/** The template a judge uses: a built-in by name, or a custom body (with optional custom instructions). */
export function resolveTemplate(options: Pick<ParsedLLMJudgeOptions, 'template' | 'instructions'>): JudgeTemplate {
  const builtin = getJudgeTemplate(options.template);
  const base = builtin ?? { ...(JUDGE_TEMPLATES.default as JudgeTemplate), name: 'custom', body: options.template, requires: [] };
  return options.instructions ? { ...base, instructions: options.instructions } : base;
}

/** Rubric criteria as judge criteria: the rubric's passing threshold becomes each criterion's threshold. */
export function rubricCriteria(rubric: NonNullable<ParsedLLMJudgeOptions['rubric']>): JudgeCriterion[] {
  return rubric.criteria.map((criterion) => ({
    name: criterion.name,
    description: criterion.description,
    scale: { min: criterion.scale.min, max: criterion.scale.max },
    weight: criterion.weight,
    threshold: rubric.passingThreshold,
    ...(criterion.scale.descriptions ? { scoreDescriptions: criterion.scale.descriptions } : {}),
  }));
}

/** The criteria the judge owns, known at construction (undefined: it scores the criteria it is given). */
export function ownCriteria(options: ParsedLLMJudgeOptions, template: JudgeTemplate): JudgeCriterion[] | undefined {
  if (options.criteria) return options.criteria as JudgeCriterion[];
  if (options.rubric) return rubricCriteria(options.rubric);
  if (options.criterionNames) return undefined;
  return template.criteria ? template.criteria.map((criterion) => ({ ...criterion })) : undefined;
}

/** The criteria to score for one evaluation. Input criteria of the same name lend their thresholds. */
export function criteriaToScore(own: readonly JudgeCriterion[] | undefined, given: readonly EvaluationCriteria[], names?: readonly string[]): JudgeCriterion[] {
  if (own) {
    const byName = new Map(given.map((criterion) => [criterion.name, criterion]));
    return own.map((criterion) => {
      const threshold = byName.get(criterion.name)?.threshold ?? criterion.threshold;
      return threshold === undefined ? { ...criterion } : { ...criterion, threshold };
    });
  }
  const wanted = names ? new Set(names) : undefined;
  return given.filter((criterion) => !wanted || wanted.has(criterion.name)).map((criterion) => ({ ...criterion }));
}
