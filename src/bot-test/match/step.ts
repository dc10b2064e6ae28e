import type { Expectation, Mismatch, Observed, ObservedMessage } from '../model.js';
import { matchExactList, matchMessage, matchModal, matchReactions } from './message.js';
import { show, showList, showMatcher } from './text.js';
import { matchWorld } from './world.js';

/** The answers a step can expect, in the order they are checked and reported. */
const ANSWER_KEYS = ['reply', 'update', 'modal', 'choices', 'followups', 'message', 'messages', 'reactions'] as const;
type AnswerKey = (typeof ANSWER_KEYS)[number];

/**
 * Each difference between what a step expects and what it observed; none:
 * the step passed. Partial: only what is written is checked. When the step
 * was refused or the bot did not answer, an expected answer is one mismatch
 * that says so, rather than a list of every field it lacks.
 */
export function matchStep(expect: Expectation, observed: Observed): Mismatch[] {
  return [...matchAnswers(expect, observed), ...matchWorld(expect.world, observed.world)];
}

function matchAnswers(expect: Expectation, observed: Observed): Mismatch[] {
  const written = ANSWER_KEYS.filter((k) => expect[k] !== undefined);
  if (expect.refused !== undefined) return matchRefused(expect, observed);
  if (expect.noAnswer) {
    return observed.noAnswer === undefined
      ? [{ path: 'no-answer', expected: 'no answer', actual: happened(observed), at: expect.at }]
      : [];
  }
  const first = written[0];
  if (first && (observed.refused !== undefined || observed.noAnswer !== undefined)) {
    return [{ path: first, expected: expectedOf(first, expect), actual: happened(observed), at: atOf(first, expect) }];
  }
  return written.flatMap((key) => matchAnswer(key, expect, observed));
}

function matchRefused(expect: Expectation, observed: Observed): Mismatch[] {
  const expected = expect.refused === true ? 'refused' : `refused, containing ${show(expect.refused)}`;
  if (observed.refused === undefined) return [{ path: 'refused', expected, actual: happened(observed), at: expect.at }];
  if (expect.refused === true || observed.refused.toLowerCase().includes(expect.refused!.toLowerCase())) return [];
  return [{ path: 'refused', expected, actual: `refused: ${show(observed.refused)}`, at: expect.at }];
}

function matchAnswer(key: AnswerKey, expect: Expectation, observed: Observed): Mismatch[] {
  const at = atOf(key, expect);
  const missing = (): Mismatch[] => [
    { path: key, expected: expectedOf(key, expect), actual: `no ${noun(key)}; ${happened(observed)}`, at },
  ];
  switch (key) {
    case 'reply':
    case 'update':
    case 'message': {
      const actual = observed[key];
      return actual ? matchMessage(key, expect[key]!, actual) : missing();
    }
    case 'modal':
      return observed.modal ? matchModal(expect.modal!, observed.modal) : missing();
    case 'choices':
      return observed.choices
        ? matchExactList(
            'choices',
            expect.choices!,
            observed.choices.map((c) => c.name),
            at,
          )
        : missing();
    case 'followups':
      return matchList('followups', 'follow-up', expect, observed.followups);
    case 'messages':
      return matchList('messages', 'message', expect, observed.messages);
    case 'reactions':
      return observed.acted ? matchReactions('reactions', expect.reactions!, observed.acted.reactions, at) : missing();
  }
}

/** A list of messages: exactly as many as written, each matching in order. */
function matchList(
  key: 'followups' | 'messages',
  what: string,
  expect: Expectation,
  actual: ObservedMessage[],
): Mismatch[] {
  const want = expect[key]!;
  const out: Mismatch[] = [];
  if (want.length !== actual.length) {
    out.push({
      path: key,
      expected: count(want.length, what),
      actual: `${count(actual.length, what)}${actual.length ? `: ${actual.map((f) => show(f.content)).join(', ')}` : ''}`,
      at: expect.at,
    });
  }
  want.forEach((m, i) => {
    const got = actual[i];
    if (got) out.push(...matchMessage(`${key}[${i}]`, m, got));
  });
  return out;
}

const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

function noun(key: AnswerKey): string {
  return {
    reply: 'reply',
    update: 'update',
    modal: 'modal',
    choices: 'choices',
    followups: 'follow-ups',
    message: 'message from the bot',
    messages: 'messages',
    reactions: 'message acted on',
  }[key];
}

function expectedOf(key: AnswerKey, expect: Expectation): string {
  if (key === 'reply' || key === 'update' || key === 'message') {
    const content = expect[key]!.content;
    return content
      ? `a ${noun(key)}${'exact' in content ? ` ${show(content.exact)}` : ` matching /${content.pattern}/${content.flags}`}`
      : `a ${noun(key)}`;
  }
  if (key === 'modal') return 'a modal';
  if (key === 'choices') return count(expect.choices!.length, 'choice');
  if (key === 'messages') return count(expect.messages!.length, 'message');
  if (key === 'reactions') return `reactions ${showList(expect.reactions!.map(showMatcher))}`;
  return count(expect.followups!.length, 'follow-up');
}

function atOf(key: AnswerKey, expect: Expectation) {
  const v = expect[key];
  return v && !Array.isArray(v) && 'at' in v ? v.at : expect.at;
}

/** What the step came to, in a few words: the `actual` of a mismatch about the kind of answer. */
export function happened(o: Observed): string {
  if (o.refused !== undefined) return `refused: ${o.refused}`;
  // Already the whole line (`no answer: no gateway session connected`, `no answer within 3 s`), built once by the delivery's outcome.
  if (o.noAnswer !== undefined) return o.noAnswer;
  const parts: string[] = [];
  if (o.reply) parts.push(`replied ${show(o.reply.content)}`);
  if (o.update) parts.push(`updated the message to ${show(o.update.content)}`);
  if (o.modal) parts.push(`opened the modal ${show(o.modal.title)}`);
  if (o.choices) parts.push(count(o.choices.length, 'choice'));
  if (o.followups.length) parts.push(count(o.followups.length, 'follow-up'));
  const sent = (o.messages?.length ? o.messages : o.message ? [o.message] : []).filter(
    (m) => m.id !== o.reply?.id && !o.followups.some((f) => f.id === m.id),
  );
  if (sent.length) parts.push(`said ${sent.map((m) => show(m.content)).join(', ')}`);
  if (o.acted?.reactions.length) parts.push(`reacted ${o.acted.reactions.join(' ')}`);
  return parts.length ? `the bot ${parts.join(', ')}` : 'nothing happened';
}
