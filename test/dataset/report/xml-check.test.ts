import { describe, expect, it } from 'vitest';
import { parseXml } from './xml-check.ts';

describe('parseXml (the test helper)', () => {
  it('parses and decodes a well-formed document', () => {
    const root = parseXml('<?xml version="1.0"?>\n<a x="1 &amp; &lt;2&gt;"><b y=\'&quot;\'/>t&#10;&#x41;</a>\n');
    expect(root.attributes.x).toBe('1 & <2>');
    expect(root.children[0]?.attributes.y).toBe('"');
    expect(root.text).toBe('t\nA');
  });

  it('rejects malformed documents', () => {
    expect(() => parseXml('<a><b></a></b>')).toThrow();
    expect(() => parseXml('<a x=1/>')).toThrow();
    expect(() => parseXml('<a>1 & 2</a>')).toThrow(/bare &/);
    expect(() => parseXml('<a x="<"/>')).toThrow(/raw </);
    expect(() => parseXml('<a>\u0001</a>')).toThrow(/not allowed/);
    expect(() => parseXml('<a/><b/>')).toThrow(/root/);
    expect(() => parseXml('<a>')).toThrow(/never closed/);
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow(/duplicate/);
  });
});
