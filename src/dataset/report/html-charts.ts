/**
 * Inline SVG charts of the HTML report. No scripts and no external resources; every label is escaped.
 */
import { escapeHtml as esc } from './escape.ts';
import { formatScore, formatSigned, truncate } from './format.ts';

/** One horizontal bar: a 0..1 value, an optional target tick, and whether it met its target. */
export interface Bar {
  label: string;
  value: number | undefined;
  target?: number;
  ok?: boolean;
}

const LABEL_WIDTH = 200;
const PLOT_WIDTH = 420;
const ROW = 26;

/** Coordinates rounded to one decimal, so the markup stays short. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function svgOpen(width: number, height: number, title: string): string {
  return `<svg class="chart" role="img" viewBox="0 0 ${n(width)} ${n(height)}" width="${n(width)}" height="${n(height)}" xmlns="http://www.w3.org/2000/svg"><title>${esc(title)}</title>`;
}

/** Horizontal bars on a 0..1 axis, each with its value, and a dark tick where its target is. */
export function barChart(bars: readonly Bar[], title: string): string {
  const height = bars.length * ROW + 30;
  const width = LABEL_WIDTH + PLOT_WIDTH + 60;
  const x = (value: number) => LABEL_WIDTH + Math.min(1, Math.max(0, value)) * PLOT_WIDTH;
  const rows = bars.map((bar, i) => {
    const y = 8 + i * ROW;
    const cls = bar.ok === undefined ? 'bar' : bar.ok ? 'bar ok' : 'bar bad';
    const value = bar.value === undefined ? '' : `<rect class="${cls}" x="${LABEL_WIDTH}" y="${n(y)}" width="${n(x(bar.value) - LABEL_WIDTH)}" height="16"><title>${esc(`${bar.label}: ${formatScore(bar.value)}${bar.target === undefined ? '' : ` (target ${formatScore(bar.target)})`}`)}</title></rect>`;
    const target = bar.target === undefined ? '' : `<line class="target" x1="${n(x(bar.target))}" x2="${n(x(bar.target))}" y1="${n(y - 3)}" y2="${n(y + 19)}"/>`;
    return (
      `<text class="label" x="${LABEL_WIDTH - 8}" y="${n(y + 12)}" text-anchor="end">${esc(truncate(bar.label, 30))}</text>` +
      `<rect class="track" x="${LABEL_WIDTH}" y="${n(y)}" width="${PLOT_WIDTH}" height="16"/>${value}${target}` +
      `<text class="value" x="${n(LABEL_WIDTH + PLOT_WIDTH + 6)}" y="${n(y + 12)}">${formatScore(bar.value)}</text>`
    );
  });
  return `${svgOpen(width, height, title)}${rows.join('')}${axis(LABEL_WIDTH, PLOT_WIDTH, height - 20, [0, 0.25, 0.5, 0.75, 1], (v) => String(v))}</svg>`;
}

function axis(left: number, width: number, y: number, ticks: readonly number[], label: (value: number) => string, domain: readonly [number, number] = [0, 1]): string {
  const x = (value: number) => left + ((value - domain[0]) / (domain[1] - domain[0])) * width;
  const marks = ticks.map((tick) => `<line class="tick" x1="${n(x(tick))}" x2="${n(x(tick))}" y1="${n(y)}" y2="${n(y + 4)}"/><text class="axis" x="${n(x(tick))}" y="${n(y + 15)}" text-anchor="middle">${esc(label(tick))}</text>`);
  return `<line class="axis-line" x1="${left}" x2="${n(left + width)}" y1="${n(y)}" y2="${n(y)}"/>${marks.join('')}`;
}

/**
 * Histogram of 0..1 scores in ten bins [0, 0.1), ..., [0.9, 1.0] (1.0 falls in the last bin): bins wholly
 * below the threshold red, wholly above green, the one it cuts amber; the threshold as a dashed line.
 */
