/**
 * A strict little XML 1.0 well-formedness parser for tests: throws on anything malformed (unbalanced or
 * misnested tags, unquoted or duplicate attributes, raw `<` or bare `&`, characters XML forbids) and
 * returns the element tree with entities decoded, so tests can compare values with what went in.
 */

/** A parsed element. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.-]*/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function decode(raw: string, where: string): string {
  if (raw.includes('<')) throw new Error(`raw < in ${where}`);
  return raw.replace(/&([^;]*);?/g, (match, entity: string) => {
    if (!match.endsWith(';')) throw new Error(`bare & in ${where}`);
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (entity in named) return named[entity]!;
    const code = entity.startsWith('#x') ? Number.parseInt(entity.slice(2), 16) : entity.startsWith('#') ? Number.parseInt(entity.slice(1), 10) : Number.NaN;
    if (!Number.isFinite(code)) throw new Error(`unknown entity &${entity}; in ${where}`);
    return String.fromCodePoint(code);
  });
}

/** Parses a whole document; throws with the offset of the first problem. */
export function parseXml(xml: string): XmlElement {
  const bad = FORBIDDEN.exec(xml);
  if (bad) throw new Error(`character U+${bad[0].charCodeAt(0).toString(16)} is not allowed in XML at ${bad.index}`);
  let pos = 0;
  const rest = () => xml.slice(pos);
  const skipSpace = () => {
    while (/\s/.test(xml[pos] ?? '')) pos++;
  };
  if (rest().startsWith('<?xml')) pos = xml.indexOf('?>') + 2;
  skipSpace();
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (pos < xml.length) {
    if (xml[pos] === '<') {
      if (xml[pos + 1] === '/') {
        const end = xml.indexOf('>', pos);
        const name = xml.slice(pos + 2, end).trim();
        const open = stack.pop();
        if (!open || open.name !== name) throw new Error(`</${name}> does not close <${open?.name ?? 'nothing'}> at ${pos}`);
        pos = end + 1;
        continue;
      }
      pos++;
      const name = NAME.exec(rest())?.[0];
      if (!name) throw new Error(`bad tag name at ${pos}`);
      pos += name.length;
      const element: XmlElement = { name, attributes: {}, children: [], text: '' };
      for (;;) {
        skipSpace();
        if (rest().startsWith('/>') || xml[pos] === '>') break;
        const attr = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(rest());
        if (!attr) throw new Error(`malformed attribute in <${name}> at ${pos}`);
        if (attr[1]! in element.attributes) throw new Error(`duplicate attribute ${attr[1]} in <${name}>`);
        element.attributes[attr[1]!] = decode(attr[3] ?? attr[4] ?? '', `attribute ${attr[1]}`);
        pos += attr[0].length;
      }
      if (stack.length === 0) {
        if (root) throw new Error('more than one root element');
        root = element;
      } else stack.at(-1)!.children.push(element);
      if (rest().startsWith('/>')) pos += 2;
      else {
        pos++;
        stack.push(element);
      }
      continue;
    }
    const next = xml.indexOf('<', pos);
    const raw = xml.slice(pos, next === -1 ? xml.length : next);
    const text = decode(raw, 'text');
    if (stack.length === 0) {
      if (text.trim() !== '') throw new Error(`text outside the root element at ${pos}`);
    } else stack.at(-1)!.text += text;
    pos = next === -1 ? xml.length : next;
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** All descendants named `name`, depth first. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...findAll(child, name)]);
}
