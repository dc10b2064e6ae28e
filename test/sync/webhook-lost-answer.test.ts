import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { planFromManifest } from '../../src/api/plan.js';
import { applyPlan } from '../../src/apply/execute.js';
import { avatarLoader } from '../../src/cli/avatar-loader.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { writeLock } from '../../src/manifest/lock.js';
import { RestClient } from '../../src/remote/client.js';
import { listChannelWebhooks } from '../../src/remote/webhooks.js';
import { setFaults, until } from '../helpers/faults.js';
import { testdir } from '../helpers/tmp.js';

/*
 * The service has no idempotency key for webhook creates: a create whose
 * answer is lost must be recognised by the next apply, never sent twice.
 * Faults go through the emulator's control endpoint over real HTTP.
 */

const APP = '500000000000000001';
const GUILD = '600000000000000001';
const A = '610000000000000001';
const B = '610000000000000002';
const CREATE = { method: 'POST', path: '/channels/*/webhooks' };

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).reverse()) await r.close();
});

async function setup() {
  const emulator: RunningEmulator = await startEmulator({
    seed: { applications: [{ id: APP }], guilds: [{ id: GUILD, channels: [{ id: A, type: 0, name: 'a' }, { id: B, type: 0, name: 'b' }] }] },
    rateLimits: false,
  });
  running.push(emulator);
  // A short timeout so "the answer came too late" costs the test little.
  const client = new RestClient({ apiUrl: emulator.url, credentials: { botToken: emulator.credentials.botToken }, backoffBaseMs: 5, timeoutMs: 300 });
  running.push({ close: () => client.close() });
  const cwd = testdir();
  const manifest = join(cwd, 'cmdsync.yaml');
  const write = (webhooks: object[]) => writeFileSync(manifest, stringify({ application_id: APP, webhooks }));
  const plan = () => planFromManifest({ manifestPath: 'cmdsync.yaml', cwd, env: {}, client, applicationId: APP, canEditPermissions: false });
  /** What `cmdsync apply` does: plan, apply with the lock persisted before each create, write the lock. */
  const apply = async () => {
    const r = await plan();
    const outcome = await applyPlan(r.plan, client, { canEditPermissions: false, lock: r.lock, saveLock: (l) => writeLock(manifest, l), loadAvatar: avatarLoader(cwd) });
    if (outcome.lock) writeLock(manifest, outcome.lock);
    return { ...r, outcome };
  };
  const ours = async () => (await Promise.all([A, B].map((c) => listChannelWebhooks(client, c)))).flat().filter((w) => w.application_id === APP);
  const lockText = () => readFileSync(join(cwd, 'cmdsync.lock.json'), 'utf8');
  return { emulator, client, cwd, manifest, write, plan, apply, ours, lockText };
}

