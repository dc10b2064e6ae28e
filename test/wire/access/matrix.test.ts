import { describe, expect, it } from 'vitest';
import { indexBoth } from '../../../src/wire/access/rows.js';
import {
  ask,
  axes,
  buildMatrix,
  cellFor,
  columnLabel,
  commandLabel,
  decidingReason,
  knownPermissions,
  labeler,
  type Matrix,
  mentioned,
  outcomeText,
  principalLabel,
} from '../../../src/wire/access/matrix.js';
import type { CommandSubject, GuildAccess, GuildFacts } from '../../../src/wire/access/subjects.js';
import type { Step } from '../../../src/wire/access/types.js';
import { ALL_PERMISSION_BITS, PERMISSION_BITS } from '../../../src/wire/permissions.js';
import type { PermissionEntry } from '../../../src/wire/state.js';

// The matrix of `cmdsync access` and of plan's access effects, asked directly: who may use a command where, and
// the words each cell is shown with. Ids: guild 1000 (@everyone 1000, all channels 999), roles 2xx, users 3xx,
// channels 4xx, a thread 501 in #mod-log.
const GUILD = '1000';
const ALL_CHANNELS = '999';
const MODS = '201';
const HELPERS = '202';
const ALICE = '301';
const BOB = '302';
const OWNER = '399';
const MOD_LOG = '401';
const GENERAL = '402';
const THREAD = '501';
const { BAN_MEMBERS, SEND_MESSAGES, VIEW_CHANNEL, KICK_MEMBERS } = PERMISSION_BITS;
const USE_COMMANDS = PERMISSION_BITS.USE_APPLICATION_COMMANDS!;

const role = (id: string, permission: boolean): PermissionEntry => ({ id, type: 1, permission });
const user = (id: string, permission: boolean): PermissionEntry => ({ id, type: 2, permission });
const channel = (id: string, permission: boolean): PermissionEntry => ({ id, type: 3, permission });

function facts(): GuildFacts {
  return {
    ownerId: OWNER,
    roles: new Map([
      [GUILD, { name: '@everyone', permissions: VIEW_CHANNEL | SEND_MESSAGES | USE_COMMANDS }],
      [MODS, { name: 'Mods', permissions: BAN_MEMBERS }],
      [HELPERS, { name: 'Helpers', permissions: 0n }],
    ]),
    members: new Map([
      [ALICE, { name: 'alice', roleIds: [MODS] }],
      [BOB, { name: 'bob', roleIds: [] }],
      [OWNER, { name: 'owner', roleIds: [] }],
    ]),
    channels: new Map([
      // Members may not write in #mod-log; a thread takes its parent's overwrites.
      [
        MOD_LOG,
        { name: 'mod-log', thread: false, overwrites: [{ id: GUILD, type: 0, allow: 0n, deny: SEND_MESSAGES }] },
      ],
      [GENERAL, { name: 'general', thread: false, overwrites: [] }],
      [THREAD, { name: 'a-thread', thread: true, parentId: MOD_LOG, overwrites: [] }],
    ]),
  };
}

const ban: CommandSubject = {
  label: '/ban',
  name: 'ban',
  command: { type: 1, default_member_permissions: String(BAN_MEMBERS) },
  commandRows: [role(HELPERS, true), user(BOB, true), channel(MOD_LOG, true)],
};
const appRows = [channel(ALL_CHANNELS, false), channel(GENERAL, true)];
const withFacts = (over: Partial<GuildAccess> = {}): GuildAccess => ({
  guildId: GUILD,
  appRows,
  commands: [ban],
  facts: facts(),
  ...over,
});
const offline = (over: Partial<GuildAccess> = {}): GuildAccess => ({
  guildId: GUILD,
  appRows,
  commands: [ban],
  ...over,
});

/** Each cell as it is shown: the answer and the step that decided it. */
const shown = (m: Matrix) => m.cells.map((row) => row.map((c) => `${outcomeText(c)} | ${decidingReason(c)}`));

describe('mentioned and axes', () => {
  it('lists roles, users and channels in the order first named, once each, without the two constants', () => {
    const m = mentioned(GUILD, [
      [role(HELPERS, true), role(GUILD, false), user(BOB, true), channel(ALL_CHANNELS, false), channel(GENERAL, true)],
      [role(MODS, true), role(HELPERS, false), user(ALICE, false), user(BOB, false), channel(MOD_LOG, true)],
      [channel(GENERAL, false), { id: '77', type: 4 as never, permission: true }],
    ]);
    expect(m).toEqual({ roles: [HELPERS, MODS], users: [BOB, ALICE], channels: [GENERAL, MOD_LOG] });
  });

  it('puts administrators first and everyone else last, and all other channels after the named ones', () => {
    const a = axes(offline(), [ban.commandRows, appRows]);
    expect(a.principals).toEqual([
      { kind: 'administrators' },
      { kind: 'role', id: HELPERS },
      { kind: 'user', id: BOB },
      { kind: 'everyone-else' },
    ]);
    expect(a.columns).toEqual([
      { kind: 'channel', id: MOD_LOG },
      { kind: 'channel', id: GENERAL },
      { kind: 'other-channels' },
    ]);
    expect(axes(offline(), [[]])).toEqual({
      principals: [{ kind: 'administrators' }, { kind: 'everyone-else' }],
      columns: [{ kind: 'other-channels' }],
    });
  });
});

