import { describe, expect, it } from 'vitest';
import { evaluateAccess } from '../../../src/wire/access/evaluate.js';
import type { AccessQuery } from '../../../src/wire/access/types.js';
import { PERMISSION_BITS } from '../../../src/wire/permissions.js';
import type { PermissionEntry } from '../../../src/wire/state.js';

// Ids: guild 1000 (so @everyone = 1000 and all channels = 999), roles 2xx, users 3xx, channels 4xx, thread 5xx.
const GUILD = '1000';
const MOD = '201';
const HELPER = '202';
const USER = '301';
const MOD_LOG = '401';
const GENERAL = '402';
const THREAD = '501';
const { ADMINISTRATOR, BAN_MEMBERS, MANAGE_GUILD, SEND_MESSAGES } = PERMISSION_BITS;

const role = (id: string, permission: boolean): PermissionEntry => ({ id, type: 1, permission });
const user = (id: string, permission: boolean): PermissionEntry => ({ id, type: 2, permission });
const channel = (id: string, permission: boolean): PermissionEntry => ({ id, type: 3, permission });
const everyone = (permission: boolean) => role(GUILD, permission);
const allChannels = (permission: boolean) => channel('999', permission);

const USE_COMMANDS = PERMISSION_BITS.USE_APPLICATION_COMMANDS!;

/** A member who holds USE_APPLICATION_COMMANDS (as every member of a new guild does) unless `noCommands`. */
function query(over: Partial<AccessQuery> & { roles?: string[]; thread?: boolean; noCommands?: boolean }): AccessQuery {
  const { noCommands, ...rest } = over;
  return {
    guildId: GUILD,
    command: { type: 1, default_member_permissions: String(BAN_MEMBERS) },
    commandRows: [],
    appRows: [],
    member: { userId: USER, roleIds: over.roles ?? [MOD] },
    channel: over.thread ? { id: THREAD, parentId: MOD_LOG } : { id: MOD_LOG },
    ...rest,
    permissions: (over.permissions ?? SEND_MESSAGES) | (noCommands ? 0n : USE_COMMANDS),
  };
}

interface Case {
  name: string;
  q: AccessQuery;
  allowed: boolean;
  /** The deciding step's text (the last one). */
  decided: string;
}

