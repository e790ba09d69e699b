/**
 * The few Prometheus HTTP API calls the end-to-end checks make, against PROMETHEUS_URL.
 */

/** One sample of an instant query result. */
export interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

/** Base URL of the Prometheus under test. */
export const PROMETHEUS_URL = process.env.PROMETHEUS_URL ?? 'http://127.0.0.1:9090';

/** Runs an instant query; throws with Prometheus' error message when the query is invalid. */
export async function instantQuery(expr: string): Promise<Sample[]> {
  const response = await fetch(`${PROMETHEUS_URL}/api/v1/query`, { method: 'POST', body: new URLSearchParams({ query: expr }) });
  const body = (await response.json()) as { status: string; error?: string; data?: { resultType: string; result: Sample[] } };
  if (body.status !== 'success') throw new Error(`${body.error ?? response.statusText}\n  in: ${expr}`);
  return body.data?.resultType === 'vector' ? body.data.result : [];
}

/** A loaded rule as /api/v1/rules reports it. */
export interface LoadedRule {
  name: string;
  health: string;
  lastError?: string;
  state?: string;
}

/** Every rule Prometheus has loaded, with its health. */
export async function loadedRules(): Promise<LoadedRule[]> {
  const response = await fetch(`${PROMETHEUS_URL}/api/v1/rules`);
  const body = (await response.json()) as { data: { groups: { rules: LoadedRule[] }[] } };
  return body.data.groups.flatMap((g) => g.rules);
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
