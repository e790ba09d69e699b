/**
 * The reference pages stay true: every processor option, rule field and match condition is in
 * docs/processor.md with the default the code applies, and every name in semconv.ts is in
 * docs/attributes.md.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { processorOptionsSchema, resolveProcessorOptions, ruleMatchSchema } from '../../src/processor/options.ts';
import * as semconv from '../../src/semconv.ts';

const docs = resolve(import.meta.dirname, '../../docs');
const processorDoc = readFileSync(resolve(docs, 'processor.md'), 'utf8');
const attributesDoc = readFileSync(resolve(docs, 'attributes.md'), 'utf8');

/** Rows of the first table after `heading`: first cell's backticked names -> second cell. */
function table(heading: string): Map<string, string> {
  const start = processorDoc.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const rows = new Map<string, string>();
  let seen = false;
  for (const line of processorDoc.slice(start + heading.length + 2).split('\n')) {
    if (!line.startsWith('|')) {
      if (seen) break;
      continue;
    }
    seen = true;
    const [first = '', second = ''] = line.split('|').slice(1).map((cell) => cell.trim());
    for (const [, name] of first.matchAll(/`([^`]+)`/g)) rows.set(name!, second);
  }
  return rows;
}

function keysOf(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape);
}

function nested(key: 'traceBuffer' | 'emit'): string[] {
  return keysOf(processorOptionsSchema.shape[key].unwrap()).map((inner) => `${key}.${inner}`);
}

describe('docs/processor.md', () => {
  const options = table('## Options');

  it('lists every option', () => {
    const expected = [...keysOf(processorOptionsSchema).filter((key) => key !== 'traceBuffer' && key !== 'emit'), ...nested('traceBuffer'), ...nested('emit')];
    expect(expected.filter((key) => !options.has(key))).toEqual([]);
  });

  it('states the defaults the code applies', () => {
    const resolved = resolveProcessorOptions({ rules: [{ name: 'r', criteria: [{ name: 'x', description: 'x', scale: 'binary' }], evaluators: [{ type: 'exact_match', criterionName: 'x' }] }] });
    const documented = (key: string): unknown => {
      const cell = (options.get(key) ?? '').replace(/`/g, '');
      if (cell === 'true' || cell === 'false') return cell === 'true';
      if (cell.startsWith('all ')) return cell === 'all true';
      return Number(cell.replace(/,/g, ''));
    };
    const flat: Record<string, unknown> = {
      maxQueueSize: resolved.maxQueueSize,
      concurrency: resolved.concurrency,
      evaluationTimeoutMillis: resolved.evaluationTimeoutMillis,
      shutdownTimeoutMillis: resolved.shutdownTimeoutMillis,
      inlineBudgetMicros: resolved.inlineBudgetMicros,
      evaluateUnsampled: resolved.evaluateUnsampled,
      ...Object.fromEntries(Object.entries(resolved.traceBuffer).map(([key, value]) => [`traceBuffer.${key}`, value])),
      ...Object.fromEntries(Object.entries(resolved.emit).map(([key, value]) => [`emit.${key}`, value])),
    };
    for (const [key, value] of Object.entries(flat)) expect(documented(key), key).toBe(value);
  });

  it('lists every rule field and match condition', () => {
    const rule = processorOptionsSchema.shape.rules.element;
    const rules = table('### Rules');
    expect(keysOf(rule).filter((key) => !rules.has(key))).toEqual([]);
    const matching = table('## Matching');
    expect(keysOf(ruleMatchSchema).filter((key) => !matching.has(key))).toEqual([]);
  });
});

describe('docs/attributes.md', () => {
  it('names every attribute, event and metric otel-evals writes', () => {
    const names = Object.entries(semconv)
      .filter(([key, value]) => /^(ATTR|METRIC|EVENT)_/.test(key) && typeof value === 'string')
      .map(([, value]) => value as string);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => !attributesDoc.includes(`\`${name}`))).toEqual([]);
  });
});
