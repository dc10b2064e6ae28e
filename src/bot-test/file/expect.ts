import type { Expectation, MessageMatcher, ModalMatcher, SourceAt, StepKind, TextMatcher } from '../model.js';
import { yamlLib } from '../../manifest/yaml-lib.js';
import { describe, type Entry, type Reader, type YNode } from './nodes.js';
import { textMatcher, withinDuration } from './values.js';
import { readText } from './expect-text.js';
import { readWorldExpectations } from './world-expect.js';

export { readText } from './expect-text.js';

/** The keys of `expect:`, as written. */
export const EXPECT_KEYS = [
  'reply',
  'update',
  'followups',
  'modal',
  'choices',
  'refused',
  'no-answer',
  'message',
  'messages',
  'reactions',
  'world',
] as const;
const MESSAGE_KEYS = ['content', 'embeds', 'components', 'ephemeral', 'deleted', 'reactions', 'within', 'in'];
const MODAL_KEYS = ['title', 'fields', 'within'];
/** What nothing reaching the bot, or the bot not answering, rules out. */
const ANSWERS = ['reply', 'update', 'followups', 'modal', 'choices', 'message', 'messages', 'reactions'];
/** The steps that act on a message, whose reactions `reactions:` reads. */
const ON_A_MESSAGE: readonly StepKind[] = [
  'say',
  'dm',
  'click',
  'select',
  'message-command',
  'react',
  'unreact',
  'edit',
  'delete',
];

/** `within: 3s`: how long an expectation may take to hold (the step's, or one expectation's). */
export function readWithin(r: Reader, entry: Entry): number | undefined {
  const written = r.text(entry);
  if (written === undefined) return undefined;
  const ms = withinDuration(written);
  return typeof ms === 'number' ? ms : r.problem(r.valueAt(entry), ms.problem);
}

/** A list of text matchers (components, choices, modal fields). */
function readTexts(r: Reader, entry: Entry, what: string): TextMatcher[] | undefined {
  const items = r.items(entry, what);
  if (!items) return undefined;
  const out = items.map((item, i) =>
    readText(r, { key: entry.key, keyNode: entry.keyNode, value: item }, `${what}[${i}]`),
  );
  return out.every((m) => m !== undefined) ? (out as TextMatcher[]) : undefined;
}

/** A message matcher; a bare text stands for `{ content: text }`. */
export function readMessage(r: Reader, entry: Entry, what = entry.key): MessageMatcher | undefined {
  const at = r.valueAt(entry);
  if (yamlLib().isScalar(entry.value) && typeof entry.value.value === 'string') {
    const content = readText(r, entry, what);
    return content && { content, at };
  }
  const map = r.entries(entry.value, what, MESSAGE_KEYS, at);
  if (!map) return undefined;
  const out: MessageMatcher = { at };
  let ok = true;
  for (const e of map.values()) {
    const where = `${what}.${e.key}`;
    if (e.key === 'content') ok = (out.content = readText(r, e, where)) !== undefined && ok;
    else if (e.key === 'components') ok = (out.components = readTexts(r, e, where)) !== undefined && ok;
    else if (e.key === 'ephemeral') ok = (out.ephemeral = r.bool(e)) !== undefined && ok;
    else if (e.key === 'deleted') ok = (out.deleted = r.bool(e)) !== undefined && ok;
    else if (e.key === 'within') ok = (out.withinMs = readWithin(r, e)) !== undefined && ok;
    else if (e.key === 'reactions') ok = (out.reactions = readTexts(r, e, where)) !== undefined && ok;
    else if (e.key === 'in') ok = (out.in = readPlaceLabel(r, e)) !== undefined && ok;
    else ok = (out.embeds = readEmbeds(r, e, where)) !== undefined && ok;
  }
  return ok ? out : undefined;
}

/** `in: general`, `in: "#general"`, `in: dm bob` (`dm @bob`): where a message is, as ObservedMessage.in labels it. */
function readPlaceLabel(r: Reader, e: Entry): string | undefined {
  const written = r.nonEmpty(e);
  if (written === undefined) return undefined;
  const dm = /^dm\s+@?(\S+)$/i.exec(written.trim());
  if (dm) return `dm ${dm[1]}`;
  if (/^dm$/i.test(written.trim()) || /\s/.test(written.trim()))
    return r.problem(
      r.valueAt(e),
      `in: is a channel (general, #general) or a DM with a member (dm bob), not "${written}"`,
    );
  return `#${written.trim().replace(/^#/, '')}`;
}

