/**
 * The HTML report in a real browser: Debian's headless Chromium loads the file, the summary numbers must
 * be on the rendered page, hostile strings must not become elements, and a screenshot is kept in
 * test-results/ as an artifact. Fails (never skips) when Chromium is missing and cannot be installed.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../../src/dataset/report/html.ts';
import { ensureChromium, headless } from './chromium.ts';
import { SAMPLE, sampleReport } from './sample-report.ts';

const RESULTS = resolve(import.meta.dirname, '../../../test-results');
let chromium = '';

beforeAll(async () => {
  chromium = await ensureChromium();
  await mkdir(RESULTS, { recursive: true });
}, 600_000);

/** Text content of the element with the given id in a serialized DOM. */
function cardText(dom: string, id: string): string {
  const match = new RegExp(`id="${id}"[^>]*>(.*?)</div></div>`, 's').exec(dom);
  expect(match, `element #${id} on the rendered page`).not.toBeNull();
  return match![1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

describe('HTML report in headless Chromium', () => {
  it('shows the summary numbers on the rendered page and keeps a screenshot', async () => {
    const file = join(RESULTS, 'report.html');
    await writeFile(file, renderHtml(sampleReport()));
    const dom = await headless(chromium, ['--dump-dom'], pathToFileURL(file).href);
    expect(cardText(dom, 'summary-overall')).toBe('Overall FAIL');
    expect(cardText(dom, 'summary-cases')).toBe(`Cases ${SAMPLE.cases}`);
    expect(cardText(dom, 'summary-pass-rate')).toBe(`Pass rate ${SAMPLE.passRate}`);
    expect(cardText(dom, 'summary-average-score')).toBe(`Avg weighted score ${SAMPLE.averageWeightedScore}`);
    expect(cardText(dom, 'summary-duration')).toBe(`Duration ${SAMPLE.duration}`);
    expect(dom).toContain(`${SAMPLE.passed} passed, ${SAMPLE.failed} failed, ${SAMPLE.errors} error, ${SAMPLE.skipped} skipped`);
    expect(dom.match(/<details id="case-/g)).toHaveLength(SAMPLE.cases);
    expect(dom.match(/<svg class="chart"/g)?.length).toBeGreaterThanOrEqual(4);

    const screenshot = join(RESULTS, 'report.png');
    await headless(chromium, [`--screenshot=${screenshot}`, '--window-size=1280,4000'], pathToFileURL(file).href);
    const png = await readFile(screenshot);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height as big-endian integers at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 4000]);
    // A blank or unstyled page compresses to a few kilobytes; the rendered report with charts does not.
    expect((await stat(screenshot)).size).toBeGreaterThan(50_000);
  }, 300_000);

  it('turns no hostile string into an element', async () => {
    const file = join(RESULTS, 'report-hostile.html');
    await writeFile(file, renderHtml(sampleReport({ hostile: true })));
    const dom = await headless(chromium, ['--dump-dom'], pathToFileURL(file).href);
    expect(cardText(dom, 'summary-pass-rate')).toBe(`Pass rate ${SAMPLE.passRate}`);
    expect(dom).not.toMatch(/<(script|img)\b/i);
    // The serializer writes text with `<` as `&lt;`, so a raw `<` always starts a real tag.
    expect(dom).not.toMatch(/<[a-z][^<>]*\son[a-z]+=/i);
    expect(dom).toContain('&lt;img src=x onerror="alert(\'y\')"&gt;');
    expect(dom).toContain('日本語 🚀 Ünïcödé');
    expect(dom.match(/<details id="case-/g)).toHaveLength(SAMPLE.cases);
  }, 300_000);
});
