/**
 * `planSync` (src/sync/plan.ts, load.ts) in process over real HTTP: what it
 * refuses before reading the remote, the daily create allowance against the
 * service (the emulator behind a proxy that hides it), and the guilds
 * `cmdsync test` adds that the manifest does not declare.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { CmdsyncError } from '../../src/errors.js';
import { RestClient } from '../../src/remote/http/client.js';
import { createCommand } from '../../src/remote/commands.js';
import { ManifestErrorsError, loadValidManifest } from '../../src/sync/load.js';
import { planSync, type PlanRequest } from '../../src/sync/plan.js';
import { guildScope } from '../../src/wire/scope.js';
import { testdir } from '../helpers/tmp.js';
import { unmarked } from '../helpers/unmarked.js';

const APP = '500000000000000001';
const GUILD = '600000000000000001';
const OTHER = '600000000000000002';
const CHANNEL = '610000000000000001';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).reverse()) await r.close();
});

async function setup(opts: { asService?: boolean; clientCredentials?: boolean } = {}) {
  const emulator: RunningEmulator = await startEmulator({
    seed: {
      applications: [{ id: APP }],
      guilds: [{ id: GUILD, channels: [{ id: CHANNEL, type: 0, name: 'general' }] }, { id: OTHER }],
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
  const { botToken, clientId, clientSecret } = emulator.credentials;
  const client = new RestClient({
    apiUrl,
    credentials: opts.clientCredentials ? { clientId, clientSecret } : { botToken },
    backoffBaseMs: 5,
    globalRequestsPerSecond: 10_000,
  });
  running.push({ close: () => client.close() });
  const cwd = testdir();
  const plan = (manifest: object, extra: Partial<PlanRequest> = {}) => {
    writeFileSync(join(cwd, 'cmdsync.yaml'), stringify({ application_id: APP, ...manifest }));
    return planSync({
      manifestPath: 'cmdsync.yaml',
      cwd,
      env: {},
      target: { client, applicationId: APP, canEditPermissions: false },
      ...extra,
    });
  };
  return { emulator, client, cwd, plan };
}

describe('planSync refuses before any request', () => {
  it('webhooks with client credentials: a bot token is needed, said by name; a run not reaching the webhooks goes on', async () => {
    const t = await setup({ clientCredentials: true });
    const manifest = {
      guilds: [{ id: GUILD, commands: [{ name: 'g', description: 'G' }] }],
      webhooks: [{ channel_id: CHANNEL, name: 'Deploys' }],
    };
    const err = await t.plan(manifest).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CmdsyncError);
    expect([(err as CmdsyncError).code, (err as CmdsyncError).message]).toEqual([
      'WEBHOOKS_NEED_BOT_TOKEN',
      'cmdsync.yaml declares webhooks, and managing webhooks needs a bot token: set DISCORD_TOKEN (client credentials, DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET, can manage commands only).',
    ]);
    expect(t.client.stats.sent).toBe(0);
    const { plan } = await t.plan(manifest, { only: { guilds: [GUILD] } });
    expect(plan.summary.create).toBe(1);
    expect(plan.webhooks).toBeUndefined();
  });

  it('a manifest with errors: a typed error counting them, carrying every finding', () => {
    const cwd = testdir({
      'cmdsync.yaml': stringify({
        application_id: APP,
        commands: [{ name: 'a' }, { name: 'b' }],
      }),
    });
    let err: unknown;
    try {
      loadValidManifest('cmdsync.yaml', cwd, {});
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ManifestErrorsError);
    const e = err as ManifestErrorsError;
    expect(e.code).toBe('MANIFEST_INVALID');
    expect(e.message).toBe('The manifest has 2 error(s); run cmdsync lint for details.');
    expect(e.diagnostics.filter((d) => d.severity === 'error')).toHaveLength(2);
  });

  it('a file that is no manifest at all: the same typed error', () => {
    const cwd = testdir({ 'cmdsync.yaml': 'application_id: [unclosed\n' });
    expect(() => loadValidManifest('cmdsync.yaml', cwd, {})).toThrow(ManifestErrorsError);
  });

  it('a manifest with warnings only is read, the warnings given back', () => {
    const cwd = testdir({
      'cmdsync.yaml': stringify({
        application_id: APP,
        guilds: [
          {
            id: GUILD,
            commands: [{ name: 'a', description: 'A' }],
            permissions: { a: [{ role: 'everyone', allow: false }] },
          },
        ],
      }),
    });
    const { manifest, diagnostics } = loadValidManifest('cmdsync.yaml', cwd, {});
    expect(manifest.guilds[0]!.commands).toHaveLength(1);
    expect(diagnostics.map((d) => d.severity)).toEqual(['warning']);
  });
});

describe('the daily create allowance against the service (counted in the lock file)', () => {
  const manifest = {
    limits: { daily_creates: 1 },
    guilds: [
      {
        id: GUILD,
        commands: [
          { name: 'a', description: 'A' },
          { name: 'b', description: 'B' },
        ],
      },
    ],
  };

  it('over it is an error; --force makes it a warning', async () => {
    const t = await setup({ asService: true });
    const refused = (await t.plan(manifest)).plan;
    expect(refused.creates_counted_by).toBe('lock-file');
    expect(refused.errors.map((e) => e.rule)).toEqual(['daily-creates']);
    const forced = (await t.plan(manifest, { force: true })).plan;
    expect(forced.errors).toEqual([]);
    expect(forced.warnings.map((w) => w.code)).toEqual(['daily-creates']);
  });
});

describe('undeclared guilds (cmdsync test)', () => {
  it("are planned as holding none of the manifest's commands: what the bot registered there shows as a delete", async () => {
    const t = await setup();
    await createCommand(t.client, APP, guildScope(OTHER), { name: 'stray', description: 'Stray' });
    const { plan } = await t.plan(
      { guilds: [{ id: GUILD, commands: [{ name: 'g', description: 'G' }] }] },
      { undeclaredGuilds: [OTHER, GUILD] },
    );
    expect(plan.scopes.map((s) => s.key)).toEqual(['global', `guild:${GUILD}`, `guild:${OTHER}`]);
    expect(plan.scopes[2]!.actions.map((a) => `${a.kind} ${a.name}`)).toEqual(['delete stray']);
    expect(plan.scopes[1]!.actions.map((a) => `${a.kind} ${a.name}`)).toEqual(['create g']);
  });
});

describe('what the plan read', () => {
  it('reports each scope as it is read, and counts every GET it sent, webhooks and application included', async () => {
    const t = await setup();
    const seen: string[] = [];
    const before = t.client.stats.sent;
    const { plan } = await t.plan(
      {
        commands: [{ name: 'ping', description: 'Ping' }],
        guilds: [{ id: GUILD, commands: [] }],
        webhooks: [{ channel_id: CHANNEL, name: 'Deploys' }],
      },
      {
        progress: {
          start: (n) => seen.push(`start ${n}`),
          scopeDone: (key, outcome) => seen.push(`${key} ${outcome}`),
        },
      },
    );
    expect(seen[0]).toBe('start 2');
    expect(seen.slice(1).sort()).toEqual([`global read`, `guild:${GUILD} read`]);
    expect(plan.read_count).toBe(t.client.stats.sent - before);
    expect(plan.webhooks?.actions.map((a) => a.kind)).toEqual(['create']);
  });
});