/** Embeds as partial objects, their strings checked as text matchers (a bad regular expression is a problem here, not at run time). */
function readEmbeds(r: Reader, entry: Entry, what: string): Record<string, unknown>[] | undefined {
  const items = r.items(entry, what);
  if (!items) return undefined;
  const { isMap } = yamlLib();
  let ok = true;
  const out: Record<string, unknown>[] = [];
  items.forEach((item, i) => {
    if (!isMap(item)) {
      ok =
        r.problem(
          r.at(item, r.valueAt(entry)),
          `${what}[${i}] must be a mapping of the embed's fields (title: …), not ${describe(item)}`,
        ) ?? false;
      return;
    }
    const embed = r.plain(item, `${what}[${i}]`);
    ok = embed !== undefined && checkStrings(r, item) && ok;
    out.push(embed as Record<string, unknown>);
  });
  return ok ? out : undefined;
}

function checkStrings(r: Reader, node: YNode): boolean {
  const { visit, isScalar } = yamlLib();
  let ok = true;
  visit(node as never, {
    Scalar(key, s) {
      if (key === 'key' || !isScalar(s) || typeof s.value !== 'string') return;
      const m = textMatcher(s.value);
      if ('problem' in m) ok = r.problem(r.at(s), m.problem) ?? false;
    },
  });
  return ok;
}

function readModal(r: Reader, entry: Entry): ModalMatcher | undefined {
  const at = r.valueAt(entry);
  const map = r.entries(entry.value, 'modal', MODAL_KEYS, at);
  if (!map) return undefined;
  const out: ModalMatcher = { at };
  const title = map.get('title');
  const fields = map.get('fields');
  const within = map.get('within');
  if (title) out.title = readText(r, title, 'modal.title');
  if (fields) out.fields = readTexts(r, fields, 'modal.fields');
  if (within) out.withinMs = readWithin(r, within);
  return (title && !out.title) || (fields && !out.fields) || (within && out.withinMs === undefined) ? undefined : out;
}

function readMessages(r: Reader, entry: Entry): MessageMatcher[] | undefined {
  const items = r.items(entry);
  if (!items) return undefined;
  const out = items.map((value, i) =>
    readMessage(r, { key: entry.key, keyNode: entry.keyNode, value }, `${entry.key}[${i}]`),
  );
  return out.every((m) => m !== undefined) ? (out as MessageMatcher[]) : undefined;
}

function readRefused(r: Reader, entry: Entry): true | string | undefined {
  const v = entry.value;
  if (yamlLib().isScalar(v) && v.value === true) return true;
  if (yamlLib().isScalar(v) && typeof v.value === 'string' && v.value !== '') return v.value;
  return r.problem(r.valueAt(entry), `refused must be true or the text the refusal contains, not ${describe(v)}`);
}

/** A step's `expect:`; undefined when it has a problem (reported). */
export function readExpectation(r: Reader, entry: Entry, kind: StepKind): Expectation | undefined {
  const at = r.valueAt(entry);
  const map = r.entries(entry.value, 'expect', EXPECT_KEYS, at);
  if (!map) return undefined;
  if (map.size === 0)
    return r.problem(at, 'expect is empty; write what the step should come to (reply, refused, …) or leave expect out');
  const out: Expectation = { at };
  let ok = true;
  for (const e of map.values()) {
    if (e.key === 'reactions' && !ON_A_MESSAGE.includes(kind)) {
      ok =
        r.problem(
          r.at(e.keyNode),
          `reactions reads the message a step acts on (${ON_A_MESSAGE.join(', ')}); ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} step acts on none: write them on its message (reply: { reactions: [...] })`,
        ) ?? false;
      continue;
    }
    const value = readOne(r, e);
    if (value === undefined) ok = false;
    else (out as unknown as Record<string, unknown>)[e.key === 'no-answer' ? 'noAnswer' : e.key] = value;
  }
  return ok && consistent(r, map, at) ? out : undefined;
}

function readOne(r: Reader, e: Entry): unknown {
  switch (e.key) {
    case 'reply':
    case 'update':
    case 'message':
      return readMessage(r, e);
    case 'followups':
    case 'messages':
      return readMessages(r, e);
    case 'reactions':
      return readTexts(r, e, 'reactions');
    case 'modal':
      return readModal(r, e);
    case 'choices':
      return readTexts(r, e, 'choices');
    case 'refused':
      return readRefused(r, e);
    case 'world':
      return readWorldExpectations(r, e);
    default:
      return r.bool(e) === true ? true : r.problem(r.valueAt(e), 'no-answer can only be true (leave it out otherwise)');
  }
}

/** `refused` (nothing reached the bot) and `no-answer` (the bot said nothing) exclude any answer: written together, the step could never pass. */
function consistent(r: Reader, map: Map<string, Entry>, at: SourceAt): boolean {
  for (const excluding of ['refused', 'no-answer']) {
    if (!map.has(excluding)) continue;
    const clash = [...map.keys()].find(
      (k) => ANSWERS.includes(k) || (k !== excluding && (k === 'refused' || k === 'no-answer')),
    );
    if (clash) {
      r.problem(
        r.at(map.get(clash)!.keyNode, at),
        `expect has both ${excluding} and ${clash}, which cannot both happen`,
      );
      return false;
    }
  }
  return true;
}
