import type {
  MessageMatcher,
  Mismatch,
  ModalMatcher,
  ObservedMessage,
  ObservedModal,
  SourceAt,
  TextMatcher,
} from '../model.js';
import { matchesText, matchesWritten, show, showList, showMatcher } from './text.js';

type Component = ObservedMessage['components'][number];

/** What the report calls a component: what the member sees (its label, a select's placeholder), else its custom_id. A matcher may use any of the three. */
export function componentName(c: Component): string {
  return c.label ?? c.placeholder ?? c.customId ?? `(component type ${c.type})`;
}

const componentMatches = (m: TextMatcher, c: Component): boolean =>
  [c.label, c.customId, c.placeholder].some((v) => v !== undefined && matchesText(m, v));

/**
 * Whether `matchers` appear among `names`, in order, others allowed between
 * (only what is written is checked): a message's `[Yes]` passes when it
 * also has a No button. An empty list asks for none at all.
 */
function inOrder<T>(matchers: TextMatcher[], actual: T[], matches: (m: TextMatcher, a: T) => boolean): boolean {
  // `components: []` is written to say there are none (the buttons gone after a click), not to check nothing.
  if (matchers.length === 0) return actual.length === 0;
  let next = 0;
  for (const m of matchers) {
    while (next < actual.length && !matches(m, actual[next]!)) next++;
    if (next === actual.length) return false;
    next++;
  }
  return true;
}

/** Each difference between a message matcher and the message, under `path` (`reply`, `followups[1]`). */
export function matchMessage(path: string, m: MessageMatcher, actual: ObservedMessage): Mismatch[] {
  const out: Mismatch[] = [];
  const add = (sub: string, expected: string, got: string): void =>
    void out.push({ path: `${path}.${sub}`, expected, actual: got, at: m.at });
  if (m.content && !matchesText(m.content, actual.content))
    add('content', showMatcher(m.content), show(actual.content));
  if (m.in !== undefined && m.in.toLowerCase() !== actual.in?.toLowerCase())
    add('in', m.in, actual.in ?? 'somewhere the runner did not read');
  if (m.ephemeral !== undefined && m.ephemeral !== actual.ephemeral)
    add('ephemeral', String(m.ephemeral), String(actual.ephemeral));
  const gone = actual.deleted === true;
  if (m.deleted !== undefined && m.deleted !== gone)
    add('deleted', m.deleted ? 'deleted' : 'still in the channel', gone ? 'deleted' : 'still in the channel');
  if (m.components && !inOrder(m.components, actual.components, componentMatches)) {
    add(
      'components',
      showList(m.components.map(showMatcher)),
      showList(actual.components.map((c) => show(componentName(c)))),
    );
  }
  if (m.reactions) out.push(...matchReactions(`${path}.reactions`, m.reactions, actual.reactions, m.at));
  m.embeds?.forEach((written, i) => {
    const embed = actual.embeds[i];
    if (!embed)
      add(`embeds[${i}]`, 'an embed', `${actual.embeds.length} embed${actual.embeds.length === 1 ? '' : 's'}`);
    else for (const d of partialDiff(written, embed, '')) add(`embeds[${i}]${d.path}`, d.expected, d.actual);
  });
  return out;
}

/** A message's reactions: the emoji written, in order, others allowed between; `[]`: none at all. */
export function matchReactions(path: string, want: TextMatcher[], actual: string[], at: SourceAt): Mismatch[] {
  if (inOrder(want, actual, matchesText)) return [];
  return [{ path, expected: showList(want.map(showMatcher)), actual: showList(actual.map((e) => show(e))), at }];
}

/** The fields of `written` that `actual` does not have as written; objects and lists are partial too. */
function partialDiff(
  written: unknown,
  actual: unknown,
  path: string,
): Array<{ path: string; expected: string; actual: string }> {
  if (Array.isArray(written)) {
    if (!Array.isArray(actual)) return [{ path, expected: show(written), actual: show(actual) }];
    return written.flatMap((w, i) => partialDiff(w, actual[i], `${path}[${i}]`));
  }
  if (written !== null && typeof written === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
      return [{ path, expected: show(written), actual: show(actual) }];
    return Object.entries(written).flatMap(([k, w]) =>
      partialDiff(w, (actual as Record<string, unknown>)[k], `${path}.${k}`),
    );
  }
  return matchesWritten(written, actual)
    ? []
    : [{ path, expected: typeof written === 'string' ? showWritten(written) : show(written), actual: show(actual) }];
}

/** An embed's written text: a regular expression shown as written, text quoted. */
function showWritten(written: string): string {
  return /^\/.+\/[dgimsuvy]*$/s.test(written) ? written : show(written);
}

export function matchModal(m: ModalMatcher, actual: ObservedModal): Mismatch[] {
  const out: Mismatch[] = [];
  if (m.title && !matchesText(m.title, actual.title))
    out.push({ path: 'modal.title', expected: showMatcher(m.title), actual: show(actual.title), at: m.at });
  const fieldMatches = (t: TextMatcher, f: ObservedModal['fields'][number]): boolean =>
    matchesText(t, f.label) || matchesText(t, f.customId);
  if (m.fields && !inOrder(m.fields, actual.fields, fieldMatches)) {
    out.push({
      path: 'modal.fields',
      expected: showList(m.fields.map(showMatcher)),
      actual: showList(actual.fields.map((f) => show(f.label || f.customId))),
      at: m.at,
    });
  }
  return out;
}

/** A list that must have exactly as many items as written, each matching in order (choices by name). */
export function matchExactList(path: string, matchers: TextMatcher[], names: string[], at: SourceAt): Mismatch[] {
  const same = matchers.length === names.length && matchers.every((m, i) => matchesText(m, names[i]));
  return same
    ? []
    : [{ path, expected: showList(matchers.map(showMatcher)), actual: showList(names.map((n) => show(n))), at }];
}
