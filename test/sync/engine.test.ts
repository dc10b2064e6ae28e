/**
 * The sync engine end to end, over real HTTP against the emulator: plan reads,
 * apply writes, and a plan right after an apply is empty.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { planFromManifest } from '../../src/api/plan.js';
import { checkPlanFreshness } from '../../src/sync/freshness.js';
import { applyPlan } from '../../src/apply/execute.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { RestClient } from '../../src/remote/http/client.js';
import { listCommands, getCommandPermissions, setCommandPermissions } from '../../src/remote/commands.js';
import { testdir } from '../helpers/tmp.js';

const APP = '500000000000000001';
const GUILD = '600000000000000001';
const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).reverse()) await r.close();
});

async function setup(opts: { embedded?: boolean; guilds?: string[]; bearer?: boolean } = {}) {
  const guilds = opts.guilds ?? [GUILD];
  const emulator: RunningEmulator = await startEmulator({
    seed: {
      applications: [{ id: APP, embedded: opts.embedded ?? false }],
      guilds: guilds.map((id) => ({ id, name: `g-${id}` })),
    },
    rateLimits: false,
  });
  running.push(emulator);
  const { botToken, bearerToken } = emulator.credentials;
  const client = new RestClient({
    apiUrl: emulator.url,
    credentials: { botToken, ...(opts.bearer === false ? {} : { bearerToken }) },
    backoffBaseMs: 5,
    globalRequestsPerSecond: 10_000,
  });
  running.push({ close: () => client.close() });
  const canEditPermissions = opts.bearer !== false;
  const cwd = testdir();
  const write = (manifest: object) => testdirWrite(cwd, manifest);
  const plan = (o: Parameters<typeof planFromManifest>[0]['only'] = undefined) =>
    planFromManifest({
      manifestPath: 'cmdsync.yaml',
      cwd,
      env: {},
      client,
      applicationId: APP,
      canEditPermissions,
      only: o,
    });
  const apply = async () => {
    const { plan: p } = await plan();
    const before = client.stats.sent;
    const outcome = await applyPlan(p, client, { canEditPermissions });
    return { plan: p, outcome, writes: client.stats.sent - before };
  };
  return { emulator, client, cwd, write, plan, apply };
}

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
function testdirWrite(cwd: string, manifest: object): void {
  writeFileSync(join(cwd, 'cmdsync.yaml'), stringify({ application_id: APP, ...manifest }));
}

const ping = {
  name: 'ping',
  description: 'Ping',
  options: [{ type: 'string', name: 'text', description: 'Text', required: false }],
};
const echo = {
  name: 'echo',
  description: 'Echo',
  name_localizations: { fr: 'echo-fr', 'en-US': 'echo' },
  contexts: ['guild', 'bot_dm'],
};
const profile = { type: 'user', name: 'Show profile' };

describe('apply from empty, then no-op', () => {
  it('creates everything, and the next plan is empty and sends no write', async () => {
    const t = await setup();
    t.write({
      commands: [ping, echo, profile],
      guilds: [
        {
          id: GUILD,
          commands: [{ name: 'debug', description: 'Debug', default_member_permissions: ['MANAGE_GUILD'] }],
        },
      ],
    });
    const first = await t.apply();
    expect(first.plan.summary).toMatchObject({ create: 4 });
    expect(first.outcome.failed).toBeUndefined();
    // Global: one bulk overwrite for three creates; guild: one create.
    expect(first.writes).toBe(2);
    const again = await t.plan();
    expect(again.plan.request_count).toBe(0);
    expect(again.plan.scopes.flatMap((s) => s.actions.map((a) => a.kind))).toEqual(['noop', 'noop', 'noop', 'noop']);
    const before = t.client.stats.sent;
    const noop = await applyPlan(again.plan, t.client, { canEditPermissions: true });
    expect(noop.requestsSent).toBe(0);
    expect(t.client.stats.sent).toBe(before);
  });

  it('one change sends exactly one write', async () => {
    const t = await setup();
    t.write({ commands: [ping, echo] });
    await t.apply();
    t.write({ commands: [{ ...ping, description: 'Ping the bot' }, echo] });
    const second = await t.apply();
    expect(second.plan.scopes[0].actions.find((a) => a.name === 'ping')).toMatchObject({
      kind: 'update',
      changes: [{ path: 'description', before: 'Ping', after: 'Ping the bot' }],
    });
    expect(second.writes).toBe(1);
    expect((await t.plan()).plan.request_count).toBe(0);
  });

  it('a removed field is reset (a PATCH only replaces what it names)', async () => {
    const t = await setup();
    t.write({ commands: [{ ...ping, nsfw: true, default_member_permissions: '8' }] });
    await t.apply();
    t.write({ commands: [ping] });
    const second = await t.apply();
    expect(second.plan.summary.update).toBe(1);
    expect((await t.plan()).plan.request_count).toBe(0);
  });
});

describe('identity', () => {
  it('a rename keeps the id and re-applies the permissions', async () => {
    const t = await setup();
    const perms = { old: [{ role: 'everyone', allow: false }] };
    t.write({ guilds: [{ id: GUILD, commands: [{ name: 'old', description: 'D' }], permissions: perms }] });
    await t.apply();
    const [before] = await listCommands(t.client, APP, { kind: 'guild', guildId: GUILD });
    expect(await getCommandPermissions(t.client, APP, GUILD, before.id)).not.toBeNull();
    t.write({
      guilds: [
        {
          id: GUILD,
          commands: [{ name: 'new', description: 'D', renamed_from: 'old' }],
          permissions: { new: perms.old },
        },
      ],
    });
    const second = await t.apply();
    expect(second.plan.scopes[1].actions.map((a) => a.kind)).toEqual(['rename']);
    const [after] = await listCommands(t.client, APP, { kind: 'guild', guildId: GUILD });
    expect(after).toMatchObject({ id: before.id, name: 'new' });
    expect((await getCommandPermissions(t.client, APP, GUILD, before.id))?.permissions).toEqual([
      { id: GUILD, type: 1, permission: false },
    ]);
    expect((await t.plan()).plan.request_count).toBe(0);
  });

  it('a type change replaces the command (new id) and converges', async () => {
    const t = await setup();
    t.write({ commands: [{ name: 'info', description: 'Info' }] });
    await t.apply();
    const [old] = await listCommands(t.client, APP, { kind: 'global' });
    t.write({ commands: [{ type: 'message', name: 'info' }] });
    const second = await t.apply();
    expect(second.plan.scopes[0].actions.map((a) => a.kind)).toEqual(['replace']);
    const now = await listCommands(t.client, APP, { kind: 'global' });
    expect(now).toHaveLength(1);
    expect(now[0]).toMatchObject({ type: 3, name: 'info' });
    expect(now[0].id).not.toBe(old.id);
    expect((await t.plan()).plan.request_count).toBe(0);
  });
});

describe('ownership', () => {
  it('prune: false keeps commands the manifest does not list, also through a bulk overwrite', async () => {
    const t = await setup();
    t.write({ guilds: [{ id: GUILD, commands: [{ name: 'theirs', description: 'T' }] }] });
    await t.apply();
    t.write({
      guilds: [
        {
          id: GUILD,
          prune: false,
          commands: [
            { name: 'a', description: 'A' },
            { name: 'b', description: 'B' },
          ],
        },
      ],
    });
    const second = await t.apply();
    expect(second.plan.scopes[1].strategy).toBe('bulk');
    const names = (await listCommands(t.client, APP, { kind: 'guild', guildId: GUILD })).map((c) => c.name).sort();
    expect(names).toEqual(['a', 'b', 'theirs']);
  });

  it('prune (the default) deletes them', async () => {
    const t = await setup();
    t.write({ guilds: [{ id: GUILD, commands: [{ name: 'theirs', description: 'T' }] }] });
    await t.apply();
    t.write({ guilds: [{ id: GUILD, commands: [{ name: 'a', description: 'A' }] }] });
    await t.apply();
    expect((await listCommands(t.client, APP, { kind: 'guild', guildId: GUILD })).map((c) => c.name)).toEqual(['a']);
  });

  it('the auto-created entry point survives a bulk overwrite of the global scope (no 50240)', async () => {
    const t = await setup({ embedded: true });
    t.write({ commands: [ping, echo, profile] });
    const first = await t.apply();
    expect(first.plan.scopes[0].strategy).toBe('bulk');
    expect(first.outcome.failed).toBeUndefined();
    const names = (await listCommands(t.client, APP, { kind: 'global' })).map((c) => c.name).sort();
    expect(names).toEqual(['Launch', 'Show profile', 'echo', 'ping']);
    expect((await t.plan()).plan.request_count).toBe(0);
  });
});

describe('permissions', () => {
  it('without a bearer token: commands applied, permissions reported as not applied', async () => {
    const t = await setup({ bearer: false });
    t.write({
      guilds: [
        {
          id: GUILD,
          commands: [{ name: 'mod', description: 'M' }],
          permissions: { mod: [{ role: 'everyone', allow: false }] },
        },
      ],
    });
    const r = await t.apply();
    expect(r.plan.warnings.map((w) => w.code)).toContain('bearer-missing');
    expect(r.outcome.permissionsSkipped).toMatch(/DISCORD_BEARER_TOKEN/);
    expect(r.outcome.applied.map((a) => a.kind)).toEqual(['create']);
    expect(r.outcome.notApplied.map((a) => a.kind)).toEqual(['permissions']);
  });

  it('clears a set the manifest no longer lists, and the app-wide row', async () => {
    const t = await setup();
    t.write({
      guilds: [
        {
          id: GUILD,
          commands: [{ name: 'mod', description: 'M' }],
          permissions: { mod: [{ role: 'everyone', allow: false }], '*': [{ channel: 'all_channels', allow: false }] },
        },
      ],
    });
    await t.apply();
    t.write({ guilds: [{ id: GUILD, commands: [{ name: 'mod', description: 'M' }], permissions: {} }] });
    const second = await t.apply();
    expect(second.plan.summary.permissions).toBe(2);
    expect((await t.plan()).plan.request_count).toBe(0);
  });
});

describe('reliability', () => {
  it('a 500 mid-apply stops cleanly; the next apply finishes with nothing duplicated', async () => {
    const t = await setup();
    t.write({ commands: [ping, echo, profile] });
    await t.apply();
    // More 500s than the client retries: the bulk overwrite fails for good.
    t.emulator.faults.add({ kind: 'error', status: 500, method: 'PUT', times: 10 });
    t.write({ commands: [{ ...ping, description: 'P2' }], guilds: [] });
    const { plan } = await t.plan();
    const outcome = await applyPlan(plan, t.client, { canEditPermissions: true });
    expect(outcome.failed?.message).toMatch(/500/);
    expect(outcome.notApplied.map((a) => a.kind)).toContain('update');
    t.emulator.faults.set([]);
    await t.apply();
    const now = await listCommands(t.client, APP, { kind: 'global' });
    expect(now.map((c) => c.name)).toEqual(['ping']);
    expect((await t.plan()).plan.request_count).toBe(0);
  });

  it('a 429 mid-apply is waited out, not counted as a failure', async () => {
    const t = await setup();
    t.emulator.faults.add({ kind: 'rate-limit', retryAfter: 0.2, method: 'PUT', nth: 1 });
    t.write({ commands: [ping, echo] });
    const r = await t.apply();
    expect(r.outcome.failed).toBeUndefined();
    expect(t.client.stats.rateLimited).toBe(1);
    expect((await listCommands(t.client, APP, { kind: 'global' })).map((c) => c.name).sort()).toEqual(['echo', 'ping']);
  });

  it('a saved plan goes stale when the remote changes', async () => {
    const t = await setup();
    t.write({ commands: [ping] });
    const { plan } = await t.plan();
    expect(await checkPlanFreshness(plan, t.client)).toEqual([]);
    await t.apply();
    expect(await checkPlanFreshness(plan, t.client)).toEqual(['global']);
  });

  it('a saved plan goes stale when the application its commands were checked against changed (it lost its Activity)', async () => {
    const t = await setup({ embedded: true });
    t.write({
      commands: [ping, { type: 'primary_entry_point', name: 'launch', description: 'Launch', handler: 'app_handler' }],
    });
    const { plan } = await t.plan();
    expect(plan.errors).toEqual([]);
    expect(await checkPlanFreshness(plan, t.client)).toEqual([]);
    t.emulator.world.applications[APP]!.embedded = false;
    expect(await checkPlanFreshness(plan, t.client)).toEqual(['application']);
  });
});

describe('scale', () => {
  it('100 guilds: one read each, one write each, then an empty plan', async () => {
    const guilds = Array.from({ length: 100 }, (_, i) => String(700000000000000000n + BigInt(i)));
    const t = await setup({ guilds });
    t.write({
      guilds: guilds.map((id) => ({
        id,
        commands: [
          { name: 'ping', description: 'Ping' },
          { name: 'help', description: 'Help' },
        ],
      })),
    });
    const first = await t.apply();
    // Each guild's commands, the global scope, the application, and the emulator's limits.
    expect(first.plan.read_count).toBe(103);
    expect(first.plan.request_count).toBe(100);
    expect(first.outcome.failed).toBeUndefined();
    const again = await t.plan();
    expect(again.plan.request_count).toBe(0);
  });
});

void setCommandPermissions;

describe('narrowing', () => {
  it('--guild and --global plan only the scopes named', async () => {
    const t = await setup({ guilds: [GUILD, '600000000000000002'] });
    t.write({
      commands: [ping],
      guilds: [
        { id: GUILD, commands: [{ name: 'a', description: 'A' }] },
        { id: '600000000000000002', commands: [{ name: 'b', description: 'B' }] },
      ],
    });
    const onlyGuild = await t.plan({ guilds: ['600000000000000002'] });
    expect(onlyGuild.plan.scopes.map((s) => s.key)).toEqual(['guild:600000000000000002']);
    // The guild's commands, the application and the emulator's limits.
    expect(onlyGuild.plan.read_count).toBe(3);
    const onlyGlobal = await t.plan({ global: true });
    expect(onlyGlobal.plan.scopes.map((s) => s.key)).toEqual(['global']);
  });
});

describe('unreachable guilds', () => {
  it('a guild the app cannot reach (50001) is skipped with a warning; the other scopes are planned and applied', async () => {
    const BLOCKED = '600000000000000009';
    const emulator = await startEmulator({
      seed: {
        applications: [{ id: APP }],
        guilds: [{ id: GUILD }, { id: BLOCKED, apps: { [APP]: { commands_scope: false } } }],
      },
      rateLimits: false,
    });
    running.push(emulator);
    const client = new RestClient({ apiUrl: emulator.url, credentials: { botToken: emulator.credentials.botToken } });
    running.push({ close: () => client.close() });
    const cwd = testdir();
    testdirWrite(cwd, {
      commands: [ping],
      guilds: [
        { id: GUILD, commands: [{ name: 'a', description: 'A' }] },
        { id: BLOCKED, commands: [{ name: 'b', description: 'B' }] },
      ],
    });
    const { plan } = await planFromManifest({
      manifestPath: 'cmdsync.yaml',
      cwd,
      env: {},
      client,
      applicationId: APP,
      canEditPermissions: false,
    });
    expect(plan.skipped).toEqual([`guild:${BLOCKED}`]);
    expect(plan.scopes.map((s) => s.key)).toEqual(['global', `guild:${GUILD}`]);
    expect(plan.warnings.find((w) => w.code === 'scope-skipped')?.message).toMatch(/applications\.commands/);
    const outcome = await applyPlan(plan, client, { canEditPermissions: false });
    expect(outcome.failed).toBeUndefined();
    expect((await listCommands(client, APP, { kind: 'guild', guildId: GUILD })).map((c) => c.name)).toEqual(['a']);
  });
});
