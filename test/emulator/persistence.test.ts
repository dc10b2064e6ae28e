import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startEmulator, SeedError, EmulatorDataError, type RunningEmulator } from '../../src/emulator/index.js';
import { Store } from '../../src/emulator/state/store.js';
import { bot, call, slash, start, userBearer } from './helpers.js';

let em: RunningEmulator | undefined;
afterEach(async () => {
  await em?.close();
  em = undefined;
});
const dir = () => mkdtempSync(join(tmpdir(), 'cmdsync-emu-'));

describe('persistence', () => {
  test('a restart from the data file restores everything, ids stay monotonic', async () => {
    const file = join(dir(), 'world.json');
    em = await start({ dataFile: file });
    const creds = em.credentials;
    const controlToken = em.controlToken;
    const app = creds.applicationId;
    const cmd = (
      await call(em, 'POST', `/applications/${app}/guilds/${creds.guildId}/commands`, {
        auth: bot(em),
        body: slash('keep'),
      })
    ).body;
    await call(em, 'PUT', `/applications/${app}/guilds/${creds.guildId}/commands/${cmd.id}/permissions`, {
      auth: userBearer(em),
      body: { permissions: [{ id: creds.guildId, type: 1, permission: false }] },
    });
    await em.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(file, '..')).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    em = await start({ dataFile: file, seed: { applications: [{ name: 'ignored' }] } });
    expect(em.credentials).toEqual(creds);
    // The default world's control token too: scripts and the open web view keep working across a restart.
    expect(em.controlToken).toBe(controlToken);
    const list = (await call(em, 'GET', `/applications/${app}/guilds/${creds.guildId}/commands`, { auth: bot(em) }))
      .body;
    expect(list.map((c: any) => [c.id, c.version])).toEqual([[cmd.id, cmd.version]]);
    expect(
      (
        await call(em, 'GET', `/applications/${app}/guilds/${creds.guildId}/commands/${cmd.id}/permissions`, {
          auth: bot(em),
        })
      ).status,
    ).toBe(200);
    const next = (await call(em, 'POST', `/applications/${app}/commands`, { auth: bot(em), body: slash('later') }))
      .body;
    expect(BigInt(next.id)).toBeGreaterThan(BigInt(cmd.version));
    const world = JSON.parse(readFileSync(file, 'utf8'));
    expect(world.format).toBe(1);
    expect(world.world.serial).toBeGreaterThan(0);
  });

  test('every acknowledged write is on disk before the answer', async () => {
    const file = join(dir(), 'w.json');
    em = await start({ dataFile: file });
    const r = await call(em, 'POST', `/applications/${em.credentials.applicationId}/commands`, {
      auth: bot(em),
      body: slash('now'),
    });
    // On disk = the snapshot plus its journal, as a restart reads them.
    expect(Store.load(file)!.world.commands[r.body.id]!.name).toBe('now');
  });

  test('a corrupt data file is refused with a clear error', async () => {
    const file = join(dir(), 'bad.json');
    writeFileSync(file, '{"format": 1, "wor');
    await expect(startEmulator({ dataFile: file })).rejects.toBeInstanceOf(EmulatorDataError);
    writeFileSync(file, '{"hello": 1}');
    await expect(startEmulator({ dataFile: file })).rejects.toThrow(/not a cmdsync emulator data file/);
  });

  test('stale temp files of a killed writer are removed at load', async () => {
    const d = dir();
    const file = join(d, 'w.json');
    em = await start({ dataFile: file });
    await em.close();
    writeFileSync(join(d, '.w.json.999.1.tmp'), '{"torn');
    em = await start({ dataFile: file });
    expect(readdirSync(d)).toEqual(['w.json']);
  });
});

