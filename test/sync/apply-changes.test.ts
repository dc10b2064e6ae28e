/**
 * Apply's writes and what it records (src/sync/apply.ts), in process over real
 * HTTP against the emulator: the result a renderer gets, and the lock file
 * beside the manifest (the webhooks that went through, today's command
 * creates when the service does not count them), written only when it changes.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { CmdsyncError } from '../../src/errors.js';
import { LOCK_FILE, readLock } from '../../src/manifest/lock.js';
import { RestClient } from '../../src/remote/http/client.js';
import { createWebhook, listChannelWebhooks } from '../../src/remote/webhooks.js';
import { applyChanges, recordUnchanged } from '../../src/sync/apply.js';
import { planSync } from '../../src/sync/plan.js';
import type { SyncTarget } from '../../src/sync/target.js';
import { setFaults } from '../helpers/faults.js';
import { testdir } from '../helpers/tmp.js';
import { unmarked } from '../helpers/unmarked.js';

const APP = '500000000000000001';
const GUILD = '600000000000000001';
const CHANNEL = '610000000000000001';
const CLOSED = '600000000000000009';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).reverse()) await r.close();
});

/** The emulator, a client for it (through a proxy that hides it is one: "the service"), and a manifest folder. */
async function setup(opts: { asService?: boolean; bearer?: boolean } = {}) {
  const emulator: RunningEmulator = await startEmulator({
    seed: {
      applications: [{ id: APP }],
      guilds: [
        { id: GUILD, channels: [{ id: CHANNEL, type: 0, name: 'general' }] },
        // The application is not installed here: a plan cannot read it, and leaves it alone.
        { id: CLOSED, apps: {} },
      ],
    },
    rateLimits: false,
  });
  running.push(emulator);
  let apiUrl = emulator.url;
  if (opts.asService) {
    const proxy = await unmarked(emulator);
    running.push(proxy);
    apiUrl = proxy.url;
  }
  const { botToken, bearerToken } = emulator.credentials;
  const client = new RestClient({
    apiUrl,
    credentials: { botToken, ...(opts.bearer === false ? {} : { bearerToken }) },
    backoffBaseMs: 5,
    globalRequestsPerSecond: 10_000,
  });
  running.push({ close: () => client.close() });
  const target: SyncTarget = { client, applicationId: APP, canEditPermissions: opts.bearer !== false };
  const cwd = testdir();
  const manifestPath = join(cwd, 'cmdsync.yaml');
  const lockFile = join(cwd, LOCK_FILE);
  const write = (manifest: object) => writeFileSync(manifestPath, stringify({ application_id: APP, ...manifest }));
  const plan = () => planSync({ manifestPath: 'cmdsync.yaml', cwd, env: {}, target });
  return { emulator, client, target, cwd, manifestPath, lockFile, write, plan };
}

const hooksIn = (client: RestClient) => listChannelWebhooks(client, CHANNEL);

