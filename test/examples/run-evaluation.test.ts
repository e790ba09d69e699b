import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AggregatedEvaluationResult } from '../../src/core/types.ts';
import { main } from '../../examples/run-evaluation.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'otel-evals-example-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const CRITERIA = [
  'IsConcise', 'MentionsLondon', 'LexicalResponseMatch', 'ResponseKeywordCoverage', 'ResponseSentiment',
  'IsNotToxic', 'UsedSearchToolCorrectly', 'UsedRequiredFinalizeTool', 'ToolCallOrder', 'ToolSelection',
];

describe('examples/run-evaluation.ts', () => {
  it('evaluates the three inputs, prints them and appends them as JSON lines', async () => {
    const lines: string[] = [];
    const filePath = join(dir, 'nested', 'results.jsonl');
    const { results, filePath: written } = await main({ filePath, log: (text) => lines.push(text) });

    expect(written).toBe(filePath);
    expect(results).toHaveLength(3);
    for (const result of results) {
      expect(result.results.map((r) => r.criterionName)).toEqual(CRITERIA);
      expect(result.metadata.errors).toEqual([]);
      expect(result.results.every((r) => r.error === undefined && r.score !== null)).toBe(true);
      expect(result.evaluationConfigSnapshot?.evaluatorTypes).toEqual(['RuleBased', 'LexicalSimilarity', 'KeywordCoverage', 'Sentiment', 'Toxicity', 'ToolUsage']);
      expect(typeof result.overallScore).toBe('number');
    }
    const [good, negative, toxic] = results as [AggregatedEvaluationResult, AggregatedEvaluationResult, AggregatedEvaluationResult];
    expect(good.passed).toBe(true);
    expect(good.results.every((r) => r.passed)).toBe(true);
    expect(good.results.find((r) => r.criterionName === 'UsedSearchToolCorrectly')?.reasoning).toBe("Tool 'search_web' was called 1 time(s). Argument check passed for the first call.");
    expect(negative.results.find((r) => r.criterionName === 'ResponseSentiment')?.passed).toBe(false);
    expect(toxic.results.find((r) => r.criterionName === 'IsNotToxic')?.score).toBe(false);
    expect(toxic.overallScore!).toBeLessThan(good.overallScore!);

    const stored = (await readFile(filePath, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as AggregatedEvaluationResult);
    expect(stored.map((r) => r.sessionId)).toEqual(['example-session-good', 'example-session-negative', 'example-session-toxic']);
    expect(stored[0]?.overallScore).toBe(good.overallScore);

    const printed = lines.join('\n');
    expect(printed).toContain('=== example-session-good: overallScore');
    expect(printed).toContain('Aggregated result of the first input:');
    expect(printed).toContain(`3 results appended to ${filePath}`);
  });
});
