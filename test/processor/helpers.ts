/** Shared set-up of the processor tests: an SDK 3.x TracerProvider with our processor first. */
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { defineSyncEvaluator } from '../../src/core/define-evaluator.ts';
import type { EvaluationInput, Evaluator } from '../../src/core/types.ts';
import { EvaluatingSpanProcessor } from '../../src/processor/evaluating-span-processor.ts';
import type { EvaluatingSpanProcessorOptions } from '../../src/processor/types.ts';
import { recordingEmitter } from './recording-emitter.ts';
import type { RecordingEmitter } from './recording-emitter.ts';

/** A synchronous evaluator: 1 when the response mentions `word`. */
export function mentions(word: string, criterionName = `mentions_${word.toLowerCase()}`): Evaluator {
  return defineSyncEvaluator({
    type: 'Mentions',
    criterionNames: [criterionName],
    evaluateSync: (input: EvaluationInput) => [{
      criterionName,
      score: String(input.response).includes(word) ? 1 : 0,
      evaluatorType: 'Mentions',
    }],
  });
}

/** The criterion `mentions` reports on. */
export function mentionsCriterion(word: string) {
  return { name: `mentions_${word.toLowerCase()}`, description: `mentions ${word}`, scale: 'binary' as const };
}

/** A provider with the processor first and an in-memory exporter after it. */
export function setup(options: Omit<EvaluatingSpanProcessorOptions, 'emitter'>, withOnEnding = true): {
  processor: EvaluatingSpanProcessor;
  provider: TracerProvider;
  exporter: InMemorySpanExporter;
  emitter: RecordingEmitter;
  spans: (name: string | RegExp) => ReadableSpan[];
} {
  const emitter = recordingEmitter();
  const processor = new EvaluatingSpanProcessor({ ...options, emitter });
  const exporter = new InMemorySpanExporter();
  const registered = withOnEnding
    ? processor
    : {
        onStart: processor.onStart.bind(processor),
        onEnd: processor.onEnd.bind(processor),
        forceFlush: () => processor.forceFlush(),
        shutdown: () => processor.shutdown(),
      };
  const provider = new TracerProvider({ spanProcessors: [registered, new SimpleSpanProcessor({ exporter })] });
  const spans = (name: string | RegExp) =>
    exporter.getFinishedSpans().filter((span) => (typeof name === 'string' ? span.name === name : name.test(span.name)));
  return { processor, provider, exporter, emitter, spans };
}
