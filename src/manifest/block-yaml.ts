import type { Obj } from '../wire/rules/values.js';
/**
 * A reader for the plain block-style YAML that manifests are written in:
 * nested block mappings and sequences, one-line scalars (plain, single- or
 * double-quoted), one-line flow sequences of scalars, one-line flow mappings
 * of scalars and such sequences, `{}` and `[]`, and
 * comments. It reads line by line with a few native regular expressions, so
 * a cold process (a pre-commit hook) parses a large manifest several times
 * faster than a general parser, which spends its time stepping through
 * characters in the interpreter.
 *
 * It is exact or it declines: anything outside that subset (anchors, tags,
 * block or multi-line scalars, nested flow mappings, tabs, directives, duplicate
 * keys, escapes beyond JSON's, …) returns undefined and the caller uses a
 * general parser. Plain scalars resolve as the exact parser resolves them
 * (YAML 1.2 core schema, `intAsBigInt`): integers outside the safe range come
 * back as BigInt. test/manifest/block-yaml.test.ts holds it to the exact
 * parser's output, on every fixture and on mutated documents.
 */

/**
 * Set by `decline` when the document leaves the subset. Every loop checks it
 * and every reader returns at once, so a declined document costs no more
 * reading; parseBlockYaml then gives undefined, whatever was built.
 */
let declined = false;

function decline(): undefined {
  declined = true;
  return undefined;
}

/** Nothing was written after the key or dash: the value is on the next lines, or null. */
const EMPTY = Symbol('empty');

/**
 * A line after its indentation and sequence dash (which splitLines measures
 * with SPACES), read in one native match: a mapping key (double-quoted,
 * single-quoted or plain) with its `:`, and the rest. A plain key may hold
 * `:` not followed by a space (`chat_input:ban`) but never `#`, and does not
 * start with an indicator.
 *
 * The rest is either a simple scalar (group 4: a decimal integer, or a word
 * starting with an ASCII letter that holds no `#` or `:`, with any trailing
 * spaces outside it), which needs none of the checks of `inlineValue`, or
 * anything else (group 5). Most values of a manifest are simple, and each
 * check saved is saved on thousands of lines of a pre-commit run.
 *
 * The whole pattern is a lookahead, so the match itself is empty: no string
 * is made for it, only for the groups (a clean lint allocates little enough
 * that this, and no strings for the indentation and the dash, spare it a
 * young-generation collection).
 */
const LINE =
  /(?=(?:(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\n]|'')*)'|([^\s"'#&*!|>%@`,[\]{}?:-][^#\n]*?|-[^\s#][^#\n]*?)) *:(?: +|$))?(?:([A-Za-z](?:[^#:\n]*[^ #:\n])?|[-+]?[0-9]+) *|(.*))$)/my;
