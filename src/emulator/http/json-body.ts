/**
 * JSON request bodies as the emulator accepts them. Beyond syntax, a body
 * must be something the world can hold and write back: no nesting deeper than
 * any interface body needs (JSON.stringify recurses, so a deep value stored
 * once would make every later write of the data file throw), and no number
 * that JSON.parse turned into ±Infinity (written back as `null`). Both are
 * answered like malformed JSON (400 50109).
 *
 * Integers beyond ±2^53 keep every digit: clients such as discord.py send
 * snowflakes (channel_id, allowed_mentions.users, attachment and permission
 * ids) as JSON numbers, and every integer of the interface that large is a
 * snowflake, which the service treats as its decimal string. They are read as
 * that string. A targeted pass over the text (the one that already measures
 * nesting) finds them, so the parse itself stays Node's JSON.parse; a general
 * lossless parser written in JavaScript would cost several times more on
 * every body for a case only large integers need.
 */

/** Deeper than any body of the interface (a command with a group, subcommand, option, choice and localization is ~10). */
export const MAX_JSON_DEPTH = 64;

/** JSON bodies larger than this are refused with 413 40005 (files in multipart bodies have their own, larger limit). */
export const MAX_JSON_BYTES = 8 * 1024 * 1024;

export type JsonParse = { ok: true; value: unknown } | { ok: false };

/**
 * Nesting within the limit and every number finite. Recursive, but never
 * deeper than `maxDepth` (it gives up there), so it cannot overflow the stack.
 */
export function isStorableJson(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  return storable(value, maxDepth);
}

function storable(v: unknown, depthLeft: number): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (v === null || typeof v !== 'object') return true;
  if (depthLeft === 0) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!storable(v[i], depthLeft - 1)) return false;
    return true;
  }
  for (const key in v) if (!storable((v as Record<string, unknown>)[key], depthLeft - 1)) return false;
  return true;
}

/**
 * Parses a JSON body, refusing what the world could not write back. The
 * nesting is checked on the text first (brackets outside strings), so a
 * pathological body is refused before JSON.parse builds it.
 */
export function parseJsonBody(text: string, maxDepth = MAX_JSON_DEPTH): JsonParse {
  const scan = scanText(text);
  if (scan.depth > maxDepth) return { ok: false };
  let value: unknown;
  try {
    value = JSON.parse(scan.unsafe.length > 0 ? quoteIntegers(text, scan.unsafe) : text);
  } catch {
    return { ok: false };
  }
  return isStorableJson(value, maxDepth) ? { ok: true, value } : { ok: false };
}

interface Scan {
  /** The deepest bracket nesting, ignoring brackets inside strings. */
  depth: number;
  /** [start, end) of each integer literal outside strings that a double cannot hold exactly. */
  unsafe: Array<[number, number]>;
}

/** 2^53: a double holds it exactly, and NUMBER option bounds may be ±2^53 (spec); only integers beyond it are quoted. */
const MAX_EXACT = String(2 ** 53);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
/** Digits, `.`, `e`/`E`, `+`, `-`: the rest of a number token. */
const isNumberChar = (c: number) => isDigit(c) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;

/** Digits text[first, end) (no leading zero) name an integer beyond 2^53: by length, then digit by digit. */
function beyondSafe(text: string, first: number, end: number): boolean {
  const length = end - first;
  if (length !== MAX_EXACT.length) return length > MAX_EXACT.length;
  return text.slice(first, end) > MAX_EXACT;
}

/** One pass over a JSON text: its nesting, and where its unsafe integers are. */
function scanText(text: string): Scan {
  let depth = 0;
  let max = 0;
  let inString = false;
  const unsafe: Array<[number, number]> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2d || isDigit(c)) {
      // A number token: only an integer of 16 digits or more can be beyond 2^53.
      const start = i;
      const first = c === 0x2d ? i + 1 : i;
      let j = first;
      while (j < text.length && isDigit(text.charCodeAt(j))) j++;
      const end = j;
      // A fraction or exponent makes it no integer: skip the rest of the token.
      while (j < text.length && isNumberChar(text.charCodeAt(j))) j++;
      // A leading zero is malformed JSON: left for JSON.parse to refuse, not quoted into a valid string.
      if (j === end && text.charCodeAt(first) !== 0x30 && beyondSafe(text, first, end)) unsafe.push([start, end]);
      i = j - 1;
    }
  }
  return { depth: max, unsafe };
}

/** The text with each given integer literal turned into a string literal of its digits. */
function quoteIntegers(text: string, spans: ReadonlyArray<[number, number]>): string {
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of spans) {
    parts.push(text.slice(at, start), '"', text.slice(start, end), '"');
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
