import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { PROMETHEUS_DATASOURCE_UID } from '../../grafana/src/grafana-alerting.ts';

const root = resolve(import.meta.dirname, '../..');
const readYaml = (path: string): any => parse(readFileSync(resolve(root, path), 'utf8'));

describe('Grafana provisioning and the compose stack', () => {
  it('provisions Prometheus, Tempo and Loki with the uids the alert rules and links use', () => {
    const { datasources } = readYaml('grafana/provisioning/datasources/otel-evals.yaml');
    expect(datasources.map((d: { type: string; uid: string }) => `${d.type}:${d.uid}`)).toEqual([
      `prometheus:${PROMETHEUS_DATASOURCE_UID}`,
      'tempo:otel-evals-tempo',
      'loki:otel-evals-loki',
    ]);
    const loki = datasources.find((d: { type: string }) => d.type === 'loki');
    expect(loki.jsonData.derivedFields[0].url).toBe('$${__value.raw}');
  });

  it('loads the dashboards from the path the compose file mounts them at', () => {
    const { providers } = readYaml('grafana/provisioning/dashboards/otel-evals.yaml');
    const compose = readYaml('grafana/compose/compose.yaml');
    const mounts: string[] = compose.services.grafana.volumes;
    expect(mounts).toContain(`../dashboards:${providers[0].options.path}:ro`);
  });

  it('mounts only paths that exist in the repository, and publishes ports on loopback only', () => {
    const composeDir = resolve(root, 'grafana/compose');
    const compose = readYaml('grafana/compose/compose.yaml');
    for (const [name, service] of Object.entries<any>(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const source = String(volume).split(':')[0]!;
        if (source.startsWith('.')) expect(existsSync(resolve(composeDir, source)), `${name}: ${source}`).toBe(true);
      }
      for (const port of service.ports ?? []) expect(String(port), name).toMatch(/^127\.0\.0\.1:/);
    }
    expect(compose.services.otelcol.command).toEqual(['--config=/etc/otel-evals/otelcol.yaml']);
    expect(existsSync(resolve(dirname(resolve(composeDir, '../../collector-config/otelcol.yaml'))))).toBe(true);
  });

  it('scrapes the collector with honor_labels and loads the generated rule files', () => {
    const prometheus = readYaml('grafana/compose/prometheus.yaml');
    expect(prometheus.scrape_configs[0].honor_labels).toBe(true);
    expect(prometheus.rule_files).toEqual(['/etc/prometheus/rules/*.rules.yaml']);
    expect(existsSync(resolve(root, 'grafana/alerts/otel-evals.rules.yaml'))).toBe(true);
  });
});
