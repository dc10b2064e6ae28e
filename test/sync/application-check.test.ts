/**
 * The plan judges the manifest by what the remote reports (src/sync/application-check.ts):
 * its application's settings, and an emulator's own limits. In process, over
 * real HTTP against the emulator (directly, behind a proxy that hides it as
 * the service does, or with GET /applications/@me refused): the plan's errors
 * and warnings as a caller reads them.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import type { PlanError } from '../../src/plan/model.js';
import { RestClient } from '../../src/remote/http/client.js';
import { planSync } from '../../src/sync/plan.js';
import type { ScopeSelection } from '../../src/sync/scopes.js';
import { testdir } from '../helpers/tmp.js';
import { unmarked } from '../helpers/unmarked.js';

const APP = '500000000000000001';
const GUILD = '600000000000000001';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).reverse()) await r.close();
});

type App = { embedded?: boolean; integration_types?: number[]; discoverable?: boolean };

async function setup(opts: { app?: App; asService?: boolean; emulator?: Partial<EmulatorOptions> } = {}) {
  const emulator: RunningEmulator = await startEmulator({
    seed: { applications: [{ id: APP, ...opts.app }], guilds: [{ id: GUILD, name: 'Guild' }] },
    rateLimits: false,
    ...opts.emulator,
  });
  running.push(emulator);
  let apiUrl = emulator.url;
  if (opts.asService) {
    const proxy = await unmarked(emulator);
    running.push(proxy);
    apiUrl = proxy.url;
  }
  const client = new RestClient({
    apiUrl,
    credentials: { botToken: emulator.credentials.botToken },
    backoffBaseMs: 5,
    globalRequestsPerSecond: 10_000,
  });
  running.push({ close: () => client.close() });
  const cwd = testdir();
  const plan = async (lines: string[], only?: ScopeSelection) => {
    writeFileSync(join(cwd, 'cmdsync.yaml'), [`application_id: "${APP}"`, ...lines, ''].join('\n'));
    const { plan: p } = await planSync({
      manifestPath: 'cmdsync.yaml',
      cwd,
      env: {},
      target: { client, applicationId: APP, canEditPermissions: false },
      only,
    });
    return p;
  };
  return { plan };
}

/** Each error as a reader takes it in: rule, line, and the message after its place; and the place said once, alike. */
function errorsOf(errors: readonly PlanError[]): Array<[string, number, string]> {
  return errors.map((e) => {
    expect(e.severity).toBe('error');
    expect(e.path).toEqual([]);
    const { file, line, col } = e.location!;
    expect(file).toBe('cmdsync.yaml');
    const at = `${file}:${line}:${col}: `;
    expect(e.message.startsWith(at)).toBe(true);
    return [e.rule, line, e.message.slice(at.length).split(';')[0]!];
  });
}

const refused = [
  'commands:',
  '  - { name: fine, description: Fine }',
  '  - { type: primary_entry_point, name: launch, description: Launch, handler: app_handler }',
  '  - { name: wide, description: Wide, integration_types: [guild_install, user_install] }',
  '  - { name: adult, description: Adult, nsfw: true }',
];
const refusedApp: App = { integration_types: [0], discoverable: true };
const REFUSALS: Array<[string, number, string]> = [
  ['entry-point-embedded-only', 4, expect.stringMatching(/^Only applications with an Activity/) as never],
  ['integration-type-unsupported', 5, 'The application does not support installation context 1'],
  [
    'nsfw-discoverable',
    6,
    expect.stringMatching(/^An application with discovery enabled cannot have age-restricted/) as never,
  ],
];

describe("commands judged by the application's settings", () => {
  it('each command the application cannot have is an error at its file:line:col; nothing else is said', async () => {
    const t = await setup({ app: refusedApp });
    const plan = await t.plan(refused);
    expect(errorsOf(plan.errors)).toEqual(REFUSALS);
    expect(plan.warnings).toEqual([]);
  });

  it('against the service (no emulator limits), the application still decides', async () => {
    const t = await setup({ app: refusedApp, asService: true });
    const plan = await t.plan(refused);
    expect(errorsOf(plan.errors)).toEqual(REFUSALS);
    expect(plan.warnings.map((w) => w.code)).toEqual([]);
  });

  it('only the planned scopes are judged: --guild leaves the global commands alone, --global the guilds', async () => {
    const t = await setup({ app: { discoverable: true } });
    const lines = [
      'commands:',
      '  - { name: adult, description: Adult, nsfw: true }',
      'guilds:',
      `  - id: "${GUILD}"`,
      '    commands:',
      '      - { name: guildadult, description: Adult, nsfw: true }',
    ];
    const lineOf = async (only?: ScopeSelection) => errorsOf((await t.plan(lines, only)).errors).map((e) => e[1]);
    expect(await lineOf()).toEqual([3, 7]);
    expect(await lineOf({ guilds: [GUILD] })).toEqual([7]);
    expect(await lineOf({ global: true })).toEqual([3]);
  });

  it("the manifest's application: block differing from the application is a warning at the block; the application decides", async () => {
    const t = await setup();
    const plan = await t.plan(['application:', '  embedded: true', ...refused.slice(0, 3)]);
    expect(plan.warnings).toEqual([
      {
        code: 'application-mismatch',
        message: expect.stringMatching(
          /^cmdsync\.yaml:3:\d+: the manifest's application: block says embedded: true, but the service reports the application has no Activity/,
        ),
      },
    ]);
    expect(errorsOf(plan.errors).map((e) => e[0])).toEqual(['entry-point-embedded-only']);
  });
});

describe('an application that cannot be read', () => {
  it('is a warning saying why, and no command is judged (the application: block neither)', async () => {
    const t = await setup({
      app: refusedApp,
      emulator: { faults: [{ method: 'GET', path: '/applications/@me', kind: 'error', status: 403 }] },
    });
    const plan = await t.plan([
      'application: { embedded: true, integration_types: [guild_install, user_install] }',
      ...refused,
    ]);
    expect(plan.errors).toEqual([]);
    expect(plan.warnings).toEqual([
      {
        code: 'application-unread',
        message:
          'Could not read the application (GET /applications/@me answered 403): commands were not checked against its settings (Activity, installation contexts, discovery).',
      },
    ]);
  });
});

describe("an emulator's own limits", () => {
  const users = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'].map((n) => `      - { type: user, name: ${n} }`);
  const guildWith = (extra: string[]) => [...extra, 'guilds:', `  - id: "${GUILD}"`, '    commands:', ...users];

  it("differing from the manifest's: a warning naming each, and the commands judged by the emulator's", async () => {
    const t = await setup({ emulator: { limits: { user_commands: 5, message_commands: 4 } } });
    const plan = await t.plan(guildWith(['limits: { user_commands: 15 }']));
    expect(plan.warnings).toEqual([
      {
        code: 'limits',
        message:
          "The emulator enforces its own limits, not the manifest's: user_commands 5 (the manifest says 15), message_commands 4 (the manifest says 5). Commands are checked against the emulator's.",
      },
    ]);
    expect(errorsOf(plan.errors).map((e) => e[1])).toEqual([11]);
  });

  it("the same as the manifest's: nothing to say, and what fits passes", async () => {
    const t = await setup({ emulator: { limits: { user_commands: 6 } } });
    const plan = await t.plan(guildWith(['limits: { user_commands: 6 }']));
    expect(plan.warnings).toEqual([]);
    expect(plan.errors).toEqual([]);
  });
});