const cases: Case[] = [
  // Step 1b: without USE_APPLICATION_COMMANDS no command is offered, whatever the rows say.
  {
    name: 'without USE_APPLICATION_COMMANDS a command row allowing the member does not help',
    q: query({ noCommands: true, commandRows: [user(USER, true)], command: { default_member_permissions: null } }),
    allowed: false,
    decided: 'the member lacks USE_APPLICATION_COMMANDS in this channel: no command is offered to them',
  },
  {
    name: 'ADMINISTRATOR needs no USE_APPLICATION_COMMANDS',
    q: query({ noCommands: true, permissions: ADMINISTRATOR }),
    allowed: true,
    decided: 'ADMINISTRATOR: may use every command',
  },
  // Step 1: administrators and the owner.
  {
    name: 'ADMINISTRATOR passes whatever the rows say',
    q: query({
      permissions: ADMINISTRATOR,
      commandRows: [user(USER, false), allChannels(false)],
      command: { default_member_permissions: '0' },
    }),
    allowed: true,
    decided: 'ADMINISTRATOR: may use every command',
  },
  {
    name: 'the guild owner passes whatever the rows say',
    q: query({ member: { userId: USER, roleIds: [], owner: true }, commandRows: [everyone(false)] }),
    allowed: true,
    decided: 'guild owner: may use every command',
  },
  // Step 2: channels.
  {
    name: 'a command row denying the channel',
    q: query({ commandRows: [channel(MOD_LOG, false), user(USER, true)] }),
    allowed: false,
    decided: 'command row: channel 401 deny',
  },
  {
    name: 'a command all-channels deny',
    q: query({ commandRows: [allChannels(false), user(USER, true)] }),
    allowed: false,
    decided: 'command row: all channels deny',
  },
  {
    name: 'the command row for the channel beats its all-channels row',
    q: query({ commandRows: [allChannels(false), channel(MOD_LOG, true), role(MOD, true)] }),
    allowed: true,
    decided: 'command row: role 201 allow (overrides default_member_permissions)',
  },
  {
    name: 'the command all-channels allow beats the app channel deny',
    q: query({ commandRows: [allChannels(true), role(MOD, true)], appRows: [channel(MOD_LOG, false)] }),
    allowed: true,
    decided: 'command row: role 201 allow (overrides default_member_permissions)',
  },
  {
    name: 'an app row denying the channel (no command channel row)',
    q: query({ commandRows: [role(MOD, true)], appRows: [channel(MOD_LOG, false)] }),
    allowed: false,
    decided: 'app row: channel 401 deny',
  },
  {
    name: 'an app all-channels deny',
    q: query({ appRows: [allChannels(false)] }),
    allowed: false,
    decided: 'app row: all channels deny',
  },
  {
    name: 'the app row for the channel beats the app all-channels row',
    q: query({ appRows: [allChannels(false), channel(MOD_LOG, true)], permissions: BAN_MEMBERS }),
    allowed: true,
    decided: 'default_member_permissions needs BAN_MEMBERS; the member has it',
  },
  {
    name: 'a thread under a denied channel is denied',
    q: query({ thread: true, commandRows: [channel(MOD_LOG, false), role(MOD, true)] }),
    allowed: false,
    decided: "command row: channel 401 deny (the thread's channel)",
  },
  {
    name: 'a thread under an allowed channel escapes all-channels deny',
    q: query({ thread: true, commandRows: [allChannels(false), channel(MOD_LOG, true), role(MOD, true)] }),
    allowed: true,
    decided: 'command row: role 201 allow (overrides default_member_permissions)',
  },
  {
    name: 'a row for another channel does not apply',
    q: query({ commandRows: [channel(GENERAL, false)], permissions: BAN_MEMBERS }),
    allowed: true,
    decided: 'default_member_permissions needs BAN_MEMBERS; the member has it',
  },
  // Step 3: members, command level.
  {
    name: 'a user row beats a role row (deny over allow)',
    q: query({ commandRows: [role(MOD, true), user(USER, false)] }),
    allowed: false,
    decided: 'command row: user 301 deny',
  },
  {
    name: 'a user row beats a role row (allow over deny)',
    q: query({ commandRows: [role(MOD, false), user(USER, true)] }),
    allowed: true,
    decided: 'command row: user 301 allow (overrides default_member_permissions)',
  },
  {
    name: 'any allowed role beats a denied role',
    q: query({ roles: [HELPER, MOD], commandRows: [role(HELPER, false), role(MOD, true)] }),
    allowed: true,
    decided: 'command row: role 201 allow (overrides default_member_permissions)',
  },
  {
    name: 'a denied role with no allowed one denies',
    q: query({ roles: [HELPER, MOD], commandRows: [role(HELPER, false)], permissions: BAN_MEMBERS }),
    allowed: false,
    decided: 'command row: role 202 deny',
  },
  {
    name: 'a role row beats the @everyone row',
    q: query({ commandRows: [everyone(false), role(MOD, true)] }),
    allowed: true,
    decided: 'command row: role 201 allow (overrides default_member_permissions)',
  },
  {
    name: 'the @everyone row decides when no user or role row applies',
    q: query({ roles: [HELPER], commandRows: [everyone(false), role(MOD, true)], permissions: BAN_MEMBERS }),
    allowed: false,
    decided: 'command row: @everyone deny',
  },
  {
    name: 'a command @everyone allow overrides default_member_permissions',
    q: query({ commandRows: [everyone(true)] }),
    allowed: true,
    decided: 'command row: @everyone allow (overrides default_member_permissions)',
  },
  {
    name: 'a command-level allow overrides "0"',
    q: query({ command: { default_member_permissions: '0' }, commandRows: [role(MOD, true)] }),
    allowed: true,
    decided: 'command row: role 201 allow (overrides default_member_permissions)',
  },
  {
    name: 'command member rows beat app member rows',
    q: query({ commandRows: [role(MOD, true)], appRows: [user(USER, false)] }),
    allowed: true,
    decided: 'command row: role 201 allow (overrides default_member_permissions)',
  },
  // Step 3: members, app level.
  {
    name: 'an app user deny',
    q: query({ appRows: [user(USER, false)], permissions: BAN_MEMBERS }),
    allowed: false,
    decided: 'app row: user 301 deny',
  },
  {
    name: 'an app role deny',
    q: query({ appRows: [role(MOD, false)], permissions: BAN_MEMBERS }),
    allowed: false,
    decided: 'app row: role 201 deny',
  },
  {
    name: 'an app @everyone deny',
    q: query({ appRows: [everyone(false)], permissions: BAN_MEMBERS }),
    allowed: false,
    decided: 'app row: @everyone deny',
  },
  {
    name: 'an app-level allow still needs default_member_permissions',
    q: query({ appRows: [role(MOD, true)] }),
    allowed: false,
    decided: 'default_member_permissions needs BAN_MEMBERS; the member lacks BAN_MEMBERS',
  },
  {
    name: 'an app-level allow with the permissions held',
    q: query({ appRows: [role(MOD, true)], permissions: BAN_MEMBERS }),
    allowed: true,
    decided: 'default_member_permissions needs BAN_MEMBERS; the member has it',
  },
  {
    name: 'an app user row beats an app role row',
    q: query({ appRows: [role(MOD, false), user(USER, true)], permissions: BAN_MEMBERS }),
    allowed: true,
    decided: 'default_member_permissions needs BAN_MEMBERS; the member has it',
  },
  // Step 4: default_member_permissions.
  {
    name: 'null means everyone',
    q: query({ command: { default_member_permissions: null } }),
    allowed: true,
    decided: 'default_member_permissions is null: everyone',
  },
  {
    name: 'absent means everyone',
    q: query({ command: {} }),
    allowed: true,
    decided: 'default_member_permissions is null: everyone',
  },
  {
    name: '"0" leaves administrators only',
    q: query({ command: { default_member_permissions: '0' }, permissions: BAN_MEMBERS | MANAGE_GUILD }),
    allowed: false,
    decided: 'default_member_permissions is "0": administrators only',
  },
  {
    name: 'every bit is needed',
    q: query({ command: { default_member_permissions: String(BAN_MEMBERS | MANAGE_GUILD) }, permissions: BAN_MEMBERS }),
    allowed: false,
    decided: 'default_member_permissions needs BAN_MEMBERS, MANAGE_GUILD; the member lacks MANAGE_GUILD',
  },
  {
    name: 'holding more than needed',
    q: query({
      command: { default_member_permissions: String(MANAGE_GUILD) },
      permissions: MANAGE_GUILD | BAN_MEMBERS,
    }),
    allowed: true,
    decided: 'default_member_permissions needs MANAGE_GUILD; the member has it',
  },
  // User commands need SEND_MESSAGES.
  {
    name: 'a user command without SEND_MESSAGES',
    q: query({ command: { type: 2, default_member_permissions: null }, permissions: 0n }),
    allowed: false,
    decided: 'a user command also needs SEND_MESSAGES in the channel; the member lacks it',
  },
  {
    name: 'a message command does not need SEND_MESSAGES',
    q: query({ command: { type: 3, default_member_permissions: null }, permissions: 0n }),
    allowed: true,
    decided: 'default_member_permissions is null: everyone',
  },
];

describe('evaluateAccess (facts §6.1)', () => {
  it.each(cases)('$name', ({ q, allowed, decided }) => {
    const result = evaluateAccess(q);
    expect(result.allowed).toBe(allowed);
    expect(result.because.at(-1)?.text).toBe(decided);
  });

  it('gives the whole chain: channel, member, default', () => {
    const result = evaluateAccess(query({ appRows: [allChannels(true), role(MOD, true)], permissions: BAN_MEMBERS }));
    expect(result.because.map((s) => s.text)).toEqual([
      'app row: all channels allow',
      'app row: role 201 allow (default_member_permissions still applies)',
      'default_member_permissions needs BAN_MEMBERS; the member has it',
    ]);
  });

  it('names rows by label when given one', () => {
    const result = evaluateAccess(query({ commandRows: [role(MOD, false)] }), (kind, id) =>
      kind === 'role' && id === MOD ? 'Moderators' : undefined,
    );
    expect(result.because.at(-1)?.text).toBe('command row: role Moderators deny');
  });

  it('says when nothing matched', () => {
    const result = evaluateAccess(query({ command: { default_member_permissions: null } }));
    expect(result.because.map((s) => s.kind)).toEqual(['no-channel-row', 'no-member-row', 'default-permissions']);
  });
});
