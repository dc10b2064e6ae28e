/**
 * What `expect: { world: … }` may say of the guild after a step (issue 41
 * item 9), read from the emulator's world as it stands: who is banned or timed
 * out, who has which roles, the guild's channels and roles, a channel's
 * threads, pins and who sees it. Plain data, like model.ts; read at run time
 * by run/world-facts.ts, checked by match/world.ts.
 */
import type { SourceAt, TextMatcher } from './written.js';

/** The facts, as written: a plain key (`bans`), or one about a member (`roles of bob`) or a channel (`pins in #general`). */
export type WorldFact =
  | { kind: 'bans' | 'members' | 'roles' | 'channels' | 'timed out' }
  | { kind: 'roles of' | 'nick of'; member: string }
  | { kind: 'threads in' | 'pins in' | 'members in'; channel: string };

export const PLAIN_FACTS = ['bans', 'members', 'roles', 'channels', 'timed out'] as const;
export const MEMBER_FACTS = ['roles of', 'nick of'] as const;
export const CHANNEL_FACTS = ['threads in', 'pins in', 'members in'] as const;

/** A list is the whole set (any order); a number, how many; a text, the one value (`nick of bob`). */
export type WorldWant = { names: string[] } | { count: number } | { text: TextMatcher };

export interface WorldExpectation {
  /** As written, for the report: `roles of bob`. */
  key: string;
  fact: WorldFact;
  want: WorldWant;
  at: SourceAt;
}

/** What a fact came to when read: the names (sorted), a text, or why it could not be read (`no member bob`). */
export type WorldValue = { names: string[] } | { text: string | undefined } | { missing: string };
