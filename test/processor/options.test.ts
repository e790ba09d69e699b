import { describe, expect, it } from 'vitest';
import { InvalidEvaluatorConfigError } from '../../src/core/errors.ts';
import { EvaluatingSpanProcessor } from '../../src/processor/evaluating-span-processor.ts';
import type { EvaluatingSpanProcessorOptions } from '../../src/processor/types.ts';

const criteria = [{ name: 'x', description: 'x', scale: 'binary' }];

function construct(options: unknown): InvalidEvaluatorConfigError {
  try {
    new EvaluatingSpanProcessor(options as EvaluatingSpanProcessorOptions);
  } catch (error) {
    if (InvalidEvaluatorConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the constructor to throw');
}

describe('processor options validation', () => {
  it('accepts valid options, RegExps, predicates and Evaluator objects', async () => {
    const processor = new EvaluatingSpanProcessor({
      rules: [{
        name: 'ok',
        match: { spanName: /^chat/, attributes: { 'app.tenant': (value) => value === 'acme' }, role: ['llm', 'agent'] },
        sample: 0.5,
        criteria,
        evaluators: [{ type: 'regex_match', criterionName: 'x', patterns: ['Paris'] }],
        groundTruth: () => 'Paris',
      }],
      maxQueueSize: 10,
      traceBuffer: { maxTraces: 5 },
      emit: { metrics: false },
    });
    await processor.shutdown();
  });

  it('throws one InvalidEvaluatorConfigError listing every problem with its key path', () => {
    const error = construct({
      rules: [
        { name: 'a', criteria, evaluators: [{ type: 'exact_match', criterionName: 'x' }, { type: 'regex_match', criterionName: 'x', patterns: ['('] }] },
        { name: '', match: { operation: 42, role: 'robot' }, sample: -1, criteria, evaluators: [] },
      ],
      concurrency: 0,
      inlineBudgetMicros: -5,
      emit: { events: 'yes' },
      evaluateUnsampled: 'no',
      tracerProvider: {},
      unknownOption: true,
    });
    const paths = error.issues.map((issue) => issue.path);
    expect(paths.some((path) => path.startsWith('rules[0].evaluators[1].patterns'))).toBe(true);
    expect(paths).toEqual(expect.arrayContaining([
      'rules[1].name',
      'rules[1].match.operation',
      'rules[1].match.role',
      'rules[1].sample',
      'rules[1].evaluators',
      'concurrency',
      'inlineBudgetMicros',
      'emit.events',
      'evaluateUnsampled',
      'tracerProvider',
      'unknownOption',
    ]));
    expect(error.issues.find((issue) => issue.path === 'tracerProvider')?.fix).toMatch(/TracerProvider/);
    expect(error.message).toMatch(/^Invalid EvaluatingSpanProcessor options/);
  });

  it('requires rules', () => {
    expect(construct({ rules: [] }).issues[0]).toMatchObject({ path: 'rules', message: 'needs at least one rule' });
    expect(construct(undefined).issues[0]!.path).toBe('');
  });
});
