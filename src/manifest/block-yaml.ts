import type { Obj } from '../wire/rules/values.js';
import { Anchors, mergeInto, type OpenAnchor } from './fast-anchors.js';
import { readFlow } from './flow-yaml.js';
import { readBlockScalar } from './block-scalar-lines.js';
import { DECLINE, doubleQuoted, integer, plainKey, plainScalar, singleQuoted } from './yaml-scalars.js';

/**
 * A reader for YAML as manifests are written: nested block mappings and
 * sequences; one-line plain, quoted (with YAML's escapes) and block scalars
 * (`|`, `>`, with chomping); flow collections on one line, nested; anchors,
 * aliases and merge keys; comments anywhere. It reads line by line with a
 * few native regular expressions, so a cold process (a pre-commit hook)
 * parses a large manifest several times faster than a general parser, which
 * steps through characters in the interpreter.
 *
 * It is exact or it declines: anything else (tags, multi-line plain or
 * quoted scalars, flow collections over several lines, tabs, directives,
 * duplicate keys, indentation indicators, …) returns undefined and the
 * caller uses a general parser. Plain scalars resolve as the exact parser
 * resolves them (YAML 1.2 core schema, `intAsBigInt`): integers outside the
 * safe range come back as BigInt. test/manifest/block-yaml*.test.ts and
 * fast-read-fuzz.test.ts hold it to the exact parser's output.
 *
 * Each call reads with its own BlockReader: nothing is kept between calls.
 */
export interface BlockRead {
  value: unknown;
  /** A node is reachable twice (aliases, merge keys): convert by copying. */
  shared: boolean;
}

export function readBlockYaml(source: string): BlockRead | undefined {
  let text = source;
  if (text.includes('\r')) {
    text = text.replace(/\r\n/g, '\n');
    if (text.includes('\r')) return undefined;
  }
  if (OUTSIDE_SUBSET.test(text)) return undefined;
  const reader = new BlockReader(text);
  const value = reader.read();
  return value === undefined ? undefined : { value, shared: reader.anchors.shared };
}

/** The value alone (the tests' entry point), or undefined when declined. */
export function parseBlockYaml(source: string): unknown {
  return readBlockYaml(source)?.value;
}

/** Nothing was written after the key or dash: the value is on the next lines, or null. */
const EMPTY = Symbol('empty');

/**
 * A line after its indentation and sequence dash, read in one native match:
 * a mapping key (double-quoted, single-quoted or plain) with its `:`, and
 * the rest. A plain key may hold `:` not followed by a space
 * (`chat_input:ban`) but never `#`, and does not start with an indicator.
 * The rest is either a simple scalar (group 4: a decimal integer, or a word
 * starting with an ASCII letter that holds no `#` or `:`), which needs none
 * of the checks of `inlineValue`, or anything else (group 5). The pattern is
 * a lookahead, so the match itself makes no string.
 */
const LINE =
  /(?=(?:(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\n]|'')*)'|([^\s"'#&*!|>%@`,[\]{}?:-][^#\n]*?|-[^\s#][^#\n]*?)) *:(?: +|$))?(?:([A-Za-z](?:[^#:\n]*[^ #:\n])?|[-+]?[0-9]+) *|(.*))$)/my;
