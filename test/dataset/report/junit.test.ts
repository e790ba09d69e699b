import { describe, expect, it } from 'vitest';
import { renderJunit } from '../../../src/dataset/report/junit.ts';
import { HOSTILE, sampleReport } from './sample-report.ts';
import { findAll, parseXml } from './xml-check.ts';

describe('renderJunit', () => {
  it('writes one testsuite per suite and one testcase per case with counts and times in seconds', () => {
    const root = parseXml(renderJunit(sampleReport()));
    expect(root.name).toBe('testsuites');
    expect(root.attributes).toMatchObject({ tests: '6', failures: '2', errors: '1', skipped: '0', time: '2.350' });
    const suites = findAll(root, 'testsuite');
    expect(suites.map((suite) => suite.attributes.name)).toEqual(['calculator', 'summaries']);
    expect(suites[0]?.attributes).toMatchObject({ tests: '4', failures: '1', errors: '0', time: '0.480' });
    const cases = findAll(root, 'testcase');
    expect(cases).toHaveLength(6);
    expect(cases[0]?.attributes).toEqual({ name: 'tc-001 case tc-001', classname: 'calculator', time: '0.120' });
    expect(cases[0]?.children.map((child) => child.name)).toEqual(['properties']);
  });

  it('lists the failing criteria with score, threshold and reasoning in a failure', () => {
    const cases = findAll(parseXml(renderJunit(sampleReport())), 'testcase');
    const failure = findAll(cases[4]!, 'failure')[0]!;
    expect(failure.attributes.type).toBe('evaluation');
    expect(failure.attributes.message).toContain('accuracy 0.000 < 0.75: expected "4", got "5"');
    expect(failure.attributes.message).toContain('format 0.200 < 0.5');
    expect(failure.text).toContain('weighted score 0.200 (threshold 0.75)');
    expect(failure.text).toContain('accuracy (exact_match): score false, normalized 0.000, threshold 0.75');
    expect(failure.text).toContain('reasoning: expected "4", got "5"');
    expect(findAll(cases[4]!, 'system-out')[0]?.text).toContain('output:\n5');
  });

  it('writes errors as <error> and skipped cases as <skipped>', () => {
    const report = sampleReport();
    report.suites[1]!.cases.push({ id: 'later', input: 'x', status: 'skipped', passed: false, durationMs: 0, attempts: 0, scores: [], error: 'failFast stopped the run' });
    const cases = findAll(parseXml(renderJunit(report)), 'testcase');
    const error = findAll(cases[5]!, 'error')[0]!;
    expect(error.attributes.message).toBe('error: target timed out');
    expect(error.text).toBe('target timed out');
    expect(findAll(cases[5]!, 'failure')).toHaveLength(0);
    expect(findAll(cases[6]!, 'skipped')[0]?.attributes.message).toBe('failFast stopped the run');
  });

  it('stays valid XML with hostile strings and keeps them as text', () => {
    const xml = renderJunit(sampleReport({ hostile: true }));
    const root = parseXml(xml);
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain('<img');
    expect(xml).not.toContain('\u001b');
    const hostileCase = findAll(root, 'testcase')[2]!;
    // Characters XML cannot carry (ESC, U+0001) are dropped, a lone surrogate becomes U+FFFD; the rest survives intact.
    // eslint-disable-next-line no-control-regex
    const expected = `tc-003 Hostile name ${HOSTILE}`.replace(/[\u0001\u001b]/g, '').replace('\uD800', '\uFFFD');
    expect(hostileCase.attributes.name).toBe(expected);
    expect(findAll(root, 'testsuite')[1]?.attributes.name).toContain('</script><script>alert("x")</script>');
    expect(findAll(root, 'failure')[0]?.attributes.message).toContain('"quotes"');
  });
});
