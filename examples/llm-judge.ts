/**
 * Judge an agent's answer with an LLM: a rubric (the creative profile's weights), a reference-based
 * correctness template, failure analysis, and semantic similarity of embeddings. With OPENAI_API_KEY set
 * it calls gpt-4o-mini and text-embedding-3-small; otherwise it runs against the `otel-evals/testing`
 * mock models (a judge that answers like a reviewer would, letter-frequency embeddings), so it always runs.
 *
 *   npm run example:judge
 *   OPENAI_API_KEY=sk-... npm run example:judge
 */
import { llmJudge, nlpAccuracy, runEvaluation, type EvaluationInput } from '../src/index.ts';
import { mockEmbeddingModel, mockJudgeModel } from '../src/testing/index.ts';

const input: EvaluationInput = {
  prompt: 'Summarize Q4 2025 sales for the board in three bullet points. Data: total 1.5M USD, growth 12.5%, top product: Product A.',
  response: '- Q4 sales reached 1.5M USD.\n- Growth was 21% over Q3.\n- Product A led sales.\nQuestions: cfo@example.com',
  groundTruth: 'Q4 2025 sales: 1.5M USD, 12.5% growth, Product A was the top product.',
  criteria: [],
};

/** The mock judge (otel-evals/testing) scores like a careful reviewer would: the growth figure is wrong. */
function mockJudge() {
  return mockJudgeModel({
    score: (criterion) => (criterion === 'accuracy' || criterion === 'correctness' ? { reasoning: 'States 21% growth; the data says 12.5%.', score: 2 } : { reasoning: 'Clear, complete and professional.', score: 4 }),
    failureAnalysis: () => ({
      rootCause: 'The growth figure was not taken from the data given (21% instead of 12.5%).',
      recommendations: ['Quote figures from the input data verbatim.', 'Add a check step that compares numbers with the source.'],
    }),
    usage: { inputTokens: 420, outputTokens: 60 },
  });
}

/** Letter frequencies as embeddings: enough to tell similar texts from different ones. */
const letterFrequencies = (text: string): number[] => Array.from({ length: 26 }, (_, i) => [...text.toLowerCase()].filter((c) => c.charCodeAt(0) === 97 + i).length);

const real = Boolean(process.env.OPENAI_API_KEY);
const judgeModel = real ? 'openai:gpt-4o-mini' : mockJudge();
const embeddingModel = real ? 'openai:text-embedding-3-small' : mockEmbeddingModel({ embed: letterFrequencies });

const result = await runEvaluation(input, {
  evaluatorConfigs: [
    llmJudge({ model: judgeModel, template: 'creative', failureAnalysis: true }),
    llmJudge({ model: judgeModel, template: 'correctness' }),
    nlpAccuracy({ model: embeddingModel, threshold: 0.8 }),
  ],
  evaluatorTimeoutMillis: 120_000,
});

console.log(`judge: ${real ? 'OpenAI gpt-4o-mini' : 'mock (set OPENAI_API_KEY for a real model)'}`);
for (const r of result.results) {
  const usage = r.metadata?.usage as { inputTokens: number; outputTokens: number } | undefined;
  console.log(`${r.criterionName.padEnd(20)} ${String(r.score).padEnd(6)} ${(r.label ?? '').padEnd(7)} ${usage ? `${usage.inputTokens}+${usage.outputTokens} tokens` : ''}`);
  console.log(`  ${(r.error ?? r.reasoning ?? '').replaceAll('\n', '\n  ')}`);
}
console.log(`overall ${result.overallScore?.toFixed(3)} passed=${String(result.passed)}`);
console.log(`redactions before the judge: ${JSON.stringify(result.results[0]?.metadata?.redactions ?? {})}`);
