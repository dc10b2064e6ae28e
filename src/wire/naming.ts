/**
 * Names of CHAT_INPUT commands and of options (spec "Naming rules").
 * The documented pattern allows the ASCII apostrophe and so do we (lint, the
 * emulator); the live service has been seen to refuse it with
 * STRING_TYPE_REGEX (facts §10), which lint reports as the `name-apostrophe`
 * warning (docs/deviations.md).
 */
import { NAME_CHAR_RANGES } from './name-chars.js';

/**
 * The character class of the documented pattern `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`
 * (its length bound is the name-length rule), as a table of code point ranges
 * (name-chars.ts): V8 takes 5-10 ms to build that Unicode-property pattern,
 * which a pre-commit lint of any manifest with a localized name paid.
 */
let starts: Uint32Array | undefined;
let ends: Uint32Array | undefined;

function decodeRanges(): void {
  const pairs = NAME_CHAR_RANGES.split(',');
  starts = new Uint32Array(pairs.length);
  ends = new Uint32Array(pairs.length);
  let previous = -1;
  for (let i = 0; i < pairs.length; i++) {
    const dot = pairs[i]!.indexOf('.');
    const start = previous + 1 + Number.parseInt(pairs[i]!.slice(0, dot), 36);
    previous = start + Number.parseInt(pairs[i]!.slice(dot + 1), 36);
    starts[i] = start;
    ends[i] = previous;
  }
}

/** Whether the code point is in the pattern's class. */
export function isNameCodePoint(cp: number): boolean {
  if (starts === undefined) decodeRanges();
  let lo = 0;
  let hi = starts!.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (cp < starts![mid]!) hi = mid - 1;
    else if (cp > ends![mid]!) lo = mid + 1;
    else return true;
  }
  return false;
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** Length in code points, as the service counts: UTF-16 units, less one for each surrogate pair. */
export function textLength(value: string): number {
  // Most text has no pair, and the native regex answers that without walking the string in JS.
  const pairs = value.match(SURROGATE_PAIR);
  return pairs === null ? value.length : value.length - pairs.length;
}

/**
 * Whether `value` is `min` to `max` code points long. A string holds at least
 * half as many code points as UTF-16 units and at most as many, so most
 * strings are answered by their length alone, without counting: lint checks
 * every name, description and localization of a manifest on every commit.
 */
export function lengthWithin(value: string, min: number, max: number): boolean {
  const units = value.length;
  if (units <= max && units + 1 >= 2 * min) return true;
  const n = textLength(value);
  return n >= min && n <= max;
}

/** The first character the pattern refuses, for the message. */
export function firstInvalidNameChar(name: string): string | undefined {
  for (const ch of name) if (!isNameCodePoint(ch.codePointAt(0)!)) return ch;
  return undefined;
}

/** Names made of ASCII letters, digits, `-` and `_` (nearly all of them) match the pattern's class: one native test says so. */
const ASCII_NAME = /^[-_a-zA-Z0-9]+$/;

export function matchesNamePattern(name: string): boolean {
  if (ASCII_NAME.test(name)) return true;
  // The pattern's character class alone: length is its own rule (name-length), so one long name is one finding.
  return name.length > 0 && firstInvalidNameChar(name) === undefined;
}

/** The ASCII apostrophe the spec's pattern allows and the live service was seen to refuse (facts §10). */
export function hasAsciiApostrophe(name: string): boolean {
  return name.includes("'");
}

/** What lint says of such a name; `label` names it (`Name "isn't"`, `Localized name for fr "…"`). */
export function apostropheWarning(label: string): string {
  return `${label} holds an ASCII apostrophe: the spec's pattern allows it, but the live service has been seen to refuse it (STRING_TYPE_REGEX); ʼ (U+02BC) is a letter and passes both.`;
}

/** Characters that have a lowercase form but are not written in it. */
export function uppercaseChars(name: string): string[] {
  const found: string[] = [];
  // Most names are already lowercase: one native call says so without walking the characters.
  if (name.toLowerCase() === name) return found;
  for (const ch of name) if (ch.toLowerCase() !== ch) found.push(ch);
  return found;
}

/** USER and MESSAGE names: any case, spaces allowed, but not blank; the service trims them. */
export function isBlank(name: string): boolean {
  return name.trim().length === 0;
}
