import type { TextMatcher } from '../model.js';
import type { Entry, Reader } from './nodes.js';
import { textMatcher } from './values.js';

/** A text matcher from a scalar entry (`what` names it in messages). */
export function readText(r: Reader, entry: Entry, what = entry.key): TextMatcher | undefined {
  const written = r.text(entry, what);
  if (written === undefined) return undefined;
  const m = textMatcher(written);
  return 'problem' in m ? r.problem(r.valueAt(entry), m.problem) : m;
}
