/** A strict, minimal XML 1.0 reader for tests: throws on anything not well-formed. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const entity = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;

function decode(raw: string, where: number): string {
  if (/[<]/.test(raw)) throw new Error(`'<' in text or attribute at ${where}`);
  const stray = raw.replace(entity, '').indexOf('&');
  if (stray !== -1) throw new Error(`bare '&' at ${where}`);
  const names: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return raw.replace(entity, (_m, e: string) =>
    e.startsWith('#x')
      ? String.fromCodePoint(Number.parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : (names[e] as string),
  );
}

export function parseXml(text: string): XmlElement {
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text))
    throw new Error('a control character XML forbids');
  let i = 0;
  const declaration = /^<\?xml[^?]*\?>\s*/.exec(text);
  if (declaration) i = declaration[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const name = /^[A-Za-z_][\w.-]*/;
  while (i < text.length) {
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i);
      if (end === -1) throw new Error('unterminated comment');
      i = end + 3;
    } else if (text.startsWith('</', i)) {
      const m = /^<\/([A-Za-z_][\w.-]*)\s*>/.exec(text.slice(i));
      const open = stack.pop();
      if (!m || !open || open.name !== m[1]) throw new Error(`mismatched end tag at ${i}`);
      i += m[0].length;
    } else if (text[i] === '<') {
      const tag = name.exec(text.slice(i + 1));
      if (!tag) throw new Error(`bad tag name at ${i}`);
      const element: XmlElement = { name: tag[0], attributes: {}, children: [], text: '' };
      i += 1 + tag[0].length;
      for (;;) {
        const space = /^\s*/.exec(text.slice(i))?.[0].length ?? 0;
        i += space;
        if (text.startsWith('/>', i) || text[i] === '>') break;
        const attr = /^([A-Za-z_][\w.:-]*)="([^"]*)"/.exec(text.slice(i));
        if (!attr || space === 0) throw new Error(`bad attribute at ${i}`);
        if ((attr[1] as string) in element.attributes) throw new Error(`duplicate attribute ${attr[1]}`);
        element.attributes[attr[1] as string] = decode(attr[2] as string, i);
        i += attr[0].length;
      }
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new Error('more than one root element');
      else root = element;
      if (text.startsWith('/>', i)) i += 2;
      else {
        i += 1;
        stack.push(element);
      }
    } else {
      const end = text.indexOf('<', i);
      const raw = text.slice(i, end === -1 ? text.length : end);
      const parent = stack.at(-1);
      if (!parent && raw.trim()) throw new Error(`text outside the root at ${i}`);
      if (parent) parent.text += decode(raw, i);
      i = end === -1 ? text.length : end;
    }
  }
  if (stack.length || !root) throw new Error('unclosed elements or no root');
  return root;
}