describe('applyChanges: the lock file', () => {
  it('records the webhooks it created by id and key, adding to what the lock file beside the manifest held', async () => {
    const t = await setup();
    t.write({ webhooks: [{ channel_id: CHANNEL, name: 'Deploys', key: 'deploys' }] });
    const first = await applyChanges({ plan: (await t.plan()).plan, target: t.target, manifestPath: t.manifestPath });
    expect(first.result.failed).toBeUndefined();
    const [deploys] = await hooksIn(t.client);
    expect(readLock(t.manifestPath).webhooks).toEqual({ [deploys!.id]: { key: 'deploys' } });

    // No lock given: apply reads the one beside the manifest, so the first webhook stays recorded.
    t.write({
      webhooks: [
        { channel_id: CHANNEL, name: 'Deploys', key: 'deploys' },
        { channel_id: CHANNEL, name: 'Alerts', key: 'alerts' },
      ],
    });
    const second = await applyChanges({ plan: (await t.plan()).plan, target: t.target, manifestPath: t.manifestPath });
    expect(second.result.applied).toHaveLength(1);
    const alerts = (await hooksIn(t.client)).find((w) => w.name === 'Alerts')!;
    expect(readLock(t.manifestPath).webhooks).toEqual({
      [deploys!.id]: { key: 'deploys' },
      [alerts.id]: { key: 'alerts' },
    });
    expect((await t.plan()).plan.request_count).toBe(0);
  });

  it('each webhook create is on disk as soon as it is answered, before the apply goes on (a killed apply leaves it behind)', async () => {
    const t = await setup();
    t.write({
      webhooks: [
        { channel_id: CHANNEL, name: 'Deploys', key: 'deploys' },
        { channel_id: CHANNEL, name: 'Alerts', key: 'alerts' },
      ],
    });
    const onDisk: string[][] = [];
    await applyChanges({
      plan: (await t.plan()).plan,
      target: t.target,
      manifestPath: t.manifestPath,
      events: {
        requestDone: () => {
          onDisk.push(Object.values(readLock(t.manifestPath).webhooks).map((w) => w.key!));
        },
      },
    });
    expect(onDisk).toEqual([['deploys'], expect.arrayContaining(['deploys', 'alerts'])]);
  });

  it("against the service, an apply that only adds a webhook keeps the day's command creates the lock file counted", async () => {
    const t = await setup({ asService: true });
    t.write({ commands: [{ name: 'ping', description: 'Ping' }] });
    await applyChanges({ plan: (await t.plan()).plan, target: t.target, manifestPath: t.manifestPath });
    const creates = readLock(t.manifestPath).creates;
    expect(creates?.scopes).toEqual({ global: 1 });
    t.write({
      commands: [{ name: 'ping', description: 'Ping' }],
      webhooks: [{ channel_id: CHANNEL, name: 'Deploys' }],
    });
    await applyChanges({ plan: (await t.plan()).plan, target: t.target, manifestPath: t.manifestPath });
    const lock = readLock(t.manifestPath);
    expect(lock.creates).toEqual(creates);
    expect(Object.keys(lock.webhooks)).toHaveLength(1);
  });

  it('persistLock: false (a throwaway world) sends the requests and writes no lock file', async () => {
    const t = await setup();
    t.write({ webhooks: [{ channel_id: CHANNEL, name: 'Deploys', key: 'deploys' }] });
    const run = await applyChanges({
      plan: (await t.plan()).plan,
      target: t.target,
      manifestPath: t.manifestPath,
      persistLock: false,
    });
    expect(run.result.applied).toEqual([{ address: 'webhook/deploys', kind: 'webhook create' }]);
    expect((await hooksIn(t.client)).map((w) => w.name)).toEqual(['Deploys']);
    expect(existsSync(t.lockFile)).toBe(false);
  });

  it('against the service, records the command creates it spent today in the lock file, by scope', async () => {
    const t = await setup({ asService: true });
    t.write({
      commands: [{ name: 'ping', description: 'Ping' }],
      guilds: [
        {
          id: GUILD,
          commands: [
            { name: 'a', description: 'A' },
            { name: 'b', description: 'B' },
          ],
        },
      ],
    });
    const { plan } = await t.plan();
    expect(plan.creates_counted_by).toBe('lock-file');
    const run = await applyChanges({ plan, target: t.target, manifestPath: t.manifestPath });
    expect(run.result.failed).toBeUndefined();
    const lock = readLock(t.manifestPath);
    expect(lock.webhooks).toEqual({});
    expect(lock.creates).toEqual({
      day: new Date().toISOString().slice(0, 10),
      application_id: APP,
      scopes: { global: 1, [`guild:${GUILD}`]: 2 },
    });
    // Counted once: a plan with nothing to create leaves the count as it is.
    t.write({ commands: [{ name: 'ping', description: 'Ping, changed' }], guilds: [{ id: GUILD, commands: [] }] });
    const edit = await applyChanges({ plan: (await t.plan()).plan, target: t.target, manifestPath: t.manifestPath });
    expect(edit.result.applied.map((a) => a.kind).sort()).toEqual(['delete', 'delete', 'update']);
    expect(readLock(t.manifestPath).creates).toEqual(lock.creates);
  });

  it('against the emulator (which counts its own creates), a commands-only apply writes no lock file, and does not read one', async () => {
    const t = await setup();
    t.write({ commands: [{ name: 'ping', description: 'Ping' }] });
    const { plan } = await t.plan();
    expect(plan.creates_counted_by).toBe('emulator');
    // A lock file that cannot be read is no concern of an apply that manages no webhooks.
    writeFileSync(t.lockFile, 'not json');
    const run = await applyChanges({ plan, target: t.target, manifestPath: t.manifestPath });
    expect(run.result.applied).toEqual([{ address: 'global/chat_input/ping', kind: 'create' }]);
    expect(readFileSync(t.lockFile, 'utf8')).toBe('not json');
  });

  it('leaves the lock file untouched (byte for byte) when what it records did not change', async () => {
    const t = await setup();
    t.write({ commands: [], webhooks: [{ channel_id: CHANNEL, name: 'Deploys', key: 'deploys' }] });
    await applyChanges({ plan: (await t.plan()).plan, target: t.target, manifestPath: t.manifestPath });
    // Written by hand, in a layout cmdsync would not write: any rewrite shows.
    const compact = JSON.stringify(readLock(t.manifestPath));
    writeFileSync(t.lockFile, compact);
    t.write({
      commands: [{ name: 'ping', description: 'Ping' }],
      webhooks: [{ channel_id: CHANNEL, name: 'Deploys', key: 'deploys' }],
    });
    const { plan, lock } = await t.plan();
    const run = await applyChanges({ plan, target: t.target, manifestPath: t.manifestPath, lock });
    expect(run.result.applied).toEqual([{ address: 'global/chat_input/ping', kind: 'create' }]);
    expect(readFileSync(t.lockFile, 'utf8')).toBe(compact);
  });
});

