/**
 * A deterministic stand-in for the judge model of the presentation example, registered under the name
 * tests.json uses in settings.judgeModel. It is the `otel-evals/testing` mock judge with a scoring
 * function that reviews these decks the way a careful reviewer would: it counts slides, checks the input
 * figures appear, and looks for a title and a conclusion. Replace it with a real model by writing e.g.
 * "judgeModel": "openai:gpt-4o-mini" (OPENAI_API_KEY set) and removing "modules".
 */
import { registerSuiteModel } from '../../../src/index.ts';
import { mockJudgeModel } from '../../../src/testing/index.ts';

/** Scores 1..5 per criterion from what the judge's prompt (the request and the deck) contains. */
function review(criterion: string, prompt: string): { reasoning: string; score: number } {
  const slides = (prompt.match(/^#+\s*Slide \d+/gim) ?? []).length;
  const requested = Number(/(\d+)-slide/.exec(prompt)?.[1] ?? 5);
  const expectedFigures = /Q4/.test(prompt) ? ['1,500,000', '12.5%', 'Product A', 'Product B', 'Product C'] : ['Product A'];
  const figures = expectedFigures.filter((f) => prompt.includes(f)).length;
  const hasTitle = /Slide 1[^\n]*(title|Q4)/i.test(prompt);
  const hasConclusion = /(conclusion|next steps|summary)/i.test(prompt);
  switch (criterion) {
    case 'structure':
    case 'coherence':
      return { reasoning: `${hasTitle ? 'has' : 'lacks'} a title slide and ${hasConclusion ? 'ends with' : 'lacks'} a conclusion.`, score: 1 + (hasTitle ? 2 : 0) + (hasConclusion ? 2 : 0) };
    case 'data_accuracy':
    case 'accuracy':
      return { reasoning: `${figures} of ${expectedFigures.length} input figures appear.`, score: 1 + Math.round((4 * figures) / expectedFigures.length) };
    case 'completeness':
      return { reasoning: `${slides} slides for ${requested} requested.`, score: Math.max(1, 5 - Math.abs(requested - slides)) };
    default:
      return { reasoning: 'business tone, consistent headings.', score: 4 };
  }
}

registerSuiteModel('mock-judge', mockJudgeModel({
  modelId: 'presentation-reviewer',
  score: review,
  overallFeedback: 'Clear deck; figures match the input.',
  usage: { inputTokens: 400, outputTokens: 120 },
}));
