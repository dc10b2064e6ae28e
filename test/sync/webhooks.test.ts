import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { planFromManifest } from '../../src/api/plan.js';
import { applyPlan } from '../../src/apply/execute.js';
import { avatarLoader } from '../../src/cli/avatar-loader.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { readLock, writeLock } from '../../src/manifest/lock.js';
import { RestClient } from '../../src/remote/http/client.js';
import { createWebhook, listChannelWebhooks } from '../../src/remote/webhooks.js';
import { formatPlanJson, formatPlanText } from '../../src/report/plan/index.js';
import { testdir } from '../helpers/tmp.js';

const APP = '500000000000000001';
const GUILD = '600000000000000001';
const A = '610000000000000001';
const B = '610000000000000002';
// A 1x1 PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100ffff03000006000557bfab0000000049454e44ae426082',
  'hex',
);

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).reverse()) await r.close();
});

async function setup() {
  const emulator: RunningEmulator = await startEmulator({
    seed: {
      applications: [{ id: APP }],
      guilds: [
        {
          id: GUILD,
          channels: [
            { id: A, type: 0, name: 'a' },
            { id: B, type: 0, name: 'b' },
          ],
        },
      ],
    },
    rateLimits: false,
  });
  running.push(emulator);
  const client = new RestClient({
    apiUrl: emulator.url,
    credentials: { botToken: emulator.credentials.botToken },
    backoffBaseMs: 5,
  });
  running.push({ close: () => client.close() });
  const cwd = testdir({ 'logo.png': PNG, 'logo2.png': Buffer.concat([PNG, Buffer.from([0])]) });
  const manifest = join(cwd, 'cmdsync.yaml');
  const write = (webhooks: object[]) => writeFileSync(manifest, stringify({ application_id: APP, webhooks }));
  const plan = async () =>
    await planFromManifest({
      manifestPath: 'cmdsync.yaml',
      cwd,
      env: {},
      client,
      applicationId: APP,
      canEditPermissions: false,
    });
  const apply = async () => {
    const r = await plan();
    const outcome = await applyPlan(r.plan, client, {
      canEditPermissions: false,
      webhookLock: r.lock.webhooks,
      loadAvatar: avatarLoader(cwd),
    });
    if (outcome.webhookLock) writeLock(manifest, { format_version: 1, webhooks: outcome.webhookLock });
    return { ...r, outcome };
  };
  const hooks = async (channel: string) => listChannelWebhooks(client, channel);
  return { emulator, client, cwd, manifest, write, plan, apply, hooks };
}