describe('commandLabel', () => {
  it('names each command type as a member meets it', () => {
    expect(commandLabel('ban', undefined)).toBe('/ban');
    expect(commandLabel('ban', 1)).toBe('/ban');
    expect(commandLabel('Profile', 2)).toBe('Profile (user command)');
    expect(commandLabel('Report', 3)).toBe('Report (message command)');
    expect(commandLabel('launch', 4)).toBe('launch (entry point)');
  });
});

describe('buildMatrix', () => {
  it('offline, a member without the permission default_member_permissions names is "only with" it', () => {
    const m = buildMatrix(offline(), ban);
    expect(shown(m)).toEqual([
      Array(3).fill('yes | ADMINISTRATOR: may use every command'),
      [
        'yes | command row: role 202 allow (overrides default_member_permissions)',
        'yes | command row: role 202 allow (overrides default_member_permissions)',
        'no | app row: all channels deny',
      ],
      [
        'yes | command row: user 302 allow (overrides default_member_permissions)',
        'yes | command row: user 302 allow (overrides default_member_permissions)',
        'no | app row: all channels deny',
      ],
      [
        'only with BAN_MEMBERS | default_member_permissions: only with BAN_MEMBERS',
        'only with BAN_MEMBERS | default_member_permissions: only with BAN_MEMBERS',
        'no | app row: all channels deny',
      ],
    ]);
    expect(m.cells[3][0]).toMatchObject({ outcome: 'conditional', needs: BAN_MEMBERS });
    // The row that let the channel through comes first: the command's for #mod-log, the app's for #general.
    expect(m.cells[1][0].because.map((s) => s.text)).toEqual([
      'command row: channel 401 allow',
      'command row: role 202 allow (overrides default_member_permissions)',
    ]);
    expect(m.cells[1][1].because[0].text).toBe('app row: channel 402 allow');
  });

  it("with the guild's facts, the names are shown and everyone else is judged by @everyone's permissions", () => {
    const m = buildMatrix(withFacts(), ban);
    expect(shown(m)[1][0]).toBe('yes | command row: role Helpers allow (overrides default_member_permissions)');
    expect(shown(m)[2][1]).toBe('yes | command row: user bob allow (overrides default_member_permissions)');
    expect(shown(m)[3]).toEqual([
      'no | default_member_permissions needs BAN_MEMBERS; the member lacks BAN_MEMBERS',
      'no | default_member_permissions needs BAN_MEMBERS; the member lacks BAN_MEMBERS',
      'no | app row: all channels deny',
    ]);
  });

  it('narrows to the columns asked for', () => {
    const m = buildMatrix(offline(), ban, {}, [{ kind: 'channel', id: GENERAL }]);
    expect(m.columns).toEqual([{ kind: 'channel', id: GENERAL }]);
    expect(m.cells.map((r) => r.length)).toEqual([1, 1, 1, 1]);
    expect(shown(m)[3]).toEqual(['only with BAN_MEMBERS | default_member_permissions: only with BAN_MEMBERS']);
  });

  it('with --permissions, every member is judged by them, facts or not', () => {
    const m = buildMatrix(withFacts(), ban, { permissions: BAN_MEMBERS | USE_COMMANDS });
    expect(shown(m)[3][0]).toBe('yes | default_member_permissions needs BAN_MEMBERS; the member has it');
    const none = buildMatrix(offline(), ban, { permissions: USE_COMMANDS });
    expect(shown(none)[3][1]).toBe('no | default_member_permissions needs BAN_MEMBERS; the member lacks BAN_MEMBERS');
  });
});

