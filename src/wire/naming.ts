/**
 * Names of CHAT_INPUT commands and of options (spec "Naming rules").
 * The documented pattern allows the ASCII apostrophe and so do we (lint, the
 * emulator); the live service has been seen to refuse it with
 * STRING_TYPE_REGEX (facts §10), which lint reports as the `name-apostrophe`
 * warning (docs/deviations.md).
 */
/** The character class of the documented pattern `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`; its length bound is the name-length rule. */
const NAME_CLASS = String.raw`[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]`;

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
  // Built on first use: a Unicode-property pattern costs a few hundred microseconds to create, and a clean lint never needs this one.
  nameChar ??= new RegExp(`^${NAME_CLASS}$`, 'u');
  for (const ch of name) if (!nameChar.test(ch)) return ch;
  return undefined;
}
let nameChar: RegExp | undefined;

/**
 * Names made of ASCII letters, digits, `-` and `_` (nearly all of them) match
 * the pattern's class; this plain pattern says so without building the
 * Unicode one, which costs a pre-commit run about a millisecond to create and
 * tier up.
 */
const ASCII_NAME = /^[-_a-zA-Z0-9]+$/;

/** The pattern's character class alone: length is its own rule (name-length), so one long name is one finding. */
let nameChars: RegExp | undefined;

export function matchesNamePattern(name: string): boolean {
  if (ASCII_NAME.test(name)) return true;
  nameChars ??= new RegExp(`^${NAME_CLASS}+$`, 'u');
  return nameChars.test(name);
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
