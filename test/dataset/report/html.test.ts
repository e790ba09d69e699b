import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../../src/dataset/report/html.ts';
import { HOSTILE, sampleReport } from './sample-report.ts';

/** Text of the element with the given id (its tags removed, entities of our own decoded). */
function textOf(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  expect(start).toBeGreaterThan(0);
  const element = html.slice(start, html.indexOf('</div></div>', start));
  return element.replace(/^[^>]*>/, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

describe('renderHtml', () => {
  it('shows the executive summary numbers', () => {
    const html = renderHtml(sampleReport());
    expect(textOf(html, 'summary-overall')).toBe('Overall FAIL');
    expect(textOf(html, 'summary-cases')).toBe('Cases 6');
    expect(textOf(html, 'summary-pass-rate')).toBe('Pass rate 50.0%');
    expect(textOf(html, 'summary-average-score')).toBe('Avg weighted score 0.720');
    expect(textOf(html, 'summary-duration')).toBe('Duration 2.35 s');
    expect(html).toContain('<li><strong>correctness</strong> (calculator): 0.750 against a target of 0.900</li>');
  });

  it('names each suite threshold when they differ', () => {
    const report = sampleReport();
    expect(renderHtml(report)).toContain('a case passes when its weighted score reaches 0.75.');
    report.suites[1]!.threshold = 0.9;
    expect(renderHtml(report)).toContain("reaches its suite's threshold (calculator 0.75, summaries 0.9).");
  });

  it('has every section, dimension chart bars with target ticks, and a score histogram', () => {
    const html = renderHtml(sampleReport());
    for (const id of ['summary', 'dimensions', 'distribution', 'comparison', 'failures', 'cases']) expect(html).toContain(`<section id="${id}">`);
    const dimensionChart = html.slice(html.indexOf('<section id="dimensions">'), html.indexOf('<section id="distribution">'));
    expect(dimensionChart.match(/<rect class="bar (ok|bad)"/g)).toEqual(['<rect class="bar bad"', '<rect class="bar ok"']);
    expect(dimensionChart.match(/<line class="target"/g)).toHaveLength(2);
    const histogram = html.slice(html.indexOf('<section id="distribution">'), html.indexOf('<section id="comparison">'));
    // Weighted scores 1, 0.9, 0.8, 0.7 and 0.2: bins 0.2–0.3, 0.7–0.8, 0.8–0.9 and 0.9–1.0 (two cases).
    expect(histogram.match(/<title>[\d.]+–[\d.]+: \d+ cases?<\/title>/g)?.filter((t) => !t.includes(': 0 cases'))).toEqual([
      '<title>0.2–0.3: 1 case</title>',
      '<title>0.7–0.8: 1 case</title>',
      '<title>0.8–0.9: 1 case</title>',
      '<title>0.9–1.0: 2 cases</title>',
    ]);
    expect(histogram).toContain('1 near miss');
  });

  it('drills down into every case with input, output, expected and each score with its reasoning', () => {
    const html = renderHtml(sampleReport());
    expect(html.match(/<details id="case-\d+-\d+"( open)?>/g)).toHaveLength(6);
    // Failed and errored cases start opened; passed ones are one click away.
    expect(html.match(/<details id="case-\d+-\d+" open>/g)).toEqual(['<details id="case-0-3" open>', '<details id="case-1-0" open>', '<details id="case-1-1" open>']);
    const failing = html.slice(html.indexOf('<details id="case-1-0" open>'), html.indexOf('<details id="case-1-1" open>'));
    expect(failing).toContain('<pre>{\n  &quot;prompt&quot;: &quot;Calculate sum-001&quot;\n}</pre>');
    expect(failing).toContain('<div class="pair"><div><strong>Output</strong><pre>5</pre></div><div><strong>Expected</strong><pre>4</pre></div></div>');
    expect(failing).toContain('expected &quot;4&quot;, got &quot;5&quot;');
    expect(failing).toMatch(/<td class="num">false<\/td><td class="num">0\.000<\/td><td class="num">0\.75<\/td>/);
  });

  it('shows root cause and recommendations when present, failing criteria otherwise', () => {
    const html = renderHtml(sampleReport());
    const failures = html.slice(html.indexOf('<section id="failures">'), html.indexOf('<section id="cases">'));
    expect(failures).toContain('<strong>Root cause:</strong> Rounded the wrong way');
    expect(failures).toContain('<li>Round half up</li><li>Add a unit test</li>');
    expect(failures).toContain('<strong>accuracy</strong> <span class="muted">exact_match</span>: 0.000 (threshold 0.75)');
    expect(failures).toContain('<a href="#case-1-1">sum-002 Crashing case</a>');
    expect(failures).toContain('<strong>Error:</strong> target timed out');
  });

  it('shows comparison verdicts with intervals', () => {
    const html = renderHtml(sampleReport());
    const comparison = html.slice(html.indexOf('<section id="comparison">'), html.indexOf('<section id="failures">'));
    expect(comparison).toContain('<span class="badge regressed">regression</span>');
    expect(comparison).toContain('<td class="num">-0.150</td><td class="num">[-0.240, -0.070]</td>');
    expect(comparison).toContain('<span class="badge insufficient_data">insufficient data</span>');
    expect(comparison.match(/<circle class="ci /g)).toHaveLength(3);
    expect(renderHtml(sampleReport({ comparison: false }))).not.toContain('<section id="comparison">');
  });

  it('is self-contained: no scripts, no external resources, a CSP forbidding them', () => {
    const html = renderHtml(sampleReport({ hostile: true }));
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
    expect(html).not.toMatch(/<(script|link|img|iframe|object|embed|base)\b|\ssrc="|url\(/i);
    expect(html).not.toMatch(/href="(?!#)/);
  });

  it('escapes hostile strings everywhere they appear', () => {
    const html = renderHtml(sampleReport({ hostile: true }));
    const escaped = '&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(&#39;y&#39;)&quot;&gt; &amp; &quot;quotes&quot; &#39;single&#39;';
    expect(html).toContain(`<span class="case-name">tc-003 Hostile name ${escaped}`);
    expect(html).toContain(`<strong>Root cause:</strong> Rounded the wrong way ${escaped}`);
    expect(html).toContain(`<title>Evaluation report: examples/suites/calculator.json ${escaped}`);
    expect(html.split(escaped).length - 1).toBeGreaterThan(15);
    expect(html).toContain('日本語 🚀 Ünïcödé \uFFFD');
    expect(html).not.toContain('\uD800');
    expect(html).not.toContain('\u0001');
    // The hostile text never appears unescaped, so it cannot close an element or open an attribute.
    expect(html).not.toContain(HOSTILE.slice(0, 20));
    expect(html).not.toContain('onerror="');
  });
});
