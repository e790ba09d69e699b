/**
 * Writes the alert rules with windows short enough for the end-to-end test's live regression: the last
 * 20 seconds against the 3 minutes before, evaluated every 2 seconds, firing at once.
 *
 *   tsx test/e2e/write-test-rules.ts <output.yaml>
 */
import { writeFileSync } from 'node:fs';
import type { AlertOptions } from '../../grafana/src/alert-rules.ts';
import { DEFAULT_ALERT_OPTIONS } from '../../grafana/src/alert-rules.ts';
import { prometheusRulesYaml } from '../../grafana/src/generate.ts';

/** Alert options of the end-to-end test. */
export const E2E_ALERT_OPTIONS: AlertOptions = {
  ...DEFAULT_ALERT_OPTIONS,
  regression: { window: '20s', baselineWindow: '3m', margin: 0.1, minResults: 5, minBaselineResults: 20, for: '0s' },
  interval: '2s',
};

const out = process.argv[2];
if (!out) throw new Error('usage: write-test-rules.ts <output.yaml>');
writeFileSync(out, prometheusRulesYaml(E2E_ALERT_OPTIONS));
