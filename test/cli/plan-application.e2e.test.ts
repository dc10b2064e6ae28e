import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, start } from '../emulator/helpers.js';
import { runBin } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';
import { unmarked } from '../helpers/unmarked.js';

/**
 * Issue 24, "Nothing fails half way": plan reads the application and the
 * remote's limits before anything is written. What the remote would refuse
 * is an error at its place in the manifest, and apply then sends nothing.
 */
let em: RunningEmulator | undefined;
let proxy: { url: string; close(): Promise<void> } | undefined;
afterEach(async () => {
  await proxy?.close();
  await em?.close();
  em = proxy = undefined;
});

const envFor = (url: string) => ({ CMDSYNC_API_URL: url, DISCORD_TOKEN: em!.credentials.botToken });
const remoteNames = async (path: string) =>
  ((await call(em!, 'GET', path, { auth: bot(em!) })).body as Array<{ name: string }>).map((c) => c.name).sort();

describe('plan checks every command against the application the service reports', () => {
  it('an entry point without an Activity, an unsupported installation context and nsfw on a discoverable app: errors at file:line:col, and apply sends nothing (not even the valid command before them)', async () => {
    em = await start({ seed: { applications: [{ integration_types: [0], discoverable: true }] } });
    const app = em.credentials.applicationId;
    const cwd = testdir({
      'cmdsync.yaml': [
        `application_id: "${app}"`,
        'commands:',
        '  - { name: fine, description: Fine }',
        '  - { type: primary_entry_point, name: launch, description: Launch, handler: app_handler }',
        '  - { name: wide, description: Wide, integration_types: [guild_install, user_install] }',
        '  - { name: adult, description: Adult, nsfw: true }',
        '',
      ].join('\n'),
    });
    expect((await runBin(['lint'], { cwd })).code).toBe(0);
    const planned = await runBin(['plan'], { cwd, env: envFor(em.url) });
    expect(planned.code).toBe(1);
    expect(planned.stderr).toMatch(/error: cmdsync\.yaml:4:\d+: Only applications with an Activity/);
    expect(planned.stderr).toMatch(
      /error: cmdsync\.yaml:5:\d+: The application does not support installation context 1; it supports 0/,
    );
    expect(planned.stderr).toMatch(
      /error: cmdsync\.yaml:6:\d+: An application with discovery enabled cannot have age-restricted/,
    );
    const json = JSON.parse((await runBin(['plan', '--json'], { cwd, env: envFor(em.url) })).stdout) as {
      errors: Array<{ rule: string; location?: { file: string; line: number } }>;
    };
    expect(json.errors.map((e) => [e.rule, e.location?.line])).toEqual([
      ['entry-point-embedded-only', 4],
      ['integration-type-unsupported', 5],
      ['nsfw-discoverable', 6],
    ]);

    const applied = await runBin(['apply', '--auto-approve', '--strategy', 'individual'], { cwd, env: envFor(em.url) });
    expect(applied.code).toBe(1);
    expect(applied.stdout).not.toContain('Apply complete');
    expect(await remoteNames(`/applications/${app}/commands`)).toEqual([]);
  });

  it("the manifest's application: block is compared with the service: a difference is a warning at the block, and the service's settings decide", async () => {
    em = await start();
    const app = em.credentials.applicationId;
    const cwd = testdir({
      'cmdsync.yaml': [
        `application_id: "${app}"`,
        'application:',
        '  embedded: true',
        'commands:',
        '  - { name: fine, description: Fine }',
        '',
      ].join('\n'),
    });
    const planned = await runBin(['plan'], { cwd, env: envFor(em.url) });
    expect(planned.code).toBe(0);
    expect(planned.stdout).toMatch(
      /cmdsync\.yaml:3:\d+: the manifest's application: block says embedded: true, but the service reports the application has no Activity/,
    );
  });

  it('a saved plan is refused as stale once the application lost its Activity, and nothing is sent', async () => {
    em = await start({ seed: { applications: [{ embedded: true }] } });
    const app = em.credentials.applicationId;
    const cwd = testdir({
      'cmdsync.yaml': [
        `application_id: "${app}"`,
        'commands:',
        '  - { type: primary_entry_point, name: launch, description: Launch, handler: app_handler }',
        '',
      ].join('\n'),
    });
    expect((await runBin(['plan', '--out', 'plan.json'], { cwd, env: envFor(em.url) })).code).toBe(0);
    em.world.applications[app]!.embedded = false;
    const applied = await runBin(['apply', 'plan.json', '--auto-approve'], { cwd, env: envFor(em.url) });
    expect(applied.code).toBe(1);
    expect(applied.stderr).toMatch(/Saved plan is stale: .*\(application\)/);
    expect(await remoteNames(`/applications/${app}/commands`)).toEqual(['Launch']);
  });
});

