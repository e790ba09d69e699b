import { describe, expect, it } from 'vitest';
import { renderTable } from '../../../src/dataset/report/table.ts';
import { displayWidth } from '../../../src/dataset/report/text-layout.ts';
import { sampleReport } from './sample-report.ts';

/** Lines of the case table that follows the header line starting with `STATUS`. */
function caseTable(text: string, index: number): string[] {
  const lines = text.split('\n');
  const starts = lines.flatMap((line, i) => (line.trim().startsWith('STATUS') ? [i] : []));
  const start = starts[index]!;
  const end = lines.findIndex((line, i) => i > start && line.trim() === '');
  return lines.slice(start, end);
}

describe('renderTable', () => {
  it('prints a header, one row per case, dimensions, comparison and totals', () => {
    const text = renderTable(sampleReport());
    expect(text.split('\n')[0]).toBe('Run run-2026-11-21  examples/suites/calculator.json  succeeded  2.35 s  agent 1.4.2');
    expect(text).toContain('Suite calculator (deterministic)  PASS  4 cases  3 passed  pass rate 75.0%  avg score 0.850');
    expect(caseTable(text, 0)).toHaveLength(5);
    expect(text).toMatch(/near +tc-004 case tc-004 +0\.700 +120 ms +accuracy 0\.000 < 0\.75: expected 4/);
    expect(text).toMatch(/ERROR +sum-002 Crashing case +– +900 ms +error: target timed out/);
    expect(text).toMatch(/correctness +deterministic +0\.6 +0\.900 +0\.750 +75\.0% +MISSED/);
    expect(text).toMatch(/accuracy +40 +0\.900 +0\.750 +-0\.150 +\[-0\.240, -0\.070\] +90\.0% → 75\.0% +regressed/);
    expect(text).toContain('REGRESSED');
    expect(text.trimEnd().split('\n').at(-1)).toBe('Total  6 cases  3 passed  2 failed  1 error  0 skipped  pass rate 50.0%  avg score 0.720  FAILED  2.35 s');
  });

  it('aligns columns: every cell of a column starts at the same display column', () => {
    for (const hostile of [false, true]) {
      const rows = caseTable(renderTable(sampleReport({ hostile })), 0);
      const header = rows[0]!;
      const timeEnd = displayWidth(header.slice(0, header.indexOf('TIME') + 4));
      const scoreEnd = displayWidth(header.slice(0, header.indexOf('SCORE') + 5));
      for (const row of rows.slice(1)) {
        const time = /\d+ ms/.exec(row)!;
        expect(displayWidth(row.slice(0, time.index + time[0].length))).toBe(timeEnd);
        const score = /(\d\.\d{3}|–)(?= +\d+ ms)/.exec(row)!;
        expect(displayWidth(row.slice(0, score.index + score[0].length))).toBe(scoreEnd);
      }
    }
  });

  it('colours only when asked', () => {
    expect(renderTable(sampleReport())).not.toContain('\u001b[');
    const coloured = renderTable(sampleReport(), { color: true });
    expect(coloured).toContain('\u001b[31mFAIL\u001b[39m');
    expect(coloured).toContain('\u001b[32mpass\u001b[39m');
  });

  it('strips terminal control characters from user text and keeps rows on one line', () => {
    for (const color of [false, true]) {
      const text = renderTable(sampleReport({ hostile: true }), { color });
      expect(text).not.toContain('\u001b[31mred');
      expect(text).not.toContain('\u0001');
      expect(text).toContain('日本語');
      // eslint-disable-next-line no-control-regex
      expect(caseTable(text.replace(/\u001b\[\d+m/g, ''), 1)).toHaveLength(3);
    }
  });

  it('lists only the cases that did not pass in a large suite', () => {
    const report = sampleReport();
    const text = renderTable(report, { maxCaseRows: 3 });
    const rows = caseTable(text, 0);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/near +tc-004/);
    expect(rows[2]).toBe('  … 3 passed cases not listed (every case: --format html or json)');
    expect(caseTable(text, 1)).toHaveLength(3);
    expect(caseTable(renderTable(report), 0)).toHaveLength(5);
  });
});
