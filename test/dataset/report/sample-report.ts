/**
 * A RunReport for report tests: two suites, dimensions, passing, failing, near-miss, errored and skipped
 * cases, failure analysis, a comparison, and hostile strings where user text goes.
 */
import type { CaseReport, RunReport } from '../../../src/dataset/report-model.ts';

/** Text that must never become markup, a terminal escape or broken XML, wherever it is rendered. */
export const HOSTILE = `</script><script>alert("x")</script><img src=x onerror="alert('y')"> & "quotes" 'single' | **bold** ]]> \u001b[31mred\u001b[0m \u0001 日本語 🚀 Ünïcödé \uD800`;

/** Headline numbers of {@link sampleReport}. */
export const SAMPLE = {
  cases: 6,
  passed: 3,
  failed: 2,
  errors: 1,
  skipped: 0,
  passRate: '50.0%',
  // Mean of the weighted scores 1, 0.9, 0.8, 0.7, 0.2 (the errored case has none) = 3.6 / 5.
  averageWeightedScore: '0.720',
  duration: '2.35 s',
};

function scored(id: string, weightedScore: number, extra: Partial<CaseReport> = {}): CaseReport {
  const passed = weightedScore >= 0.75;
  return {
    id,
    name: `case ${id}`,
    input: { prompt: `Calculate ${id}` },
    expected: '4',
    output: passed ? '4' : '5',
    status: passed ? 'passed' : 'failed',
    passed,
    weightedScore,
    durationMs: 120,
    attempts: 1,
    scores: [
      { criterionName: 'accuracy', evaluatorType: 'exact_match', score: passed, normalizedScore: passed ? 1 : 0, passed, threshold: 0.75, dimension: 'correctness', reasoning: passed ? 'matches' : 'expected "4", got "5"' },
      { criterionName: 'format', evaluatorType: 'regex_match', score: weightedScore, normalizedScore: weightedScore, passed: weightedScore >= 0.5, threshold: 0.5 },
    ],
    ...extra,
  };
}

/** The sample run; `hostile` puts {@link HOSTILE} into every user-controlled string. */
export function sampleReport(options: { hostile?: boolean; comparison?: boolean } = {}): RunReport {
  const text = (plain: string) => (options.hostile ? `${plain} ${HOSTILE}` : plain);
  const calculator: CaseReport[] = [
    scored('tc-001', 1),
    scored('tc-002', 0.9),
    scored('tc-003', 0.8, { name: text('Hostile name'), output: text('output'), tags: ['edge', text('tag')] }),
    scored('tc-004', 0.7, { nearMiss: true, output: text('five'), failureAnalysis: { rootCause: text('Rounded the wrong way'), recommendations: [text('Round half up'), 'Add a unit test'] } }),
  ];
  calculator[3]!.scores[0]!.reasoning = text('expected 4');
  const summaries: CaseReport[] = [
    scored('sum-001', 0.2),
    { id: 'sum-002', name: text('Crashing case'), input: text('input'), status: 'error', passed: false, durationMs: 900, attempts: 3, error: text('target timed out'), scores: [] },
  ];
  return {
    runId: 'run-2026-11-21',
    status: 'succeeded',
    suiteFile: text('examples/suites/calculator.json'),
    agentVersion: text('1.4.2'),
    startedAt: '2026-11-21T17:00:00.000Z',
    finishedAt: '2026-11-21T17:00:02.350Z',
    durationMs: 2350,
    threshold: 0.75,
    suites: [
      {
        name: 'calculator',
        profile: 'deterministic',
        cases: calculator,
        averageWeightedScore: 0.85,
        successRate: 0.75,
        overallPassed: true,
        dimensions: [
          { name: 'correctness', description: text('Answers are right'), targetScore: 0.9, weight: 0.6, method: 'deterministic', meanScore: 0.75, successRate: 0.75, passed: false },
          { name: 'format', targetScore: 0.5, weight: 0.4, method: 'deterministic', meanScore: 0.85, successRate: 1, passed: true },
        ],
      },
      { name: text('summaries'), profile: 'flexible', cases: summaries, averageWeightedScore: 0.2, successRate: 0, overallPassed: false, dimensions: [] },
    ],
    totals: { cases: 6, passed: 3, failed: 2, errors: 1, skipped: 0 },
    ...(options.comparison === false
      ? {}
      : {
          comparison: {
            baselineRunId: 'run-2026-11-20',
            confidence: 0.95,
            minPairs: 10,
            margin: 0.02,
            regressed: true,
            criteria: [
              { criterionName: 'accuracy', pairs: 40, baselineMean: 0.9, currentMean: 0.75, meanDiff: -0.15, meanDiffCi: [-0.24, -0.07], baselinePassRate: 0.9, currentPassRate: 0.75, baselinePassRateCi: [0.77, 0.96], currentPassRateCi: [0.6, 0.86], passRateDiff: -0.15, verdict: 'regressed', reason: 'upper bound below -0.02' },
              { criterionName: text('format'), pairs: 40, baselineMean: 0.7, currentMean: 0.72, meanDiff: 0.02, meanDiffCi: [-0.01, 0.05], verdict: 'unchanged' },
              { criterionName: 'tone', pairs: 4, verdict: 'insufficient_data' },
            ],
            overall: { criterionName: 'overall', pairs: 40, baselineMean: 0.8, currentMean: 0.72, meanDiff: -0.08, meanDiffCi: [-0.12, -0.03], verdict: 'regressed' },
          },
        }),
  };
}