describe('applyChanges: the result', () => {
  it('without a bearer token, the permission sets are not sent and not counted in the requests meant', async () => {
    const t = await setup({ bearer: false });
    t.write({
      guilds: [
        {
          id: GUILD,
          commands: [{ name: 'debug', description: 'Debug' }],
          permissions: { debug: [{ role: 'everyone', allow: false }] },
        },
      ],
    });
    const { plan } = await t.plan();
    expect(plan.summary.permissions).toBe(1);
    const run = await applyChanges({ plan, target: t.target, manifestPath: t.manifestPath });
    expect(run.result.requestsTotal).toBe(plan.request_count - 1);
    expect(run.result.requestsSent).toBe(plan.request_count - 1);
    expect(run.result.permissionsSkipped).toEqual(expect.any(String));
    expect(run.result.applied).toEqual([{ address: `guild:${GUILD}/chat_input/debug`, kind: 'create' }]);
  });

  it('with one, every request is meant and sent, permission sets included', async () => {
    const t = await setup();
    t.write({
      guilds: [
        {
          id: GUILD,
          commands: [{ name: 'debug', description: 'Debug' }],
          permissions: { debug: [{ role: 'everyone', allow: false }] },
        },
      ],
    });
    const { plan } = await t.plan();
    const run = await applyChanges({ plan, target: t.target, manifestPath: t.manifestPath });
    expect(run.result.requestsTotal).toBe(plan.request_count);
    expect(run.result.requestsSent).toBe(plan.request_count);
    expect(run.result.permissionsSkipped).toBeUndefined();
    expect(run.result.applied.map((a) => a.kind)).toEqual(['create', 'permissions']);
  });
  it('a request the service refuses stops the apply: the result names it and its message, and what was not sent', async () => {
    const t = await setup();
    t.write({
      commands: [{ name: 'ping', description: 'Ping' }],
      guilds: [{ id: GUILD, commands: [{ name: 'g', description: 'G' }] }],
    });
    const { plan } = await t.plan();
    await setFaults(t.emulator, [
      { method: 'POST', path: `/applications/${APP}/commands`, kind: 'error', status: 403 },
    ]);
    const run = await applyChanges({ plan, target: t.target, manifestPath: t.manifestPath });
    expect(run.result.failed).toEqual({ address: 'global/chat_input/ping', message: expect.stringMatching(/403/) });
    expect(run.result.requestsSent).toBeGreaterThanOrEqual(1);
    expect([...run.result.applied, ...run.result.notApplied].map((a) => a.address).sort()).toEqual([
      'global/chat_input/ping',
      `guild:${GUILD}/chat_input/g`,
    ]);
  });

  it('a declared guild the plan could not read is named in the result: the apply did not do everything', async () => {
    const t = await setup();
    t.write({
      commands: [{ name: 'ping', description: 'Ping' }],
      guilds: [{ id: CLOSED, commands: [{ name: 'g', description: 'G' }] }],
    });
    const { plan } = await t.plan();
    const run = await applyChanges({ plan, target: t.target, manifestPath: t.manifestPath });
    expect(run.result.skippedScopes).toEqual([`guild:${CLOSED}`]);
    expect(run.result.applied).toEqual([{ address: 'global/chat_input/ping', kind: 'create' }]);
  });
});

describe('recordUnchanged: a plan with nothing to send', () => {
  it('records a webhook it found by name as ours, with its key', async () => {
    const t = await setup();
    const found = await createWebhook(t.client, CHANNEL, { name: 'Deploys' });
    t.write({ webhooks: [{ channel_id: CHANNEL, name: 'Deploys', key: 'deploys' }] });
    const { plan, lock } = await t.plan();
    expect(plan.request_count).toBe(0);
    recordUnchanged(plan, t.manifestPath, lock);
    expect(readLock(t.manifestPath).webhooks).toEqual({ [found.id]: { key: 'deploys' } });
    // Read from beside the manifest when not given; already recorded: the file is left as it is.
    const compact = JSON.stringify(readLock(t.manifestPath));
    writeFileSync(t.lockFile, compact);
    recordUnchanged((await t.plan()).plan, t.manifestPath);
    expect(readFileSync(t.lockFile, 'utf8')).toBe(compact);
  });

  it('a manifest without webhooks: the lock file is neither read nor written', async () => {
    const t = await setup();
    t.write({ commands: [] });
    const { plan } = await t.plan();
    writeFileSync(t.lockFile, 'not json');
    expect(() => recordUnchanged(plan, t.manifestPath)).not.toThrow();
    expect(readFileSync(t.lockFile, 'utf8')).toBe('not json');
  });

  it('a lock file that cannot be read is an error when the plan manages webhooks', async () => {
    const t = await setup();
    t.write({ webhooks: [{ channel_id: CHANNEL, name: 'Deploys' }] });
    await createWebhook(t.client, CHANNEL, { name: 'Deploys' });
    const { plan } = await t.plan();
    writeFileSync(t.lockFile, 'not json');
    expect(() => recordUnchanged(plan, t.manifestPath)).toThrow(CmdsyncError);
  });
});
