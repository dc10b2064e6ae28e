/**
 * Apply goes by each planned request's kind (issue 36 item 1), over real HTTP
 * against the emulator: a bulk PUT and a permissions PUT of one guild go to
 * their own endpoints whatever the plan's routes say; a saved plan of format
 * 1.3 (no kinds) is given them from its methods and routes and applies the
 * same; a kind this version does not know is refused before the first write.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { planFromManifest } from '../../src/api/plan.js';
import { applyPlan } from '../../src/apply/execute.js';
import { startEmulator } from '../../src/emulator/index.js';
import type { Plan, PlannedRequest, ScopePlan } from '../../src/plan/model.js';
import { parsePlan, serializePlan } from '../../src/plan/plan-file.js';
import { getCommandPermissions, listCommands } from '../../src/remote/commands.js';
import { RestClient } from '../../src/remote/http/client.js';
import { testdir } from '../helpers/tmp.js';

const APP = '500000000000000001';
const GUILD = '600000000000000001';
const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).reverse()) await r.close();
});

/** An emulator, a client whose every request is written down (`PUT /applications/…`), and a planner over a manifest. */
async function setup(strategy: 'bulk' | 'individual') {
  const emulator = await startEmulator({
    seed: { applications: [{ id: APP }], guilds: [{ id: GUILD, name: 'g' }] },
    rateLimits: false,
  });
  running.push(emulator);
  const sent: string[] = [];
  const client = new RestClient({
    apiUrl: emulator.url,
    credentials: emulator.credentials,
    backoffBaseMs: 5,
    globalRequestsPerSecond: 10_000,
    onDebug: (line) => {
      const m = /^→ (\w+) \S*?\/api\/v10(\/\S*)/.exec(line);
      if (m && m[1] !== 'GET') sent.push(`${m[1]} ${m[2].replace(/\d{6,}/g, '#')}`);
    },
  });
  running.push({ close: () => client.close() });
  const cwd = testdir();
  const commands = [
    { name: 'mod', description: 'M' },
    { name: 'ban', description: 'B' },
  ];
  writeFileSync(
    join(cwd, 'cmdsync.yaml'),
    stringify({
      application_id: APP,
      guilds: [{ id: GUILD, commands, permissions: { mod: [{ role: 'everyone', allow: false }] } }],
    }),
  );
  const { plan } = await planFromManifest({
    manifestPath: 'cmdsync.yaml',
    cwd,
    env: {},
    client,
    applicationId: APP,
    canEditPermissions: true,
    strategy,
  });
  return { client, plan, sent };
}

async function applied(t: Awaited<ReturnType<typeof setup>>, plan: Plan) {
  const started: PlannedRequest[] = [];
  const outcome = await applyPlan(plan, t.client, {
    canEditPermissions: true,
    events: { requestStarted: (req) => started.push(req) },
  });
  const mod = (await listCommands(t.client, APP, { kind: 'guild', guildId: GUILD })).find((c) => c.name === 'mod')!;
  const rows = (await getCommandPermissions(t.client, APP, GUILD, mod.id))?.permissions;
  return { outcome, started: started.map((r) => `${r.kind} ${r.addresses.join(',')}`), rows };
}

/** The guild's scope (the global one, declared by no command, plans nothing). */
const guildOf = (plan: Plan): ScopePlan => plan.scopes.find((s) => s.key === `guild:${GUILD}`)!;

const withRoutes = (plan: Plan, route: string): Plan => ({
  ...plan,
  scopes: plan.scopes.map((s) => ({ ...s, requests: s.requests.map((r) => ({ ...r, route })) })),
});

describe('apply switches on the request kind', () => {
  it('a bulk PUT and a permissions PUT of one guild each reach their endpoint, whatever the routes say', async () => {
    const t = await setup('bulk');
    expect(guildOf(t.plan).requests.map((r) => `${r.kind} ${r.method}`)).toEqual([
      'bulk-overwrite PUT',
      'permissions PUT',
    ]);
    const { outcome, started, rows } = await applied(
      t,
      withRoutes(t.plan, '/applications/{app}/guilds/{guild}/commands/{id}/somewhere'),
    );
    expect(outcome.failed).toBeUndefined();
    expect(t.sent).toEqual([
      `PUT /applications/#/guilds/#/commands`,
      `PUT /applications/#/guilds/#/commands/#/permissions`,
    ]);
    expect(started).toEqual([
      `bulk-overwrite guild:${GUILD}/chat_input/mod,guild:${GUILD}/chat_input/ban`,
      `permissions guild:${GUILD}/chat_input/mod`,
    ]);
    expect(rows).toEqual([{ id: GUILD, type: 1, permission: false }]);
  });

  it('per-command requests: a create each, then the permissions PUT with the id the create answered', async () => {
    const t = await setup('individual');
    expect(guildOf(t.plan).requests.map((r) => r.kind)).toEqual(['command-create', 'command-create', 'permissions']);
    const { outcome, started, rows } = await applied(t, withRoutes(t.plan, '/x'));
    expect(outcome.failed).toBeUndefined();
    expect(t.sent).toEqual([
      `POST /applications/#/guilds/#/commands`,
      `POST /applications/#/guilds/#/commands`,
      `PUT /applications/#/guilds/#/commands/#/permissions`,
    ]);
    expect(started.map((s) => s.split(' ')[0])).toEqual(['command-create', 'command-create', 'permissions']);
    expect(rows).toEqual([{ id: GUILD, type: 1, permission: false }]);
  });
});

