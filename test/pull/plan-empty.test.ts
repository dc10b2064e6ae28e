/**
 * The acceptance check: a plan against a freshly pulled manifest is
 * empty (the lead's planner, end to end, over real HTTP).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runPull } from '../../src/cli/commands/pull.js';
import { runPlan } from '../../src/cli/commands/plan.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { createClient, createCommand, setCommandPermissions, type RestClient } from '../../src/remote/index.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';
import { testdir } from '../helpers/tmp.js';
import { captureContext } from './context.js';

let em: RunningEmulator;
let client: RestClient;

beforeAll(async () => {
  em = await startEmulator({ port: 0, rateLimits: false, seed: { applications: [{ integration_types: [0, 1] }] } });
  const app = em.credentials.applicationId;
  const guild = em.credentials.guildId;
  client = createClient({ botToken: em.credentials.botToken, bearerToken: em.credentials.bearerToken, apiUrl: em.url });
  await createCommand(client, app, GLOBAL, {
    name: 'remind',
    description: 'Set a reminder',
    // en-US equal to the default is kept beside a different en-GB (it stops the fallback); de equal to it is dropped.
    name_localizations: { fr: 'rappel', de: 'remind', 'en-US': 'remind', 'en-GB': 'remind-me' },
    description_localizations: { fr: 'Créer un rappel' },
    default_member_permissions: '8',
    contexts: [0, 1, 2],
    options: [
      { type: 3, name: 'what', description: 'What', required: true, max_length: 200 },
      { type: 4, name: 'minutes', description: 'Minutes', min_value: 0, max_value: 10080 },
      {
        type: 3,
        name: 'repeat',
        description: 'Repeat',
        choices: [{ name: 'Daily', value: 'daily', name_localizations: { fr: 'Tous les jours' } }],
      },
      { type: 7, name: 'where', description: 'Where', channel_types: [0, 5] },
    ],
  } as never);
  const { command: info } = await createCommand(client, app, GLOBAL, {
    type: 1,
    name: 'info',
    description: 'Info ${not a var}',
    dm_permission: false,
  } as never);
  await createCommand(client, app, GLOBAL, { type: 2, name: 'info' } as never);
  await createCommand(client, app, GLOBAL, {
    type: 3,
    name: 'Report message',
    default_member_permissions: '0',
    nsfw: true,
  } as never);
  const { command: debug } = await createCommand(client, app, guildScope(guild), {
    name: 'config',
    description: 'Config',
    options: [
      {
        type: 2,
        name: 'logging',
        description: 'Logging',
        options: [
          {
            type: 1,
            name: 'enable',
            description: 'Enable',
            options: [{ type: 7, name: 'channel', description: 'Channel', required: true }],
          },
        ],
      },
    ],
  } as never);
  await setCommandPermissions(client, app, guild, debug.id, [
    { id: guild, type: 1, permission: false },
    { id: (BigInt(guild) - 1n).toString(), type: 3, permission: false },
    { id: '700000000000000001', type: 1, permission: true },
  ]);
  await setCommandPermissions(client, app, guild, info.id, [{ id: '700000000000000002', type: 2, permission: true }]);
  await setCommandPermissions(client, app, guild, app, [{ id: '700000000000000003', type: 1, permission: true }]);
});

afterAll(async () => {
  await client?.close();
  await em?.close();
});

for (const format of ['yaml', 'json'] as const) {
  test(`plan --detailed-exitcode against a pulled ${format} manifest reports no changes`, async () => {
    const cwd = testdir();
    const env = {
      CMDSYNC_API_URL: em.url,
      DISCORD_TOKEN: em.credentials.botToken,
      DISCORD_APPLICATION_ID: em.credentials.applicationId,
      DISCORD_BEARER_TOKEN: em.credentials.bearerToken,
    };
    const pull = captureContext(cwd, env);
    expect(
      await runPull({ format, guilds: [em.credentials.guildId], force: false, emulator: false, debug: false }, pull),
    ).toBe(0);
    const ctx = captureContext(cwd, env);
    const code = await runPlan(
      {
        manifest: format === 'json' ? 'cmdsync.json' : 'cmdsync.yaml',
        emulator: false,
        debug: false,
        json: true,
        strategy: 'auto',
        force: false,
        guild: [],
        global: false,
        detailedExitcode: true,
      },
      ctx,
    );
    const plan = JSON.parse(ctx.out());
    expect(plan.summary, ctx.err()).toEqual({ create: 0, update: 0, rename: 0, replace: 0, delete: 0, permissions: 0 });
    expect(plan.scopes.map((s: { key: string }) => s.key).sort()).toEqual([
      'global',
      `guild:${em.credentials.guildId}`,
    ]);
    // Every remote command was matched (a noop), and all three permission sets were compared.
    const actions = plan.scopes.flatMap((s: { actions: Array<{ kind: string }> }) => s.actions);
    expect(actions.map((a: { kind: string }) => a.kind)).toEqual(Array(5).fill('noop'));
    expect(plan.scopes.flatMap((s: { permissions: unknown[] }) => s.permissions)).toHaveLength(3);
    expect(code).toBe(0);
  });
}
