import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_OPTIONS, prometheusRules } from '../../grafana/src/alert-rules.ts';
import { grafanaAlertProvisioning } from '../../grafana/src/grafana-alerting.ts';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;

describe('alert rules', () => {
  it('has the five alerts, each with a summary and description', () => {
    const rules = prometheusRules().groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).toEqual(['EvaluationScoreRegression', 'EvaluationPassRateLow', 'EvaluationErrorsRising', 'EvaluationSpansDropped', 'EvaluationsStopped']);
    for (const rule of rules) expect(Object.keys(rule.annotations)).toEqual(['summary', 'description']);
  });

  it('puts the configured windows and margin into the regression expression', () => {
    const options = { ...DEFAULT_ALERT_OPTIONS, regression: { window: '30s', baselineWindow: '5m', margin: 0.25, minResults: 3, minBaselineResults: 7, for: '0s' } };
    const [regression] = prometheusRules(options).groups[0]!.rules;
    expect(regression!.expr).toContain('increase(gen_ai_evaluation_score_sum[5m] offset 30s)');
    expect(regression!.expr).toContain(') - 0.25');
    expect(regression!.expr).toMatch(/>= 3\n/);
    expect(regression!.expr).toMatch(/>= 7$/);
  });

  it('provisions the same rules for Grafana alerting, firing on any returned series', () => {
    const file = grafanaAlertProvisioning() as { groups: { rules: { title: string; condition: string; data: { refId: string; model: Record<string, unknown> }[]; annotations: Record<string, string> }[] }[] };
    const rules = file.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.title)).toEqual(prometheusRules().groups.flatMap((g) => g.rules).map((r) => r.alert));
    for (const rule of rules) {
      expect(rule.data.map((d) => d.refId)).toEqual(['A', 'B']);
      expect(rule.condition).toBe('B');
      expect(JSON.stringify(rule.annotations)).not.toMatch(/\$value\b(?!s)/);
    }
  });

  it.skipIf(!hasPromtool)('passes promtool check rules and the promtool unit tests', async () => {
    // Rejects (failing the test with promtool's output) when a check or a unit test fails.
    await run('promtool', ['check', 'rules', 'grafana/alerts/otel-evals.rules.yaml'], { cwd: root });
    await run('promtool', ['test', 'rules', 'grafana/alerts/tests/otel-evals.test.yaml'], { cwd: root });
  }, 180_000);
});
