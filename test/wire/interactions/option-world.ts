/**
 * A small server for the option tests: two members, three roles (@everyone among them), two channels,
 * and one name ("dev") that is both a member and a role. `resolveLine` runs a line through
 * `parseCommandLine` and `resolveOptions` and gives back what they return, or the refusal as a plain value.
 */
import { expect } from 'vitest';
import {
  CommandLineError,
  formatCommandLine,
  nameLookup,
  parseCommandLine,
  resolveOptions,
  type MentionLookup,
  type ResolveOptions,
} from '../../../src/wire/interactions/index.js';
import type { Obj } from '../../../src/wire/rules/values.js';

export const GUILD = '100000000000000001';
export const ANN = '200000000000000001';
export const BOB = '200000000000000002';
export const DEV_USER = '200000000000000003';
export const MOD = '300000000000000001';
export const DEV_ROLE = '300000000000000002';
export const GENERAL = '400000000000000001';
export const LOUNGE = '400000000000000002';
/** A well-formed id nobody here has. */
export const STRANGER = '900000000000000009';

const users = [
  { id: ANN, name: 'ann' },
  { id: BOB, name: 'bob' },
  { id: DEV_USER, name: 'dev' },
];
const roles = [
  { id: GUILD, name: '@everyone' },
  { id: MOD, name: 'Mod' },
  { id: DEV_ROLE, name: 'dev' },
];
const channels = [
  { id: GENERAL, name: 'general', type: 0 },
  { id: LOUNGE, name: 'lounge', type: 2 },
];

/** Ids and mentions only, as without the emulator's names. */
export const byId: MentionLookup = {
  isUser: (id) => users.some((u) => u.id === id),
  isRole: (id) => roles.some((r) => r.id === id),
  channelType: (id) => channels.find((c) => c.id === id)?.type,
};

/** Ids, mentions and `@name`/`#name`. */
export const withNames: MentionLookup = {
  ...byId,
  named: nameLookup({ users, roles, channels, where: 'in this server' }),
};

export type Refused = { message: string; column: number; width: number };

export function resolveLine(
  command: Obj,
  line: string,
  opts: ResolveOptions = { lookup: withNames },
): ReturnType<typeof resolveOptions> | { refused: Refused } {
  try {
    return resolveOptions(command, parseCommandLine(line, opts.autocomplete), opts);
  } catch (e) {
    expect(e).toBeInstanceOf(CommandLineError);
    const err = e as CommandLineError;
    return { refused: { message: err.message, column: err.column, width: err.width } };
  }
}

/** `/c o:VALUE` for a command whose one option is `def` (named `o`). */
export function oneOption(def: Obj, value: string, opts?: ResolveOptions) {
  const command = { name: 'c', type: 1, options: [{ name: 'o', ...def }] };
  const line = formatCommandLine(['c'], [{ name: 'o', value }]);
  const r = resolveLine(command, line, opts);
  return 'refused' in r ? r : r.result;
}

/** The value `o` was given, or the refusal's message. */
export function sentValue(def: Obj, value: string, opts?: ResolveOptions): unknown {
  const r = oneOption(def, value, opts);
  return 'refused' in r ? r.refused.message : r.options[0]!.value;
}