const DOUBLE = /^"((?:[^"\\]|\\.)*)"(?: *| +#.*)$/;
const SINGLE = /^'((?:[^']|'')*)'(?: *| +#.*)$/;
const ANCHOR = /^&([^\s,[\]{}]+)(?: +(.*))?$/;
const ALIAS = /^\*([^\s,[\]{}]+)(?: *| +#.*)$/;
const BLOCK_HEADER = /^([|>])([-+]?)(?: *| +#.*)$/;
/** Characters a plain scalar may not start with (beyond quotes, brackets, `#` and `- `, handled first). */
const INDICATORS = '&*!|>%@`,]}?:';
/** Text the subset does not cover anywhere in a file: tabs, control and special line-break characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
const OUTSIDE_SUBSET = /[\t\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/;
const DOCUMENT_MARKER = /^(?:---|\.\.\.)(?: |$)/;
const FIRST_DOCUMENT_START = /^--- *(?:#.*)?$/;
/** The exact parser refuses longer implicit keys. */
const MAX_KEY = 1024;
/** What `texts[line]` holds. */
const REST = 0;
const SIMPLE = 1;
/** A block scalar already read: its value is in `values[line]`. */
const READ = 2;

class BlockReader {
  readonly anchors = new Anchors();
  private declined = false;
  // Sticky patterns made per reader: their lastIndex is this read's alone.
  private readonly line = new RegExp(LINE);
  private readonly spaces = / */y;
  // The document's significant lines, in parallel arrays sized to the line count.
  private indents = new Int32Array(0);
  /** The width of a leading `- ` (0 for none). */
  private dashes = new Int32Array(0);
  private keys: Array<string | undefined> = [];
  /** A plain `<<` key: merge the value's mappings. */
  private merges = new Uint8Array(0);
  /** What follows the dash and key: REST (the rest of the line), SIMPLE (a simple scalar's text) or READ. */
  private kinds = new Uint8Array(0);
  private texts: Array<string | undefined> = [];
  private values: unknown[] = [];
  private pos = 0;
  private count = 0;

  constructor(private readonly text: string) {}

  read(): unknown {
    this.splitLines();
    if (this.declined || this.count === 0) return undefined;
    const value = this.parseNode(this.indents[0]);
    return this.declined || this.pos !== this.count || !this.anchors.bounded() ? undefined : value;
  }

  private decline(): undefined {
    this.declined = true;
    return undefined;
  }

  private splitLines(): void {
    const text = this.text;
    // Sized for the worst case, one significant line per line; a typed array of that size costs nothing to fill.
    let n = 1;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++;
    this.indents = new Int32Array(n);
    this.dashes = new Int32Array(n);
    this.keys = new Array(n);
    this.merges = new Uint8Array(n);
    this.kinds = new Uint8Array(n);
    this.texts = new Array(n);
    let started = false;
    const length = text.length;
    const spaces = this.spaces;
    // One sticky, multi-line match per line over the whole text: no array of lines to build and keep.
    for (let start = 0; start <= length; ) {
      const c = text.charCodeAt(start);
      if (c === 37) return void this.decline(); // `%`: a directive
      if (c === 45 || c === 46) {
        const end = text.indexOf('\n', start);
        const line = text.slice(start, end === -1 ? length : end);
        if (DOCUMENT_MARKER.test(line)) {
          // One leading `---` is allowed (many editors write it); anything else is a stream of documents.
          if (started || c === 46 || !FIRST_DOCUMENT_START.test(line)) return void this.decline();
          started = true;
          start = end === -1 ? length + 1 : end + 1;
          continue;
        }
      }
      // The indentation, then a sequence dash (`- ` with any spaces after it, or `-` ending the line): their widths.
      spaces.lastIndex = start;
      spaces.test(text);
      const dashAt = spaces.lastIndex;
      const indent = dashAt - start;
      let at = dashAt;
      if (text.charCodeAt(dashAt) === 45) {
        const next = text.charCodeAt(dashAt + 1);
        if (next === 32) {
          spaces.lastIndex = dashAt + 1;
          spaces.test(text);
          at = spaces.lastIndex;
        } else if (next === 10 || dashAt + 1 === length) at = dashAt + 1;
      }
      this.line.lastIndex = at;
      const m = this.line.exec(text)!;
      const end = text.indexOf('\n', at);
      start = end === -1 ? length + 1 : end + 1;
      const dash = at - dashAt;
      const plain = m[3];
      const simpleText = m[4];
      const rest = m[5];
      let key: string | typeof DECLINE | undefined;
      if (plain !== undefined) {
        // Numbers and the null and boolean words never start with a lowercase letter, but for these three.
        const c = plain.charCodeAt(0);
        key =
          c >= 97 && c <= 122 && plain !== 'null' && plain !== 'true' && plain !== 'false' ? plain : plainKey(plain);
        if (plain === '<<') this.merges[this.count] = 1;
      } else if (m[1] !== undefined) key = doubleQuoted(m[1]);
      else if (m[2] !== undefined) key = singleQuoted(m[2]);
      else if (dash === 0 && simpleText === undefined && (rest === '' || rest!.charCodeAt(0) === 35)) continue; // blank or comment
      // A key the subset does not cover, or a quoted `<<` (the exact parser's merge rules for it are its own).
      if (key === DECLINE || (key === '<<' && plain === undefined)) return void this.decline();
      started = true;
      const line = this.count++;
      this.indents[line] = indent;
      this.dashes[line] = dash;
      this.keys[line] = key;
      if (simpleText !== undefined) {
        this.kinds[line] = SIMPLE;
        this.texts[line] = simpleText;
        continue;
      }
      this.texts[line] = rest;
      const c2 = rest!.charCodeAt(0);
      if (c2 !== 124 && c2 !== 62) continue;
      const header = BLOCK_HEADER.exec(rest!);
      if (header === null) continue; // an indentation indicator or other text: inlineValue declines it
      // A block scalar's lines are its own (a `#` there is text): read them now, and go on after them.
      if (key === undefined && dash === 0) return void this.decline();
      const column = key !== undefined ? indent + dash : indent;
      const read = readBlockScalar(text, start, column, header[1] === '>', header[2]);
      if (read === undefined) return void this.decline();
      this.kinds[line] = READ;
      this.values[line] = read.value;
      start = read.next;
    }
  }

  private parseNode(indent: number): unknown {
    return this.dashes[this.pos] !== 0 ? this.parseSequence(indent) : this.parseMapping(indent);
  }

  private parseMapping(indent: number): Obj | undefined {
    const map: Obj = {};
    let merged: Set<string> | undefined;
    while (!this.declined && this.pos < this.count && this.indents[this.pos] === indent) {
      const line = this.pos;
      const key = this.keys[line];
      if (key === undefined || this.dashes[line] !== 0) return this.decline();
      this.pos++;
      if (this.merges[line] === 1) {
        const added = merged === undefined ? mergeInto(map, this.valueAfter(line, indent, true)) : DECLINE;
        if (added === DECLINE || this.declined) return this.decline();
        merged = added;
        this.anchors.shared = true;
        continue;
      }
      if (key.length > MAX_KEY || key === '__proto__') return this.decline();
      if (Object.hasOwn(map, key) && !merged?.delete(key)) return this.decline(); // a duplicate key
      map[key] = this.valueAfter(line, indent, true);
    }
    if (this.pos < this.count && this.indents[this.pos] > indent) return this.decline();
    return map;
  }

  private parseSequence(indent: number): unknown[] | undefined {
    const list: unknown[] = [];
    while (
      !this.declined &&
      this.pos < this.count &&
      this.indents[this.pos] === indent &&
      this.dashes[this.pos] !== 0
    ) {
      const line = this.pos;
      const rest = this.kinds[line] === REST ? this.texts[line] : undefined;
      if (this.keys[line] !== undefined) {
        // `- key: value` opens a mapping whose keys line up with this first one.
        const column = indent + this.dashes[line];
        this.indents[line] = column;
        this.dashes[line] = 0;
        list.push(this.parseMapping(column));
      } else if (rest !== undefined && rest.charCodeAt(0) === 45 && (rest.length === 1 || rest.charCodeAt(1) === 32)) {
        return this.decline(); // `- - x`: nested sequences on one line
      } else {
        this.pos++;
        list.push(this.valueAfter(line, indent, false));
      }
    }
    if (this.pos < this.count && this.indents[this.pos] > indent) return this.decline();
    return list;
  }

  /** The value of the entry or item on significant line `line`: on that line after the key or dash, or on the lines below. */
  private valueAfter(line: number, indent: number, inMapping: boolean): unknown {
    const kind = this.kinds[line];
    if (kind === SIMPLE) return this.inlineDone(simpleScalar(this.texts[line]!), indent);
    if (kind === READ) return this.inlineDone(this.values[line], indent);
    let text = this.texts[line]!;
    let open: OpenAnchor | undefined;
    if (text.charCodeAt(0) === 38) {
      const m = ANCHOR.exec(text);
      if (m === null) return this.decline();
      open = this.anchors.open(m[1]);
      text = m[2] ?? '';
    }
    const value = this.nodeAfter(text, indent, inMapping);
    if (open !== undefined && !this.anchors.close(open, value)) return this.decline();
    return value;
  }

  private nodeAfter(text: string, indent: number, inMapping: boolean): unknown {
    const inline = this.inlineValue(text);
    if (inline !== EMPTY) return this.inlineDone(inline, indent);
    const { pos, count, indents } = this;
    if (pos >= count) return null;
    if (indents[pos] > indent) return this.parseNode(indents[pos]);
    // A mapping's sequence may sit at the key's own indentation.
    if (inMapping && indents[pos] === indent && this.dashes[pos] !== 0) return this.parseSequence(indent);
    return null;
  }

  /** A value written on its line: nothing may be nested under it. */
  private inlineDone(value: unknown, indent: number): unknown {
    if (value === DECLINE || (this.pos < this.count && this.indents[this.pos] > indent)) return this.decline();
    return value;
  }

  private inlineValue(text: string): unknown {
    if (text === '') return EMPTY;
    const c = text.charCodeAt(0);
    switch (c) {
      case 35: // #
        return EMPTY;
      case 34: {
        const m = DOUBLE.exec(text);
        return m === null ? DECLINE : doubleQuoted(m[1]);
      }
      case 39: {
        const m = SINGLE.exec(text);
        return m === null ? DECLINE : singleQuoted(m[1]);
      }
      case 91:
      case 123:
        return readFlow(text, this.anchors);
      case 42: {
        const m = ALIAS.exec(text);
        return m === null ? DECLINE : this.anchors.alias(m[1]);
      }
      case 45: // `- x` here would be a sequence on its key's line
        if (text.length === 1 || text.charCodeAt(1) === 32) return DECLINE;
        break;
      default:
        if (INDICATORS.includes(text[0])) return DECLINE;
    }
    const comment = text.indexOf(' #');
    let plain = comment === -1 ? text : text.slice(0, comment);
    let end = plain.length;
    while (plain.charCodeAt(end - 1) === 32) end--;
    if (end !== plain.length) plain = plain.slice(0, end);
    if (plain.charCodeAt(end - 1) === 58 || plain.includes(': ')) return DECLINE;
    return plainScalar(plain);
  }
}

/** A scalar the line pattern classed as simple: a decimal integer, or a word with no `#` or `:`. */
function simpleScalar(text: string): unknown {
  if (text.charCodeAt(0) <= 57) return integer(text); // a digit or sign; letters come later
  // Only the null and boolean words among such scalars have these lengths.
  const length = text.length;
  return length === 4 || length === 5 ? plainScalar(text) : text;
}
