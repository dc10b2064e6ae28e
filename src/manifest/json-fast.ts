/**
 * A JSON manifest read by the native JSON.parse, exactly as the exact
 * parser (`yaml`, which reads JSON as YAML) reads it, or undefined where the
 * two differ: duplicate keys (the exact parser reports them), integers past
 * 2^53 (it keeps them as BigInt; JSON.parse rounds), `-0` (an
 * integer 0 to it), `__proto__` keys, a lone carriage return, and
 * characters YAML reads its own way (C1 controls, line and paragraph
 * separators, byte-order marks).
 */

const OUTSIDE = /[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|\r(?!\n)/;
/** A JSON string, to leave only the text between strings (replace resets a global pattern's lastIndex: no state kept). */
const STRING = /"(?:[^"\\]|\\.)*"/g;
/** Outside strings: an integer the exact parser reads as 0 (`-0`). */
const NEGATIVE_ZERO = /-0(?![.0-9eE])/;
/** Outside strings: digits enough to pass 2^53 (matchAll copies the pattern: no state kept). */
const LONG_DIGITS = /[0-9]{16,}/g;

export function readJson(text: string): unknown {
  if (OUTSIDE.test(text) || text.includes('"__proto__"')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const between = text.replace(STRING, '""');
  if (NEGATIVE_ZERO.test(between)) return undefined;
  // The exact parser keeps such integers as BigInt where JSON.parse rounds them: read those again, kept whole.
  for (const m of between.matchAll(LONG_DIGITS))
    if (!Number.isSafeInteger(Number(m[0]))) return withBigIntegers(text, colons(between));
  // Outside strings every `:` follows a key: fewer keys in the value means one was written twice.
  return colons(between) === countKeys(value) ? value : undefined;
}

function colons(between: string): number {
  let n = 0;
  for (let at = between.indexOf(':'); at !== -1; at = between.indexOf(':', at + 1)) n++;
  return n;
}

/** An integer past 2^53 written as a JSON string: NUL (escaped in the text) and a mark, then its digits. */
const BIG = '\\u0000bigint:';
const STRING_OR_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![-+.eE0-9])(-?[0-9]+)(?![.eE0-9])/g;

/** The text again with each integer past 2^53 as a marked string, turned into BigInt as the exact parser reads it. */
function withBigIntegers(text: string, keys: number): unknown {
  if (text.includes('\\u0000')) return undefined;
  const marked = text.replace(STRING_OR_INTEGER, (m, digits: string | undefined) =>
    digits === undefined || Number.isSafeInteger(Number(digits)) ? m : `"${BIG}${digits}"`,
  );
  let value: unknown;
  try {
    value = JSON.parse(marked);
  } catch {
    return undefined;
  }
  return countKeys(value) === keys ? toBigIntegers(value) : undefined;
}

function toBigIntegers(node: unknown): unknown {
  if (typeof node === 'string') return node.startsWith('\u0000bigint:') ? BigInt(node.slice(8)) : node;
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = toBigIntegers(record[key]);
  return node;
}

function countKeys(root: unknown): number {
  let keys = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item = node[i];
        if (item !== null && typeof item === 'object') stack.push(item);
      }
      continue;
    }
    for (const key in node) {
      keys++;
      const item = (node as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') stack.push(item);
    }
  }
  return keys;
}
