import type { Obj } from '../wire/rules/values.js';
import { type Anchors, mergeInto } from './fast-anchors.js';
import { DECLINE, type Declined, doubleQuoted, plainKey, plainScalar, singleQuoted } from './yaml-scalars.js';

/**
 * A flow collection written on one line (`[a, b]`, `{ name: x, value: 1 }`,
 * nested in each other, with quoted scalars, anchors, aliases and merge
 * keys), read for the block reader as the exact parser reads it, or
 * DECLINE. Left to the exact parser: a collection going on to the next line,
 * trailing commas, empty values (`{ a }`, `{ a: }`), single-pair mappings in
 * a sequence (`[a: 1]`), explicit keys, tags and non-string keys.
 */
export function readFlow(text: string, anchors: Anchors): unknown {
  const reader = new FlowReader(text, anchors);
  const value = reader.node(0);
  if (value === DECLINE) return DECLINE;
  const at = reader.skipSpaces();
  // After the collection: nothing, or a comment (which needs a space before its `#`).
  if (at === text.length || (text.charCodeAt(at) === 35 && text.charCodeAt(at - 1) === 32)) return value;
  return DECLINE;
}

/** Deeper than this, toPlainValue refuses the document anyway (MAX_NESTING). */
const MAX_DEPTH = 64;
const MAX_KEY = 1024;
const SPACE = 32;

