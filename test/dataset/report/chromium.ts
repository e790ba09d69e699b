/**
 * Finds Debian's Chromium for the HTML report test, installing it through scripts/ensure-chromium.sh
 * when it is missing, and runs it headless.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ENSURE_SCRIPT = new URL('../../../scripts/ensure-chromium.sh', import.meta.url).pathname;

async function which(name: string): Promise<string | undefined> {
  try {
    const { stdout } = await run('sh', ['-c', `command -v ${name}`]);
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Path of a chromium binary; runs the ensure script when none is on PATH, and throws when that fails. */
export async function ensureChromium(): Promise<string> {
  const found = (await which('chromium')) ?? (await which('chromium-browser'));
  if (found) return found;
  try {
    await run('bash', [ENSURE_SCRIPT], { timeout: 600_000, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`chromium is missing and ${ENSURE_SCRIPT} could not install it: ${String(error)}`, { cause: error });
  }
  const installed = (await which('chromium')) ?? (await which('chromium-browser'));
  if (!installed) throw new Error(`chromium is still missing after ${ENSURE_SCRIPT}`);
  return installed;
}

/** Runs headless chromium with the given extra arguments on a URL, in a throwaway profile; returns stdout. */
export async function headless(chromium: string, args: readonly string[], url: string): Promise<string> {
  const profile = await mkdtemp(join(tmpdir(), 'otel-evals-chromium-'));
  try {
    const { stdout } = await run(
      chromium,
      ['--headless', '--disable-gpu', '--no-sandbox', '--disable-dev-shm-usage', '--no-first-run', '--hide-scrollbars', `--user-data-dir=${profile}`, ...args, url],
      { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
    );
    return stdout;
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}
