/**
 * Profiles and their default strategies (tests.json v2): deterministic -> exact_match or json_schema,
 * structured -> json_schema, flexible -> semantic_sim with a threshold, creative -> llm_judge with the
 * four-criterion rubric, enterprise -> hybrid or custom. When a profile's default has nothing to compare
 * against, the strategy follows from what the case does expect.
 */
import type { CaseExpectation, EvalCase, Profile, Rubric, Strategy } from '../format/model.ts';

/** The creative profile's rubric: completeness 30%, coherence 25%, professionalism 25%, accuracy 20%; passing 0.7. */
export const CREATIVE_RUBRIC: Rubric = {
  criteria: [
    { name: 'completeness', description: 'All requested elements present', weight: 0.3, scale: { min: 1, max: 5 } },
    { name: 'coherence', description: 'Logical flow and structure', weight: 0.25, scale: { min: 1, max: 5 } },
    { name: 'professionalism', description: 'Appropriate style and tone', weight: 0.25, scale: { min: 1, max: 5 } },
    { name: 'accuracy', description: 'Factual correctness', weight: 0.2, scale: { min: 1, max: 5 } },
  ],
  passingThreshold: 0.7,
};

/** Default semantic similarity threshold of the flexible profile (0.7 to 0.85 suits most summaries). */
export const DEFAULT_SEMANTIC_THRESHOLD = 0.8;

/** The strategy implied by what a case expects, most specific first. */
export function inferStrategy(expected: CaseExpectation): Strategy | undefined {
  if (expected.customScript !== undefined) return 'custom';
  if (expected.rubric !== undefined) return 'llm_judge';
  if (expected.jsonSchema !== undefined) return 'json_schema';
  if (expected.patterns !== undefined) return 'regex_match';
  if (expected.semanticThreshold !== undefined && expected.output !== undefined) return 'semantic_sim';
  if (expected.output !== undefined) return 'exact_match';
  return undefined;
}

/** The strategy a case is evaluated with: its own, else its profile's default, else what it expects. */
export function defaultStrategy(profile: Profile, evalCase: Pick<EvalCase, 'strategy' | 'expected' | 'weights'>): Strategy | undefined {
  if (evalCase.strategy) return evalCase.strategy;
  const { expected } = evalCase;
  switch (profile) {
    case 'deterministic':
      return expected.output !== undefined ? 'exact_match' : expected.jsonSchema !== undefined ? 'json_schema' : inferStrategy(expected);
    case 'structured':
      return expected.jsonSchema !== undefined ? 'json_schema' : inferStrategy(expected);
    case 'flexible':
      return expected.output !== undefined ? 'semantic_sim' : inferStrategy(expected);
    case 'creative':
      return 'llm_judge';
    case 'enterprise':
      return expected.customScript !== undefined ? 'custom' : evalCase.weights ? 'hybrid' : inferStrategy(expected);
  }
}