export function histogram(scores: readonly number[], threshold: number, title: string): string {
  const bins = new Array<number>(10).fill(0);
  for (const score of scores) bins[Math.min(9, Math.max(0, Math.floor(score * 10)))]!++;
  const max = Math.max(1, ...bins);
  const left = 40;
  const plotWidth = 600;
  const plotHeight = 180;
  // Room above the tallest bar's count for the threshold label, so the two never overlap.
  const top = 34;
  const barWidth = plotWidth / 10;
  const rects: string[] = [];
  const counts: string[] = [];
  bins.forEach((count, i) => {
    const h = (count / max) * plotHeight;
    const x = left + i * barWidth;
    const cls = (i + 1) / 10 <= threshold ? 'bar bad' : i / 10 >= threshold ? 'bar ok' : 'bar near';
    const range = `${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}`;
    rects.push(`<rect class="${cls}" x="${n(x + 2)}" y="${n(top + plotHeight - h)}" width="${n(barWidth - 4)}" height="${n(h)}"><title>${range}: ${count} ${count === 1 ? 'case' : 'cases'}</title></rect>`);
    if (count > 0) counts.push(`<text class="value count" x="${n(x + barWidth / 2)}" y="${n(top + plotHeight - h - 4)}" text-anchor="middle">${count}</text>`);
  });
  const tx = left + Math.min(1, Math.max(0, threshold)) * plotWidth;
  const labelEnd = tx > left + plotWidth - 100;
  // Bars, then the threshold line, then the counts (haloed) on top, so a line through a bin never hides its count.
  const thresholdLine = `<line class="threshold" x1="${n(tx)}" x2="${n(tx)}" y1="${top - 22}" y2="${top + plotHeight}"/><text class="axis" x="${n(labelEnd ? tx - 4 : tx + 4)}" y="${top - 22 + 10}"${labelEnd ? ' text-anchor="end"' : ''}>threshold ${esc(String(threshold))}</text>${counts.join('')}`;
  const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1];
  return `${svgOpen(left + plotWidth + 20, top + plotHeight + 36, title)}${rects.join('')}${thresholdLine}${axis(left, plotWidth, top + plotHeight, ticks, (v) => v.toFixed(1))}</svg>`;
}

/** One interval of the comparison chart. */
export interface IntervalRow {
  label: string;
  estimate: number | undefined;
  ci: readonly [number, number] | undefined;
  verdict: string;
}

/**
 * Forest plot of mean differences (current - baseline) with their intervals around a zero line; a
 * dashed line marks -margin when a margin is set. The axis is symmetric around zero.
 */
export function intervalChart(rows: readonly IntervalRow[], margin: number, title: string): string {
  const extent = Math.max(0.05, margin, ...rows.flatMap((row) => [Math.abs(row.estimate ?? 0), ...(row.ci ? row.ci.map(Math.abs) : [])]));
  const bound = Math.ceil(extent * 20) / 20;
  const domain: [number, number] = [-bound, bound];
  const x = (value: number) => LABEL_WIDTH + ((value + bound) / (2 * bound)) * PLOT_WIDTH;
  const height = rows.length * ROW + 30;
  const body = rows.map((row, i) => {
    const y = 16 + i * ROW;
    const cls = `ci ${row.verdict}`;
    const line = row.ci ? `<line class="${cls}" x1="${n(x(row.ci[0]))}" x2="${n(x(row.ci[1]))}" y1="${n(y)}" y2="${n(y)}"/>` : '';
    const dot = row.estimate === undefined ? '' : `<circle class="${cls}" cx="${n(x(row.estimate))}" cy="${n(y)}" r="4"><title>${esc(`${row.label}: ${formatSigned(row.estimate)} (${row.verdict})`)}</title></circle>`;
    return `<text class="label" x="${LABEL_WIDTH - 8}" y="${n(y + 4)}" text-anchor="end">${esc(truncate(row.label, 30))}</text>${line}${dot}<text class="value" x="${n(LABEL_WIDTH + PLOT_WIDTH + 6)}" y="${n(y + 4)}">${esc(row.verdict)}</text>`;
  });
  const zero = `<line class="zero" x1="${n(x(0))}" x2="${n(x(0))}" y1="4" y2="${n(height - 20)}"/>`;
  const marginLine = margin > 0 ? `<line class="threshold" x1="${n(x(-margin))}" x2="${n(x(-margin))}" y1="4" y2="${n(height - 20)}"/>` : '';
  const ticks = [-bound, -bound / 2, 0, bound / 2, bound];
  return `${svgOpen(LABEL_WIDTH + PLOT_WIDTH + 120, height, title)}${zero}${marginLine}${body.join('')}${axis(LABEL_WIDTH, PLOT_WIDTH, height - 20, ticks, (v) => (v === 0 ? '0' : formatSigned(v)), domain)}</svg>`;
}

/** Horizontal bars of counts (failures per criterion), scaled to the largest. */
export function countChart(counts: ReadonlyArray<readonly [string, number]>, title: string): string {
  const max = Math.max(1, ...counts.map(([, count]) => count));
  const height = counts.length * ROW + 10;
  const rows = counts.map(([label, count], i) => {
    const y = 6 + i * ROW;
    return `<text class="label" x="${LABEL_WIDTH - 8}" y="${n(y + 12)}" text-anchor="end">${esc(truncate(label, 30))}</text><rect class="bar bad" x="${LABEL_WIDTH}" y="${n(y)}" width="${n((count / max) * PLOT_WIDTH)}" height="16"/><text class="value" x="${n(LABEL_WIDTH + (count / max) * PLOT_WIDTH + 6)}" y="${n(y + 12)}">${count}</text>`;
  });
  return `${svgOpen(LABEL_WIDTH + PLOT_WIDTH + 60, height, title)}${rows.join('')}</svg>`;
}
