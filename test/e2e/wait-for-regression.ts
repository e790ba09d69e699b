/**
 * End-to-end check 6: the score-regression alert, loaded into the running Prometheus with short windows
 * (write-test-rules.ts), stays silent while the demo's baseline runs and fires once the degraded model
 * takes over.
 *
 *   PROMETHEUS_URL=... tsx test/e2e/wait-for-regression.ts silent         # now: expression empty, no alert
 *   PROMETHEUS_URL=... tsx test/e2e/wait-for-regression.ts fires <secs>   # within secs: expression true, alert firing
 */
import { instantQuery, loadedRules, sleep } from './prometheus-api.ts';

const ALERT = 'EvaluationScoreRegression';

async function regressionExpr(): Promise<string> {
  const rule = (await loadedRules()).find((r) => r.name === ALERT) as { query?: string; health: string; lastError?: string } | undefined;
  if (!rule?.query) throw new Error(`${ALERT} is not loaded in Prometheus`);
  if (rule.health === 'err') throw new Error(`${ALERT} fails to evaluate: ${rule.lastError ?? ''}`);
  return rule.query;
}

async function firing(): Promise<string[]> {
  const alerts = await instantQuery(`ALERTS{alertname="${ALERT}", alertstate="firing"}`);
  return alerts.map((a) => a.metric.gen_ai_evaluation_name ?? '?');
}

const [mode, seconds] = process.argv.slice(2);
const expr = await regressionExpr();
if (mode === 'silent') {
  const result = await instantQuery(expr);
  const alerts = await firing();
  if (result.length > 0 || alerts.length > 0) {
    console.error(`FAIL 6: ${ALERT} is true on the stable baseline: ${JSON.stringify(result.map((s) => s.metric))}`);
    process.exit(1);
  }
  console.log(`ok 6a: ${ALERT} is silent on the stable baseline`);
} else if (mode === 'fires') {
  const deadline = Date.now() + Number(seconds ?? 120) * 1000;
  for (;;) {
    const result = await instantQuery(expr);
    const alerts = await firing();
    if (result.length > 0 && alerts.length > 0) {
      const drops = result.map((s) => `${s.metric.gen_ai_evaluation_name ?? '?'}=${Number(s.value[1]).toFixed(2)}`);
      console.log(`ok 6b: ${ALERT} fires after the switch to the degraded model (mean score now ${drops.join(', ')}; firing: ${alerts.sort().join(', ')})`);
      break;
    }
    if (Date.now() > deadline) {
      console.error(`FAIL 6: ${ALERT} did not fire within ${seconds ?? 120}s of the switch to the degraded model`);
      process.exit(1);
    }
    await sleep(2000);
  }
} else {
  throw new Error('usage: wait-for-regression.ts silent | fires <seconds>');
}
