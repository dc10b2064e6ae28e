/**
 * A JSON manifest read by the native JSON.parse, exactly as the exact
 * parser (`yaml`, which reads JSON as YAML) reads it, or undefined where the
 * two differ: duplicate keys (the exact parser reports them), integers of
 * 16 digits or more (it keeps them as BigInt; JSON.parse rounds), `-0` (an
 * integer 0 to it), `__proto__` keys, a lone carriage return, and
 * characters YAML reads its own way (C1 controls, line and paragraph
 * separators, byte-order marks).
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what it finds
const OUTSIDE = /[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|\r(?!\n)/;
/** A JSON string, to leave only the text between strings (replace resets a global pattern's lastIndex: no state kept). */
const STRING = /"(?:[^"\\]|\\.)*"/g;
/** Outside strings: an integer the exact parser keeps as BigInt (16 digits is past 2^53 from 9,007,199,254,740,992), or a `-0`. */
const NOT_AS_PARSED = /[0-9]{16}|-0(?![.0-9eE])/;

export function readJson(text: string): unknown {
  if (OUTSIDE.test(text) || text.includes('"__proto__"')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const between = text.replace(STRING, '""');
  if (NOT_AS_PARSED.test(between)) return undefined;
  // Outside strings every `:` follows a key: fewer keys in the value means one was written twice.
  let colons = 0;
  for (let at = between.indexOf(':'); at !== -1; at = between.indexOf(':', at + 1)) colons++;
  return colons === countKeys(value) ? value : undefined;
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
