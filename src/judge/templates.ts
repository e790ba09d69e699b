/**
 * Built-in judge prompt templates, kept as data. A template is the trusted instruction text with
 * `{{variables}}`; each variable becomes a delimited data section when rendered (see render.ts).
 * `criteria` are the template's default criteria, used when neither the options nor the input give any.
 */
import type { EvaluationCriteria } from '../core/types.ts';

/** A judge prompt template. */
export interface JudgeTemplate {
  /** Template id (`correctness`, `helpfulness`, ...). */
  name: string;
  /** One line on what it judges. */
  description: string;
  /** The task, in the judge's instructions: what to look at and how to score. */
  instructions: string;
  /** The user message: trusted text with `{{variable}}` placeholders for data sections. */
  body: string;
  /** Default criteria when none are configured. */
  criteria?: readonly EvaluationCriteria[];
  /** Variables that must have a value, or the evaluation is skipped (for reference-based templates). */
  requires?: readonly string[];
}

const GENERIC_BODY = `User prompt:
{{prompt}}

Agent response to evaluate:
{{response}}`;

const REFERENCE_BODY = `${GENERIC_BODY}

Reference answer:
{{groundTruth}}`;

/** Every built-in template by name. */
export const JUDGE_TEMPLATES: Readonly<Record<string, JudgeTemplate>> = {
  default: {
    name: 'default',
    description: 'Scores the response against the configured criteria; uses the reference answer when there is one.',
    instructions: 'Evaluate the agent response against each criterion below. Use the reference answer, when one is given, as the expected content.',
    body: `${GENERIC_BODY}

Reference answer (may be empty):
{{groundTruth}}`,
  },
  correctness: {
    name: 'correctness',
    description: 'Reference-based: is the response factually consistent with the reference answer?',
    instructions: 'Judge whether the agent response is correct: it must agree with the reference answer on every fact that matters to the user prompt. Missing key facts or contradicting the reference lowers the score; extra correct detail does not.',
    body: REFERENCE_BODY,
    requires: ['groundTruth'],
    criteria: [{ name: 'correctness', description: 'The response agrees with the reference answer on every fact that matters.', scale: 'likert5', threshold: 0.75 }],
  },
  helpfulness: {
    name: 'helpfulness',
    description: 'Reference-free: does the response help the user with what they asked?',
    instructions: 'Judge how helpful the agent response is to the user: it addresses the actual request, is actionable and complete, and does not pad or deflect.',
    body: GENERIC_BODY,
    criteria: [{ name: 'helpfulness', description: 'The response addresses the request completely and usefully.', scale: 'likert5', threshold: 0.75 }],
  },
  relevance: {
    name: 'relevance',
    description: 'Reference-free: does the response stay on the topic of the prompt?',
    instructions: 'Judge how relevant the agent response is to the user prompt: everything in it should bear on what was asked.',
    body: GENERIC_BODY,
    criteria: [{ name: 'relevance', description: 'Everything in the response bears on the user prompt.', scale: 'likert5', threshold: 0.75 }],
  },
  faithfulness: {
    name: 'faithfulness',
    description: 'Grounding: is every claim of the response supported by the given context?',
    instructions: 'Judge whether the agent response is faithful to the context: every factual claim must be supported by the context documents. Unsupported or contradicting claims lower the score; saying that the context does not contain the answer is faithful.',
    body: `${GENERIC_BODY}

Context the agent was given:
{{context.documents}}`,
    requires: ['context.documents'],
    criteria: [{ name: 'faithfulness', description: 'Every factual claim is supported by the context.', scale: 'likert5', threshold: 0.75 }],
  },
  tool_selection: {
    name: 'tool_selection',
    description: 'Agent runs: were the right tools called, with sensible arguments, in a sensible order?',
    instructions: 'Judge the tool use of the agent: whether the tools it called were the right ones for the request, with correct arguments, without needless or missing calls, and whether the final response uses the tool results.',
    body: `${GENERIC_BODY}

Conversation, including tool calls and results:
{{messageHistory}}

Tool calls made:
{{toolCalls}}`,
    criteria: [{ name: 'tool_selection', description: 'The right tools were called with correct arguments and their results were used.', scale: 'likert5', threshold: 0.75 }],
  },
  creative: {
    name: 'creative',
    description: 'The creative rubric: completeness 30%, coherence 25%, professionalism 25%, accuracy 20%; passing threshold 0.7.',
    instructions: 'Evaluate the creative work the agent produced against the rubric. Read the user prompt and any context data for what was requested.',
    body: `${GENERIC_BODY}

Context data provided with the request (may be empty):
{{context}}`,
    criteria: [
      { name: 'completeness', description: 'All requested elements are present.', scale: { min: 1, max: 5 }, weight: 0.3, threshold: 0.7 },
      { name: 'coherence', description: 'Logical flow and structure.', scale: { min: 1, max: 5 }, weight: 0.25, threshold: 0.7 },
      { name: 'professionalism', description: 'Appropriate style and tone.', scale: { min: 1, max: 5 }, weight: 0.25, threshold: 0.7 },
      { name: 'accuracy', description: 'Factual correctness, including any numbers from the request.', scale: { min: 1, max: 5 }, weight: 0.2, threshold: 0.7 },
    ],
  },
};

/** Names of the built-in templates. */
export const JUDGE_TEMPLATE_NAMES: readonly string[] = Object.keys(JUDGE_TEMPLATES);

/** The built-in template of that name, or undefined. */
export function getJudgeTemplate(name: string): JudgeTemplate | undefined {
  return Object.hasOwn(JUDGE_TEMPLATES, name) ? JUDGE_TEMPLATES[name] : undefined;
}
