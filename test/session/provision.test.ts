import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { provisionDataFile, provisionWorld } from '../../src/emulator/state/provision.js';
import { buildWorld } from '../../src/emulator/state/seed.js';
import { resolveLimits } from '../../src/wire/limits.js';
import { testdir } from '../helpers/tmp.js';

let n = 1_000_000_000_000_000n;
const nextId = () => (n++).toString();

describe('provisionWorld', () => {
  test('adds a missing application, guild and install; a second call changes nothing', () => {
    const { world, meta } = buildWorld(undefined, nextId, Date.now(), resolveLimits());
    const serial = world.serial;
    const want = {
      applicationId: '100000000000000077',
      guilds: [{ id: '200000000000000001', name: 'Test' }, { id: meta.defaultGuildId }],
    };
    expect(provisionWorld(world, want, nextId, Date.now())).toBe(true);
    expect(world.applications['100000000000000077']).toMatchObject({
      id: '100000000000000077',
      embedded: false,
      integrationTypes: [0],
    });
    expect(world.guilds['200000000000000001']).toMatchObject({
      name: 'Test',
      roles: [{ id: '200000000000000001', name: '@everyone' }],
      apps: { '100000000000000077': { commandsScope: true } },
    });
    // The existing default guild keeps its channels and its default app, and gains the new app.
    expect(Object.keys(world.guilds[meta.defaultGuildId]!.apps).sort()).toEqual(
      [meta.defaultApplicationId, '100000000000000077'].sort(),
    );
    expect(world.guilds[meta.defaultGuildId]!.channels.length).toBeGreaterThan(0);
    expect(
      Object.values(world.bearers).some((b) => b.applicationId === '100000000000000077' && b.userId !== undefined),
    ).toBe(true);
    expect(world.serial).toBe(serial + 1);
    expect(provisionWorld(world, want, nextId, Date.now())).toBe(false);
  });
});

describe('the application is what the manifest says, and nothing else (issue 24)', () => {
  const commandsOf = (world: ReturnType<typeof buildWorld>['world'], app: string) =>
    Object.values(world.commands).filter((c) => c.application_id === app);

  test('without an application: block a new application is the default one a standalone emulator starts with, whatever the commands need', () => {
    const { world } = buildWorld(undefined, nextId, Date.now(), resolveLimits());
    const standalone = buildWorld({ applications: [{ id: '100000000000000078' }] }, nextId, Date.now(), resolveLimits())
      .world.applications['100000000000000078']!;
    provisionWorld(world, { applicationId: '100000000000000078', guilds: [] }, nextId, Date.now());
    const app = world.applications['100000000000000078']!;
    expect([app.embedded, app.integrationTypes, app.discoverable === true]).toEqual([
      standalone.embedded,
      standalone.integrationTypes,
      standalone.discoverable === true,
    ]);
    expect([app.embedded, app.integrationTypes]).toEqual([false, [0]]);
  });

  test('a block turning Activities on gets the entry point the service creates (Launch, handler 2), once', () => {
    const { world } = buildWorld(undefined, nextId, Date.now(), resolveLimits());
    const want = {
      applicationId: '100000000000000079',
      guilds: [],
      application: { embedded: true, integrationTypes: [0, 1], discoverable: false },
    };
    provisionWorld(world, want, nextId, Date.now());
    expect(world.applications['100000000000000079']).toMatchObject({ embedded: true, integrationTypes: [0, 1] });
    expect(commandsOf(world, '100000000000000079').map((c) => [c.type, c.name, c.handler])).toEqual([[4, 'Launch', 2]]);
    provisionWorld(world, want, nextId, Date.now());
    expect(commandsOf(world, '100000000000000079')).toHaveLength(1);
  });
});

describe('provisionDataFile', () => {
  test('creates the file (0600) with the application as default, then rewrites only when something is missing', () => {
    const file = join(testdir(), 'state', 'emulator.json');
    const a = provisionDataFile(file, { applicationId: '100000000000000001', guilds: [] });
    expect(a).toMatchObject({
      created: true,
      credentials: { applicationId: '100000000000000001', clientId: '100000000000000001' },
    });
    expect(a.credentials.bearerToken).not.toBe('');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const before = readFileSync(file, 'utf8');

    const b = provisionDataFile(file, { applicationId: '100000000000000001', guilds: [] });
    expect(b).toMatchObject({ created: false, changed: false });
    expect(b.credentials.botToken).toBe(a.credentials.botToken);
    expect(readFileSync(file, 'utf8')).toBe(before);

    const c = provisionDataFile(file, { guilds: [{ id: '200000000000000009' }] });
    expect(c).toMatchObject({
      created: false,
      changed: true,
      credentials: { applicationId: '100000000000000001', guildId: '200000000000000009' },
    });
    expect(
      JSON.parse(readFileSync(file, 'utf8')).world.guilds['200000000000000009'].apps['100000000000000001']
        .commandsScope,
    ).toBe(true);
  });
});
