/**
 * What must hold before apply's first write (src/sync/gate.ts, freshness.ts,
 * plan-file.ts), as a caller sees it: the typed error and its words, or
 * nothing; a saved plan checked against the emulator over real HTTP.
 */
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { CmdsyncError } from '../../src/errors.js';
import { RestClient } from '../../src/remote/http/client.js';
import { createCommand, setCommandPermissions, listCommands } from '../../src/remote/commands.js';
import { createWebhook } from '../../src/remote/webhooks.js';
import { approvalOf, checkMassDelete, checkSavedPlan } from '../../src/sync/gate.js';
import { savePlanFile } from '../../src/sync/plan-file.js';
import { planSync } from '../../src/sync/plan.js';
import type { SyncTarget } from '../../src/sync/target.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import { setFaults } from '../helpers/faults.js';
import { action, basePlan, scope } from '../report/plan-fixtures.js';
import { testdir } from '../helpers/tmp.js';

const APP = '500000000000000001';
const GUILD = '600000000000000001';
const CHANNEL = '610000000000000001';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).reverse()) await r.close();
});

function thrown(f: () => unknown): CmdsyncError {
  try {
    f();
  } catch (err) {
    if (err instanceof CmdsyncError) return err;
    throw err;
  }
  throw new Error('expected a CmdsyncError');
}

async function rejected(p: Promise<unknown>): Promise<CmdsyncError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof CmdsyncError)) throw new Error(`expected a CmdsyncError, got ${String(err)}`);
  return err;
}

async function setup() {
  const emulator: RunningEmulator = await startEmulator({
    seed: {
      applications: [{ id: APP, embedded: true }],
      guilds: [{ id: GUILD, channels: [{ id: CHANNEL, type: 0, name: 'general' }] }],
    },
    rateLimits: false,
  });
  running.push(emulator);
  const { botToken, bearerToken } = emulator.credentials;
  const client = new RestClient({
    apiUrl: emulator.url,
    credentials: { botToken, bearerToken },
    backoffBaseMs: 5,
    globalRequestsPerSecond: 10_000,
  });
  running.push({ close: () => client.close() });
  const target: SyncTarget = { client, applicationId: APP, canEditPermissions: true };
  const cwd = testdir();
  const plan = async (manifest: object) => {
    writeFileSync(join(cwd, 'cmdsync.yaml'), stringify({ application_id: APP, ...manifest }));
    return (await planSync({ manifestPath: 'cmdsync.yaml', cwd, env: {}, target })).plan;
  };
  return { emulator, client, target, plan };
}

describe('checkSavedPlan', () => {
  it('a plan for another application is refused before any request', async () => {
    const t = await setup();
    const plan = await t.plan({ commands: [{ name: 'ping', description: 'Ping' }] });
    const sent = t.client.stats.sent;
    const err = await rejected(checkSavedPlan(plan, { ...t.target, applicationId: '500000000000000009' }));
    expect([err.code, err.message]).toEqual([
      'PLAN_APPLICATION_MISMATCH',
      `The plan is for application ${APP}, but the credentials are for 500000000000000009.`,
    ]);
    expect(t.client.stats.sent).toBe(sent);
  });

  it('passes while the remote is as read; refused as stale, naming what moved, once it is not', async () => {
    const t = await setup();
    const plan = await t.plan({
      commands: [{ name: 'ping', description: 'Ping' }],
      guilds: [{ id: GUILD, commands: [{ name: 'g', description: 'G' }] }],
    });
    await expect(checkSavedPlan(plan, t.target)).resolves.toBeUndefined();
    await createCommand(t.client, APP, GLOBAL, { name: 'other', description: 'Other' });
    await createCommand(t.client, APP, guildScope(GUILD), { name: 'other', description: 'Other' });
    const err = await rejected(checkSavedPlan(plan, t.target));
    expect([err.code, err.message]).toEqual([
      'PLAN_STALE',
      `Saved plan is stale: the remote changed since it was made (global, guild:${GUILD}). Run cmdsync plan again.`,
    ]);
  });
});

