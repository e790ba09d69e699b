import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/dataset/report/markdown.ts';
import { sampleReport } from './sample-report.ts';

/** Cells of a Markdown table row, split on pipes that are not backslash-escaped. */
function cells(row: string): string[] {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((cell) => cell.trim());
}

function tableAfter(text: string, heading: string): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|') && line.includes(heading));
  const rows: string[][] = [];
  for (let i = start; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(cells(lines[i]!));
  return rows;
}

describe('renderMarkdown', () => {
  it('starts with a headline and a per-suite summary table', () => {
    const text = renderMarkdown(sampleReport());
    expect(text.split('\n')[0]).toBe('## ❌ Evaluation failed: 3/6 cases passed (50.0%)');
    expect(text).toContain('average weighted score **0.720** (threshold 0.75), 2.35 s.');
    expect(tableAfter(text, 'Suite | Cases')).toEqual([
      ['Suite', 'Cases', 'Passed', 'Failed', 'Errors', 'Skipped', 'Pass rate', 'Avg score', 'Gate'],
      ['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---'],
      ['calculator', '4', '3', '1', '0', '0', '75.0%', '0.850', '✅ pass'],
      ['summaries', '2', '0', '1', '1', '0', '0.0%', '0.200', '❌ fail'],
    ]);
  });

  it('lists failing cases with reasons and the comparison verdicts', () => {
    const text = renderMarkdown(sampleReport());
    const failing = tableAfter(text, 'Suite | Case |');
    expect(failing.slice(2).map((row) => [row[1], row[2]])).toEqual([
      ['tc-004 case tc-004', 'near miss'],
      ['sum-001 case sum-001', 'failed'],
      ['sum-002 Crashing case', 'error'],
    ]);
    expect(failing[3]?.[4]).toBe('accuracy 0.000 &lt; 0.75: expected "4", got "5"; format 0.200 &lt; 0.5');
    const comparison = tableAfter(text, 'Criterion | Pairs');
    expect(comparison.slice(2).map((row) => [row[0], row[7]])).toEqual([
      ['accuracy', '🔴 regressed'],
      ['format', '⚪ unchanged'],
      ['tone', '🟡 insufficient data'],
      ['overall', '🔴 regressed'],
    ]);
    expect(text).toContain('**Regression detected.**');
    expect(renderMarkdown(sampleReport({ comparison: false }))).not.toContain('baseline');
  });

  it('keeps hostile text inert and every table row at its column count', () => {
    const text = renderMarkdown(sampleReport({ hostile: true }));
    expect(text).not.toMatch(/<(script|img|\/script)/);
    expect(text).not.toContain('\u001b');
    expect(text).toContain('&lt;img src=x onerror="alert\\(\'y\'\\)"&gt;');
    expect(text).toContain('\\*\\*bold\\*\\*');
    for (const [heading, width] of [['Suite | Cases', 9], ['Suite | Case |', 5], ['Criterion | Pairs', 8]] as const) {
      for (const row of tableAfter(text, heading)) expect(row).toHaveLength(width);
    }
  });

  it('caps the failing-case list', () => {
    const text = renderMarkdown(sampleReport(), { maxFailures: 1 });
    expect(tableAfter(text, 'Suite | Case |')).toHaveLength(3);
    expect(text).toContain('…and 2 more failing cases.');
  });
});