describe('seeds and the default world', () => {
  test('default world: one app, one guild with text/announcement/forum/media/thread, MANAGE_WEBHOOKS, a user bearer', async () => {
    em = await start();
    const w = em.world;
    expect(Object.keys(w.applications)).toHaveLength(1);
    const guild = w.guilds[em.credentials.guildId]!;
    expect(guild.channels.map((c) => c.type).sort((a, b) => a - b)).toEqual([0, 5, 11, 15, 16]);
    expect(guild.channels.find((c) => c.type === 15)!.availableTags!.length).toBeGreaterThan(0);
    expect(guild.channels.find((c) => c.type === 11)!.parentId).toBe(guild.channels.find((c) => c.type === 0)!.id);
    expect(guild.apps[em.credentials.applicationId]).toEqual({
      scopes: ['bot', 'applications.commands'],
      commandsScope: true,
      permissions: String(1 << 29),
    });
    // A new guild's @everyone: members may use commands.
    expect(guild.roles[0]).toEqual({ id: guild.id, name: '@everyone', permissions: '1071698660929' });
    // The bearer handed out is the guild owner's, who may edit command permissions.
    expect(guild.ownerId).toBe(w.bearers[em.credentials.bearerToken]!.userId);
    expect(em.credentials.bearerToken.length).toBeGreaterThan(20);
    expect(em.credentials.clientSecret.length).toBeGreaterThan(20);
    expect(em.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v10$/);
  });

  test('a YAML seed file with commands, channels, bearer tokens and an embedded app', async () => {
    const file = join(dir(), 'seed.yaml');
    writeFileSync(
      file,
      `applications:
  - id: "1000000000000000001"
    bot_token: seeded-token
    client_secret: seeded-secret
    embedded: true
    integration_types: [0, 1]
guilds:
  - id: "1000000000000000010"
    channels:
      - { id: "1000000000000000011", type: 15, name: forum, available_tags: [{ name: bug }] }
    apps:
      "1000000000000000001": { commands_scope: true }
bearer_tokens:
  - { token: user-token, application_id: "1000000000000000001", user_id: "1000000000000000020" }
commands:
  - { name: seeded, description: From the seed }
  - { name: local, description: Guild one, guild_id: "1000000000000000010" }
`,
    );
    em = await start({ seedFile: file });
    expect(em.credentials).toMatchObject({
      applicationId: '1000000000000000001',
      botToken: 'seeded-token',
      clientSecret: 'seeded-secret',
      bearerToken: 'user-token',
      guildId: '1000000000000000010',
    });
    const global = (await call(em, 'GET', '/applications/1000000000000000001/commands', { auth: 'Bot seeded-token' }))
      .body;
    expect(global.map((c: any) => c.name).sort()).toEqual(['Launch', 'seeded']);
    expect(global.find((c: any) => c.name === 'seeded').integration_types).toEqual([0, 1]);
    const guild = (
      await call(em, 'GET', '/applications/1000000000000000001/guilds/1000000000000000010/commands', {
        auth: 'Bot seeded-token',
      })
    ).body;
    expect(guild.map((c: any) => c.name)).toEqual(['local']);
  });

  test('bad seeds are refused with a SeedError naming the field', async () => {
    await expect(startEmulator({ seedFile: '/nonexistent/seed.yaml' })).rejects.toBeInstanceOf(SeedError);
    await expect(startEmulator({ seed: { applications: [{ id: 'abc' }] } })).rejects.toThrow(/applications\[0\]\.id/);
    await expect(startEmulator({ seed: { commands: [{ name: 'Bad Name', description: 'x' }] } })).rejects.toThrow(
      /commands\[0\]/,
    );
    const file = join(dir(), 'broken.yaml');
    writeFileSync(file, 'applications: [\n');
    await expect(startEmulator({ seedFile: file })).rejects.toThrow(/not valid YAML or JSON/);
  });
});

test('a deleted Launch command stays deleted across a restart', async () => {
  const file = join(dir(), 'ep.json');
  em = await start({ dataFile: file, seed: { applications: [{ embedded: true }] } });
  const app = em.credentials.applicationId;
  const launch = (await call(em, 'GET', `/applications/${app}/commands`, { auth: bot(em) })).body[0];
  expect(launch.name).toBe('Launch');
  expect((await call(em, 'DELETE', `/applications/${app}/commands/${launch.id}`, { auth: bot(em) })).status).toBe(204);
  await em.close();
  em = await start({ dataFile: file });
  expect((await call(em, 'GET', `/applications/${app}/commands`, { auth: bot(em) })).body).toEqual([]);
});
