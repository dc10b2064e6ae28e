/**
 * Scalars as the exact parser (`yaml`, YAML 1.2 core schema, `intAsBigInt`)
 * reads them, for the fast readers (block-yaml.ts, flow-yaml.ts): plain
 * scalars' types, quoted scalars' escapes, and block scalars' folding and
 * chomping. Each returns DECLINE for what it does not read exactly.
 */

/** What a fast reader returns for text it leaves to the exact parser. */
export const DECLINE: unique symbol = Symbol('decline');
export type Declined = typeof DECLINE;

const INT = /^[-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
/** Core-schema numbers left to the exact parser: octal, hex, infinities, NaN. */
const OTHER_NUMBER = /^(?:0o|0x|[-+]?\.(?:inf|Inf|INF)$|\.(?:nan|NaN|NAN)$)/;
/** YAML's one-character escapes (the exact parser's table); `\x`, `\u` and `\U` are read apart. */
const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
};
const HEX = /^[0-9a-fA-F]+$/;

/** The core schema's resolution of a plain scalar, with integers as the exact parser reads them. */
export function plainScalar(text: string): unknown {
  const c = text.charCodeAt(0);
  if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) {
    if (INT.test(text)) return integer(text);
    if (FLOAT.test(text)) return Number(text);
    if (OTHER_NUMBER.test(text)) return DECLINE;
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

/** A plain scalar used as a key: only strings are read (a number or null key is left to the exact parser). */
export function plainKey(text: string): string | Declined {
  const value = plainScalar(text);
  return typeof value === 'string' ? value : DECLINE;
}

export function integer(text: string): number | bigint {
  const n = Number(text);
  if (Number.isSafeInteger(n)) return n === 0 ? 0 : n;
  const negative = text[0] === '-';
  const digits = negative || text[0] === '+' ? text.slice(1) : text;
  const value = BigInt(digits);
  return negative ? -value : value;
}

/** The body of a one-line double-quoted scalar, its escapes decoded as YAML decodes them. */
export function doubleQuoted(body: string): string | Declined {
  let at = body.indexOf('\\');
  if (at === -1) return body;
  let out = body.slice(0, at);
  while (at !== -1) {
    const c = body[at + 1];
    let next = at + 2;
    if (c === 'x' || c === 'u' || c === 'U') {
      const length = c === 'x' ? 2 : c === 'u' ? 4 : 8;
      const hex = body.slice(next, next + length);
      if (hex.length !== length || !HEX.test(hex)) return DECLINE;
      const code = Number.parseInt(hex, 16);
      if (code > 0x10ffff) return DECLINE;
      out += String.fromCodePoint(code);
      next += length;
    } else {
      const escaped = c === undefined ? undefined : ESCAPES[c];
      if (escaped === undefined || !Object.hasOwn(ESCAPES, c)) return DECLINE;
      out += escaped;
    }
    at = body.indexOf('\\', next);
    out += body.slice(next, at === -1 ? body.length : at);
  }
  return out;
}

export function singleQuoted(body: string): string {
  return body.includes("''") ? body.replace(/''/g, "'") : body;
}

export type Chomping = 'clip' | 'strip' | 'keep';

/**
 * A block scalar's value from its lines, each with the content indentation
 * removed ('' for an empty line). `folded`: `>` (lines joined by spaces, but
 * around empty and more-indented lines), else `|`.
 */
export function blockScalar(lines: readonly string[], folded: boolean, chomping: Chomping): string {
  let last = lines.length - 1;
  while (last >= 0 && lines[last] === '') last--;
  let body = '';
  if (!folded) body = lines.slice(0, last + 1).join('\n');
  else {
    // 0: before the first text line, 1: after a normal line, 2: after a more-indented one.
    let previous = 0;
    let empty = 0;
    for (let i = 0; i <= last; i++) {
      const line = lines[i];
      if (line === '') {
        empty++;
        continue;
      }
      const more = line.charCodeAt(0) === 32;
      if (previous === 0) body += '\n'.repeat(empty);
      else if (previous === 1 && !more) body += empty === 0 ? ' ' : '\n'.repeat(empty);
      else body += '\n'.repeat(empty + 1);
      body += line;
      previous = more ? 2 : 1;
      empty = 0;
    }
  }
  if (chomping === 'strip') return body;
  if (chomping === 'clip') return `${body}\n`;
  return body + '\n'.repeat(lines.length - last);
}
