/**
 * A deterministic stand-in for the judge model of the presentation example, registered under the name
 * tests.json uses in settings.judgeModel. It answers the judge's structured-output call the way a
 * careful reviewer would for these decks: it counts slides, checks the input figures appear, and looks
 * for a title and a conclusion. Replace it with a real model by writing e.g.
 * "judgeModel": "openai:gpt-4o-mini" (OPENAI_API_KEY set) and removing "modules".
 */
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { registerSuiteModel } from '../../../src/index.ts';

function text(content: unknown): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((part: { type: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : '')).join('') : '';
}

/** Scores 1..5 per criterion from what the deck (the data section of the prompt) contains. */
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

registerSuiteModel('mock-judge', new MockLanguageModelV4({
  provider: 'mock',
  modelId: 'presentation-reviewer',
  doGenerate: async (options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> => {
    const system = options.prompt.filter((m) => m.role === 'system').map((m) => text(m.content)).join('\n');
    const all = options.prompt.map((m) => text(m.content)).join('\n');
    const criteria = [...system.matchAll(/^- "([^"]+)"/gm)].map((m) => m[1] ?? '');
    const wantsFeedback = JSON.stringify(options.responseFormat ?? {}).includes('overallFeedback');
    const verdict = { scores: Object.fromEntries(criteria.map((name) => [name, review(name, all)])), ...(wantsFeedback ? { overallFeedback: 'Clear deck; figures match the input.' } : {}) };
    return {
      content: [{ type: 'text', text: JSON.stringify(verdict) }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 400, noCache: 400, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 120, text: 120, reasoning: undefined } },
      warnings: [],
    };
  },
}));
