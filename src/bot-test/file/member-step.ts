/**
 * The steps of a member's own doings besides posting: `react`/`unreact`
 * (an emoji), `edit` (the new text), `delete: true`, each on `message:` when
 * given; `join` (a new member's name) and `leave` (a member's name or id);
 * `dm` (the text the member writes to the bot in their DM).
 */
import type { StepAction } from '../model.js';
import type { Entry, Reader } from './nodes.js';
import { readMessageRef } from './refs.js';

export const MEMBER_ACTIONS = ['react', 'unreact', 'edit', 'delete', 'join', 'leave', 'dm'] as const;
export type MemberActionKind = (typeof MEMBER_ACTIONS)[number];
/** The member actions `message:` belongs to. */
export const ON_A_MESSAGE: readonly MemberActionKind[] = ['react', 'unreact', 'edit', 'delete'];

export function readMemberAction(
  r: Reader,
  kind: MemberActionKind,
  main: Entry,
  map: Map<string, Entry>,
): StepAction | undefined {
  const messageEntry = map.get('message');
  const message = messageEntry ? readMessageRef(r, messageEntry) : undefined;
  if (messageEntry && message === undefined) return undefined;
  const on = message !== undefined ? { message } : {};
  switch (kind) {
    case 'react':
    case 'unreact': {
      const emoji = r.nonEmpty(main);
      return emoji === undefined ? undefined : { kind, emoji, ...on };
    }
    case 'edit':
    case 'dm': {
      const text = r.nonEmpty(main);
      return text === undefined ? undefined : { kind, text, ...on };
    }
    case 'delete': {
      const yes = r.bool(main);
      if (yes === undefined) return undefined;
      if (!yes) return r.problem(r.valueAt(main), 'delete: true deletes the message; leave the step out to keep it');
      return { kind, ...on };
    }
    case 'join': {
      const username = r.nonEmpty(main);
      return username === undefined ? undefined : { kind, username };
    }
    case 'leave': {
      const member = r.nonEmpty(main);
      return member === undefined ? undefined : { kind, member: member.replace(/^@/, '') };
    }
  }
}