describe('saved plans and their request kinds', () => {
  /** The plan as cmdsync 1.3 saved it: no `kind` on any request. */
  const asFormat13 = (plan: Plan): string =>
    serializePlan({
      ...plan,
      format_version: '1.3',
      scopes: plan.scopes.map((s) => ({ ...s, requests: s.requests.map(({ kind: _k, ...r }) => r) })),
    } as unknown as Plan);

  it('a 1.3 plan is given its kinds from its methods and routes, and applies the same', async () => {
    const t = await setup('bulk');
    const text = asFormat13(t.plan);
    expect(text).not.toContain('"kind": "bulk-overwrite"');
    const read = parsePlan(text, 'old.json');
    expect(guildOf(read).requests.map((r) => r.kind)).toEqual(['bulk-overwrite', 'permissions']);
    const { outcome, rows } = await applied(t, read);
    expect(outcome.failed).toBeUndefined();
    expect(t.sent).toEqual([
      `PUT /applications/#/guilds/#/commands`,
      `PUT /applications/#/guilds/#/commands/#/permissions`,
    ]);
    expect(rows).toEqual([{ id: GUILD, type: 1, permission: false }]);
  });

  it('a command or permissions request that matches nothing planned refuses the plan before the first write', async () => {
    const t = await setup('individual');
    const guild = guildOf(t.plan);
    const create = guild.requests.find((r) => r.kind === 'command-create')!;
    const ghost = { ...create, addresses: [`guild:${GUILD}/chat_input/ghost`] };
    const withGhost: Plan = {
      ...t.plan,
      scopes: t.plan.scopes.map((s) => (s === guild ? { ...s, requests: [...s.requests, ghost] } : s)),
    };
    await expect(applyPlan(withGhost, t.client, { canEditPermissions: true })).rejects.toMatchObject({
      code: 'PLAN_FILE_INVALID',
      message: `The plan's command-create request for guild:${GUILD}/chat_input/ghost matches nothing planned in guild:${GUILD}; plan again.`,
    });
    const permissions = guild.requests.find((r) => r.kind === 'permissions')!;
    const stray = { ...permissions, addresses: [`guild:${GUILD}/chat_input/ghost/permissions`] };
    const withStray: Plan = {
      ...t.plan,
      scopes: t.plan.scopes.map((s) => (s === guild ? { ...s, requests: [...s.requests, stray] } : s)),
    };
    await expect(applyPlan(withStray, t.client, { canEditPermissions: true })).rejects.toMatchObject({
      code: 'PLAN_FILE_INVALID',
    });
    expect(t.sent).toEqual([]);
    expect(await listCommands(t.client, APP, { kind: 'guild', guildId: GUILD })).toEqual([]);
  });

  it('a request of a kind this version does not know, or whose method contradicts its kind, refuses the file before anything is sent', async () => {
    const t = await setup('bulk');
    const saved = JSON.parse(serializePlan(t.plan));
    const permissionsPut = saved.scopes.find((s: ScopePlan) => s.key === `guild:${GUILD}`).requests[1];
    permissionsPut.kind = 'permissions-v2';
    expect(() => parsePlan(JSON.stringify(saved), 'new.json')).toThrow(
      expect.objectContaining({
        code: 'PLAN_FILE_INVALID',
        message: expect.stringMatching(/new\.json.*"permissions-v2".*plan again/),
      }),
    );
    permissionsPut.kind = 'command-delete';
    expect(() => parsePlan(JSON.stringify(saved), 'new.json')).toThrow(
      expect.objectContaining({
        code: 'PLAN_FILE_INVALID',
        message: expect.stringMatching(/PUT .* is not a command-delete request/),
      }),
    );
    permissionsPut.kind = 'webhook-create';
    expect(() => parsePlan(JSON.stringify(saved), 'new.json')).toThrow(
      expect.objectContaining({ code: 'PLAN_FILE_INVALID' }),
    );
    expect(t.sent).toEqual([]);
  });
});
