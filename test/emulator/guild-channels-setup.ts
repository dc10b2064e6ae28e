/**
 * A world for the channel and thread tests (issue 41 items 3, 4): a guild whose
 * bot may manage channels, roles and threads but not ban; a member with
 * MANAGE_MESSAGES (exempt from slowmode) and two without; a text channel, a
 * category, and a forum with two tags.
 */
import type { Seed } from '../../src/emulator/state/world.js';

export const APP = '1400000000000000001';
export const GUILD = '1400000000000000002';
export const OWNER = '1400000000000000011';
export const MODERATOR = '1400000000000000012';
export const BOB = '1400000000000000013';
export const CAROL = '1400000000000000014';
export const MODS = '1400000000000000021';
export const GENERAL = '1400000000000000101';
export const SUPPORT = '1400000000000000102';
export const FORUM = '1400000000000000103';
export const TAG_FOOD = '1400000000000000111';
export const TAG_TRAVEL = '1400000000000000112';

export const BOT_PERMISSIONS = [
  'VIEW_CHANNEL',
  'SEND_MESSAGES',
  'SEND_MESSAGES_IN_THREADS',
  'READ_MESSAGE_HISTORY',
  'MANAGE_CHANNELS',
  'MANAGE_ROLES',
  'MANAGE_THREADS',
  'CREATE_PUBLIC_THREADS',
  'CREATE_PRIVATE_THREADS',
];

export function channelSeed(botPermissions: string[] = BOT_PERMISSIONS): Seed {
  return {
    applications: [{ id: APP, name: 'Tickets', flags: ['GATEWAY_GUILD_MEMBERS'] }],
    guilds: [
      {
        id: GUILD,
        name: 'Channels',
        owner_id: OWNER,
        roles: [
          {
            name: '@everyone',
            permissions: [
              'VIEW_CHANNEL',
              'SEND_MESSAGES',
              'SEND_MESSAGES_IN_THREADS',
              'READ_MESSAGE_HISTORY',
              'USE_APPLICATION_COMMANDS',
            ],
          },
          { id: MODS, name: 'Mods', permissions: ['MANAGE_MESSAGES'] },
        ],
        members: [
          { id: OWNER, username: 'owner' },
          { id: MODERATOR, username: 'mo', roles: [MODS] },
          { id: BOB, username: 'bob' },
          { id: CAROL, username: 'carol' },
        ],
        channels: [
          { id: GENERAL, name: 'general' },
          { id: SUPPORT, name: 'support', type: 4 },
          {
            id: FORUM,
            name: 'recipes',
            type: 15,
            available_tags: [
              { id: TAG_FOOD, name: 'food' },
              { id: TAG_TRAVEL, name: 'travel' },
            ],
          },
        ],
        apps: { [APP]: { scopes: ['bot', 'applications.commands'], permissions: botPermissions } },
      },
    ],
  };
}
