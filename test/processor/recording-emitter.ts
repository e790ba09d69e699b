/** An Emitter that records every call, for processor tests. */
import type { Emitter, EvaluationRecord } from '../../src/emit/types.ts';

/** What the recording emitter saw. */
export interface RecordingEmitter extends Emitter {
  records: EvaluationRecord[];
  dropped: Record<string, number>;
  skipped: Record<string, number>;
  errors: Record<string, number>;
  queueSize(): number | undefined;
}

/** A fresh recording emitter. */
export function recordingEmitter(): RecordingEmitter {
  let observe: (() => number) | undefined;
  const bump = (map: Record<string, number>, key: string, count = 1) => {
    map[key] = (map[key] ?? 0) + count;
  };
  const emitter: RecordingEmitter = {
    records: [],
    dropped: {},
    skipped: {},
    errors: {},
    queueSize: () => observe?.(),
    emit: (record) => emitter.records.push(record),
    recordDropped: (reason, count) => bump(emitter.dropped, reason, count),
    recordSkipped: (reason, count) => bump(emitter.skipped, reason, count),
    recordError: (type, count) => bump(emitter.errors, type, count),
    observeQueueSize: (callback) => {
      observe = callback;
    },
  };
  return emitter;
}
