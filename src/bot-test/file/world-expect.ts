/**
 * `expect: { world: { bans: [bob], "roles of bob": [mods], "pins in #general": 1 } }`:
 * facts about the guild after the step (world-facts.ts). Each key is a
 * known fact; a list is the whole set, a number how many, a text the one
 * value (`nick of bob: Bobby`).
 */
import { yamlLib } from '../../manifest/yaml-lib.js';
import {
  CHANNEL_FACTS,
  MEMBER_FACTS,
  PLAIN_FACTS,
  type WorldExpectation,
  type WorldFact,
  type WorldWant,
} from '../world-facts.js';
import { describe, type Entry, type Reader } from './nodes.js';
import { readText } from './expect-text.js';

const FORMS = [...PLAIN_FACTS, ...MEMBER_FACTS.map((f) => `${f} MEMBER`), ...CHANNEL_FACTS.map((f) => `${f} #CHANNEL`)];

function factOf(key: string): WorldFact | undefined {
  const plain = PLAIN_FACTS.find((f) => f === key);
  if (plain) return { kind: plain };
  for (const f of MEMBER_FACTS)
    if (key.startsWith(`${f} `) && key.length > f.length + 1)
      return {
        kind: f,
        member: key
          .slice(f.length + 1)
          .trim()
          .replace(/^@/, ''),
      };
  for (const f of CHANNEL_FACTS)
    if (key.startsWith(`${f} `) && key.length > f.length + 1)
      return {
        kind: f,
        channel: key
          .slice(f.length + 1)
          .trim()
          .replace(/^#/, ''),
      };
  return undefined;
}

function wantOf(r: Reader, e: Entry, fact: WorldFact): WorldWant | undefined {
  const { isScalar, isSeq } = yamlLib();
  const v = e.value;
  if (fact.kind === 'nick of') {
    const text = readText(r, e, e.key);
    return text && { text };
  }
  if (isScalar(v) && typeof v.value === 'number' && Number.isInteger(v.value) && v.value >= 0)
    return { count: v.value };
  if (isSeq(v)) {
    const names = (r.items(e) ?? []).map((item, i) => r.text({ ...e, value: item }, `${e.key}[${i}]`));
    if (names.some((n) => n === undefined)) return undefined;
    return { names: (names as string[]).map((n) => n.replace(/^[@#]/, '')) };
  }
  return r.problem(
    r.valueAt(e),
    `${e.key} must be a list of names (the whole set, any order) or how many, not ${describe(v)}`,
  );
}

export function readWorldExpectations(r: Reader, entry: Entry): WorldExpectation[] | undefined {
  const { isMap, isScalar } = yamlLib();
  if (!isMap(entry.value))
    return r.problem(
      r.valueAt(entry),
      `world must be a mapping of facts (${FORMS.join(', ')}), not ${describe(entry.value)}`,
    );
  const out: WorldExpectation[] = [];
  let ok = true;
  for (const pair of entry.value.items) {
    const keyNode = pair.key as never;
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const e: Entry = { key, keyNode, value: pair.value as never };
    const fact = factOf(key);
    if (!fact) {
      ok = r.problem(r.at(keyNode), `world: unknown fact "${key}" (known: ${FORMS.join(', ')})`) ?? false;
      continue;
    }
    const want = wantOf(r, e, fact);
    if (want === undefined) ok = false;
    else out.push({ key, fact, want, at: r.valueAt(e) });
  }
  if (ok && out.length === 0) return r.problem(r.valueAt(entry), 'world is empty; name a fact or leave it out');
  return ok ? out : undefined;
}
