/**
 * A handler that throws half way answers an error; the world must read as if
 * it never ran, in memory and in the data file (a persisted world that kept
 * the half change in memory would write it out with the next snapshot).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ChangeTracker } from '../../src/emulator/state/change-tracker.js';
import { buildWorld } from '../../src/emulator/state/seed.js';
import { Store } from '../../src/emulator/state/store.js';
import type { World } from '../../src/emulator/state/world.js';
import { DEFAULT_LIMITS } from '../../src/wire/limits.js';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { EventBus } from '../../src/emulator/gateway/events.js';
import { FaultController } from '../../src/emulator/http/faults.js';
import type { Route } from '../../src/emulator/http/http-types.js';
import { createEmulatorServer } from '../../src/emulator/http/server.js';

let n = 1_000_000_000_000_000_000n;
const nextId = () => String(n++);

function freshWorld(): World {
  return buildWorld(undefined, nextId, Date.UTC(2026, 10, 24), DEFAULT_LIMITS).world;
}

/** What a handler might do before it throws: edit an entry in place, add one, delete one, replace a collection. */
function halfWay(w: World): void {
  const guild = Object.values(w.guilds)[0]!;
  guild.name = 'renamed';
  guild.channels.push({ ...guild.channels[0]!, id: '1999999999999999999', name: 'half-made' });
  w.webhooks['1888888888888888888'] = { id: '1888888888888888888' } as never;
  const app = Object.keys(w.applications)[0]!;
  delete w.applications[app];
  w.bearers = {};
}

describe('ChangeTracker.rollback', () => {
  test('a compared (persisted) world comes back whole, and each entry keeps its identity', () => {
    const world = freshWorld();
    const before = JSON.stringify(world);
    const guildObject = Object.values(world.guilds)[0]!;
    const tracker = new ChangeTracker(world, true);
    halfWay(tracker.view);
    expect(JSON.stringify(world)).not.toBe(before);
    tracker.rollback();
    expect(JSON.stringify(world)).toBe(before);
    expect(Object.values(world.guilds)[0]).toBe(guildObject);
    expect(tracker.changes()).toEqual([]);
  });

  test('an in-memory world gets back what was added, deleted or replaced', () => {
    const world = freshWorld();
    const apps = Object.keys(world.applications);
    const bearers = world.bearers;
    const tracker = new ChangeTracker(world, false);
    halfWay(tracker.view);
    tracker.rollback();
    expect(Object.keys(world.applications)).toEqual(apps);
    expect(world.webhooks['1888888888888888888']).toBeUndefined();
    expect(world.bearers).toBe(bearers);
  });
});

describe('Store: a rolled-back write leaves nothing in the data file', () => {
  test('the next write journals only itself, and a reload shows no trace of the rolled-back one', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cmdsync-rollback-')), 'world.json');
    const { world, meta } = buildWorld(undefined, nextId, Date.UTC(2026, 10, 24), DEFAULT_LIMITS);
    const store = new Store(world, meta, file);
    store.persist();
    const failed = store.begin(true);
    halfWay(failed.world);
    failed.rollback();
    const ok = store.begin(true);
    const guild = Object.values(ok.world.guilds)[0]!;
    guild.name = 'kept';
    ok.commit(true);
    store.close();
    const loaded = Store.load(file)!.world;
    const g = Object.values(loaded.guilds)[0]!;
    expect(g.name).toBe('kept');
    expect(g.channels.some((c) => c.name === 'half-made')).toBe(false);
    expect(Object.keys(loaded.applications)).toEqual(Object.keys(world.applications));
    expect(Object.keys(loaded.bearers).length).toBeGreaterThan(0);
  });
});

describe("Store: each write sees only its own changes (a settled write's tracker is reused)", () => {
  test('a rollback undoes only its own write, open writes do not share what they touched, and nothing carries over', () => {
    const { world, meta } = buildWorld(undefined, nextId, Date.UTC(2026, 10, 24), DEFAULT_LIMITS);
    const store = new Store(world, meta);
    const hook = (id: string) => ({ id }) as never;
    const first = store.begin(true);
    first.world.webhooks['1777777777777777771'] = hook('1777777777777777771');
    first.commit(false);
    const serial = world.serial;
    const second = store.begin(true);
    expect(second.world.webhooks['1777777777777777771']).toBeDefined();
    second.world.webhooks['1777777777777777772'] = hook('1777777777777777772');
    second.rollback();
    expect(Object.keys(world.webhooks)).toContain('1777777777777777771');
    expect(Object.keys(world.webhooks)).not.toContain('1777777777777777772');
    const open = store.begin(true);
    const other = store.begin(true);
    open.world.webhooks['1777777777777777773'] = hook('1777777777777777773');
    other.rollback();
    expect(Object.keys(world.webhooks)).toContain('1777777777777777773');
    open.commit(false);
    expect(world.serial).toBe(serial + 1);
    const idle = store.begin(true);
    idle.commit(false);
    expect(world.serial).toBe(serial + 1);
  });
});

test('over HTTP: a handler that throws half way gets the generic 500, and the world, the data file and the event log keep nothing of it', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'cmdsync-rollback-')), 'world.json');
  const { world, meta } = buildWorld(undefined, nextId, Date.UTC(2026, 10, 24), DEFAULT_LIMITS);
  const store = new Store(world, meta, file);
  store.persist();
  const events = new EventBus();
  const dispatched: string[] = [];
  events.subscribe((e) => dispatched.push(e.name));
  const routes: Route[] = [
    {
      method: 'POST',
      pattern: '/half-way',
      auth: 'none',
      bucket: 'default',
      handler: (_req, ctx) => {
        halfWay(ctx.world);
        ctx.changed();
        ctx.events.emit({ applicationId: meta.defaultApplicationId, name: 'GUILD_UPDATE', data: {} });
        throw new Error('a handler bug');
      },
    },
  ];
  const before = JSON.stringify(world);
  const server = createEmulatorServer({
    store,
    routes,
    limits: DEFAULT_LIMITS,
    faults: new FaultController(),
    latencyMs: 0,
    nextId,
    now: () => Date.now(),
    controlToken: 'x'.repeat(32),
    events,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await request(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10/half-way`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.statusCode).toBe(500);
    expect(await res.body.text()).not.toContain('a handler bug');
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  expect(JSON.stringify(world)).toBe(before);
  expect(dispatched).toEqual([]);
  store.close();
  expect(JSON.stringify(Store.load(file)!.world)).toBe(before);
});
