/**
 * A world for the moderation, member and role tests: the owner (ann), a
 * plain member (bob), a member with a role below the bot (carol, mods) and
 * one with a role above it (dave, boss); the bot's managed role at position
 * 2, between them, with the moderation permissions; one command open to
 * everyone and one needing MANAGE_GUILD, which the `mods` role grants.
 */
import type { Seed } from '../../src/emulator/index.js';

export const APP = '1500000000000000001';
export const GUILD = '1500000000000000010';
export const GENERAL = '1500000000000000020';
export const MODS = '1500000000000000031';
export const BOSS = '1500000000000000032';
export const ANN = '1500000000000000041';
export const BOB = '1500000000000000042';
export const CAROL = '1500000000000000043';
export const DAVE = '1500000000000000044';

export const BOT_PERMISSIONS = [
  'VIEW_CHANNEL',
  'SEND_MESSAGES',
  'READ_MESSAGE_HISTORY',
  'BAN_MEMBERS',
  'KICK_MEMBERS',
  'MODERATE_MEMBERS',
  'MANAGE_ROLES',
  'MANAGE_NICKNAMES',
];

export const moderationSeed = (permissions: string[] = BOT_PERMISSIONS): Seed => ({
  applications: [{ id: APP, name: 'Warden', flags: ['GATEWAY_GUILD_MEMBERS', 'GATEWAY_MESSAGE_CONTENT'] }],
  guilds: [
    {
      id: GUILD,
      name: 'Moderated',
      owner_id: ANN,
      apps: { [APP]: { scopes: ['bot', 'applications.commands'], permissions, role_position: 2 } },
      roles: [
        {
          name: '@everyone',
          permissions: ['VIEW_CHANNEL', 'SEND_MESSAGES', 'READ_MESSAGE_HISTORY', 'USE_APPLICATION_COMMANDS'],
        },
        { id: MODS, name: 'mods', permissions: ['MANAGE_GUILD'], position: 1 },
        { id: BOSS, name: 'boss', position: 3 },
      ],
      members: [
        { id: ANN, username: 'ann' },
        { id: BOB, username: 'bob' },
        { id: CAROL, username: 'carol', roles: ['mods'] },
        { id: DAVE, username: 'dave', roles: ['boss'] },
      ],
      channels: [{ id: GENERAL, name: 'general' }],
    },
  ],
  commands: [
    { application_id: APP, guild_id: GUILD, name: 'hello', description: 'Say hello' },
    {
      application_id: APP,
      guild_id: GUILD,
      name: 'manage',
      description: 'Managers only',
      default_member_permissions: '32',
    },
  ],
});