describe("plan refuses what the emulator would, by the emulator's own limits and counts", () => {
  const GUILD_COMMANDS = (names: string[]) => names.map((n) => `      - { name: ${n}, description: ${n} }`);
  const manifest = (app: string, guild: string, names: string[], extra: string[] = []) =>
    [
      `application_id: "${app}"`,
      ...extra,
      'guilds:',
      `  - id: "${guild}"`,
      '    commands:',
      ...GUILD_COMMANDS(names),
      '',
    ].join('\n');

  it("today's creates counted by the emulator: the plan that would pass its daily allowance is an error before anything is sent", async () => {
    em = await start({ limits: { daily_creates: 3 } });
    const { applicationId: app, guildId: guild } = em.credentials;
    const cwd = testdir({ 'cmdsync.yaml': manifest(app, guild, ['a', 'b']) });
    expect((await runBin(['apply', '--auto-approve'], { cwd, env: envFor(em.url) })).code).toBe(0);
    writeFileSync(join(cwd, 'cmdsync.yaml'), manifest(app, guild, ['a', 'b', 'c', 'd']));
    const planned = await runBin(['plan'], { cwd, env: envFor(em.url) });
    expect(planned.code).toBe(1);
    expect(planned.stderr).toContain(
      `guild:${guild}: this plan creates 2 commands (2 more were created earlier today, counted by the emulator), more than the 3 the service allows per day in a scope`,
    );
    const applied = await runBin(['apply', '--auto-approve', '--strategy', 'individual'], { cwd, env: envFor(em.url) });
    expect(applied.code).toBe(1);
    expect(await remoteNames(`/applications/${app}/guilds/${guild}/commands`)).toEqual(['a', 'b']);
  });

  it("a manifest's limits: wider than the emulator's is refused at plan time, at the command the emulator would refuse", async () => {
    em = await start();
    const { applicationId: app, guildId: guild } = em.credentials;
    const users = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'].map((n) => `      - { type: user, name: ${n} }`);
    const text = [
      `application_id: "${app}"`,
      'limits: { user_commands: 15 }',
      'guilds:',
      `  - id: "${guild}"`,
      '    commands:',
      ...users,
      '',
    ].join('\n');
    const cwd = testdir({ 'cmdsync.yaml': text });
    expect((await runBin(['lint'], { cwd })).code).toBe(0);
    const planned = await runBin(['plan'], { cwd, env: envFor(em.url) });
    expect(planned.code).toBe(1);
    expect(planned.stderr).toMatch(/error: cmdsync\.yaml:11:\d+: .*5/);
    expect(await remoteNames(`/applications/${app}/guilds/${guild}/commands`)).toEqual([]);
  });
});

describe('commands the scope keeps count toward its limits', () => {
  it('prune: false keeps five USER commands remotely: a sixth declared one is an error at its place, not a 30032 during apply', async () => {
    em = await start();
    const { applicationId: app, guildId: guild } = em.credentials;
    for (const n of ['k1', 'k2', 'k3', 'k4', 'k5'])
      expect(
        (
          await call(em, 'POST', `/applications/${app}/guilds/${guild}/commands`, {
            auth: bot(em),
            body: { type: 2, name: n },
          })
        ).status,
      ).toBe(201);
    const text = [
      `application_id: "${app}"`,
      'guilds:',
      `  - id: "${guild}"`,
      '    prune: false',
      '    commands:',
      '      - { name: fine, description: Fine }',
      '      - { type: user, name: sixth }',
      '',
    ].join('\n');
    const cwd = testdir({ 'cmdsync.yaml': text });
    const planned = await runBin(['plan'], { cwd, env: envFor(em.url) });
    expect(planned.code).toBe(1);
    expect(planned.stderr).toMatch(
      /error: cmdsync\.yaml:7:\d+: A guild scope may hold at most 5 USER commands; this is number 6/,
    );
    const applied = await runBin(['apply', '--auto-approve', '--strategy', 'individual'], { cwd, env: envFor(em.url) });
    expect(applied.code).toBe(1);
    expect(await remoteNames(`/applications/${app}/guilds/${guild}/commands`)).toEqual(['k1', 'k2', 'k3', 'k4', 'k5']);
  });
});

describe('against the service, plan counts the creates cmdsync itself made today (the lock file)', () => {
  it('apply records its creates per scope; the next plan adds them to the allowance and says so', async () => {
    em = await start();
    const { applicationId: app, guildId: guild } = em.credentials;
    proxy = await unmarked(em);
    const { url } = proxy;
    const text = (names: string[]) =>
      [
        `application_id: "${app}"`,
        'limits: { daily_creates: 3 }',
        'guilds:',
        `  - id: "${guild}"`,
        '    commands:',
        ...names.map((n) => `      - { name: ${n}, description: ${n} }`),
        '',
      ].join('\n');
    const cwd = testdir({ 'cmdsync.yaml': text(['a', 'b']) });
    expect((await runBin(['apply', '--auto-approve'], { cwd, env: envFor(url) })).code).toBe(0);
    const lock = JSON.parse(readFileSync(join(cwd, 'cmdsync.lock.json'), 'utf8')) as {
      creates: { application_id: string; scopes: Record<string, number>; day: string };
    };
    expect(lock.creates).toEqual({
      day: new Date().toISOString().slice(0, 10),
      application_id: app,
      scopes: { [`guild:${guild}`]: 2 },
    });

    writeFileSync(join(cwd, 'cmdsync.yaml'), text(['a', 'b', 'c']));
    const within = await runBin(['plan'], { cwd, env: envFor(url) });
    expect(within.code).toBe(0);
    expect(within.stdout).toContain(
      "Spends 1 of today's 3 command creates in this guild. 2 were already spent today (by cmdsync's own applies, as cmdsync.lock.json records).",
    );

    writeFileSync(join(cwd, 'cmdsync.yaml'), text(['a', 'b', 'c', 'd']));
    const over = await runBin(['plan'], { cwd, env: envFor(url) });
    expect(over.code).toBe(1);
    expect(over.stderr).toContain(
      `guild:${guild}: this plan creates 2 commands (2 more were created earlier today, by cmdsync's own applies, as cmdsync.lock.json records; creates by other tools are not known), more than the 3`,
    );
  });
});
