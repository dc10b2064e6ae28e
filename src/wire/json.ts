/**
 * Reading JSON text as the service reads it: the one reader for HTTP bodies
 * (JSON and multipart `payload_json`) and gateway frames.
 *
 * - **JSON's grammar** (RFC 8259): what `JSON.parse` refuses is refused, a
 *   number with a leading zero (`0123`) included; no repair of malformed text.
 * - **Integers keep every digit.** The service reads JSON integers exactly,
 *   and clients such as discord.py send snowflakes (channel_id,
 *   allowed_mentions.users, a gateway member request's guild_id and user_ids)
 *   as JSON numbers. An integer literal beyond ±2^53, sign included, is read as
 *   the string of its digits (`-12345678901234567890` → `"-12345678901234567890"`):
 *   every integer of the interface that large is a snowflake, which the
 *   service treats as its decimal string, and the field's own rule then judges
 *   it (a negative one is no snowflake). ±2^53 itself is exact in a double and
 *   stays a number: NUMBER option bounds may be ±2^53 (`NUMBER_MIN`,
 *   `NUMBER_MAX`). A fraction or an exponent makes a float, as for the service.
 * - **What can be stored and written back**: no nesting deeper than any body
 *   of the interface needs (JSON.stringify recurses, so a deep value stored
 *   once would make every later write of the emulator's data file throw), and
 *   no number JSON.parse turns into ±Infinity (written back as `null`). Both
 *   are refused like malformed text.
 *
 * A targeted pass over the text (the one that measures nesting) finds the
 * large integers, so the parse itself stays Node's JSON.parse; a general
 * lossless parser written in JavaScript would cost several times more on
 * every body for a case only large integers need.
 */
import { NUMBER_MAX } from './limits.js';
import type { Obj } from './rules/values.js';

/** Deeper than any body of the interface (a command with a group, subcommand, option, choice and localization is ~10). */
export const MAX_JSON_DEPTH = 64;

/** JSON bodies larger than this are refused with 413 40005 (files in multipart bodies have their own, larger limit). */
export const MAX_JSON_BYTES = 8 * 1024 * 1024;

export type JsonRead = { ok: true; value: unknown } | { ok: false };

const REFUSED: JsonRead = Object.freeze({ ok: false });

/**
 * Reads a JSON text, or refuses it. The nesting is checked on the text first
 * (brackets outside strings), so a pathological text is refused before
 * JSON.parse builds it.
 */
export function readJson(text: string, maxDepth = MAX_JSON_DEPTH): JsonRead {
  const scan = scanText(text);
  if (scan.depth > maxDepth) return REFUSED;
  let value: unknown;
  try {
    value = JSON.parse(scan.unsafe.length > 0 ? quoteIntegers(text, scan.unsafe) : text);
  } catch {
    return REFUSED;
  }
  return storable(value, maxDepth) ? { ok: true, value } : REFUSED;
}

/** Nesting within the limit and every number finite. Recursive, but never deeper than `depthLeft`. */
function storable(v: unknown, depthLeft: number): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (v === null || typeof v !== 'object') return true;
  if (depthLeft === 0) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!storable(v[i], depthLeft - 1)) return false;
    return true;
  }
  for (const key in v) if (!storable((v as Obj)[key], depthLeft - 1)) return false;
  return true;
}

interface Scan {
  /** The deepest bracket nesting, ignoring brackets inside strings. */
  depth: number;
  /** [start, end) of each integer literal outside strings that a double cannot hold exactly. */
  unsafe: Array<[number, number]>;
}

/** 2^53, the largest magnitude kept as a number. */
const MAX_EXACT = String(NUMBER_MAX);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
/** Digits, `.`, `e`/`E`, `+`, `-`: the rest of a number token. */
const isNumberChar = (c: number) => isDigit(c) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;

/** Digits text[first, end) (no leading zero) name an integer beyond 2^53: by length, then digit by digit. */
function beyondExact(text: string, first: number, end: number): boolean {
  const length = end - first;
  if (length !== MAX_EXACT.length) return length > MAX_EXACT.length;
  return text.slice(first, end) > MAX_EXACT;
}

/**
 * One pass over a JSON text: its nesting, and where its integers beyond 2^53
 * are. A string is skipped whole with indexOf (most of a message body is its
 * strings: a character at a time cost more than JSON.parse itself).
 */
function scanText(text: string): Scan {
  let depth = 0;
  let max = 0;
  const unsafe: Array<[number, number]> = [];
  // The first backslash at or after where the last string's search began: found once, not once per string.
  let backslash = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // The closing quote: the first that no backslash escapes (a backslash escapes the one character after it).
      let quote = text.indexOf('"', i + 1);
      if (backslash !== Number.POSITIVE_INFINITY && backslash <= i) backslash = nextOrNever(text, '\\', i + 1);
      while (quote >= 0 && backslash < quote) {
        if (quote === backslash + 1) quote = text.indexOf('"', quote + 1);
        backslash = nextOrNever(text, '\\', backslash + 2);
      }
      // An unterminated string runs to the end (JSON.parse refuses it).
      i = quote < 0 ? text.length : quote;
    } else if (c === 0x5b || c === 0x7b) {
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
      if (j === end && text.charCodeAt(first) !== 0x30 && beyondExact(text, first, end)) unsafe.push([start, end]);
      i = j - 1;
    }
  }
  return { depth: max, unsafe };
}

function nextOrNever(text: string, s: string, from: number): number {
  const at = text.indexOf(s, from);
  return at < 0 ? Number.POSITIVE_INFINITY : at;
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
