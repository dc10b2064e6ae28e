/**
 * Issue 35 item 5: a bare `cmdsync pull` gets everything a manifest could
 * hold (the global commands, every guild it can know of with its permission
 * sets, this application's own webhooks), says what it could not read, and
 * writes a file that plans clean. The built CLI, spawned against the
 * emulator over real HTTP.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { loadManifest } from '../../src/manifest/load.js';
import {
  createClient,
  createCommand,
  createWebhook,
  setCommandPermissions,
  type RestClient,
} from '../../src/remote/index.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import { runBin, STACK } from '../helpers/cli.js';
import { solidPng } from '../helpers/png.js';
import { testdir } from '../helpers/tmp.js';

const APP = '1500000000000000001';
const OTHER = '1500000000000000002';
/** Alpha and Bravo hold commands; Closed does not have the application; Quiet has it and holds nothing. */
const [ALPHA, BRAVO, CLOSED, QUIET] = [
  '1500000000000000011',
  '1500000000000000022',
  '1500000000000000033',
  '1500000000000000044',
];
const [DEPLOYS, ALERTS, SHUT] = ['1500000000000000111', '1500000000000000222', '1500000000000000333'];
const GONE = '1500000000000009999';

let em: RunningEmulator;
let client: RestClient;
let deploysHook: { id: string; token?: string };
let alertsHook: { id: string; token?: string; avatar?: string | null };

beforeAll(async () => {
  em = await startEmulator({
    port: 0,
    rateLimits: false,
    seed: {
      applications: [{ id: APP }, { id: OTHER }],
      guilds: [
        { id: ALPHA, name: 'Alpha', channels: [{ id: DEPLOYS, name: 'deploys' }] },
        { id: BRAVO, name: 'Bravo', channels: [{ id: ALERTS, name: 'alerts' }] },
        { id: CLOSED, name: 'Closed', channels: [{ id: SHUT, name: 'shut' }], apps: { [OTHER]: {} } },
        { id: QUIET, name: 'Quiet', apps: { [APP]: {} } },
      ],
    },
  });
  client = createClient({ botToken: em.credentials.botToken, bearerToken: em.credentials.bearerToken, apiUrl: em.url });
  await createCommand(client, APP, GLOBAL, { name: 'ping', description: 'Ping' });
  await createCommand(client, APP, GLOBAL, { type: 3, name: 'Report message' } as never);
  const { command: deploy } = await createCommand(client, APP, guildScope(ALPHA), {
    name: 'deploy',
    description: 'Deploy',
  });
  await setCommandPermissions(client, APP, ALPHA, deploy.id, [{ id: ALPHA, type: 1, permission: false }]);
  await createCommand(client, APP, guildScope(BRAVO), { name: 'alert', description: 'Alert' });
  deploysHook = await createWebhook(client, DEPLOYS, { name: 'Deploys' });
  const avatar = `data:image/png;base64,${solidPng(8, 8, [200, 40, 40]).toString('base64')}`;
  alertsHook = await createWebhook(client, ALERTS, { name: 'Alerts', avatar });
  // Another application's webhook in the same channel: never this manifest's to declare.
  const other = createClient({ botToken: em.world.applications[OTHER]!.botToken, apiUrl: em.url });
  await createWebhook(other, DEPLOYS, { name: 'Not ours' });
  await other.close();
});

afterAll(async () => {
  await client?.close();
  await em?.close();
});

const botEnv = () => ({
  CMDSYNC_API_URL: em.url,
  DISCORD_TOKEN: em.credentials.botToken,
  DISCORD_APPLICATION_ID: APP,
  DISCORD_BEARER_TOKEN: em.credentials.bearerToken,
});

/** `plan --json --detailed-exitcode` in `cwd`: exit 0 and no change of any kind, webhooks included. */
async function expectCleanPlan(
  cwd: string,
  env: Record<string, string>,
): Promise<{ scopes: string[]; webhooks: string[] }> {
  const planned = await runBin(['plan', '--json', '--detailed-exitcode'], { cwd, env });
  const plan = JSON.parse(planned.stdout);
  const { webhooks, ...commands } = plan.summary;
  expect(commands, planned.stderr).toEqual({ create: 0, update: 0, rename: 0, replace: 0, delete: 0, permissions: 0 });
  expect(webhooks ?? { create: 0, update: 0, delete: 0 }, planned.stderr).toEqual({ create: 0, update: 0, delete: 0 });
  expect(planned.code, planned.stderr).toBe(0);
  return {
    scopes: plan.scopes.map((s: { key: string }) => s.key).sort(),
    webhooks: (plan.webhooks?.actions ?? []).map((a: { kind: string; name: string }) => `${a.kind}:${a.name}`).sort(),
  };
}

