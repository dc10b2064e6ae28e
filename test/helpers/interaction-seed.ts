/** The world of the interaction tests: one app, a guild with an owner, a plain member, a normal and an age-restricted channel. */
import type { Seed } from '../../src/emulator/index.js';

export const APP = '110000000000000001';
export const GUILD = '120000000000000001';
export const MOD = '120000000000000002';
export const GENERAL = '130000000000000001';
export const ADULT = '130000000000000002';
export const ANN = '140000000000000001';
export const BOB = '140000000000000002';

export const interactionSeed = (): Seed => ({
  applications: [{ id: APP, name: 'Helper' }],
  guilds: [
    {
      id: GUILD,
      name: 'Test',
      owner_id: ANN,
      roles: [
        { name: '@everyone', permissions: ['VIEW_CHANNEL', 'SEND_MESSAGES', 'USE_APPLICATION_COMMANDS'] },
        { id: MOD, name: 'Moderator', permissions: ['MANAGE_GUILD'] },
      ],
      members: [
        { id: ANN, username: 'ann', age_verified: true },
        { id: BOB, username: 'bob' },
      ],
      channels: [
        { id: GENERAL, name: 'general' },
        { id: ADULT, name: 'adult', nsfw: true },
      ],
    },
  ],
  commands: [
    { application_id: APP, name: 'hello', description: 'Say hello', name_localizations: { fr: 'bonjour' } },
    { application_id: APP, name: 'secret', description: 'A secret' },
    { application_id: APP, name: 'slow', description: 'Takes a while' },
    { application_id: APP, name: 'silent', description: 'Never answers' },
    { application_id: APP, name: 'adult', description: 'Age-restricted', nsfw: true },
    {
      application_id: APP,
      name: 'search',
      description: 'Find fruit',
      options: [{ type: 3, name: 'fruit', description: 'Fruit', required: true, autocomplete: true }],
    },
    { application_id: APP, guild_id: GUILD, name: 'admin', description: 'Admins', default_member_permissions: '32' },
  ],
});
