import { describe, expect, it } from 'vitest';
import { buildWorld, SeedError } from '../../src/emulator/state/seed.js';
import { resolveLimits } from '../../src/wire/limits.js';
import type { Seed } from '../../src/emulator/state/world.js';

// What access evaluation needs from a guild: role permissions, member roles, channel overwrites, the owner.
let n = 100;
const build = (seed: Seed) => buildWorld(seed, () => String(n++), 0, resolveLimits()).world;
const G = '7000';

describe('seeded guilds hold what the access model needs', () => {
  it("reads role permissions (names or bits), @everyone's, member roles by id or name, overwrites and the owner", () => {
    const world = build({
      guilds: [
        {
          id: G,
          owner_id: '7301',
          roles: [
            { name: '@everyone', permissions: 'SEND_MESSAGES' },
            { id: '7201', name: 'Mods', permissions: ['BAN_MEMBERS', 'KICK_MEMBERS'] },
            { id: '7202', name: 'Bots', permissions: '8' },
          ],
          members: [
            { id: '7301', username: 'owner' },
            { id: '7302', username: 'mod', roles: ['Mods', '7202'] },
          ],
          channels: [
            {
              id: '7401',
              name: 'mod-log',
              permission_overwrites: [
                { id: G, type: 'role', deny: ['SEND_MESSAGES'] },
                { id: '7302', type: 1, allow: '2048' },
              ],
            },
          ],
        },
      ],
    });
    const guild = world.guilds[G];
    expect(guild.ownerId).toBe('7301');
    expect(guild.roles).toEqual([
      { id: G, name: '@everyone', permissions: '2048' },
      { id: '7201', name: 'Mods', permissions: '6', position: 1 },
      { id: '7202', name: 'Bots', permissions: '8', position: 2 },
    ]);
    expect(guild.members[1]).toEqual({ id: '7302', username: 'mod', roles: ['7201', '7202'] });
    expect(guild.channels[0].permissionOverwrites).toEqual([
      { id: G, type: 0, allow: '0', deny: '2048' },
      { id: '7302', type: 1, allow: '2048', deny: '0' },
    ]);
  });

  it.each([
    [
      { roles: [{ name: 'Mods', permissions: ['BAN_PEOPLE'] }] },
      /guilds\[0\]\.roles\[0\]\.permissions: "BAN_PEOPLE" is not a permission name/,
    ],
    [
      { members: [{ username: 'x', roles: ['Nobody'] }] },
      /guilds\[0\]\.members\[0\]\.roles\[0\]: "Nobody" is neither a role id nor the name of a seeded role/,
    ],
    [
      { channels: [{ name: 'c', permission_overwrites: [{ id: '1', type: 'channel' }] }] },
      /permission_overwrites\[0\]\.type must be role or member/,
    ],
  ] as Array<[Record<string, unknown>, RegExp]>)('refuses a bad guild with the field named: %j', (guild, message) => {
    expect(() => build({ guilds: [{ id: G, ...guild }] as Seed['guilds'] })).toThrow(SeedError);
    expect(() => build({ guilds: [{ id: G, ...guild }] as Seed['guilds'] })).toThrow(message);
  });
});

describe("an application's install in a seeded guild", () => {
  it('takes its permissions as names, as a role does, or as a decimal set; left out, the default', () => {
    const apps = (permissions?: unknown) =>
      build({
        applications: [{ id: '100' }],
        guilds: [{ id: G, apps: { '100': permissions === undefined ? {} : { permissions } } }],
      } as Seed).guilds[G]!.apps['100']!.permissions;
    expect(apps(['ADMINISTRATOR'])).toBe('8');
    expect(apps(['BAN_MEMBERS', 'KICK_MEMBERS'])).toBe(String(4 + 2));
    expect(apps('8')).toBe('8');
    expect(apps()).toBe(String(1 << 29));
    // A typo is one error naming the field, not a failure later in every request.
    expect(() => apps(['ADMINISTRATR'])).toThrow(
      /guilds\[0\]\.apps\.100\.permissions: "ADMINISTRATR" is not a permission name/,
    );
  });
});
