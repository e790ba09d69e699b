/** Progress output: a redrawn bar on a TTY, periodic plain lines otherwise. */
import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/cli/progress.ts';
import type { RunProgress } from '../../src/dataset/runner/run-suite-file.ts';

function stream(isTTY: boolean): NodeJS.WriteStream & { text: string } {
  const fake = { isTTY, text: '', write(chunk: string) { fake.text += chunk; return true; } };
  return fake as unknown as NodeJS.WriteStream & { text: string };
}

const at = (done: number, total = 100): RunProgress => ({ runId: 'r', suite: 's', done, total, resumed: 0, passed: done, failed: 0, errors: 0, skipped: 0 });

describe('progress', () => {
  it('draws a bar in place on a TTY', () => {
    const out = stream(true);
    const progress = createProgress(out);
    progress.update(at(50));
    progress.update(at(100));
    progress.done();
    expect(out.text).toBe(`\r[${'#'.repeat(15)}${'.'.repeat(15)}] 50/100 passed 50, failed 0, errors 0 \r[${'#'.repeat(30)}] 100/100 passed 100, failed 0, errors 0 \n`);
  });

  it('prints a plain line every 10% of the cases or every 5 seconds otherwise', () => {
    const out = stream(false);
    let now = 0;
    const progress = createProgress(out, () => now);
    for (let done = 1; done <= 25; done += 1) progress.update(at(done));
    now = 6000;
    progress.update(at(26));
    progress.done();
    expect(out.text.trim().split('\n')).toEqual([
      'progress 10/100 (10%): passed 10, failed 0, errors 0',
      'progress 20/100 (20%): passed 20, failed 0, errors 0',
      'progress 26/100 (26%): passed 26, failed 0, errors 0',
    ]);
  });
});
