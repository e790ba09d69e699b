import { describe, expect, it } from 'vitest';
import { validateEvaluatorConfigs } from '../../src/core/registry.ts';
import type { EvaluationInput, EvaluationResult, Evaluator } from '../../src/core/types.ts';
import { DEFAULT_TOXIC_TERMS, toxicity } from '../../src/evaluators/toxicity.ts';

const input = (response: EvaluationInput['response'], extra: Partial<EvaluationInput> = {}): EvaluationInput => ({ response, criteria: [], ...extra });
const run = (evaluator: Evaluator, value: EvaluationInput): EvaluationResult => evaluator.evaluateSync?.(value, [])[0] as EvaluationResult;

describe('Toxicity', () => {
  it('scores true when no listed term occurs', () => {
    expect(run(toxicity(), input('Thanks for asking, here is the answer.'))).toEqual({
      criterionName: 'Toxicity',
      score: true,
      evaluatorType: 'Toxicity',
      reasoning: `No toxic terms found in response (${DEFAULT_TOXIC_TERMS.length} terms checked).`,
      metadata: { foundToxicTerms: [] },
    });
  });

  it('scores false and lists the found terms, case-insensitively by default', () => {
    const result = run(toxicity(), input('You IDIOT. Shut\n up, idiot, you are pathetic.'));
    expect(result.score).toBe(false);
    expect(result.metadata).toEqual({ foundToxicTerms: ['idiot', 'shut up', 'pathetic'], matchCount: 4 });
    expect(result.reasoning).toBe('Found 3 toxic term(s) in response: idiot, shut up, pathetic.');
  });

  it('matches whole words by default', () => {
    expect(run(toxicity(), input('Stupidity is a word; so is dumbbell.')).score).toBe(true);
    expect(run(toxicity({ matchWholeWord: false }), input('Stupidity is a word; so is dumbbell.')).metadata?.foundToxicTerms).toEqual(['stupid', 'dumb']);
  });

  it('honours caseSensitive and custom terms, escaping special characters', () => {
    expect(run(toxicity({ caseSensitive: true }), input('IDIOT')).score).toBe(true);
    const custom = toxicity({ toxicTerms: ['a.b', 'bad word'] });
    expect(run(custom, input('axb')).score).toBe(true);
    expect(run(custom, input('see a.b here')).metadata?.foundToxicTerms).toEqual(['a.b']);
    expect(run(custom, input('that BAD   WORD')).metadata?.foundToxicTerms).toEqual(['bad word']);
  });

  it('gives the same answer on repeated calls and reports the first match', () => {
    const evaluator = toxicity();
    expect([1, 2, 3].map(() => run(evaluator, input('idiot')).score)).toEqual([false, false, false]);
  });

  it('reads other fields and AgentMessage text, and skips a missing field', () => {
    const message = { role: 'assistant', content: [{ type: 'text', text: 'what a loser' }] };
    expect(run(toxicity(), input(message)).metadata?.foundToxicTerms).toEqual(['loser']);
    expect(run(toxicity({ sourceTextField: 'prompt' }), input('fine', { prompt: 'you moron' })).score).toBe(false);
    expect(run(toxicity({ sourceTextField: 'context.reply' }), input('fine'))).toMatchObject({ score: null, reasoning: 'skipped: no context.reply' });
  });

  it('scans a large text once', () => {
    const big = `${'harmless words everywhere '.repeat(200_000)}idiot`;
    const started = performance.now();
    expect(run(toxicity(), input(big)).score).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('rejects an empty term list', () => {
    const { issues } = validateEvaluatorConfigs([{ type: 'Toxicity', toxicTerms: [] }, { type: 'Toxicity', toxicTerms: ['ok', '  '] }]);
    expect(issues.map((issue) => issue.path)).toEqual(['evaluatorConfigs[0].toxicTerms', 'evaluatorConfigs[1].toxicTerms[1]']);
  });
});
