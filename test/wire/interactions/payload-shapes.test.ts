import { describe, expect, it } from 'vitest';
import {
  buildInteraction,
  mentionedObjects,
  memberChannelPermissions,
  nonEmptyResolved,
  type GuildFacts,
  type InvocationFacts,
} from '../../../src/wire/interactions/index.js';
import { ALL_PERMISSION_BITS, PERMISSION_BITS } from '../../../src/wire/permissions.js';

// Whole payloads (facts §9, §9.1), compared with toStrictEqual: a key holding undefined is not a key left out.
const G = '100000000000000001';
const MOD = '100000000000000002';
const ZOE = '210000000000000001';
const ANN = '220000000000000001';
const STRANGER = '230000000000001234';
const BOT = '290000000000000001';
const GENERAL = '300000000000000001';
const THREAD = '300000000000000002';
const MSG = '500000000000000001';
const P = PERMISSION_BITS as Record<string, bigint>;
const { VIEW_CHANNEL, SEND_MESSAGES, BAN_MEMBERS, MANAGE_MESSAGES, EMBED_LINKS, READ_MESSAGE_HISTORY } = P as Record<
  string,
  bigint
>;

/** The time a snowflake was made (ms since the service's epoch, 2015-01-01), as `joined_at` carries it. */
const madeAt = (id: string) => new Date(Number((BigInt(id) >> 22n) + 1420070400000n)).toISOString();

const guild: GuildFacts = {
  id: G,
  locale: 'de',
  roles: [
    { id: G, name: '@everyone', permissions: VIEW_CHANNEL! | SEND_MESSAGES! },
    { id: MOD, name: 'Moderator', permissions: BAN_MEMBERS! },
  ],
  // Zoe first: a member found by id, not the first one.
  members: [
    { id: ZOE, username: 'zoe', roleIds: [] },
    { id: ANN, username: 'ann', roleIds: [MOD] },
  ],
  channels: [
    { id: GENERAL, type: 0, name: 'general', overwrites: [] },
    // Moderators may manage messages in the thread (its parent's overwrites).
    {
      id: THREAD,
      type: 11,
      name: 'spicy',
      parentId: GENERAL,
      nsfw: true,
      overwrites: [{ id: MOD, type: 0, allow: MANAGE_MESSAGES!, deny: 0n }],
    },
  ],
};

const noMentions = { users: [], roles: [], channels: [], attachments: [] };

const facts = (over: Partial<InvocationFacts> = {}): InvocationFacts => ({
  id: '900000000000000001',
  token: 'tok',
  applicationId: BOT,
  bot: { userId: BOT, permissions: EMBED_LINKS! },
  command: { id: '600000000000000001', name: 'ban', type: 1 },
  autocomplete: false,
  options: [{ name: 'why', type: 3, value: 'spam' }],
  mentions: noMentions,
  user: { id: ANN, username: 'ann' },
  locale: 'fr',
  guild,
  channel: guild.channels[0]!,
  ...over,
});

const userObject = (id: string, username: string) => ({
  id,
  username,
  avatar: null,
  discriminator: '0',
  public_flags: 0,
  flags: 0,
  global_name: null,
});

/** Ann's member object in the channel, without `user`, `deaf` and `mute` (as `data.resolved` carries it). */
const annMember = (permissions: bigint) => ({
  nick: null,
  avatar: null,
  banner: null,
  roles: [MOD],
  joined_at: madeAt(ANN),
  premium_since: null,
  flags: 0,
  pending: false,
  communication_disabled_until: null,
  permissions: String(permissions),
});