/** A run of spaces, read with `test` for where it ends: no match array. */
const SPACES = / */y;
const DOUBLE = /^"((?:[^"\\]|\\.)*)"(?: *| +#.*)$/;
const SINGLE = /^'((?:[^']|'')*)'(?: *| +#.*)$/;
const FLOW_SEQUENCE = /^\[(.*)\](?: *| +#.*)$/;
const FLOW_MAPPING = /^\{(.*)\}(?: *| +#.*)$/;
/** One item of a flow sequence, with the comma after it (sticky: items are read in turn). */
const FLOW_ITEM =
  / *(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s"'#&*!|>%@`,[\]{}?:-][^,[\]{}#]*?|-[^\s,[\]{}#][^,[\]{}#]*?)) *(,|$)/y;
/** One `key: value` pair of a flow mapping (the value a scalar or a `[…]` of scalars), with the comma after it. */
const FLOW_PAIR =
  / *(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s"'#&*!|>%@`,[\]{}?:-][^,[\]{}#:]*?)) *: +(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s"'#&*!|>%@`,[\]{}?:-][^,[\]{}#]*?|-[^\s,[\]{}#][^,[\]{}#]*?)|\[([^[\]{}"'#]*)\]) *(,|$)/y;
/** An escape, read in turn so `\\\\` is one escape; YAML and JSON read these alike (`\u` is left out: YAML pairs surrogates its own way). */
const ESCAPE = /\\(.)/g;
const JSON_ESCAPES = '"\\/bfnrt';
/** Characters a plain scalar may not start with (beyond quotes, brackets, `#` and `- `, handled first). */
const INDICATORS = '&*!|>%@`,]}?:';
/** Text the subset does not cover anywhere in a file: tabs, control and special line-break characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
const OUTSIDE_SUBSET = /[\t\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/;
const BLANK = /^ *$/;
const INT = /^[-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
/** Core-schema numbers the subset leaves to the general parser: octal, hex, infinities, NaN. */
const OTHER_NUMBER = /^(?:0o|0x|[-+]?\.(?:inf|Inf|INF)$|\.(?:nan|NaN|NAN)$)/;
/** The exact parser refuses longer implicit keys. */
const MAX_KEY = 1024;

/**
 * The document's significant lines, in parallel arrays sized to the line
 * count: indentation, the width of a leading `- ` (0 for none), the decoded
 * key (undefined for none), and what follows the dash and key: a simple
 * scalar's text, or else the rest of the line.
 */
const NO_LINES = new Int32Array(0);
let indents = NO_LINES;
let dashes = NO_LINES;
let keys: Array<string | undefined> = [];
/** What follows the dash and key: a simple scalar's text where `simple` is 1 for the line, else the rest of the line (one array, not two, of the line count). */
let texts: Array<string | undefined> = [];
let simple = new Uint8Array(0);
let pos = 0;
let count = 0;

export function parseBlockYaml(source: string): unknown {
  let text = source;
  if (text.includes('\r')) {
    text = text.replace(/\r\n/g, '\n');
    if (text.includes('\r')) return undefined;
  }
  if (OUTSIDE_SUBSET.test(text)) return undefined;
  pos = 0;
  declined = false;
  try {
    splitLines(text);
    if (declined || count === 0) return undefined;
    const value = parseNode(indents[0]);
    return declined || pos !== count ? undefined : value;
  } finally {
    indents = NO_LINES;
    dashes = NO_LINES;
    keys = [];
    texts = [];
    simple = new Uint8Array(0);
  }
}

function splitLines(text: string): void {
  // Sized for the worst case, one significant line per line; a typed array of that size costs nothing to fill.
  let n = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++;
  indents = new Int32Array(n);
  dashes = new Int32Array(n);
  keys = new Array(n);
  texts = new Array(n);
  simple = new Uint8Array(n);
  count = 0;
  let started = false;
  const length = text.length;
  // One sticky, multi-line match per line over the whole text: no array of lines to build and keep.
  for (let start = 0; start <= length; ) {
    const c = text.charCodeAt(start);
    if (c === 37) return void decline(); // `%`: a directive
    if (c === 45 || c === 46) {
      const end = text.indexOf('\n', start);
      const line = text.slice(start, end === -1 ? length : end);
      if (/^(?:---|\.\.\.)(?: |$)/.test(line)) {
        // One leading `---` is allowed (many editors write it); anything else is a stream of documents.
        if (started || c === 46 || !/^--- *(?:#.*)?$/.test(line)) return void decline();
        started = true;
        start = end === -1 ? length + 1 : end + 1;
        continue;
      }
    }
    // The indentation, then a sequence dash (`- ` with any spaces after it, or `-` ending the line): their widths.
    SPACES.lastIndex = start;
    SPACES.test(text);
    const dashAt = SPACES.lastIndex;
    const indent = dashAt - start;
    let at = dashAt;
    if (text.charCodeAt(dashAt) === 45) {
      const next = text.charCodeAt(dashAt + 1);
      if (next === 32) {
        SPACES.lastIndex = dashAt + 1;
        SPACES.test(text);
        at = SPACES.lastIndex;
      } else if (next === 10 || dashAt + 1 === length) at = dashAt + 1;
    }
    LINE.lastIndex = at;
    const m = LINE.exec(text)!;
    const end = text.indexOf('\n', at);
    start = end === -1 ? length + 1 : end + 1;
    const dash = at - dashAt;
    const plain = m[3];
    const simpleText = m[4];
    const rest = m[5];
    let key: string | undefined;
    if (plain !== undefined) {
      // Numbers and the null and boolean words never start with a lowercase letter, but for these three.
      const c = plain.charCodeAt(0);
      key = c >= 97 && c <= 122 && plain !== 'null' && plain !== 'true' && plain !== 'false' ? plain : plainKey(plain);
    } else if (m[1] !== undefined) key = doubleQuoted(m[1]);
    else if (m[2] !== undefined) key = m[2].replace(/''/g, "'");
    else if (dash === 0 && simpleText === undefined && (rest === '' || rest!.charCodeAt(0) === 35)) continue; // blank or comment
    // A key the subset does not cover.
    if (declined) return;
    started = true;
    indents[count] = indent;
    dashes[count] = dash;
    keys[count] = key;
    simple[count] = simpleText === undefined ? 0 : 1;
    texts[count] = simpleText === undefined ? rest : simpleText;
    count++;
  }
}

function parseNode(indent: number): unknown {
  return dashes[pos] !== 0 ? parseSequence(indent) : parseMapping(indent);
}

function parseMapping(indent: number): Obj | undefined {
  const map: Obj = {};
  while (!declined && pos < count && indents[pos] === indent) {
    const key = keys[pos];
    if (key === undefined || dashes[pos] !== 0) return decline();
    if (key.length > MAX_KEY || key === '__proto__' || key === '<<' || Object.hasOwn(map, key)) return decline();
    pos++;
    map[key] = valueAfter(pos - 1, indent, true);
  }
  if (pos < count && indents[pos] > indent) return decline();
  return map;
}

function parseSequence(indent: number): unknown[] | undefined {
  const list: unknown[] = [];
  while (!declined && pos < count && indents[pos] === indent && dashes[pos] !== 0) {
    const rest = simple[pos] === 1 ? undefined : texts[pos];
    if (keys[pos] !== undefined) {
      // `- key: value` opens a mapping whose keys line up with this first one.
      const column = indent + dashes[pos];
      indents[pos] = column;
      dashes[pos] = 0;
      list.push(parseMapping(column));
    } else if (rest !== undefined && rest.charCodeAt(0) === 45 && (rest.length === 1 || rest.charCodeAt(1) === 32)) {
      return decline(); // `- - x`: nested sequences on one line
    } else {
      pos++;
      list.push(valueAfter(pos - 1, indent, false));
    }
  }
  if (pos < count && indents[pos] > indent) return decline();
  return list;
}

/** The value of the entry or item on significant line `line`: on that line after the key or dash, or on the lines below. */
function valueAfter(line: number, indent: number, inMapping: boolean): unknown {
  const inline = simple[line] === 1 ? simpleScalar(texts[line]!) : inlineValue(texts[line]!);
  if (inline !== EMPTY) {
    if (pos < count && indents[pos] > indent) return decline();
    return inline;
  }
  if (pos >= count) return null;
  if (indents[pos] > indent) return parseNode(indents[pos]);
  // A mapping's sequence may sit at the key's own indentation.
  if (inMapping && indents[pos] === indent && dashes[pos] !== 0) return parseSequence(indent);
  return null;
}

/** A scalar the line pattern classed as simple: a decimal integer, or a word with no `#` or `:`. */
function simpleScalar(text: string): unknown {
  if (text.charCodeAt(0) <= 57) return integer(text); // a digit or sign; letters come later
  // Only the null and boolean words among such scalars have these lengths.
  const length = text.length;
  return length === 4 || length === 5 ? plainScalar(text) : text;
}

function inlineValue(text: string): unknown {
  if (text === '') return EMPTY;
  const c = text.charCodeAt(0);
  switch (c) {
    case 35: // #
      return EMPTY;
    case 34: {
      const m = DOUBLE.exec(text);
      return m === null ? decline() : doubleQuoted(m[1]);
    }
    case 39: {
      const m = SINGLE.exec(text);
      return m === null ? decline() : m[1].replace(/''/g, "'");
    }
    case 91: {
      const m = FLOW_SEQUENCE.exec(text);
      return m === null ? decline() : flowSequence(m[1]);
    }
    case 123: {
      const m = FLOW_MAPPING.exec(text);
      return m === null ? decline() : flowMapping(m[1]);
    }
    case 45: // `- x` here would be a sequence on its key's line
      if (text.length === 1 || text.charCodeAt(1) === 32) return decline();
      break;
    default:
      if (INDICATORS.includes(text[0])) return decline();
  }
  const comment = text.indexOf(' #');
  let plain = comment === -1 ? text : text.slice(0, comment);
  let end = plain.length;
  while (plain.charCodeAt(end - 1) === 32) end--;
  if (end !== plain.length) plain = plain.slice(0, end);
  if (plain.charCodeAt(end - 1) === 58 || plain.includes(': ')) return decline();
  return plainScalar(plain);
}

function flowSequence(inner: string): unknown[] | undefined {
  if (BLANK.test(inner)) return [];
  const items: unknown[] = [];
  FLOW_ITEM.lastIndex = 0;
  for (;;) {
    const at = FLOW_ITEM.lastIndex;
    const m = FLOW_ITEM.exec(inner);
    if (m === null || m.index !== at) return decline();
    if (m[1] !== undefined) items.push(doubleQuoted(m[1]));
    else if (m[2] !== undefined) items.push(m[2].replace(/''/g, "'"));
    else {
      const plain = m[3];
      if (plain.includes(': ') || plain.endsWith(':')) return decline();
      items.push(plainScalar(plain));
    }
    if (m[4] === '') {
      if (FLOW_ITEM.lastIndex !== inner.length) return decline();
      return items;
    }
    // A trailing comma (`[a, b,]`) is valid YAML, but rare enough to leave to the general parser.
    if (declined || FLOW_ITEM.lastIndex >= inner.length || BLANK.test(inner.slice(FLOW_ITEM.lastIndex)))
      return decline();
  }
}

function flowMapping(inner: string): Obj | undefined {
  const map: Obj = {};
  if (BLANK.test(inner)) return map;
  FLOW_PAIR.lastIndex = 0;
  for (;;) {
    const at = FLOW_PAIR.lastIndex;
    const m = FLOW_PAIR.exec(inner);
    if (m === null || m.index !== at) return decline();
    const key =
      m[1] !== undefined ? doubleQuoted(m[1]) : m[2] !== undefined ? m[2].replace(/''/g, "'") : plainKey(m[3]);
    if (key === undefined || key.length > MAX_KEY || key === '__proto__' || key === '<<' || Object.hasOwn(map, key))
      return decline();
    if (m[4] !== undefined) map[key] = doubleQuoted(m[4]);
    else if (m[5] !== undefined) map[key] = m[5].replace(/''/g, "'");
    // A list of plain scalars as a value (`channel_types: [guild_text]`), read as a flow sequence is.
    else if (m[7] !== undefined) map[key] = flowSequence(m[7]);
    else {
      const plain = m[6];
      if (plain.includes(': ') || plain.endsWith(':')) return decline();
      map[key] = plainScalar(plain);
    }
    if (m[8] === '') return map;
    if (declined || FLOW_PAIR.lastIndex >= inner.length || BLANK.test(inner.slice(FLOW_PAIR.lastIndex)))
      return decline();
  }
}

function doubleQuoted(body: string): string | undefined {
  if (!body.includes('\\')) return body;
  for (const m of body.matchAll(ESCAPE)) if (!JSON_ESCAPES.includes(m[1])) return decline();
  return JSON.parse(`"${body}"`) as string;
}

function plainKey(text: string): string | undefined {
  const value = plainScalar(text);
  return typeof value === 'string' ? value : decline();
}

/** The YAML 1.2 core schema's resolution of a plain scalar, with integers as the exact parser reads them. */
function plainScalar(text: string): unknown {
  const c = text.charCodeAt(0);
  if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) {
    if (INT.test(text)) return integer(text);
    if (FLOAT.test(text)) return Number(text);
    if (OTHER_NUMBER.test(text)) return decline();
    return text;
  }
  const length = text.length;
  // Only the null and boolean words below have these lengths; most scalars skip the comparisons.
  if (length !== 1 && length !== 4 && length !== 5) return text;
  switch (text) {
    case '~':
    case 'null':
    case 'Null':
    case 'NULL':
      return null;
    case 'true':
    case 'True':
    case 'TRUE':
      return true;
    case 'false':
    case 'False':
    case 'FALSE':
      return false;
    default:
      return text;
  }
}

function integer(text: string): number | bigint {
  const n = Number(text);
  if (Number.isSafeInteger(n)) return n === 0 ? 0 : n;
  const negative = text[0] === '-';
  const digits = negative || text[0] === '+' ? text.slice(1) : text;
  const value = BigInt(digits);
  return negative ? -value : value;
}
