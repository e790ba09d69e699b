import { describe, expect, it } from 'vitest';
import { runDemo } from '../../examples/agent-with-evaluations.ts';
import { DEMO_QUESTIONS } from '../../examples/demo/questions.ts';

function meanOf(results: Awaited<ReturnType<typeof runDemo>>, rule: string): number {
  const scores = results.filter((r) => r.metadata.rule === rule).map((r) => r.overallScore ?? 0);
  return scores.reduce((a, b) => a + b, 0) / scores.length;
}

describe('demo agent', () => {
  it('evaluates every agent run and tool call, and scores drop when the model degrades', async () => {
    delete process.env.OPENAI_API_KEY;
    const baseline = await runDemo({ mode: 'baseline', rounds: 1, exportOtlp: false, quiet: true });
    const finalAnswers = baseline.filter((r) => r.metadata.rule === 'final-answer');
    expect(finalAnswers).toHaveLength(DEMO_QUESTIONS.length);
    expect(baseline.filter((r) => r.metadata.rule === 'tool-result')).toHaveLength(DEMO_QUESTIONS.filter((q) => q.tool).length);
    for (const result of finalAnswers) {
      expect(result.inputSnapshot.source?.operation).toBe('invoke_agent');
      expect(result.results.find((r) => r.criterionName === 'UsedExpectedTool')?.passed).toBe(true);
      expect(result.results.find((r) => r.criterionName === 'KeywordCoverage')?.normalizedScore).toBe(1);
    }
    const degraded = await runDemo({ mode: 'degraded', rounds: 1, exportOtlp: false, quiet: true });
    expect(meanOf(baseline, 'final-answer')).toBeGreaterThan(0.9);
    expect(meanOf(degraded, 'final-answer')).toBeLessThan(0.6);
    const toxic = degraded.filter((r) => r.results.some((x) => x.criterionName === 'NotToxic' && x.passed === false));
    expect(toxic.length).toBeGreaterThan(0);
  });
});
