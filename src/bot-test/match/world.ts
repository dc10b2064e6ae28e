/**
 * A step's `world:` facts against the guild as read (run/world-facts.ts):
 * a list is the whole set (any order), a number how many, a text the one
 * value. Checked whatever the bot answered: the guild is what the step is
 * about.
 */
import type { Mismatch } from '../model.js';
import type { WorldExpectation, WorldValue } from '../world-facts.js';
import { matchesText, show, showList, showMatcher } from './text.js';

function matchOne(w: WorldExpectation, got: WorldValue | undefined): Mismatch | undefined {
  const path = `world.${w.key}`;
  const expected =
    'names' in w.want
      ? showList([...w.want.names].sort())
      : 'count' in w.want
        ? `${w.want.count}`
        : showMatcher(w.want.text);
  if (got === undefined || 'missing' in got)
    return { path, expected, actual: got ? got.missing : 'not read', at: w.at };
  if ('text' in got) {
    if ('text' in w.want && matchesText(w.want.text, got.text)) return undefined;
    return { path, expected, actual: got.text === undefined ? 'none' : show(got.text), at: w.at };
  }
  const names = got.names;
  if ('count' in w.want) {
    if (names.length === w.want.count) return undefined;
    return { path, expected, actual: `${names.length}${names.length ? `: ${showList(names)}` : ''}`, at: w.at };
  }
  if ('names' in w.want) {
    const want = [...w.want.names].sort();
    if (want.length === names.length && want.every((n, i) => n === names[i])) return undefined;
  }
  return { path, expected, actual: showList(names), at: w.at };
}

export function matchWorld(
  wanted: readonly WorldExpectation[] | undefined,
  got: Record<string, WorldValue> | undefined,
): Mismatch[] {
  return (wanted ?? []).map((w) => matchOne(w, got?.[w.key])).filter((m) => m !== undefined);
}
