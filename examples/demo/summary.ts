/** Collects the processor's results and prints them as a per-span summary. */
import type { AggregatedEvaluationResult, EvaluationStorageProvider } from '../../src/index.ts';

/** A storage provider that keeps results in memory for the summary. */
export class SummaryCollector implements EvaluationStorageProvider {
  readonly results: AggregatedEvaluationResult[] = [];

  async saveResult(result: AggregatedEvaluationResult): Promise<void> {
    this.results.push(result);
  }
}

function formatScore(score: unknown, normalized: number | null | undefined): string {
  if (typeof normalized === 'number') return normalized.toFixed(2);
  if (score === null || score === undefined) return '-';
  return String(score);
}

/** Prints one block per evaluated span: its rule, span name and each criterion's score and label. */
export function printSummary(results: readonly AggregatedEvaluationResult[], write: (line: string) => void = console.log): void {
  write(`\nEvaluated ${results.length} span(s):`);
  for (const result of results) {
    const source = result.inputSnapshot.source;
    const rule = typeof result.metadata.rule === 'string' ? result.metadata.rule : 'rule';
    const overall = result.overallScore === undefined ? '-' : result.overallScore.toFixed(2);
    write(`\n  [${rule}] ${source?.spanName ?? '(span)'}  trace ${source?.traceId?.slice(0, 8) ?? '?'}  overall ${overall}`);
    for (const r of result.results) {
      const label = r.label ?? (r.passed === undefined ? '' : r.passed ? 'pass' : 'fail');
      write(`    ${r.criterionName.padEnd(18)} ${formatScore(r.score, r.normalizedScore).padStart(6)}  ${label.padEnd(8)} ${(r.error ?? r.reasoning ?? '').slice(0, 70)}`);
    }
  }
}
