/**
 * Writes the generated dashboards and alert rules into the repository: `npm run grafana:generate`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from './generate.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
for (const [path, content] of Object.entries(generatedFiles())) {
  const target = resolve(root, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, content);
  console.log(`wrote ${path}`);
}