describe('bare cmdsync pull', () => {
  test("writes the global commands, every guild's commands and permissions, and this application's webhooks; the file plans clean", async () => {
    const cwd = testdir();
    const pulled = await runBin(['pull'], { cwd, env: botEnv() });
    expect(pulled.stderr).not.toMatch(STACK);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stderr).toContain(
      'Wrote cmdsync.yaml: 2 global commands, 2 guilds (2 guild commands, 1 permission set), 2 webhooks; 1 more guild with no commands or permissions of this application, not written',
    );
    expect(pulled.stderr).not.toContain('not read:');

    const text = readFileSync(join(cwd, 'cmdsync.yaml'), 'utf8');
    const { manifest, diagnostics } = loadManifest('cmdsync.yaml', { cwd, env: {} });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(manifest!.global.commands.map((c) => c.command.name).sort()).toEqual(['Report message', 'ping']);
    expect(manifest!.guilds.map((g) => [g.id, g.name, g.commands.map((c) => c.command.name)])).toEqual([
      [ALPHA, 'Alpha', ['deploy']],
      [BRAVO, 'Bravo', ['alert']],
    ]);
    expect(manifest!.guilds[0]!.permissions).toHaveLength(1);
    // The application's own two webhooks, never the other application's; the avatar as the CDN serves it.
    expect(manifest!.webhooks).toEqual([
      { channel_id: DEPLOYS, name: 'Deploys' },
      {
        channel_id: ALERTS,
        name: 'Alerts',
        avatar: `https://cdn.discordapp.com/avatars/${alertsHook.id}/${alertsHook.avatar}.png`,
      },
    ]);
    for (const secret of [deploysHook.token!, alertsHook.token!, em.credentials.botToken])
      expect(text + pulled.stderr + pulled.stdout).not.toContain(secret);

    const plan = await expectCleanPlan(cwd, botEnv());
    expect(plan.scopes).toEqual(['global', `guild:${ALPHA}`, `guild:${BRAVO}`]);
    expect(plan.webhooks).toEqual(['noop:Alerts', 'noop:Deploys']);
  });

  test('a guild the application cannot read and a channel that is gone are said, one line each, and left out; the lock file keeps a key', async () => {
    const cwd = testdir({
      'cmdsync.yaml': [
        `application_id: "${APP}"`,
        'commands: []',
        'guilds:',
        `  - { id: "${CLOSED}", name: Closed, commands: [] }`,
        `  - { id: "${ALPHA}", commands: [] }`,
        'webhooks:',
        `  - { channel_id: "${GONE}", name: Old }`,
        `  - { channel_id: "${DEPLOYS}", name: Deploys, key: deploys }`,
        '',
      ].join('\n'),
      'cmdsync.lock.json': `${JSON.stringify({ format_version: 1, webhooks: { [deploysHook.id]: { key: 'deploys' } } })}\n`,
    });
    const pulled = await runBin(['pull', '--force', '--json'], { cwd, env: botEnv() });
    expect(pulled.code, pulled.stderr).toBe(0);
    const notRead = pulled.stderr.split('\n').filter((l) => l.startsWith('not read:'));
    expect(notRead).toEqual([
      `not read: guild ${CLOSED}: the application lacks access there (is it in the guild, with the applications.commands scope?); it is left out of the file.`,
      `not read: the webhooks of guild ${CLOSED}: the bot cannot see it (is the bot in that guild?).`,
      `not read: the webhooks of channel ${GONE}: the service does not know this channel (deleted?).`,
    ]);
    const report = JSON.parse(pulled.stdout);
    expect(report).toMatchObject({ guilds: 2, webhooks: 2, empty_guilds: [QUIET] });
    expect(report.not_read.map((u: { what: string; id: string }) => `${u.what} ${u.id}`)).toEqual([
      `guild ${CLOSED}`,
      `guild-webhooks ${CLOSED}`,
      `channel-webhooks ${GONE}`,
    ]);

    const { manifest } = loadManifest('cmdsync.yaml', { cwd, env: {} });
    // Never written as empty: the guild whose read failed is not in the file at all.
    expect(manifest!.guilds.map((g) => g.id)).toEqual([ALPHA, BRAVO]);
    expect(manifest!.webhooks).toContainEqual({ channel_id: DEPLOYS, name: 'Deploys', key: 'deploys' });
    await expectCleanPlan(cwd, botEnv());
  });

  test('with client credentials only, it says it could not list the guilds or read webhooks, and pulls the rest', async () => {
    const cwd = testdir();
    const env = {
      CMDSYNC_API_URL: em.url,
      DISCORD_CLIENT_ID: em.credentials.clientId,
      DISCORD_CLIENT_SECRET: em.credentials.clientSecret,
      DISCORD_APPLICATION_ID: APP,
    };
    const pulled = await runBin(['pull', '-m', 'missing.yaml'], { cwd, env }).catch((e) => e);
    // An explicit -m that does not exist is an error, before any request.
    expect(pulled.code).not.toBe(0);
    expect(pulled.stderr).not.toMatch(STACK);

    const bare = await runBin(['pull'], { cwd, env });
    expect(bare.code, bare.stderr).toBe(0);
    expect(bare.stderr).toContain(
      "not read: the list of the bot's guilds: client credentials cannot list the bot's guilds; set DISCORD_TOKEN (the bot token) to read them all.",
    );
    expect(bare.stderr).toContain(
      'not read: webhooks: reading webhooks needs the bot token (DISCORD_TOKEN); client credentials reach commands only.',
    );
    expect(bare.stderr).toContain('Wrote cmdsync.yaml: 2 global commands, 0 guilds\n');
    expect(bare.stderr).not.toContain(em.credentials.clientSecret);
  });

  test('--guild narrows to that guild (no webhooks); --global to the global commands and the webhooks', async () => {
    const cwd = testdir();
    const one = await runBin(['pull', '--guild', BRAVO, '-o', 'bravo.yaml'], { cwd, env: botEnv() });
    expect(one.stderr).toContain('Wrote bravo.yaml: 2 global commands, 1 guild (1 guild command, 0 permission sets)\n');
    expect(loadManifest('bravo.yaml', { cwd, env: {} }).manifest!.webhooks).toEqual([]);
    // A name where an id goes: the bot's guild named Bravo, as the service lists it.
    const named = await runBin(['pull', '--guild', 'bravo', '-o', 'named.yaml'], { cwd, env: botEnv() });
    expect(named.stderr).toContain(
      'Wrote named.yaml: 2 global commands, 1 guild (1 guild command, 0 permission sets)\n',
    );
    expect(loadManifest('named.yaml', { cwd, env: {} }).manifest!.guilds.map((g) => g.id)).toEqual([BRAVO]);
    const typo = await runBin(['pull', '--guild', 'Bravvo', '-o', 'typo.yaml'], { cwd, env: botEnv() });
    expect(typo.code).toBe(1);
    expect(typo.stderr).toMatch(/--guild: .*"Bravvo".*Bravo/);
    const global = await runBin(['pull', '--global', '-o', 'global.yaml'], { cwd, env: botEnv() });
    expect(global.stderr).toContain('Wrote global.yaml: 2 global commands, 0 guilds, 2 webhooks\n');
  });
});

