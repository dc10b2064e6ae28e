/**
 * A strict reader for the XML the junit report writes (no DTD, no CDATA, no
 * processing instruction but the declaration): it throws on anything not
 * well-formed XML 1.0 (unbalanced tags, an unquoted or repeated attribute,
 * a bare `&` or `<`, an unknown entity, a character XML forbids) and gives
 * back the element tree with entities decoded, so a test can read the
 * report as a CI server would.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /^[A-Za-z_][\w.-]*/;

function decode(s: string, where: number): string {
  if (/[<]/.test(s)) throw new Error(`bare < at ${where}`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(s))
    throw new Error(`a character XML 1.0 forbids near ${where}`);
  return s.replace(/&([^;]*);|&/g, (_m, ref: string | undefined) => {
    if (ref === undefined) throw new Error(`bare & at ${where}`);
    if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number(ref.slice(1)));
    if (!(ref in ENTITIES)) throw new Error(`unknown entity &${ref}; at ${where}`);
    return ENTITIES[ref]!;
  });
}

export function parseXml(xml: string): XmlElement {
  let i = 0;
  const decl = /^<\?xml [^?]*\?>\s*/.exec(xml);
  if (decl) i = decl[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (i < xml.length) {
    if (xml[i] !== '<') {
      const end = xml.indexOf('<', i);
      const raw = xml.slice(i, end < 0 ? xml.length : end);
      const top = stack.at(-1);
      if (!top && raw.trim()) throw new Error(`text outside the root at ${i}`);
      if (top) top.text += decode(raw, i);
      i = end < 0 ? xml.length : end;
      continue;
    }
    if (xml.startsWith('</', i)) {
      const m = /^<\/([A-Za-z_][\w.-]*)\s*>/.exec(xml.slice(i));
      const open = stack.pop();
      if (!m || !open || open.name !== m[1]) throw new Error(`mismatched closing tag at ${i}`);
      i += m[0].length;
      continue;
    }
    const name = NAME.exec(xml.slice(i + 1))?.[0];
    if (!name) throw new Error(`bad tag at ${i}`);
    if (root && stack.length === 0) throw new Error(`a second root element at ${i}`);
    i += 1 + name.length;
    const el: XmlElement = { name, attrs: {}, children: [], text: '' };
    for (;;) {
      const m = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*"([^"]*)"/.exec(xml.slice(i));
      if (!m) break;
      if (m[1]! in el.attrs) throw new Error(`attribute ${m[1]} twice at ${i}`);
      el.attrs[m[1]!] = decode(m[2]!, i);
      i += m[0].length;
    }
    const close = /^\s*(\/?)>/.exec(xml.slice(i));
    if (!close) throw new Error(`unterminated tag <${name}> at ${i}`);
    i += close[0].length;
    stack.at(-1)?.children.push(el);
    root ??= el;
    if (!close[1]) stack.push(el);
  }
  if (stack.length > 0 || !root) throw new Error(`unclosed <${stack.at(-1)?.name ?? 'root'}>`);
  return root;
}
