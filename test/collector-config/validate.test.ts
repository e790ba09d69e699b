import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const configDir = resolve(root, 'collector-config');
const run = promisify(execFile);

/** The binary collector-config/build-collector.sh caches for the current manifest, if it was built. */
function cachedCollector(): string | undefined {
  const script = readFileSync(join(configDir, 'build-collector.sh'), 'utf8');
  const ocb = /OCB_VERSION="([^"]+)"/.exec(script)?.[1];
  const hash = createHash('sha256')
    .update(readFileSync(join(configDir, 'builder-config.yaml')))
    .update(readFileSync(join(configDir, 'otelcol-go.sum')))
    .update(`ocb=${ocb}\n`)
    .digest('hex')
    .slice(0, 16);
  const cacheRoot = process.env.OTEL_EVALS_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'otel-evals');
  const binary = join(cacheRoot, `otelcol-${hash}`, 'otelcol-evals');
  return existsSync(binary) ? binary : undefined;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return name.endsWith('.yaml') && name !== 'builder-config.yaml' ? [path] : [];
  });
}

const binary = cachedCollector();

// The end-to-end test (npm run test:e2e) builds the collector and always runs these; here they run when
// a build for the current manifest is already cached.
describe.skipIf(!binary)('collector configs', () => {
  for (const config of yamlFiles(configDir)) {
    it(`${relative(root, config)} passes otelcol validate`, async () => {
      await run(binary!, ['validate', '--config', config], { cwd: root });
    }, 30_000);
  }

  it('finds the gateway, derived-metrics and scale-out configs', () => {
    expect(yamlFiles(configDir).map((p) => relative(configDir, p)).sort()).toEqual(['otelcol-derived-metrics.yaml', 'otelcol.yaml', 'scale-out/load-balancer.yaml']);
  });
});