describe('checkPlanFreshness, through checkSavedPlan', () => {
  it("a guild's permission sets moved since the plan: stale", async () => {
    const t = await setup();
    await createCommand(t.client, APP, guildScope(GUILD), { name: 'g', description: 'G' });
    const plan = await t.plan({
      guilds: [
        {
          id: GUILD,
          commands: [{ name: 'g', description: 'G' }],
          permissions: { g: [{ role: 'everyone', allow: false }] },
        },
      ],
    });
    await expect(checkSavedPlan(plan, t.target)).resolves.toBeUndefined();
    const [g] = await listCommands(t.client, APP, guildScope(GUILD));
    await setCommandPermissions(t.client, APP, GUILD, g!.id, [{ id: GUILD, type: 1, permission: true }]);
    expect((await rejected(checkSavedPlan(plan, t.target))).message).toContain(`(guild:${GUILD})`);
  });

  it('permission sets the manifest does not manage are not read: a change to them leaves the plan fresh', async () => {
    const t = await setup();
    await createCommand(t.client, APP, guildScope(GUILD), { name: 'g', description: 'G' });
    const plan = await t.plan({ guilds: [{ id: GUILD, commands: [{ name: 'g', description: 'G' }] }] });
    const [g] = await listCommands(t.client, APP, guildScope(GUILD));
    await setCommandPermissions(t.client, APP, GUILD, g!.id, [{ id: GUILD, type: 1, permission: false }]);
    await expect(checkSavedPlan(plan, t.target)).resolves.toBeUndefined();
  });

  it('webhooks moved since the plan: stale', async () => {
    const t = await setup();
    const plan = await t.plan({ webhooks: [{ channel_id: CHANNEL, name: 'Deploys' }] });
    await expect(checkSavedPlan(plan, t.target)).resolves.toBeUndefined();
    await createWebhook(t.client, CHANNEL, { name: 'Deploys' });
    expect((await rejected(checkSavedPlan(plan, t.target))).message).toContain('(webhooks)');
  });

  it('the application its commands were checked against can no longer be read: stale', async () => {
    const t = await setup();
    const plan = await t.plan({
      commands: [{ type: 'primary_entry_point', name: 'launch', description: 'Launch', handler: 'app_handler' }],
    });
    await expect(checkSavedPlan(plan, t.target)).resolves.toBeUndefined();
    await setFaults(t.emulator, [{ method: 'GET', path: '/applications/@me', kind: 'error', status: 403 }]);
    expect((await rejected(checkSavedPlan(plan, t.target))).message).toContain('(application)');
  });
});

describe('checkMassDelete', () => {
  const deleting = (deletes: number, keeps: number) =>
    basePlan({
      scopes: [
        scope({
          key: 'global',
          scope: { kind: 'global' },
          actions: [
            ...Array.from({ length: deletes }, (_, i) =>
              action({
                kind: 'delete',
                address: `global/chat_input/d${i}`,
                name: `d${i}`,
                remote: { id: `1${i}` } as never,
              }),
            ),
            ...Array.from({ length: keeps }, (_, i) =>
              action({
                kind: 'noop',
                address: `global/chat_input/k${i}`,
                name: `k${i}`,
                remote: { id: `2${i}` } as never,
              }),
            ),
          ],
        }),
      ],
    });

  it('unattended, emptying a scope is refused with what it would delete and how to allow it', () => {
    const err = thrown(() => checkMassDelete(deleting(3, 1), { unattended: true, allowMassDelete: false }));
    expect([err.code, err.message]).toEqual([
      'MASS_DELETE_REFUSED',
      'Refusing to delete 3 of the 4 commands of global without approval. Check the manifest; if this is what you meant, run apply again with --allow-mass-delete.',
    ]);
  });

  it('deleting fewer than half, unattended: no question', () => {
    expect(() => checkMassDelete(deleting(1, 3), { unattended: true, allowMassDelete: false })).not.toThrow();
  });
});

it('approvalOf: with nobody to ask and no approval, the refusal says the three ways on', () => {
  const err = thrown(() => approvalOf({ savedPlan: false, autoApprove: false, canAsk: false }));
  expect(err.message).toBe(
    'apply needs approval: run it in a terminal to answer the prompt, pass --auto-approve, or apply a saved plan (cmdsync plan --out plan.json; cmdsync apply plan.json).',
  );
});

it('savePlanFile: the plan file is readable by its owner only (it names guilds and commands)', () => {
  const file = join(testdir(), 'plan.json');
  savePlanFile(file, basePlan({}));
  expect(statSync(file).mode & 0o777).toBe(0o600);
});