describe('ask', () => {
  const open: CommandSubject = {
    label: '/ping',
    name: 'ping',
    command: { default_member_permissions: null },
    commandRows: [],
  };
  const profile: CommandSubject = {
    label: 'Profile (user command)',
    name: 'Profile',
    command: { type: 2, default_member_permissions: String(KICK_MEMBERS) },
    commandRows: [],
  };
  const someone = { userId: '0', roleIds: [] };

  it('offline, a command open to everyone is simply allowed', () => {
    const cell = ask(offline({ appRows: [] }), open, someone, { id: GENERAL });
    expect(cell).toEqual({ outcome: 'allowed', because: expect.any(Array) });
    expect(cell.needs).toBeUndefined();
    expect(decidingReason(cell)).toBe('default_member_permissions is null: everyone');
  });

  it('offline, a user command also needs SEND_MESSAGES, listed after the permission step', () => {
    const cell = ask(offline({ appRows: [] }), profile, someone, { id: GENERAL });
    expect(cell.outcome).toBe('conditional');
    expect(cell.needs).toBe(KICK_MEMBERS | SEND_MESSAGES);
    expect(cell.because.at(-1)).toEqual({
      kind: 'send-messages',
      effect: 'deny',
      text: 'a user command also needs SEND_MESSAGES in the channel',
    });
    expect(decidingReason(cell)).toBe('default_member_permissions: only with KICK_MEMBERS');
    expect(outcomeText(cell)).toBe('only with KICK_MEMBERS, SEND_MESSAGES');
    // Open to everyone, a user command still waits on SEND_MESSAGES alone.
    const openUser = ask(
      offline({ appRows: [] }),
      { ...profile, command: { type: 2, default_member_permissions: null } },
      someone,
      {
        id: GENERAL,
      },
    );
    expect(openUser).toMatchObject({ outcome: 'conditional', needs: SEND_MESSAGES });
    expect(decidingReason(openUser)).toBe('a user command also needs SEND_MESSAGES in the channel');
  });

  it("the guild's owner may, by the facts", () => {
    // The owner's principal is marked owner from the facts; a member with the same bits otherwise passes as ADMINISTRATOR.
    const cell = cellFor(withFacts(), ban, { kind: 'user', id: OWNER }, { kind: 'channel', id: GENERAL });
    expect(cell.outcome).toBe('allowed');
    expect(cell.because.map((s) => s.kind)).toEqual(['owner']);
    expect(ask(withFacts(), ban, { userId: OWNER, roleIds: [] }, { id: GENERAL }).because.map((s) => s.kind)).toEqual([
      'administrator',
    ]);
    // A member holding the permission through a role.
    expect(ask(withFacts(), ban, { userId: ALICE, roleIds: [MODS] }, { id: GENERAL }).outcome).toBe('allowed');
  });

  it("with the facts, a user command follows the channel's SEND_MESSAGES, and a thread its parent's", () => {
    const g = withFacts({ appRows: [] });
    const alice = { userId: ALICE, roleIds: [MODS] };
    const kicker = { ...profile, command: { type: 2, default_member_permissions: null } };
    expect(ask(g, kicker, alice, { id: GENERAL }).outcome).toBe('allowed');
    expect(ask(g, kicker, alice, { id: MOD_LOG }).outcome).toBe('denied');
    expect(ask(g, kicker, alice, { id: THREAD, parentId: MOD_LOG }).outcome).toBe('denied');
  });

  it('uses the indexed rows it is given, as a scan of the lists would', () => {
    const rows = indexBoth(ban.commandRows, appRows);
    for (const id of [MOD_LOG, GENERAL, '444'])
      expect(ask(offline(), ban, { userId: BOB, roleIds: [] }, { id }, { rows })).toEqual(
        ask(offline(), ban, { userId: BOB, roleIds: [] }, { id }),
      );
  });

  it('cellFor answers administrators without asking, and a thread column by its parent channel', () => {
    expect(cellFor(offline(), ban, { kind: 'administrators' }, { kind: 'other-channels' })).toEqual({
      outcome: 'allowed',
      because: [{ kind: 'administrator', effect: 'allow', text: 'ADMINISTRATOR: may use every command' }],
    });
    // Bob's command row allows him; the thread lives in #mod-log, which the command's channel row lets through.
    const inThread = cellFor(withFacts(), ban, { kind: 'user', id: BOB }, { kind: 'channel', id: THREAD });
    expect(inThread.outcome).toBe('allowed');
    expect(inThread.because[0].text).toBe("command row: channel #mod-log allow (the thread's channel)");
    // A role column member holds that role alone; alice's facts give her the Mods role.
    expect(
      cellFor(withFacts({ appRows: [] }), ban, { kind: 'user', id: ALICE }, { kind: 'other-channels' }).outcome,
    ).toBe('allowed');
    expect(
      cellFor(withFacts({ appRows: [] }), ban, { kind: 'role', id: MODS }, { kind: 'other-channels' }).outcome,
    ).toBe('allowed');
    expect(
      cellFor(withFacts({ appRows: [] }), ban, { kind: 'role', id: '299' }, { kind: 'other-channels' }).outcome,
    ).toBe('denied');
  });
});