describe('a command in a guild channel', () => {
  it('the whole interaction, its keys in alphabetical order', () => {
    const i = buildInteraction(facts());
    const annHere = VIEW_CHANNEL! | SEND_MESSAGES! | BAN_MEMBERS!;
    expect(i).toStrictEqual({
      app_permissions: String(VIEW_CHANNEL! | SEND_MESSAGES! | EMBED_LINKS!),
      application_id: BOT,
      attachment_size_limit: 10 * 1024 * 1024,
      authorizing_integration_owners: { '0': G },
      channel: {
        id: GENERAL,
        type: 0,
        name: 'general',
        guild_id: G,
        nsfw: false,
        permissions: String(annHere),
        flags: 0,
      },
      channel_id: GENERAL,
      context: 0,
      data: { id: '600000000000000001', name: 'ban', type: 1, options: [{ name: 'why', type: 3, value: 'spam' }] },
      entitlement_sku_ids: [],
      entitlements: [],
      guild: { id: G, locale: 'de', features: [] },
      guild_id: G,
      guild_locale: 'de',
      id: '900000000000000001',
      locale: 'fr',
      member: { user: userObject(ANN, 'ann'), ...annMember(annHere), deaf: false, mute: false },
      token: 'tok',
      type: 2,
      version: 1,
    });
    expect(Object.keys(i)).toEqual(Object.keys(i).sort());
  });

  it('a guild without a locale is en-US; a user not among the members is one without roles', () => {
    const i = buildInteraction(
      facts({ guild: { ...guild, locale: undefined }, user: { id: STRANGER, username: 'sam' } }),
    );
    expect(i).toMatchObject({ guild: { id: G, locale: 'en-US', features: [] }, guild_locale: 'en-US' });
    expect(i.member).toStrictEqual({
      user: userObject(STRANGER, 'sam'),
      nick: null,
      avatar: null,
      banner: null,
      roles: [],
      joined_at: madeAt(STRANGER),
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      communication_disabled_until: null,
      permissions: String(VIEW_CHANNEL! | SEND_MESSAGES!),
    });
  });

  it('the channel as the member sees it: a thread with its parent, age-restricted', () => {
    const i = buildInteraction(facts({ channel: guild.channels[1]! }));
    expect(i.channel).toStrictEqual({
      id: THREAD,
      type: 11,
      name: 'spicy',
      guild_id: G,
      parent_id: GENERAL,
      nsfw: true,
      permissions: String(VIEW_CHANNEL! | SEND_MESSAGES! | BAN_MEMBERS! | MANAGE_MESSAGES!),
      flags: 0,
    });
  });

  it('a timed-out member: the end of the timeout, and only what a timeout leaves', () => {
    const until = '2026-12-01T00:00:00.000Z';
    const timedOut = {
      ...guild,
      members: [{ id: ANN, username: 'ann', roleIds: [MOD], timedOut: true, timeoutUntil: until }],
    };
    const member = buildInteraction(facts({ guild: timedOut })).member as Record<string, unknown>;
    expect(member.communication_disabled_until).toBe(until);
    expect(member.permissions).toBe(String(VIEW_CHANNEL));
    // READ_MESSAGE_HISTORY is kept when the member had it.
    const reader = {
      ...timedOut,
      roles: [{ id: G, name: '@everyone', permissions: VIEW_CHANNEL! | READ_MESSAGE_HISTORY! | SEND_MESSAGES! }],
    };
    expect(memberChannelPermissions(reader, reader.members[0]!, guild.channels[0]!)).toBe(
      VIEW_CHANNEL! | READ_MESSAGE_HISTORY!,
    );
  });

  it("the guild's owner holds every permission", () => {
    const owned = { ...guild, ownerId: ANN };
    expect(memberChannelPermissions(owned, { id: ANN, roleIds: [] }, guild.channels[0]!)).toBe(ALL_PERMISSION_BITS);
    expect(memberChannelPermissions(owned, { id: ZOE, roleIds: [] }, guild.channels[0]!)).toBe(
      VIEW_CHANNEL! | SEND_MESSAGES!,
    );
  });

  it("data: no options when none are given, the command's guild for a guild command", () => {
    const i = buildInteraction(facts({ options: [], command: { id: '6', name: 'ban', type: 1, guild_id: G } }));
    expect(i.data).toStrictEqual({ id: '6', name: 'ban', type: 1, guild_id: G });
  });
});