test('a guild where the bot lacks MANAGE_WEBHOOKS: its commands are pulled, its channels are tried one by one, and what stays refused is one line', async () => {
  const TIGHT = '1600000000000000011';
  const tight = await startEmulator({
    port: 0,
    rateLimits: false,
    seed: {
      applications: [{ id: APP }],
      guilds: [
        {
          id: TIGHT,
          name: 'Tight',
          channels: [{ name: 'one' }, { name: 'two' }, { name: 'cat', type: 4 }],
          apps: { [APP]: { permissions: '0' } },
        },
      ],
    },
  });
  try {
    const c = createClient({ botToken: tight.credentials.botToken, apiUrl: tight.url });
    await createCommand(c, APP, guildScope(TIGHT), { name: 'only', description: 'Only' });
    await c.close();
    const cwd = testdir();
    const pulled = await runBin(['pull'], {
      cwd,
      env: { CMDSYNC_API_URL: tight.url, DISCORD_TOKEN: tight.credentials.botToken, DISCORD_APPLICATION_ID: APP },
    });
    expect(pulled.code, pulled.stderr).toBe(0);
    // The category cannot hold webhooks, so it is not tried.
    expect(pulled.stderr.split('\n').filter((l) => l.startsWith('not read:'))).toEqual([
      `not read: the webhooks of guild ${TIGHT}: the bot lacks MANAGE_WEBHOOKS there (2 of 2 channels could not be read).`,
    ]);
    expect(pulled.stderr).toContain(
      'Wrote cmdsync.yaml: 0 global commands, 1 guild (1 guild command, 0 permission sets), 0 webhooks',
    );
  } finally {
    await tight.close();
  }
});

test('pull --help names every flag by the name it has, and says what each does', async () => {
  const help = await runBin(['pull', '--help'], { cwd: testdir() });
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('-o, --out <file>');
  expect(help.stdout).not.toContain('--output');
  for (const flag of [
    '--format',
    '-m, --manifest',
    '--guild',
    '--global',
    '--force',
    '--emulator',
    '--api-url',
    '--json',
    '--debug',
  ]) {
    expect(help.stdout, flag).toMatch(new RegExp(`^ {2}${flag.replace(/[-]/g, '\\-')}\\b.* {2,}\\S`, 'm'));
  }
});