describe('a webhook create whose answer is lost', () => {
  it('dropped after the write: the intent is in the lock file, and the next apply adopts the webhook (exactly one)', async () => {
    const t = await setup();
    await setFaults(t.emulator, [{ ...CREATE, kind: 'drop-after', times: 1 }]);
    t.write([{ channel_id: A, name: 'Deploys', key: 'deploys' }]);
    const first = await t.apply();
    expect(first.outcome.failed).toBeDefined();
    expect(await t.ours()).toHaveLength(1);
    expect(JSON.parse(t.lockText()).intents).toMatchObject([{ channel_id: A, name: 'Deploys', key: 'deploys' }]);

    const second = await t.apply();
    expect(second.plan.summary.webhooks).toEqual({ create: 0, update: 0, delete: 0 });
    const hooks = await t.ours();
    expect(hooks.map((w) => w.name)).toEqual(['Deploys']);
    const lock = JSON.parse(t.lockText());
    expect(lock.webhooks[hooks[0].id]).toEqual({ key: 'deploys' });
    expect(lock.intents ?? []).toEqual([]);
    expect((await t.plan()).plan.request_count).toBe(0);
  });

  it('answered after the client gave up (a timeout): the next apply adopts it, exactly one', async () => {
    const t = await setup();
    await setFaults(t.emulator, [{ ...CREATE, kind: 'slow', delayMs: 900, times: 1 }]);
    t.write([{ channel_id: A, name: 'Deploys', key: 'deploys' }]);
    const first = await t.apply();
    expect(first.outcome.failed?.message).toMatch(/no answer within 300 ms/);
    expect(JSON.parse(t.lockText()).intents).toMatchObject([{ channel_id: A, name: 'Deploys', key: 'deploys' }]);
    // The service carries out the request it received, answer or not.
    await until(async () => (await t.ours()).length === 1, 5000, 'the late create');
    await t.apply();
    expect((await t.ours()).map((w) => w.name)).toEqual(['Deploys']);
    expect((await t.plan()).plan.request_count).toBe(0);
  });

  it('declared with an avatar: the webhook found by name is adopted and given the avatar (an update, not a create)', async () => {
    const t = await setup();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100ffff03000006000557bfab0000000049454e44ae426082', 'hex');
    writeFileSync(join(t.cwd, 'logo.png'), png);
    // The create went through without its avatar (sent by another tool, or an older manifest), and its answer was lost.
    await setFaults(t.emulator, [{ ...CREATE, kind: 'drop-after', times: 1 }]);
    t.write([{ channel_id: A, name: 'Deploys', key: 'deploys' }]);
    await t.apply();
    t.write([{ channel_id: A, name: 'Deploys', key: 'deploys', avatar: 'logo.png' }]);
    const second = await t.apply();
    expect(second.plan.webhooks!.actions.map((a) => a.kind)).toEqual(['update']);
    const hooks = await t.ours();
    expect(hooks).toHaveLength(1);
    expect(hooks[0].avatar).not.toBeNull();
    expect((await t.plan()).plan.request_count).toBe(0);
  });
});

describe('a lost create, then the manifest moves the webhook', () => {
  it('with a key: the orphan in the old channel is found through the intent and moved (one webhook, same id)', async () => {
    const t = await setup();
    await setFaults(t.emulator, [{ ...CREATE, kind: 'drop-after', times: 1 }]);
    t.write([{ channel_id: A, name: 'Deploys', key: 'deploys' }]);
    await t.apply();
    const [orphan] = await t.ours();
    t.write([{ channel_id: B, name: 'Deploys', key: 'deploys' }]);
    const moved = await t.plan();
    expect(moved.plan.webhooks!.actions).toMatchObject([{ kind: 'update', body: { channel_id: B } }]);
    await t.apply();
    expect((await t.ours()).map((w) => [w.id, w.channel_id])).toEqual([[orphan.id, B]]);
    expect((await t.plan()).plan.request_count).toBe(0);
  });

  it('without a key: the orphan in the channel no longer declared is deleted, not left unreported', async () => {
    const t = await setup();
    await setFaults(t.emulator, [{ ...CREATE, kind: 'drop-after', times: 1 }]);
    t.write([{ channel_id: A, name: 'Alerts' }]);
    await t.apply();
    t.write([{ channel_id: B, name: 'Alerts' }]);
    const moved = await t.plan();
    expect(moved.plan.webhooks!.actions.map((a) => `${a.kind} ${a.channelId}`).sort()).toEqual([`create ${B}`, `delete ${A}`]);
    await t.apply();
    expect((await t.ours()).map((w) => w.channel_id)).toEqual([B]);
    expect((await t.plan()).plan.request_count).toBe(0);
  });

  it('a webhook the lock file records, in a channel the manifest no longer declares, is deleted', async () => {
    const t = await setup();
    t.write([{ channel_id: A, name: 'Old', key: 'old' }, { channel_id: B, name: 'Stays' }]);
    await t.apply();
    t.write([{ channel_id: B, name: 'Stays' }]);
    const next = await t.plan();
    expect(next.plan.webhooks!.actions.map((a) => `${a.kind} ${a.name}`)).toEqual(['noop Stays', 'delete Old']);
    await t.apply();
    expect((await t.ours()).map((w) => w.name)).toEqual(['Stays']);
    expect(Object.values(JSON.parse(t.lockText()).webhooks)).toEqual([{}]);
  });
});
