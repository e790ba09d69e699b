/**
 * Column layout for the console table: display widths (wide East Asian characters and emoji take two
 * columns, combining marks none), padding, truncation, and ANSI colour applied after padding.
 */
import { terminalSafe } from './escape.ts';

/** A table cell: its text and an optional colour. */
export interface Cell {
  text: string;
  color?: Color;
}

/** The colours the table uses. */
export type Color = 'green' | 'red' | 'yellow' | 'gray' | 'bold';

const ANSI: Record<Color, [string, string]> = {
  green: ['\u001b[32m', '\u001b[39m'],
  red: ['\u001b[31m', '\u001b[39m'],
  yellow: ['\u001b[33m', '\u001b[39m'],
  gray: ['\u001b[90m', '\u001b[39m'],
  bold: ['\u001b[1m', '\u001b[22m'],
};

const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f], [0x2e80, 0x303e], [0x3041, 0x33ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xa000, 0xa4cf],
  [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe30, 0xfe4f], [0xff00, 0xff60], [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f], [0x1f900, 0x1f9ff], [0x20000, 0x3fffd],
];
const ZERO: ReadonlyArray<readonly [number, number]> = [[0x0300, 0x036f], [0x200b, 0x200f], [0xfe00, 0xfe0f]];

function inRanges(code: number, ranges: ReadonlyArray<readonly [number, number]>): boolean {
  return ranges.some(([lo, hi]) => code >= lo && code <= hi);
}

/** Columns a single code point occupies in a terminal: 0, 1 or 2. */
export function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (inRanges(code, ZERO)) return 0;
  return inRanges(code, WIDE) ? 2 : 1;
}

/** Columns a string occupies in a terminal. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** Cuts text to at most `max` columns, ending with an ellipsis when cut. */
export function fitWidth(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let out = '';
  let width = 0;
  for (const char of text) {
    const w = charWidth(char);
    if (width + w > max - 1) break;
    out += char;
    width += w;
  }
  return `${out}…`;
}

/** Wraps text in ANSI colour codes when colour is on. */
export function paint(text: string, color: Color | undefined, useColor: boolean): string {
  if (!useColor || !color || text === '') return text;
  const [open, close] = ANSI[color];
  return `${open}${text}${close}`;
}

/** Options of {@link layoutTable}. */
export interface LayoutOptions {
  /** Right-align these column indexes (numbers). */
  right?: readonly number[];
  /** Maximum width per column index. */
  maxWidth?: Readonly<Record<number, number>>;
  indent?: string;
  color: boolean;
}

/**
 * Lays rows out in aligned columns separated by two spaces; the first row is the header (bold).
 * Cell text is made terminal-safe and cut to the column's maximum before widths are measured.
 */
export function layoutTable(rows: ReadonlyArray<ReadonlyArray<Cell>>, options: LayoutOptions): string[] {
  const cleaned = rows.map((row) => row.map((cell, i) => ({ ...cell, text: fitWidth(terminalSafe(cell.text), options.maxWidth?.[i] ?? 200) })));
  const columns = Math.max(0, ...cleaned.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, i) => Math.max(0, ...cleaned.map((row) => displayWidth(row[i]?.text ?? ''))));
  return cleaned.map((row, rowIndex) => {
    const cells = row.map((cell, i) => {
      const gap = ' '.repeat((widths[i] ?? 0) - displayWidth(cell.text));
      const body = paint(cell.text, rowIndex === 0 ? 'bold' : cell.color, options.color);
      if (options.right?.includes(i)) return gap + body;
      return i === row.length - 1 ? body : body + gap;
    });
    return `${options.indent ?? ''}${cells.join('  ')}`.trimEnd();
  });
}
