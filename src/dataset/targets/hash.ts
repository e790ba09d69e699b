/** Content hashes used as default agent versions. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** `sha256:<12 hex>` of a file's content. */
export async function fileVersion(file: string): Promise<string> {
  return `sha256:${createHash('sha256').update(await readFile(file)).digest('hex').slice(0, 12)}`;
}

/** `sha256:<12 hex>` of a string. */
export function textVersion(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
}
