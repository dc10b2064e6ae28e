import { describe, expect, it } from 'vitest';
import {
  ageRefusal,
  buildInteraction,
  NOT_IN_PICKER,
  placeRefusal,
  permissionRefusal,
  readRepair,
  type GuildFacts,
  type InvocationFacts,
} from '../../../src/wire/interactions/index.js';
import { authorizingOwners } from '../../../src/wire/installation.js';
import { PERMISSION_BITS } from '../../../src/wire/permissions.js';

const G = '100000000000000001';
const MOD = '100000000000000002';
const U = '200000000000000001';
const BOT = '200000000000000009';
const CH = '300000000000000001';
const P = PERMISSION_BITS;

const guild: GuildFacts = {
  id: G,
  roles: [
    { id: G, name: '@everyone', permissions: P.VIEW_CHANNEL! | P.SEND_MESSAGES! },
    { id: MOD, name: 'Moderator', permissions: P.BAN_MEMBERS! },
  ],
  members: [{ id: U, username: 'ann', roleIds: [MOD] }],
  // @everyone may not send here; the bot may not manage webhooks here.
  channels: [
    {
      id: CH,
      type: 0,
      name: 'general',
      overwrites: [
        { id: G, type: 0, allow: 0n, deny: P.SEND_MESSAGES! },
        { id: BOT, type: 1, allow: 0n, deny: P.MANAGE_WEBHOOKS! },
      ],
    },
  ],
};

const facts = (over: Partial<InvocationFacts> = {}): InvocationFacts => ({
  id: '900000000000000001',
  token: 'tok',
  applicationId: BOT,
  bot: { userId: BOT, permissions: P.MANAGE_WEBHOOKS! | P.EMBED_LINKS! },
  command: { id: '500000000000000001', name: 'ban', type: 1, name_localizations: { fr: 'bannir' } },
  autocomplete: false,
  options: [{ name: 'who', type: 6, value: U }],
  mentions: { users: [U], roles: [MOD], channels: [CH], attachments: [] },
  user: { id: U, username: 'ann' },
  locale: 'fr',
  guild,
  channel: guild.channels[0]!,
  ...over,
});

describe('the interaction payload (facts §9.1)', () => {
  it('carries member permissions with the channel overwrites applied, and the app permissions there', () => {
    const i = buildInteraction(facts());
    const member = i.member as Record<string, unknown>;
    expect(BigInt(member.permissions as string)).toBe(P.VIEW_CHANNEL! | P.BAN_MEMBERS!);
    expect(member.roles).toEqual([MOD]);
    expect((member.user as { id: string }).id).toBe(U);
    expect(BigInt(i.app_permissions as string)).toBe(P.VIEW_CHANNEL! | P.EMBED_LINKS!);
    expect(i).toMatchObject({
      type: 2,
      version: 1,
      context: 0,
      guild_id: G,
      channel_id: CH,
      locale: 'fr',
      guild_locale: 'en-US',
      authorizing_integration_owners: { 0: G },
    });
    expect(i.user).toBeUndefined();
  });

  it('uses the default name even for a French user, and resolves every mention', () => {
    const i = buildInteraction(facts());
    const data = i.data as Record<string, Record<string, Record<string, unknown>>>;
    expect(data.name).toBe('ban');
    expect(Object.keys(data.resolved!.users!)).toEqual([U]);
    // A resolved member carries neither user nor deaf/mute (facts §9.1).
    expect(data.resolved!.members![U]).not.toHaveProperty('user');
    expect(data.resolved!.members![U]).not.toHaveProperty('deaf');
    expect(data.resolved!.roles![MOD]).toMatchObject({ name: 'Moderator', permissions: String(P.BAN_MEMBERS) });
    expect(data.resolved!.channels![CH]).toMatchObject({ name: 'general', type: 0 });
  });

  it('in a DM: user instead of member, context BOT_DM, autocomplete type 4', () => {
    const { guild: _g, ...rest } = facts({
      autocomplete: true,
      mentions: { users: [], roles: [], channels: [], attachments: [] },
    });
    const i = buildInteraction(rest as InvocationFacts);
    expect(i).toMatchObject({ type: 4, context: 1, user: { id: U } });
    expect(i.member).toBeUndefined();
    expect(i.guild_id).toBeUndefined();
  });

  it('a user command: target_id and the target in resolved users and members', () => {
    const i = buildInteraction(
      facts({
        command: { id: '5', name: 'Profile', type: 2 },
        options: [],
        target: { id: U },
        mentions: { users: [], roles: [], channels: [], attachments: [] },
      }),
    );
    const data = i.data as Record<string, unknown>;
    expect(data.target_id).toBe(U);
    expect(data).not.toHaveProperty('options');
    expect(Object.keys((data.resolved as { members: object }).members)).toEqual([U]);
  });
});