class FlowReader {
  at = 0;
  // Sticky patterns made per reader: their lastIndex is this read's alone.
  private readonly plainRun = /[^,[\]{}]*/y;
  private readonly double = /"((?:[^"\\]|\\.)*)"/y;
  private readonly single = /'((?:[^']|'')*)'/y;
  private readonly name = /[^\s,[\]{}]+/y;

  constructor(
    private readonly text: string,
    private readonly anchors: Anchors,
  ) {}

  skipSpaces(): number {
    while (this.text.charCodeAt(this.at) === SPACE) this.at++;
    return this.at;
  }

  node(depth: number): unknown {
    if (depth > MAX_DEPTH) return DECLINE;
    const c = this.text.charCodeAt(this.skipSpaces());
    switch (c) {
      case 91: // [
        return this.sequence(depth);
      case 123: // {
        return this.mapping(depth);
      case 34: // "
      case 39: // '
        return this.quoted(c);
      case 42: // *
        return this.alias();
      case 38: // &
        return this.anchored(depth);
      default:
        return this.plain();
    }
  }

  private sequence(depth: number): unknown[] | Declined {
    const list: unknown[] = [];
    this.at++;
    if (this.text.charCodeAt(this.skipSpaces()) === 93) {
      this.at++;
      return list;
    }
    for (;;) {
      const item = this.node(depth + 1);
      if (item === DECLINE) return DECLINE;
      list.push(item);
      const c = this.text.charCodeAt(this.skipSpaces());
      this.at++;
      if (c === 93) return list;
      if (c !== 44) return DECLINE; // not `,`: a pair (`[a: 1]`), a comment, or the line's end
      if (this.text.charCodeAt(this.skipSpaces()) === 93) return DECLINE; // a trailing comma
    }
  }

  private mapping(depth: number): Obj | Declined {
    const map: Obj = {};
    let merged: Set<string> | undefined;
    this.at++;
    if (this.text.charCodeAt(this.skipSpaces()) === 125) {
      this.at++;
      return map;
    }
    for (;;) {
      const c = this.text.charCodeAt(this.skipSpaces());
      const plain = c === 34 || c === 39 ? undefined : this.plainText();
      // Only a plain `<<` is a merge key; a quoted one is a key like any other.
      const merge = plain === '<<';
      const key = plain === undefined ? (c === 34 || c === 39 ? this.quoted(c) : DECLINE) : plainKey(plain);
      if (typeof key !== 'string' || this.text.charCodeAt(this.skipSpaces()) !== 58) return DECLINE;
      this.at++;
      const next = this.text.charCodeAt(this.skipSpaces());
      if (next === 44 || next === 125 || Number.isNaN(next)) return DECLINE; // an empty value
      const value = this.node(depth + 1);
      if (value === DECLINE) return DECLINE;
      if (merge) {
        if (merged !== undefined) return DECLINE;
        const added = mergeInto(map, value);
        if (added === DECLINE) return DECLINE;
        merged = added;
        this.anchors.shared = true;
      } else {
        if (key.length > MAX_KEY || key === '__proto__') return DECLINE;
        if (Object.hasOwn(map, key) && !merged?.delete(key)) return DECLINE; // a duplicate key
        map[key] = value;
      }
      const end = this.text.charCodeAt(this.skipSpaces());
      this.at++;
      if (end === 125) return map;
      if (end !== 44) return DECLINE;
      if (this.text.charCodeAt(this.skipSpaces()) === 125) return DECLINE; // a trailing comma
    }
  }

  private quoted(c: number): string | Declined {
    const pattern = c === 34 ? this.double : this.single;
    pattern.lastIndex = this.at;
    const m = pattern.exec(this.text);
    if (m === null) return DECLINE; // not closed on this line
    this.at = pattern.lastIndex;
    return c === 34 ? doubleQuoted(m[1]) : singleQuoted(m[1]);
  }

  private readName(): string | undefined {
    this.name.lastIndex = ++this.at;
    const m = this.name.exec(this.text);
    if (m === null) return undefined;
    this.at = this.name.lastIndex;
    return m[0];
  }

  private alias(): unknown {
    const name = this.readName();
    return name === undefined ? DECLINE : this.anchors.alias(name);
  }

  private anchored(depth: number): unknown {
    const name = this.readName();
    // The anchor must be followed by a space and a node: an anchor on nothing is left to the exact parser.
    if (name === undefined || this.text.charCodeAt(this.at) !== SPACE) return DECLINE;
    const open = this.anchors.open(name);
    const c = this.text.charCodeAt(this.skipSpaces());
    if (c === 44 || c === 93 || c === 125 || c === 35 || Number.isNaN(c)) return DECLINE;
    const value = this.node(depth);
    return value === DECLINE || !this.anchors.close(open, value) ? DECLINE : value;
  }

  /** A plain scalar's text: up to a flow indicator, `: ` or ` #`, without trailing spaces; undefined where it may not start. */
  private plainText(): string | undefined {
    const text = this.text;
    const c = text.charCodeAt(this.at);
    if (Number.isNaN(c)) return undefined;
    // Indicators no plain scalar starts with; `-`, `?` and `:` only when followed by a character of the scalar.
    if (c === 33 || c === 38 || c === 42 || c === 124 || c === 62 || c === 37 || c === 64 || c === 96 || c === 35)
      return undefined;
    if (c === 45 || c === 63 || c === 58) {
      const next = text.charCodeAt(this.at + 1);
      if (
        next === SPACE ||
        next === 44 ||
        next === 91 ||
        next === 93 ||
        next === 123 ||
        next === 125 ||
        Number.isNaN(next)
      )
        return undefined;
    }
    this.plainRun.lastIndex = this.at;
    let run = this.plainRun.exec(text)![0];
    const colon = run.indexOf(': ');
    const comment = run.indexOf(' #');
    const cut = colon === -1 ? comment : comment === -1 ? colon : Math.min(colon, comment);
    if (cut !== -1) run = run.slice(0, cut);
    let end = run.length;
    while (run.charCodeAt(end - 1) === SPACE) end--;
    if (end !== run.length) run = run.slice(0, end);
    // `a:` before a flow indicator: a key with an empty value, or a scalar ending in `:` (`[a:]`); either way rare.
    if (end === 0 || run.charCodeAt(end - 1) === 58) return undefined;
    this.at += end;
    return run;
  }

  private plain(): unknown {
    const text = this.plainText();
    return text === undefined ? DECLINE : plainScalar(text);
  }
}