describe('declared webhooks', () => {
  it('creates them, then plans nothing; no token in the plan, its JSON or the lock file', async () => {
    const t = await setup();
    t.write([
      { channel_id: A, name: 'Deploys', key: 'deploys', avatar: 'logo.png' },
      { channel_id: A, name: 'Alerts' },
    ]);
    const first = await t.apply();
    expect(first.plan.summary.webhooks).toEqual({ create: 2, update: 0, delete: 0 });
    expect(first.outcome.failed).toBeUndefined();
    const [one, two] = await t.hooks(A);
    expect([one.name, two.name].sort()).toEqual(['Alerts', 'Deploys']);
    expect((await t.hooks(A)).find((w) => w.name === 'Deploys')!.avatar).not.toBeNull();
    const again = await t.plan();
    expect(again.plan.request_count).toBe(0);
    const tokens = (await t.hooks(A)).map((w) => w.token!).filter(Boolean);
    expect(tokens.length).toBe(2);
    for (const text of [
      formatPlanText(first.plan),
      formatPlanJson(first.plan),
      formatPlanJson(again.plan),
      readFileSync(join(t.cwd, 'cmdsync.lock.json'), 'utf8'),
    ]) {
      for (const token of tokens) expect(text).not.toContain(token);
    }
  });

  it('a key keeps identity across a rename and a move to another channel (one PATCH, same id)', async () => {
    const t = await setup();
    t.write([{ channel_id: A, name: 'Deploys', key: 'deploys' }]);
    await t.apply();
    const [before] = await t.hooks(A);
    t.write([{ channel_id: B, name: 'Releases', key: 'deploys' }]);
    const second = await t.apply();
    expect(second.plan.webhooks!.actions).toMatchObject([
      { kind: 'update', reason: 'moved', body: { name: 'Releases', channel_id: B } },
    ]);
    expect(second.plan.request_count).toBe(1);
    expect(await t.hooks(A)).toEqual([]);
    expect((await t.hooks(B)).map((w) => [w.id, w.name])).toEqual([[before.id, 'Releases']]);
    expect((await t.plan()).plan.request_count).toBe(0);
  });

  it('a new avatar file is noticed through the lock file, and sent', async () => {
    const t = await setup();
    t.write([{ channel_id: A, name: 'Deploys', key: 'd', avatar: 'logo.png' }]);
    await t.apply();
    t.write([{ channel_id: A, name: 'Deploys', key: 'd', avatar: 'logo2.png' }]);
    const second = await t.apply();
    expect(second.plan.webhooks!.actions[0]).toMatchObject({ kind: 'update', changes: [{ path: 'avatar' }] });
    expect((await t.plan()).plan.request_count).toBe(0);
  });

  it("deletes this app's unlisted webhooks in a declared channel, unless prune: false; never touches other apps' or follower webhooks", async () => {
    const t = await setup();
    t.write([
      { channel_id: A, name: 'Keep' },
      { channel_id: A, name: 'Old' },
    ]);
    await t.apply();
    const world = t.emulator.world;
    world.webhooks['900000000000000001'] = {
      id: '900000000000000001',
      type: 1,
      guild_id: GUILD,
      channel_id: A,
      name: 'Theirs',
      avatar: null,
      token: 't'.repeat(68),
      application_id: '999999999999999999',
      creatorId: '1',
    };
    world.webhooks['900000000000000002'] = {
      id: '900000000000000002',
      type: 2,
      guild_id: GUILD,
      channel_id: A,
      name: 'Follower',
      avatar: null,
      application_id: null,
      creatorId: '1',
    };
    t.write([{ channel_id: A, name: 'Keep', prune: false }]);
    expect((await t.plan()).plan.request_count).toBe(0);
    t.write([{ channel_id: A, name: 'Keep' }]);
    const pruned = await t.apply();
    expect(pruned.plan.webhooks!.actions.map((a) => `${a.kind} ${a.name}`)).toEqual(['noop Keep', 'delete Old']);
    expect((await t.hooks(A)).map((w) => w.name).sort()).toEqual(['Follower', 'Keep', 'Theirs']);
  });

  it("two of this app's webhooks with one name in a declared channel: each delete goes to its own id, and both are gone", async () => {
    const t = await setup();
    t.write([{ channel_id: A, name: 'Keep' }]);
    await t.apply();
    const dupes = [
      await createWebhook(t.client, A, { name: 'Twin' }),
      await createWebhook(t.client, A, { name: 'Twin' }),
    ];
    const plan = await t.plan();
    expect(
      plan.plan
        .webhooks!.actions.filter((a) => a.kind === 'delete')
        .map((a) => a.remote!.id)
        .sort(),
    ).toEqual(dupes.map((w) => w.id).sort());
    const applied = await t.apply();
    expect(applied.outcome.failed).toBeUndefined();
    expect(applied.outcome.applied.filter((x) => x.kind === 'webhook delete')).toHaveLength(2);
    expect((await t.hooks(A)).map((w) => w.name)).toEqual(['Keep']);
    expect((await t.plan()).plan.request_count).toBe(0);
  });

  it('a keyless webhook updated while its namesake is deleted: the PATCH goes to the one adopted, the DELETE to the other', async () => {
    const t = await setup();
    const [first, second] = [
      await createWebhook(t.client, A, { name: 'Alerts' }),
      await createWebhook(t.client, A, { name: 'Alerts' }),
    ];
    t.write([{ channel_id: A, name: 'Alerts', avatar: 'logo.png' }]);
    const plan = await t.plan();
    expect(plan.plan.webhooks!.actions.map((a) => a.kind).sort()).toEqual(['delete', 'update']);
    const applied = await t.apply();
    expect(applied.outcome.failed).toBeUndefined();
    const left = await t.hooks(A);
    expect(left).toHaveLength(1);
    expect([first.id, second.id]).toContain(left[0].id);
    expect(left[0].avatar).not.toBeNull();
    expect((await t.plan()).plan.request_count).toBe(0);
  });

  it('a create whose answer is lost (500s, 429s, a dropped connection) converges with no duplicate', async () => {
    const t = await setup();
    t.emulator.faults.add({
      kind: 'rate-limit',
      retryAfter: 0.05,
      method: 'POST',
      path: '/channels/*/webhooks',
      nth: 1,
    });
    t.emulator.faults.add({ kind: 'drop-after', method: 'POST', path: '/channels/*/webhooks', nth: 2 });
    t.emulator.faults.add({ kind: 'error', status: 500, method: 'PATCH', path: '/webhooks/*', times: 5 });
    t.write([
      { channel_id: A, name: 'Deploys', key: 'deploys' },
      { channel_id: A, name: 'Alerts', key: 'alerts' },
    ]);
    // The dropped create is looked for and adopted by the same apply; what is left, a next apply finishes.
    await t.apply();
    t.emulator.faults.set([]);
    for (let i = 0; i < 3 && (await t.plan()).plan.request_count > 0; i++) await t.apply();
    expect((await t.plan()).plan.request_count).toBe(0);
    expect((await t.hooks(A)).map((w) => w.name).sort()).toEqual(['Alerts', 'Deploys']);
    const lock = readLock(t.manifest);
    expect(
      Object.values(lock.webhooks)
        .map((v) => v.key)
        .sort(),
    ).toEqual(['alerts', 'deploys']);
  });
});
