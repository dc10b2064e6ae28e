import { describe, expect, it } from 'vitest';
import { CommandType, InteractionContext } from '../../../src/wire/enums.js';
import {
  ageRefusal,
  type CommandFacts,
  channelHiddenRefusal,
  isUserCommand,
  NOT_IN_PICKER,
  notInPicker,
  type PlaceFacts,
  placeRefusal,
  readRepair,
} from '../../../src/wire/interactions/refusal.js';
import { Permission } from '../../../src/wire/permissions.js';

const G = '100000000000000001';
const OTHER = '100000000000000002';
const { GUILD, BOT_DM, PRIVATE_CHANNEL } = InteractionContext;

const inGuild: PlaceFacts = {
  context: GUILD,
  guildId: G,
  guildInstalled: true,
  userInstalled: false,
  userId: '2',
  channelNsfw: false,
  ageVerified: false,
};
const inDm: PlaceFacts = { ...inGuild, context: BOT_DM, guildId: undefined, guildInstalled: false };
const inGroup: PlaceFacts = { ...inDm, context: PRIVATE_CHANNEL };
const slash: CommandFacts = { type: CommandType.CHAT_INPUT };
// Every refusal of where a command is offered hides it from the picker: the member is told only that.
const hidden = (kind: string, reason: string) => ({ kind, message: NOT_IN_PICKER, reason, hidden: true });

describe('where a command is offered', () => {
  it('a guild command only in its own guild', () => {
    expect(placeRefusal({ ...slash, guild_id: G }, inGuild)).toBeUndefined();
    const elsewhere = hidden('guild-command-elsewhere', `a command of server ${G} is offered only there`);
    expect(placeRefusal({ ...slash, guild_id: G }, { ...inGuild, guildId: OTHER })).toEqual(elsewhere);
    expect(placeRefusal({ ...slash, guild_id: G }, inDm)).toEqual(elsewhere);
    // Only in the guild itself: not in a DM, whatever guild the place is otherwise linked to.
    expect(placeRefusal({ ...slash, guild_id: G }, { ...inDm, guildId: G })).toEqual(elsewhere);
  });

  it('a global command only in the contexts it lists, each named', () => {
    expect(placeRefusal({ ...slash, contexts: [0, 1] }, inDm)).toBeUndefined();
    expect(placeRefusal({ ...slash, contexts: [0] }, inDm)).toEqual(
      hidden('context', 'its contexts (0) leave out a DM with the app (1)'),
    );
    expect(placeRefusal({ ...slash, contexts: [1, 2] }, inGuild)).toEqual(
      hidden('context', 'its contexts (1, 2) leave out a server (0)'),
    );
    expect(
      placeRefusal({ ...slash, contexts: [], integration_types: [1] }, { ...inGroup, userInstalled: true }),
    ).toEqual(hidden('context', 'its contexts () leave out a private channel (2)'));
  });

  it('with no contexts, dm_permission: false leaves out DMs only', () => {
    expect(placeRefusal({ ...slash, dm_permission: false }, inDm)).toEqual(
      hidden('context', 'dm_permission is false: not offered in DMs'),
    );
    expect(placeRefusal({ ...slash, dm_permission: false }, inGuild)).toBeUndefined();
    expect(placeRefusal({ ...slash, dm_permission: true }, inDm)).toBeUndefined();
    expect(placeRefusal(slash, inDm)).toBeUndefined();
    // Listed contexts win over dm_permission.
    expect(placeRefusal({ ...slash, contexts: [1], dm_permission: false }, inDm)).toBeUndefined();
  });

  it('in a server, only through an installation with applications.commands', () => {
    const notThere = `the application is not installed with applications.commands (or bot) in server ${G}`;
    expect(placeRefusal(slash, { ...inGuild, guildInstalled: false })).toEqual(hidden('not-installed', notThere));
    // A guild command exists through the guild's install only: its integration_types (which it should not carry) add no note.
    expect(
      placeRefusal({ ...slash, guild_id: G, integration_types: [1] }, { ...inGuild, guildInstalled: false }),
    ).toEqual(hidden('not-installed', notThere));
    // A command that is also user-installable, in an application without user installs: both said.
    expect(placeRefusal({ ...slash, integration_types: [0, 1] }, { ...inGuild, guildInstalled: false })).toEqual(
      hidden('not-installed', `${notThere}, and the application does not support user installs`),
    );
    // Through the user's install instead.
    expect(
      placeRefusal({ ...slash, integration_types: [0, 1] }, { ...inGuild, guildInstalled: false, userInstalled: true }),
    ).toBeUndefined();
  });

  it('in a private channel, only through a user install', () => {
    const reason = (types: string) =>
      `only a user install reaches a private channel: the command's integration_types (${types}) leave out USER_INSTALL (1)`;
    expect(placeRefusal({ ...slash, integration_types: [0] }, inGroup)).toEqual(hidden('not-installed', reason('0')));
    expect(placeRefusal({ ...slash, integration_types: [] }, inGroup)).toEqual(hidden('not-installed', reason('none')));
    expect(placeRefusal(slash, inGroup)).toEqual(hidden('not-installed', reason('none')));
    expect(placeRefusal({ ...slash, integration_types: [1] }, { ...inGroup, userInstalled: true })).toBeUndefined();
  });

  it('a user-installable command the application cannot be user-installed for does not claim USER_INSTALL is left out', () => {
    // Before: "the command's integration_types (1) leave out USER_INSTALL (1)", which contradicts itself.
    expect(placeRefusal({ ...slash, integration_types: [1] }, inGroup)).toEqual(
      hidden(
        'not-installed',
        'only a user install reaches a private channel, and the application does not support user installs',
      ),
    );
    expect(placeRefusal({ ...slash, integration_types: [0, 1] }, { ...inDm, context: BOT_DM })).toBeUndefined();
  });
});

