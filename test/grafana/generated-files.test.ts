import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../grafana/src/generate.ts';

const root = resolve(import.meta.dirname, '../..');

describe('generated Grafana files', () => {
  for (const [path, content] of Object.entries(generatedFiles())) {
    it(`${path} matches its generator (run npm run grafana:generate)`, () => {
      expect(readFileSync(resolve(root, path), 'utf8')).toBe(content);
    });
  }
});
