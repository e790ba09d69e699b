import { describe, expect, it } from 'vitest';
import { collapseWhitespace } from '../../src/core/text.ts';

describe('collapseWhitespace', () => {
  it.each([
    ['already collapsed', 'a b c', 'a b c'],
    ['empty', '', ''],
    ['only spaces', '   ', ''],
    ['leading space', ' a b', 'a b'],
    ['trailing space', 'a b ', 'a b'],
    ['double space', 'a  b', 'a b'],
    ['tab', 'a\tb', 'a b'],
    ['newlines', 'a\n\nb\r\n', 'a b'],
    ['no-break space', 'a\u00a0b', 'a b'],
    ['byte order mark at the end', 'a b\ufeff', 'a b'],
    ['single word', 'word', 'word'],
  ])('%s', (_name, text, expected) => {
    expect(collapseWhitespace(text)).toBe(expected);
  });

  it('agrees with a plain replace-and-trim on varied text', () => {
    const pieces = ['a', 'b', ' ', '  ', '\t', '\n', '\u00a0', '\u2003', 'word', '.'];
    let seed = 7;
    for (let n = 0; n < 2000; n++) {
      let text = '';
      const length = n % 12;
      for (let i = 0; i < length; i++) {
        seed = (seed * 16807) % 2147483647;
        text += pieces[seed % pieces.length];
      }
      expect(collapseWhitespace(text)).toBe(text.replace(/\s+/g, ' ').trim());
    }
  });
});

describe('messageText with malformed parts', () => {
  it('ignores null and non-text parts instead of throwing', async () => {
    const { messageText } = await import('../../src/core/text.ts');
    const content = [null, { type: 'text', text: 'a' }, undefined, { type: 'tool-call' }, { type: 'text', text: 'b' }] as never;
    expect(messageText({ role: 'assistant', content })).toBe('a\nb');
  });
});
