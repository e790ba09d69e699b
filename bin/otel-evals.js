#!/usr/bin/env node
// The otel-evals bin. An installed package runs the compiled CLI (dist/cli/main.js); a source checkout
// without a build runs src/cli/main.ts through tsx, so `npx otel-evals` works right after `npm ci`.
import { existsSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import process from 'node:process';
import { setFlagsFromString } from 'node:v8';

// The V8 settings of a short CLI run (see src/cli/main.ts), set before anything loads so that tsx's
// loader thread in a source checkout gets them too. OTEL_EVALS_V8_DEFAULTS=1 keeps V8's defaults.
if (!process.env.OTEL_EVALS_V8_DEFAULTS) setFlagsFromString('--semi-space-growth-factor=1 --no-opt --no-maglev');

const dist = new URL('../dist/cli/main.js', import.meta.url);
if (existsSync(fileURLToPath(dist))) {
  await import(dist.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/cli/main.ts', import.meta.url).href);
}