describe('refusals', () => {
  const place = {
    context: 0,
    guildId: G,
    guildInstalled: true,
    userInstalled: false,
    userId: U,
    channelNsfw: false,
    ageVerified: true,
  } as const;
  const dm = { ...place, context: 1, guildId: undefined } as const;
  const privateChannel = { ...place, context: 2, guildId: undefined, userInstalled: true } as const;
  it.each([
    [{ type: 1, guild_id: '1' }, place, 'guild-command-elsewhere'],
    [{ type: 1, guild_id: G }, dm, 'guild-command-elsewhere'],
    [{ type: 1, contexts: [1] }, place, 'context'],
    [{ type: 1, contexts: [0] }, dm, 'context'],
    [{ type: 1, dm_permission: false }, dm, 'context'],
    [{ type: 1 }, { ...place, guildInstalled: false }, 'not-installed'],
    [{ type: 1, guild_id: G }, { ...place, guildInstalled: false }, 'not-installed'],
    // A private channel is reached by user installs only.
    [{ type: 1, integration_types: [0], contexts: [0, 1, 2] }, privateChannel, 'not-installed'],
    [{ type: 1, integration_types: [0, 1], contexts: [0, 1] }, privateChannel, 'context'],
    [{ type: 1, integration_types: [1], contexts: [2] }, { ...privateChannel, userInstalled: false }, 'not-installed'],
  ] as const)('%j in %j: %s', (cmd, where, kind) => {
    expect(placeRefusal(cmd, where)?.kind).toBe(kind);
  });

  it('offers a command where its contexts and installations allow', () => {
    expect(placeRefusal({ type: 1, contexts: [0, 1] }, place)).toBeUndefined();
    expect(placeRefusal({ type: 1, guild_id: G }, place)).toBeUndefined();
    expect(placeRefusal({ type: 1, integration_types: [1], contexts: [2] }, privateChannel)).toBeUndefined();
    expect(placeRefusal({ type: 1, integration_types: [0, 1], contexts: null }, privateChannel)).toBeUndefined();
    // A user install reaches a guild where the app is not installed.
    expect(
      placeRefusal({ type: 1, integration_types: [1] }, { ...place, guildInstalled: false, userInstalled: true }),
    ).toBeUndefined();
  });

  it('commands the picker leaves out say so instead of being refused', () => {
    expect(placeRefusal({ type: 1, contexts: [1] }, place)).toMatchObject({ hidden: true, message: NOT_IN_PICKER });
    expect(ageRefusal({ type: 1, nsfw: true }, place)).toMatchObject({ hidden: false });
  });

  it('authorizing_integration_owners: the guild install, "0" in a bot DM, the user for a user install', () => {
    expect(authorizingOwners({ integration_types: [0] }, place)).toEqual({ '0': G });
    expect(authorizingOwners({ integration_types: [0, 1] }, { ...place, userInstalled: true })).toEqual({
      '0': G,
      '1': U,
    });
    expect(authorizingOwners({ integration_types: [0] }, dm)).toEqual({ '0': '0' });
    expect(authorizingOwners({ integration_types: [0, 1] }, privateChannel)).toEqual({ '1': U });
    expect(authorizingOwners({ guild_id: G, integration_types: [1] }, privateChannel)).toEqual({});
  });

  it('an age-restricted command: for age-verified users, in a guild only in an age-restricted channel', () => {
    expect(ageRefusal({ type: 1, nsfw: true }, place)?.kind).toBe('age-restricted');
    expect(ageRefusal({ type: 1, nsfw: true }, { ...place, channelNsfw: true })).toBeUndefined();
    const minor = ageRefusal({ type: 1, nsfw: true }, { ...place, channelNsfw: true, ageVerified: false });
    expect(minor?.kind).toBe('age-restricted');
    expect(minor?.reason).toContain('not age-verified');
    expect(ageRefusal({ type: 1, nsfw: true }, { ...dm, ageVerified: false })?.kind).toBe('age-restricted');
    expect(ageRefusal({ type: 1, nsfw: true }, dm)).toBeUndefined();
  });

  it('the access model denies with its reason; a user command needs SEND_MESSAGES', () => {
    const base = {
      guildId: G,
      commandRows: [],
      appRows: [],
      member: { userId: U, roleIds: [MOD] },
      channel: { id: CH },
    };
    const use = P.USE_APPLICATION_COMMANDS!;
    const r = permissionRefusal({
      ...base,
      command: { default_member_permissions: String(P.MANAGE_GUILD) },
      permissions: P.VIEW_CHANNEL! | use,
    });
    // Hidden from the member's picker (spec: they do not see it).
    expect(r).toMatchObject({ kind: 'permission', hidden: true, message: NOT_IN_PICKER });
    expect(r!.reason).toContain('lacks MANAGE_GUILD');
    // A user command they see but may not send into this channel: refused when used.
    expect(permissionRefusal({ ...base, command: { type: 2 }, permissions: P.VIEW_CHANNEL! | use })).toMatchObject({
      hidden: false,
      message: "You don't have permission to use this command.",
    });
    expect(permissionRefusal({ ...base, command: { type: 2 }, permissions: P.VIEW_CHANNEL! | use })!.reason).toContain(
      'SEND_MESSAGES',
    );
    expect(permissionRefusal({ ...base, command: { type: 2 }, permissions: P.SEND_MESSAGES! | use })).toBeUndefined();
    // Without USE_APPLICATION_COMMANDS no command is offered at all.
    expect(permissionRefusal({ ...base, command: {}, permissions: P.SEND_MESSAGES! })!.reason).toContain(
      'USE_APPLICATION_COMMANDS',
    );
  });

  it('read-repair: a changed global command is refused for a user who saw the old one; guild commands are immediate', () => {
    expect(readRepair({ version: '2' }, '1')?.kind).toBe('outdated');
    expect(readRepair({ version: '2' }, '2')).toBeUndefined();
    expect(readRepair({ version: '2' }, undefined)).toBeUndefined();
    expect(readRepair({ version: '2', guild_id: G }, '1')).toBeUndefined();
  });
});
