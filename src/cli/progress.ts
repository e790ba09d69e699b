/**
 * Run progress on stderr: a redrawn bar on a TTY; otherwise a plain line every 10% of the cases or
 * every 5 seconds, whichever comes first, so CI logs show movement without flooding.
 */
import type { RunProgress } from '../dataset/runner/run-suite-file.ts';

/** Progress reporter: `update` after each case, `done` at the end. */
export interface ProgressReporter {
  update(progress: RunProgress): void;
  done(): void;
}

function counts(p: RunProgress): string {
  return `passed ${p.passed}, failed ${p.failed}, errors ${p.errors}${p.skipped ? `, skipped ${p.skipped}` : ''}${p.resumed ? ` (${p.resumed} resumed)` : ''}`;
}

/** A progress reporter for the given stream (bar when it is a TTY). */
export function createProgress(stream: NodeJS.WriteStream = process.stderr, now: () => number = Date.now): ProgressReporter {
  const tty = stream.isTTY === true;
  let lastLine = now();
  let lastDone = 0;
  let drawn = false;
  let last: RunProgress | undefined;
  return {
    update(p) {
      last = p;
      if (tty) {
        const width = 30;
        const filled = p.total === 0 ? width : Math.round((p.done / p.total) * width);
        stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.done}/${p.total} ${counts(p)} `);
        drawn = true;
        return;
      }
      const step = Math.max(1, Math.ceil(p.total / 10));
      if (p.done - lastDone >= step || now() - lastLine >= 5000 || p.done === p.total) {
        stream.write(`progress ${p.done}/${p.total} (${p.total ? Math.floor((p.done / p.total) * 100) : 100}%): ${counts(p)}\n`);
        lastDone = p.done;
        lastLine = now();
      }
    },
    done() {
      if (tty && drawn) stream.write('\n');
      else if (!tty && last && lastDone !== last.done) stream.write(`progress ${last.done}/${last.total}: ${counts(last)}\n`);
    },
  };
}