describe('age-restricted commands', () => {
  const nsfw: CommandFacts = { ...slash, nsfw: true };
  const adult = { ...inGuild, ageVerified: true };
  it('only for verified adults, and in a server only in age-restricted channels', () => {
    expect(ageRefusal(nsfw, { ...inGuild, channelNsfw: true })).toEqual({
      kind: 'age-restricted',
      message: 'This command is age-restricted: only users aged 18 or older can use it.',
      reason: 'nsfw: true, and this user is not age-verified (18+)',
      hidden: false,
    });
    expect(ageRefusal(nsfw, adult)).toEqual({
      kind: 'age-restricted',
      message: 'This command is age-restricted and can only be used in age-restricted channels.',
      reason: 'nsfw: true, and this channel is not age-restricted',
      hidden: false,
    });
    expect(ageRefusal(nsfw, { ...adult, channelNsfw: true })).toBeUndefined();
    expect(ageRefusal(nsfw, { ...adult, context: BOT_DM })).toBeUndefined();
  });

  it('a command that is not nsfw is never refused for age', () => {
    expect(ageRefusal(slash, inGuild)).toBeUndefined();
    expect(ageRefusal({ ...slash, nsfw: false }, inGuild)).toBeUndefined();
  });
});

describe('the other refusals', () => {
  it('a member without VIEW_CHANNEL has no picker in that channel', () => {
    expect(channelHiddenRefusal(Permission.SEND_MESSAGES)).toEqual(
      hidden('channel-hidden', 'the member cannot see this channel (no VIEW_CHANNEL)'),
    );
    expect(channelHiddenRefusal(0n)).toMatchObject({ kind: 'channel-hidden' });
    expect(channelHiddenRefusal(Permission.VIEW_CHANNEL)).toBeUndefined();
    expect(channelHiddenRefusal(Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES)).toBeUndefined();
  });

  it('read-repair refuses a stale global command once, naming both versions', () => {
    expect(readRepair({ version: '7' }, '6')).toEqual({
      kind: 'outdated',
      message: 'This command is outdated, please try again in a few minutes.',
      reason: "the command changed (version 6 → 7) since this user's client loaded it; it has reloaded it now",
      hidden: false,
    });
    expect(readRepair({ guild_id: G, version: '7' }, '6')).toBeUndefined();
  });

  it("what invoke prints of a command the member's picker lacks", () => {
    expect(notInPicker('/ban', 'ann')).toBe("/ban is not in ann's command picker here.");
    expect(NOT_IN_PICKER).toBe('This command is not in your command picker here.');
  });

  it('a user command is the USER type only', () => {
    expect(isUserCommand({ type: CommandType.USER })).toBe(true);
    expect(isUserCommand({ type: CommandType.MESSAGE })).toBe(false);
    expect(isUserCommand(slash)).toBe(false);
  });
});
