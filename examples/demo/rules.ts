/**
 * What the demo evaluates: the agent's final answers (invoke_agent spans, with the whole run's tool
 * calls), every tool execution, and a sample of the raw LLM calls.
 */
import type { EvaluationInput, Evaluator } from '../../src/index.ts';
import { findQuestion } from './questions.ts';

/** A custom evaluator: the agent called the tool the question needs (read from the groundTruth). */
export const usedExpectedTool: Evaluator = {
  type: 'UsedExpectedTool',
  criterionNames: ['UsedExpectedTool'],
  evaluateSync(input) {
    const expected = (input.groundTruth as { tool?: string } | undefined)?.tool;
    const called = (input.toolCalls ?? []).map((call) => call.name);
    if (!expected) {
      return [{ criterionName: 'UsedExpectedTool', score: called.length === 0, evaluatorType: 'UsedExpectedTool', reasoning: called.length === 0 ? 'No tool needed and none called.' : `No tool needed, but called ${called.join(', ')}.` }];
    }
    const ok = called.includes(expected);
    return [{ criterionName: 'UsedExpectedTool', score: ok, evaluatorType: 'UsedExpectedTool', reasoning: ok ? `Called ${expected}.` : `Expected ${expected}, called [${called.join(', ')}].` }];
  },
  async evaluate(input, criteria) {
    return this.evaluateSync!(input, criteria);
  },
};

/** The groundTruth of an agent run: the expected tool and keywords of the question asked. */
export function demoGroundTruth(input: EvaluationInput): unknown {
  const question = findQuestion(input.prompt);
  return question ? { tool: question.tool?.name, keywords: question.keywords } : undefined;
}

/** The processor rules of the demo. */
export function demoRules() {
  return [
    {
      name: 'final-answer',
      match: { operation: 'invoke_agent' },
      groundTruth: demoGroundTruth,
      criteria: [
        { name: 'AnswerNotEmpty', description: 'The agent answered', scale: 'binary' },
        { name: 'Concise', description: 'At most 300 characters', scale: 'binary' },
        { name: 'KeywordCoverage', description: 'Mentions the facts a correct answer contains', scale: 'numeric', threshold: 0.6 },
        { name: 'NotToxic', description: 'No insults or hostile words', scale: 'binary' },
        { name: 'Tone', description: 'Friendly tone (0.5 is neutral)', scale: 'numeric', threshold: 0.5 },
        { name: 'UsedExpectedTool', description: 'Called the tool the question needs', scale: 'binary' },
      ],
      evaluators: [
        {
          type: 'RuleBased',
          rules: [
            { criterionName: 'AnswerNotEmpty', type: 'length', min: 1 },
            { criterionName: 'Concise', type: 'length', max: 300 },
          ],
        },
        { type: 'KeywordCoverage', criterionName: 'KeywordCoverage', keywordsSourceField: 'groundTruth.keywords', matchWholeWord: false },
        { type: 'Toxicity', criterionName: 'NotToxic' },
        { type: 'Sentiment', criterionName: 'Tone' },
        usedExpectedTool,
      ],
    },
    {
      name: 'tool-result',
      match: { operation: 'execute_tool' },
      criteria: [{ name: 'ToolResultIsJson', description: 'The tool returned JSON', scale: 'binary' }],
      evaluators: [{ type: 'RuleBased', rules: [{ criterionName: 'ToolResultIsJson', type: 'json_parse' }] }],
    },
    {
      name: 'llm-call',
      match: { operation: 'chat' },
      sample: 0.5,
      criteria: [{ name: 'NotToxic', description: 'No insults or hostile words', scale: 'binary' }],
      evaluators: [{ type: 'Toxicity', criterionName: 'NotToxic' }],
    },
  ];
}
