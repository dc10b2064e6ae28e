/**
 * Names of CHAT_INPUT commands and of options (spec "Naming rules").
 * The documented pattern allows the ASCII apostrophe, but the live service
 * rejects it with STRING_TYPE_REGEX (facts §10), so it is checked separately
 * and refused too: a name the emulator accepts must also pass the service.
 */
export const NAME_PATTERN = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** Same character class, unbounded, to test characters one by one. */
const NAME_CHAR = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]$/u;

/** Length in code points, as the service counts. */
export function textLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/** The first character the pattern refuses, for the message. */
export function firstInvalidNameChar(name: string): string | undefined {
  for (const ch of name) if (!NAME_CHAR.test(ch) || ch === "'") return ch;
  return undefined;
}

/** The pattern's character class alone: length is its own rule (name-length), so one long name is one finding. */
const NAME_CHARS = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]+$/u;

export function matchesNamePattern(name: string): boolean {
  return NAME_CHARS.test(name) && !name.includes("'");
}

/** Characters that have a lowercase form but are not written in it. */
export function uppercaseChars(name: string): string[] {
  const found: string[] = [];
  for (const ch of name) if (ch.toLowerCase() !== ch) found.push(ch);
  return found;
}

/** USER and MESSAGE names: any case, spaces allowed, but not blank; the service trims them. */
export function isBlank(name: string): boolean {
  return name.trim().length === 0;
}
