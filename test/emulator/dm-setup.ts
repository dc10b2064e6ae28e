/** A world for the DM tests: one guild with the bot and alice, bob in a second guild without the bot, and a second application. */
import type { Seed } from '../../src/emulator/state/world.js';

export const GUILD = '1310000000000000001';
export const ELSEWHERE = '1310000000000000002';
export const GENERAL = '1310000000000000101';
export const ALICE = '1310000000000000011';
export const BOB = '1310000000000000012';
export const OTHER_APP = '1310000000000000900';
export const APP = '1310000000000000800';

export function dmSeed(): Seed {
  return {
    applications: [{ id: APP }, { id: OTHER_APP, name: 'other' }],
    guilds: [
      {
        id: GUILD,
        name: 'Home',
        channels: [{ id: GENERAL, name: 'general' }],
        members: [{ id: ALICE, username: 'alice' }],
      },
      {
        id: ELSEWHERE,
        name: 'Elsewhere',
        channels: [{ id: '1310000000000000201', name: 'lobby' }],
        members: [{ id: BOB, username: 'bob' }],
        apps: { [OTHER_APP]: { scopes: ['bot', 'applications.commands'] } },
      },
    ],
  };
}
