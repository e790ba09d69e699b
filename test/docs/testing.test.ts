import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll } from 'vitest';

// The example block of docs/testing.md is a test file of its own: it is written out with 'otel-evals'
// and 'otel-evals/testing' pointing at src/, and imported while this file is collected, so its
// describe/it blocks run as part of this file.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const modulePath = join(root, '.cache', 'doc-examples', `testing-${process.pid}.ts`);

const markdown = await readFile(join(root, 'docs', 'testing.md'), 'utf8');
const match = /<!-- tested-example -->\s*```ts\n([\s\S]*?)```/.exec(markdown);
if (!match?.[1]) throw new Error('docs/testing.md has no tested-example block');
const source = match[1]
  .replace(/from 'otel-evals\/testing'/g, `from ${JSON.stringify(join(root, 'src', 'testing', 'index.ts'))}`)
  .replace(/from 'otel-evals'/g, `from ${JSON.stringify(join(root, 'src', 'index.ts'))}`);
await mkdir(dirname(modulePath), { recursive: true });
await writeFile(modulePath, source);
await import(pathToFileURL(modulePath).href);

afterAll(async () => {
  await rm(modulePath, { force: true });
});
