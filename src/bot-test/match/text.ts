import type { TextMatcher } from '../model.js';
import { regexOf } from '../file/values.js';

/** Whether `actual` is what the matcher says: equal, or found by the regular expression. */
export function matchesText(m: TextMatcher, actual: string | undefined): boolean {
  if (actual === undefined) return false;
  return 'exact' in m ? actual === m.exact : new RegExp(m.pattern, m.flags).test(actual);
}

/** A value written in an embed: text as a matcher's source (`/…/` a regular expression), anything else equal. */
export function matchesWritten(written: unknown, actual: unknown): boolean {
  if (typeof written !== 'string') return written === actual;
  if (typeof actual !== 'string') return false;
  const re = regexOf(written);
  return re ? re.test(actual) : written === actual;
}

const LIMIT = 120;

/** A value as the report shows it: text quoted and cut short, regular expressions as written. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const s = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return s.length > LIMIT ? `${s.slice(0, LIMIT - 1)}…` : s;
}

export function showMatcher(m: TextMatcher): string {
  return 'exact' in m ? show(m.exact) : `/${m.pattern}/${m.flags}`;
}

export function showList(items: string[]): string {
  const s = `[${items.join(', ')}]`;
  return s.length > LIMIT ? `${s.slice(0, LIMIT - 1)}…]` : s;
}
