/**
 * `openSession`: credentials and application id from env/.env/manifest, the
 * API URL precedence, typed errors that name what to set, no secret in any
 * output, and `--emulator` provisioning a world that fits the manifest.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openSession, type Session } from '../../src/cli/session.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { loadManifest, type LoadedManifest } from '../../src/manifest/load.js';
import {
  createCommand,
  listCommands,
  listGuildCommandPermissions,
  setCommandPermissions,
} from '../../src/remote/index.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import { testdir } from '../helpers/tmp.js';
import { captureContext } from '../pull/context.js';

let em: RunningEmulator;
beforeAll(async () => {
  em = await startEmulator({ port: 0, rateLimits: false });
});
afterAll(async () => {
  await em?.close();
});

const base = { emulator: false, debug: false };

async function withSession<T>(session: Session, fn: (s: Session) => Promise<T>): Promise<T> {
  try {
    return await fn(session);
  } finally {
    await session.close();
  }
}

function manifestIn(dir: string, text: string, env: Record<string, string> = {}): LoadedManifest {
  writeFileSync(join(dir, 'cmdsync.yaml'), text);
  const { manifest, diagnostics } = loadManifest('cmdsync.yaml', { cwd: dir, env });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return manifest!;
}

describe('openSession against a service', () => {
  test('no credentials: a typed error naming DISCORD_TOKEN and the client-credentials pair', async () => {
    const ctx = captureContext(testdir(), { DISCORD_APPLICATION_ID: '100000000000000001' });
    const error = await openSession(base, ctx).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'CREDENTIALS_MISSING',
      variables: ['DISCORD_TOKEN', 'DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET'],
    });
    expect((error as Error).message).toContain('DISCORD_TOKEN');
  });

  test('--emulator with --api-url is a usage error', async () => {
    await expect(
      openSession({ ...base, emulator: true, apiUrl: em.url }, captureContext(testdir(), {})),
    ).rejects.toMatchObject({ code: 'USAGE' });
  });

  test('no credentials and no application id: the credentials are named first', async () => {
    await expect(openSession(base, captureContext(testdir(), {}))).rejects.toMatchObject({
      code: 'CREDENTIALS_MISSING',
    });
  });

  test('no application id: a typed error naming DISCORD_APPLICATION_ID, without the token', async () => {
    const token = em.credentials.botToken;
    const ctx = captureContext(testdir(), { DISCORD_TOKEN: token });
    const error = await openSession(base, ctx).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'APPLICATION_ID_MISSING', variables: ['DISCORD_APPLICATION_ID'] });
    expect((error as Error).message).not.toContain(token);
    expect(ctx.err() + ctx.out()).not.toContain(token);
  });

  test('an application_id the manifest cannot resolve is named, not sent', async () => {
    const dir = testdir();
    const manifest = manifestIn(dir, 'application_id: ${MY_APP}\ncommands: []\n');
    const ctx = captureContext(dir, { DISCORD_TOKEN: 'x' });
    await expect(openSession({ ...base, manifest }, ctx)).rejects.toMatchObject({ code: 'APPLICATION_ID_INVALID' });
  });

  test('the manifest application id wins over DISCORD_APPLICATION_ID; --api-url wins over CMDSYNC_API_URL', async () => {
    const dir = testdir();
    const manifest = manifestIn(dir, `application_id: "${em.credentials.applicationId}"\ncommands: []\n`);
    const ctx = captureContext(dir, {
      DISCORD_TOKEN: em.credentials.botToken,
      DISCORD_APPLICATION_ID: '100000000000000009',
      CMDSYNC_API_URL: 'http://127.0.0.1:9/api/v10',
    });
    await withSession(await openSession({ ...base, manifest, apiUrl: `${em.url}/` }, ctx), async (s) => {
      expect(s.applicationId).toBe(em.credentials.applicationId);
      expect(s.apiUrl).toBe(em.url);
      expect(s.canEditPermissions).toBe(false);
      expect(s.emulator).toBeUndefined();
      expect(Array.isArray(await listCommands(s.client, s.applicationId, GLOBAL))).toBe(true);
    });
    await expect(openSession({ ...base, manifest, apiUrl: 'ftp://example.com' }, ctx)).rejects.toMatchObject({
      code: 'REMOTE_CONFIG_INVALID',
      variable: '--api-url',
    });
  });

  test('credentials come from .env when the environment lacks them; the bearer enables permission edits', async () => {
    const dir = testdir({
      '.env': `DISCORD_TOKEN=${em.credentials.botToken}\nDISCORD_BEARER_TOKEN=${em.credentials.bearerToken}\nDISCORD_APPLICATION_ID=${em.credentials.applicationId}\nCMDSYNC_API_URL=${em.url}\n`,
    });
    const ctx = captureContext(dir, {});
    await withSession(await openSession(base, ctx), async (s) => {
      expect(s.apiUrl).toBe(em.url);
      expect(s.canEditPermissions).toBe(true);
      const { command } = await createCommand(s.client, s.applicationId, guildScope(em.credentials.guildId), {
        name: 'envcmd',
        description: 'From .env',
      });
      await setCommandPermissions(s.client, s.applicationId, em.credentials.guildId, command.id, [
        { id: em.credentials.guildId, type: 1, permission: false },
      ]);
    });
    expect(ctx.err()).toBe('');
  });

  test('--debug shows redacted requests and where credentials came from, never a secret', async () => {
    const env = {
      DISCORD_TOKEN: em.credentials.botToken,
      DISCORD_BEARER_TOKEN: em.credentials.bearerToken,
      DISCORD_APPLICATION_ID: em.credentials.applicationId,
      CMDSYNC_API_URL: em.url,
    };
    const ctx = captureContext(testdir(), env);
    await withSession(await openSession({ ...base, debug: true }, ctx), (s) =>
      listCommands(s.client, s.applicationId, GLOBAL),
    );
    expect(ctx.err()).toContain('debug: bot token (DISCORD_TOKEN from env)');
    expect(ctx.err()).toMatch(/debug: .*GET .*\/commands/);
    for (const secret of [env.DISCORD_TOKEN, env.DISCORD_BEARER_TOKEN])
      expect(ctx.err() + ctx.out()).not.toContain(secret);
  });

  test('under GitHub Actions a bearer derived from client credentials is masked (::add-mask:: on stderr, so stdout stays clean for --json) and never logged', async () => {
    const env = {
      DISCORD_CLIENT_ID: em.credentials.clientId,
      DISCORD_CLIENT_SECRET: em.credentials.clientSecret,
      DISCORD_APPLICATION_ID: em.credentials.applicationId,
      CMDSYNC_API_URL: em.url,
      GITHUB_ACTIONS: 'true',
    };
    const ctx = captureContext(testdir(), env);
    await withSession(await openSession({ ...base, debug: true }, ctx), (s) =>
      listCommands(s.client, s.applicationId, GLOBAL),
    );
    const mask = /^::add-mask::(\S+)$/m.exec(ctx.err());
    expect(mask).not.toBeNull();
    expect(ctx.out()).toBe('');
    // Only the mask command itself may carry the value.
    expect(ctx.err().replace(mask![0], '')).not.toContain(mask![1]);
    expect(ctx.err() + ctx.out()).not.toContain(env.DISCORD_CLIENT_SECRET);
  });
});

describe('openSession --emulator', () => {
  const APP = '100000000000000001';
  const GUILD_A = '200000000000000001';
  const GUILD_B = '200000000000000002';

  test('provisions the manifest application and guilds, keeps state across sessions, adds what a later manifest names', async () => {
    const dir = testdir();
    const m1 = manifestIn(
      dir,
      `application_id: "${APP}"\ncommands: []\nguilds:\n  - id: "${GUILD_A}"\n    name: Test server\n    commands: []\n`,
    );
    // Tokens in the environment are not used against the emulator.
    const ctx = captureContext(dir, { DISCORD_TOKEN: 'real-token-not-for-the-emulator' });
    await withSession(await openSession({ ...base, emulator: true, manifest: m1 }, ctx), async (s) => {
      expect(s.applicationId).toBe(APP);
      expect(s.canEditPermissions).toBe(true);
      expect(s.emulator!.world.guilds[GUILD_A]).toMatchObject({
        name: 'Test server',
        apps: { [APP]: { commandsScope: true, permissions: String(1 << 29) } },
      });
      const { command } = await createCommand(s.client, APP, guildScope(GUILD_A), {
        name: 'debug',
        description: 'Debug',
      });
      await setCommandPermissions(s.client, APP, GUILD_A, command.id, [{ id: GUILD_A, type: 1, permission: false }]);
    });
    expect(ctx.err()).toBe('Using the local emulator (state in .cmdsync/emulator.json)\n');
    const file = join(dir, '.cmdsync/emulator.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const m2 = manifestIn(
      dir,
      `application_id: "${APP}"\ncommands: []\nguilds:\n  - id: "${GUILD_A}"\n    commands: []\n  - id: "${GUILD_B}"\n    commands: []\n`,
    );
    await withSession(
      await openSession({ ...base, emulator: true, manifest: m2 }, captureContext(dir, {})),
      async (s) => {
        expect((await listCommands(s.client, APP, guildScope(GUILD_A))).map((c) => c.name)).toEqual(['debug']);
        expect(await listGuildCommandPermissions(s.client, APP, GUILD_A)).toHaveLength(1);
        expect(await listCommands(s.client, APP, guildScope(GUILD_B))).toEqual([]);
      },
    );
    const data = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(data.world.guilds)).toEqual(expect.arrayContaining([GUILD_A, GUILD_B]));
  });

  test("a manifest naming another application than the state file's default gets that application's credentials", async () => {
    const dir = testdir();
    const first = await openSession({ ...base, emulator: true }, captureContext(dir, {}));
    const defaultApp = first.applicationId;
    await first.close();
    const other = '100000000000000077';
    const manifest = manifestIn(dir, `application_id: "${other}"\ncommands: []\n`);
    await withSession(await openSession({ ...base, emulator: true, manifest }, captureContext(dir, {})), async (s) => {
      expect(s.applicationId).toBe(other);
      expect(s.applicationId).not.toBe(defaultApp);
      await createCommand(s.client, other, GLOBAL, { name: 'mine', description: 'Mine' });
      expect((await listCommands(s.client, other, GLOBAL)).map((c) => c.name)).toEqual(['mine']);
      expect(s.canEditPermissions).toBe(true);
    });
  });

  test("an explicit application id (a saved plan's) wins over the manifest and the environment", async () => {
    const dir = testdir();
    const manifest = manifestIn(dir, 'application_id: "100000000000000066"\ncommands: []\n');
    await withSession(
      await openSession(
        { ...base, emulator: true, manifest, applicationId: '100000000000000044' },
        captureContext(dir, { DISCORD_APPLICATION_ID: '100000000000000055' }),
      ),
      async (s) => {
        expect(s.applicationId).toBe('100000000000000044');
      },
    );
    const env = {
      DISCORD_TOKEN: em.credentials.botToken,
      DISCORD_APPLICATION_ID: '100000000000000055',
      CMDSYNC_API_URL: em.url,
    };
    await withSession(
      await openSession({ ...base, manifest, applicationId: em.credentials.applicationId }, captureContext(dir, env)),
      async (s) => {
        expect(s.applicationId).toBe(em.credentials.applicationId);
      },
    );
    await expect(openSession({ ...base, applicationId: 'abc' }, captureContext(dir, env))).rejects.toMatchObject({
      code: 'APPLICATION_ID_INVALID',
    });
  });

  test('DISCORD_APPLICATION_ID names the application when there is no manifest', async () => {
    const dir = testdir();
    await withSession(
      await openSession(
        { ...base, emulator: true },
        captureContext(dir, { DISCORD_APPLICATION_ID: '100000000000000055' }),
      ),
      async (s) => {
        expect(s.applicationId).toBe('100000000000000055');
      },
    );
  });

  test('a corrupt state file is a clear, typed error', async () => {
    const dir = testdir({ '.cmdsync/emulator.json': '{"format": 1, "wor' });
    await expect(openSession({ ...base, emulator: true }, captureContext(dir, {}))).rejects.toMatchObject({
      code: 'EMULATOR_START_FAILED',
      message: expect.stringContaining('not valid JSON'),
    });
  });
});