describe('data.resolved', () => {
  it('the users, members, roles and channels mentioned; a mentioned channel carries the invoker’s permissions there', () => {
    const i = buildInteraction(
      facts({
        mentions: {
          users: [ANN, STRANGER],
          roles: [G, MOD, '100000000000000099'],
          channels: [THREAD, '300000000000000099'],
          attachments: [],
        },
      }),
    );
    expect((i.data as Record<string, unknown>).resolved).toStrictEqual({
      users: { [ANN]: userObject(ANN, 'ann'), [STRANGER]: userObject(STRANGER, 'user-1234') },
      members: { [ANN]: annMember(VIEW_CHANNEL! | SEND_MESSAGES! | BAN_MEMBERS!) },
      roles: {
        [G]: {
          id: G,
          name: '@everyone',
          color: 0,
          hoist: false,
          icon: null,
          unicode_emoji: null,
          position: 0,
          permissions: String(VIEW_CHANNEL! | SEND_MESSAGES!),
          managed: false,
          mentionable: false,
          flags: 0,
        },
        [MOD]: {
          id: MOD,
          name: 'Moderator',
          color: 0,
          hoist: false,
          icon: null,
          unicode_emoji: null,
          position: 1,
          permissions: String(BAN_MEMBERS),
          managed: false,
          mentionable: false,
          flags: 0,
        },
      },
      channels: {
        [THREAD]: {
          id: THREAD,
          type: 11,
          name: 'spicy',
          parent_id: GENERAL,
          nsfw: true,
          permissions: String(VIEW_CHANNEL! | SEND_MESSAGES! | BAN_MEMBERS! | MANAGE_MESSAGES!),
          flags: 0,
        },
      },
    });
  });

  it('only the kinds that have entries; none at all: no resolved', () => {
    const onlyRoles = buildInteraction(facts({ mentions: { ...noMentions, roles: [MOD] } })).data as Record<
      string,
      unknown
    >;
    expect(Object.keys(onlyRoles.resolved as object)).toEqual(['roles']);
    expect(buildInteraction(facts()).data).not.toHaveProperty('resolved');
    expect(nonEmptyResolved({ users: {}, roles: { a: 1 } })).toStrictEqual({ roles: { a: 1 } });
    expect(nonEmptyResolved({ users: {}, roles: {} })).toBeUndefined();
  });

  it('a channel mentioned by someone not among the members: @everyone’s permissions there', () => {
    expect(
      mentionedObjects(guild, guild.channels[0]!, STRANGER, { users: [], roles: [], channels: [THREAD] }),
    ).toStrictEqual({
      users: {},
      members: {},
      roles: {},
      channels: { [THREAD]: expect.objectContaining({ permissions: String(VIEW_CHANNEL! | SEND_MESSAGES!) }) },
    });
  });

  it('outside a guild: users by id only, no members, roles or channels', () => {
    expect(
      mentionedObjects(undefined, { id: '7', type: 1, name: '', overwrites: [] }, ANN, {
        users: [ANN],
        roles: [MOD],
        channels: [GENERAL],
      }),
    ).toStrictEqual({ users: { [ANN]: userObject(ANN, 'user-0001') }, members: {}, roles: {}, channels: {} });
  });

  it('a message command: the message in resolved.messages, its id as target_id, no user', () => {
    const message = { id: MSG, content: 'hi' };
    const data = buildInteraction(
      facts({ command: { id: '6', name: 'Quote', type: 3 }, options: [], target: { id: MSG, message } }),
    ).data;
    expect(data).toStrictEqual({
      id: '6',
      name: 'Quote',
      type: 3,
      resolved: { messages: { [MSG]: message } },
      target_id: MSG,
    });
  });

  it('a user command: the user and member, no message even when the target carries one', () => {
    const data = buildInteraction(
      facts({ command: { id: '6', name: 'Profile', type: 2 }, options: [], target: { id: ANN, message: { id: MSG } } }),
    ).data as Record<string, Record<string, unknown>>;
    expect(Object.keys(data.resolved!)).toEqual(['users', 'members']);
    expect(data.target_id).toBe(ANN);
  });
});

describe('a DM with the bot', () => {
  it('the whole interaction: user, not member; no guild; every permission a DM allows', () => {
    const dmChannel = { id: '310000000000000001', type: 1, name: '', overwrites: [] };
    const i = buildInteraction(
      facts({ guild: undefined, channel: dmChannel, autocomplete: true, mentions: { ...noMentions, users: [ZOE] } }),
    );
    expect(i).toStrictEqual({
      app_permissions: '1125899906842623',
      application_id: BOT,
      attachment_size_limit: 10 * 1024 * 1024,
      authorizing_integration_owners: { '0': '0' },
      channel: { id: dmChannel.id, type: 1, name: '', nsfw: false, flags: 0 },
      channel_id: dmChannel.id,
      context: 1,
      data: {
        id: '600000000000000001',
        name: 'ban',
        type: 1,
        options: [{ name: 'why', type: 3, value: 'spam' }],
        resolved: { users: { [ZOE]: userObject(ZOE, 'user-0001') } },
      },
      entitlement_sku_ids: [],
      entitlements: [],
      id: '900000000000000001',
      locale: 'fr',
      token: 'tok',
      type: 4,
      user: userObject(ANN, 'ann'),
      version: 1,
    });
  });
});
