/**
 * `runPull` in-process over real HTTP against the emulator: the written file,
 * its permissions, overwrite refusal, JSON output, and `--emulator` state
 * that survives from one run to the next.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runPull, type PullOptions } from '../../src/cli/commands/pull.js';
import { lintPath } from '../../src/cli/commands/lint.js';
import { openSession } from '../../src/cli/session.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { wireCommand } from '../../src/manifest/canonicalize.js';
import { loadManifest } from '../../src/manifest/load.js';
import {
  createClient,
  createCommand,
  listCommands,
  listGuildCommandPermissions,
  setCommandPermissions,
  type RestClient,
} from '../../src/remote/index.js';
import { canonicalCommand } from '../../src/wire/defaults.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import { testdir } from '../helpers/tmp.js';
import { captureContext } from './context.js';

let em: RunningEmulator;
let client: RestClient;
let app: string;
let guild: string;
const ROLE = '700000000000000001';
const USER = '700000000000000002';

function envFor(e: RunningEmulator): Record<string, string> {
  return {
    CMDSYNC_API_URL: e.url,
    DISCORD_TOKEN: e.credentials.botToken,
    DISCORD_APPLICATION_ID: e.credentials.applicationId,
    DISCORD_BEARER_TOKEN: e.credentials.bearerToken,
  };
}

const pullOpts = (extra: Partial<PullOptions> = {}): PullOptions => ({
  guilds: [],
  force: false,
  emulator: false,
  debug: false,
  ...extra,
});

beforeAll(async () => {
  em = await startEmulator({ port: 0, rateLimits: false });
  app = em.credentials.applicationId;
  guild = em.credentials.guildId;
  client = createClient({ botToken: em.credentials.botToken, bearerToken: em.credentials.bearerToken, apiUrl: em.url });
  const g = guildScope(guild);
  await createCommand(client, app, GLOBAL, {
    name: 'remind',
    description: 'Set a reminder',
    name_localizations: { fr: 'rappel' },
    default_member_permissions: '32',
    contexts: [0, 1],
    options: [
      { type: 3, name: 'what', description: 'What', required: true, max_length: 200 },
      { type: 3, name: 'repeat', description: 'Repeat', choices: [{ name: 'Daily', value: 'daily' }] },
      { type: 7, name: 'where', description: 'Where', channel_types: [0, 5] },
    ],
  } as never);
  await createCommand(client, app, GLOBAL, { type: 2, name: 'info' } as never);
  const { command: info } = await createCommand(client, app, GLOBAL, {
    type: 1,
    name: 'info',
    description: 'Info',
  } as never);
  const { command: report } = await createCommand(client, app, GLOBAL, {
    type: 3,
    name: 'Report message',
    default_member_permissions: '0',
  } as never);
  const { command: debug } = await createCommand(client, app, g, {
    name: 'debug',
    description: 'Debug tools',
    nsfw: true,
  } as never);
  await setCommandPermissions(client, app, guild, debug.id, [
    { id: guild, type: 1, permission: false },
    { id: ROLE, type: 1, permission: true },
    { id: (BigInt(guild) - 1n).toString(), type: 3, permission: false },
    // One channel allowed: without it the set leaves /debug to administrators only, which lint warns about.
    { id: '700000000000000009', type: 3, permission: true },
  ]);
  await setCommandPermissions(client, app, guild, report.id, [{ id: USER, type: 2, permission: true }]);
  await setCommandPermissions(client, app, guild, info.id, [{ id: USER, type: 2, permission: false }]);
  await setCommandPermissions(client, app, guild, app, [{ id: ROLE, type: 1, permission: true }]);
});

afterAll(async () => {
  await client?.close();
  await em?.close();
});

describe('cmdsync pull', () => {
  test('writes the global scope, the named guild and its permissions; the result lints clean and matches the remote', async () => {
    const cwd = testdir();
    const ctx = captureContext(cwd, envFor(em));
    expect(await runPull(pullOpts({ guilds: [guild] }), ctx)).toBe(0);
    expect(ctx.err()).toBe('Wrote cmdsync.yaml: 4 global commands, 1 guild (1 guild command, 4 permission sets)\n');
    expect(ctx.out()).toBe('');

    const text = readFileSync(join(cwd, 'cmdsync.yaml'), 'utf8');
    expect(text.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=/);
    expect(text).toContain(`application_id: "${app}"`);
    expect(text).toContain(`- id: "${guild}"`);
    expect(text).toContain('default_member_permissions: [ MANAGE_GUILD ]');
    expect(text).toMatch(/^ {6}"?chat_input:info"?:$/m);
    expect(text).toContain('- { role: everyone, allow: false }');
    expect(text).toContain('- { channel: all_channels, allow: false }');
    expect(lintPath('cmdsync.yaml', { cwd, env: {} }).diagnostics).toEqual([]);

    // What a plan compares: every remote command normalizes to the same record as its manifest twin, and permissions are equal.
    const { manifest } = loadManifest('cmdsync.yaml', { cwd, env: {} });
    const norm = (body: Record<string, unknown>, scope: typeof GLOBAL) =>
      JSON.parse(JSON.stringify(canonicalCommand(body, scope, em.world.applications[app]!.integrationTypes)));
    const key = (c: { type?: unknown; name?: unknown }) => `${String(c.type ?? 1)}:${String(c.name)}`;
    for (const [scope, written] of [
      [GLOBAL, manifest!.global.commands],
      [guildScope(guild), manifest!.guilds[0]!.commands],
    ] as const) {
      const remote = await listCommands(client, app, scope);
      expect(written.map((c) => key(c.command)).sort()).toEqual(remote.map(key).sort());
      for (const r of remote) {
        const mine = written.find((c) => key(c.command) === key(r))!;
        expect(norm(wireCommand(mine.command), scope)).toEqual(norm(r as never, scope));
      }
    }
    const remoteSets = await listGuildCommandPermissions(client, app, guild);
    const sets = manifest!.guilds[0]!.permissions!;
    expect(sets).toHaveLength(remoteSets.length);
    for (const s of sets) {
      const target =
        s.target === '*'
          ? app
          : [...manifest!.guilds[0]!.commands, ...manifest!.global.commands].find(
              (c) => s.target === c.command.name || s.target === `chat_input:${String(c.command.name)}`,
            );
      expect(target).toBeDefined();
    }
    const entries = sets
      .flatMap((s) => s.entries)
      .map((e) => JSON.stringify(e))
      .sort();
    expect(entries).toEqual(
      remoteSets
        .flatMap((s) => s.permissions)
        .map((e) => JSON.stringify({ id: e.id, type: e.type, permission: e.permission }))
        .sort(),
    );
  });

  test('refuses to overwrite a file without --force, and overwrites it with --force', async () => {
    const cwd = testdir({ 'cmdsync.yaml': 'keep me\n' });
    const ctx = captureContext(cwd, envFor(em));
    await expect(runPull(pullOpts(), ctx)).rejects.toMatchObject({
      code: 'FILE_EXISTS',
      message: 'cmdsync.yaml already exists; pass --force to overwrite it.',
    });
    expect(readFileSync(join(cwd, 'cmdsync.yaml'), 'utf8')).toBe('keep me\n');

    expect(await runPull(pullOpts({ force: true }), ctx)).toBe(0);
    expect(readFileSync(join(cwd, 'cmdsync.yaml'), 'utf8')).toContain(`application_id: "${app}"`);
  });

  test('--format json writes cmdsync.json with a $schema key; -o picks the file', async () => {
    const cwd = testdir();
    const ctx = captureContext(cwd, envFor(em));
    expect(await runPull(pullOpts({ format: 'json', guilds: [guild] }), ctx)).toBe(0);
    const doc = JSON.parse(readFileSync(join(cwd, 'cmdsync.json'), 'utf8'));
    expect(Object.keys(doc)).toEqual(['$schema', 'application_id', 'commands', 'guilds']);
    expect(doc.application_id).toBe(app);
    expect(doc.guilds[0].permissions['*']).toEqual([{ role: ROLE, allow: true }]);
    expect(lintPath('cmdsync.json', { cwd, env: {} }).diagnostics).toEqual([]);

    expect(await runPull(pullOpts({ output: 'out/../pulled.json' }), ctx)).toBe(0);
    expect(JSON.parse(readFileSync(join(cwd, 'pulled.json'), 'utf8')).$schema).toMatch(/manifest\.schema\.json$/);
    // Without --guild, the guild the bot is in comes too (and the webhooks, of which there are none).
    expect(ctx.err()).toContain(
      'Wrote pulled.json: 4 global commands, 1 guild (1 guild command, 4 permission sets), 0 webhooks\n',
    );
  });

  test('a --guild that names no guild the bot is in is a clear error, naming those it is in', async () => {
    const ctx = captureContext(testdir(), envFor(em));
    await expect(runPull(pullOpts({ guilds: ['general'] }), ctx)).rejects.toMatchObject({
      code: 'NAME_UNKNOWN',
      message: expect.stringContaining('--guild: '),
    });
  });

  test('secrets never reach the output, even with --debug and on errors', async () => {
    const cwd = testdir();
    const env = envFor(em);
    const ctx = captureContext(cwd, env);
    expect(await runPull(pullOpts({ debug: true, guilds: [guild] }), ctx)).toBe(0);
    expect(ctx.err()).toMatch(/debug: .*GET/);
    const written = readFileSync(join(cwd, 'cmdsync.yaml'), 'utf8');
    for (const secret of [env.DISCORD_TOKEN!, env.DISCORD_BEARER_TOKEN!]) {
      expect(ctx.err()).not.toContain(secret);
      expect(ctx.out()).not.toContain(secret);
      expect(written).not.toContain(secret);
    }

    const wrong = `${env.DISCORD_TOKEN!.slice(0, -4)}AAAA`;
    const bad = captureContext(testdir(), { ...env, DISCORD_TOKEN: wrong });
    const error = await runPull(pullOpts({ debug: true }), bad).catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'DISCORD_API_ERROR', status: 401 });
    expect(String((error as Error).message)).not.toContain(wrong);
    expect(bad.err()).not.toContain(wrong);
  });
});

describe('cmdsync pull --emulator', () => {
  test('creates .cmdsync/emulator.json, and a second run sees what the first session wrote', async () => {
    const cwd = testdir();
    // No credentials at all: the emulator brings its own.
    const ctx = captureContext(cwd, {});
    const first = await openSession({ emulator: true, debug: false, guildIds: ['800000000000000001'] }, ctx);
    try {
      expect(ctx.err()).toBe('Using the local emulator (state in .cmdsync/emulator.json)\n');
      expect(first.emulator).toBeDefined();
      expect(first.canEditPermissions).toBe(true);
      await createCommand(first.client, first.applicationId, GLOBAL, { name: 'ping', description: 'Ping' });
      const { command } = await createCommand(first.client, first.applicationId, guildScope('800000000000000001'), {
        name: 'debug',
        description: 'Debug',
      });
      await setCommandPermissions(first.client, first.applicationId, '800000000000000001', command.id, [
        { id: '800000000000000001', type: 1, permission: false },
      ]);
    } finally {
      await first.close();
    }
    expect(existsSync(join(cwd, '.cmdsync/emulator.json'))).toBe(true);
    expect(readFileSync(join(cwd, '.cmdsync/.gitignore'), 'utf8')).toContain('*');

    const ctx2 = captureContext(cwd, {});
    expect(await runPull(pullOpts({ emulator: true, guilds: ['800000000000000001'] }), ctx2)).toBe(0);
    const text = readFileSync(join(cwd, 'cmdsync.yaml'), 'utf8');
    expect(text).toContain('- name: ping');
    expect(text).toContain('- id: "800000000000000001"');
    expect(text).toContain('- { role: everyone, allow: false }');
    expect(ctx2.err()).toContain('Using the local emulator (state in .cmdsync/emulator.json)');
    expect(ctx2.err()).toContain('Wrote cmdsync.yaml: 1 global command, 1 guild (1 guild command, 1 permission set)');
    // The emulator's tokens stay in its data file.
    const data = JSON.parse(readFileSync(join(cwd, '.cmdsync/emulator.json'), 'utf8'));
    for (const a of Object.values<{ botToken: string }>(data.world.applications))
      expect(ctx2.err() + text).not.toContain(a.botToken);
  });

  test('a state file written by another emulator run is used as is', async () => {
    const cwd = testdir();
    const ctx = captureContext(cwd, {});
    const s = await openSession({ emulator: true, debug: false }, ctx);
    const appId = s.applicationId;
    await s.close();
    writeFileSync(join(cwd, 'cmdsync.yaml'), 'old\n');
    const ctx2 = captureContext(cwd, {});
    expect(await runPull(pullOpts({ emulator: true, force: true }), ctx2)).toBe(0);
    expect(readFileSync(join(cwd, 'cmdsync.yaml'), 'utf8')).toContain(`application_id: "${appId}"`);
  });
});