describe('knownPermissions', () => {
  const bob = { userId: BOB, roleIds: [] };
  it('is unknown offline, and --permissions wins over the facts', () => {
    expect(knownPermissions(offline(), bob, GENERAL, {})).toBeUndefined();
    expect(knownPermissions(withFacts(), bob, GENERAL, { permissions: KICK_MEMBERS })).toBe(KICK_MEMBERS);
    expect(knownPermissions(offline(), bob, GENERAL, { permissions: 0n })).toBe(0n);
  });

  it("applies the channel's overwrites, a thread's parent's, none for a channel not named", () => {
    const everyone = VIEW_CHANNEL | SEND_MESSAGES | USE_COMMANDS;
    expect(knownPermissions(withFacts(), bob, GENERAL, {})).toBe(everyone);
    expect(knownPermissions(withFacts(), bob, MOD_LOG, {})).toBe(everyone & ~SEND_MESSAGES);
    expect(knownPermissions(withFacts(), bob, THREAD, {})).toBe(everyone & ~SEND_MESSAGES);
    expect(knownPermissions(withFacts(), bob, undefined, {})).toBe(everyone);
    expect(knownPermissions(withFacts(), bob, '444', {})).toBe(everyone);
    expect(knownPermissions(withFacts(), { userId: ALICE, roleIds: [MODS] }, GENERAL, {})).toBe(everyone | BAN_MEMBERS);
    expect(knownPermissions(withFacts(), { userId: OWNER, roleIds: [] }, MOD_LOG, {})).toBe(ALL_PERMISSION_BITS);
    const noOwner = withFacts();
    delete noOwner.facts!.ownerId;
    expect(knownPermissions(noOwner, { userId: OWNER, roleIds: [] }, MOD_LOG, {})).toBe(everyone & ~SEND_MESSAGES);
  });
});

describe('labels', () => {
  const names = new Map([
    [HELPERS, 'Helpers'],
    [BOB, 'bob'],
    [GENERAL, 'general'],
  ]);
  it("names from the facts first, then from the service's names, else none", () => {
    const label = labeler(withFacts({ names: new Map([[MODS, 'not this']]) }));
    expect(label('role', MODS)).toBe('Mods');
    expect(label('user', ALICE)).toBe('alice');
    expect(label('channel', GENERAL)).toBe('#general');
    expect(label('channel', '444')).toBeUndefined();
    const remote = labeler(offline({ names }));
    expect(remote('role', HELPERS)).toBe('Helpers');
    expect(remote('user', BOB)).toBe('bob');
    expect(remote('channel', GENERAL)).toBe('#general');
    expect(remote('role', MODS)).toBeUndefined();
    expect(labeler(offline())('user', BOB)).toBeUndefined();
  });

  it('labels principals and columns with the name where known and the id always', () => {
    const g = offline({ names });
    expect(principalLabel(g, { kind: 'administrators' })).toBe('administrators');
    expect(principalLabel(g, { kind: 'everyone-else' })).toBe('everyone else');
    expect(principalLabel(g, { kind: 'role', id: HELPERS })).toBe('role @Helpers (202)');
    expect(principalLabel(g, { kind: 'user', id: BOB })).toBe('user @bob (302)');
    expect(principalLabel(g, { kind: 'role', id: MODS })).toBe('role 201');
    expect(columnLabel(g, { kind: 'other-channels' })).toBe('all other channels');
    expect(columnLabel(g, { kind: 'channel', id: GENERAL })).toBe('#general (402)');
    expect(columnLabel(g, { kind: 'channel', id: MOD_LOG })).toBe('channel 401');
  });

  it('says what each outcome needs, and which step decided', () => {
    expect(outcomeText({ outcome: 'allowed', because: [] })).toBe('yes');
    expect(outcomeText({ outcome: 'denied', because: [] })).toBe('no');
    expect(outcomeText({ outcome: 'conditional', needs: BAN_MEMBERS | KICK_MEMBERS, because: [] })).toBe(
      'only with KICK_MEMBERS, BAN_MEMBERS',
    );
    expect(outcomeText({ outcome: 'conditional', because: [] })).toBe('only with no permissions');
    expect(decidingReason({ outcome: 'denied', because: [] })).toBe('');
    const perm: Step = {
      kind: 'default-permissions',
      required: BAN_MEMBERS,
      missing: BAN_MEMBERS,
      effect: 'deny',
      text: 'perm',
    };
    const send: Step = { kind: 'send-messages', effect: 'deny', text: 'send' };
    const steps = [perm, send];
    expect(decidingReason({ outcome: 'conditional', because: steps })).toBe('perm');
    // Only a conditional answer looks back past the last step.
    expect(decidingReason({ outcome: 'denied', because: steps })).toBe('send');
    // A permission step with nothing required is not the point.
    expect(decidingReason({ outcome: 'conditional', because: [{ ...perm, required: null }, send] })).toBe('send');
  });
});
