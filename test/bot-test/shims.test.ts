/**
 * The connection shims the runner gives a bot (issue 38 item 1,
 * src/bot-test/run/shims.ts): real Node and Python processes, started with
 * the environment the runner makes, see the emulator's addresses as their
 * libraries' defaults; what the user had set still holds.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import { findShimRoot, shimLine, withShims } from '../../src/bot-test/run/shims.js';
import { botEnvironment, botIdentity } from '../../src/bot-test/run/world.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { start } from '../emulator/helpers.js';
import { discordPyAvailable, PYTHON } from '../helpers/discord-py.js';
import { ROOT } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

const BASE = 'http://127.0.0.1:9/api';
const API = 'http://127.0.0.1:9/api/v10';
const GATEWAY = 'ws://127.0.0.1:9';
const runnerEnv = (extra: Record<string, string> = {}) =>
  withShims({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DISCORD_REST_BASE: BASE,
    CMDSYNC_API_URL: API,
    CMDSYNC_GATEWAY_URL: GATEWAY,
    ...extra,
  });

test("the shims are found in the package, and added after the user's NODE_OPTIONS and before their PYTHONPATH", () => {
  expect(findShimRoot()).toBe(ROOT);
  const env = withShims({ NODE_OPTIONS: '--max-old-space-size=512', PYTHONPATH: '/mine' });
  expect(env.NODE_OPTIONS).toBe(
    `--max-old-space-size=512 --require ${JSON.stringify(join(ROOT, 'shims/node/cmdsync-preload.cjs'))}`,
  );
  expect(env.PYTHONPATH).toBe(`${join(ROOT, 'shims/python')}:/mine`);
  expect(shimLine('[cmdsync] shim: discord.http.Route.BASE points at the emulator')).toBe(
    'discord.http.Route.BASE points at the emulator',
  );
  expect(shimLine('[cmdsync] something else')).toBeUndefined();
});

describe('Node: @discordjs/rest', () => {
  const node = (code: string, env = runnerEnv()) =>
    spawnSync(process.execPath, ['-e', code], { cwd: ROOT, env, encoding: 'utf8' });

  test("a discord.js client that names no base sends to the emulator's", () => {
    const r = node(
      "const { Client } = require('discord.js'); const c = new Client({ intents: [] }); console.log(c.rest.options.api)",
    );
    expect(r.stdout.trim()).toBe(BASE);
    expect(r.stderr).toContain('[cmdsync] shim: @discordjs/rest (discord.js) points at the emulator');
  });

  test('a bot that names its own base keeps it; without the runner the shim does nothing', () => {
    const own = node(
      "const { REST } = require('@discordjs/rest'); console.log(new REST({ api: 'https://example.test/api' }).options.api)",
    );
    expect(own.stdout.trim()).toBe('https://example.test/api');
    const outside = node("console.log(require('@discordjs/rest').DefaultRestOptions.api)", {
      ...runnerEnv(),
      DISCORD_REST_BASE: '',
    });
    expect(outside.stdout.trim()).toBe('https://discord.com/api');
    expect(outside.stderr).toBe('');
  });
});

describe('Node: oceanic.js and eris, against a running emulator', () => {
  let em: RunningEmulator | undefined;
  afterEach(async () => {
    await em?.close();
    em = undefined;
  });

  /** `code` run by a Node process started with the environment the runner gives a bot (the emulator answers meanwhile). */
  async function asBot(code: string) {
    em = await start();
    const env = botEnvironment(em, botIdentity(em, undefined), 0, { PATH: process.env.PATH ?? '' });
    const run = promisify(execFile);
    const r = await run(process.execPath, ['-e', code], { cwd: ROOT, env, timeout: 20_000 }).catch(
      (err: { stdout: string; stderr: string }) => err,
    );
    return {
      stdout: r.stdout.trim(),
      stderr: r.stderr,
      botUserId: em.world.applications[em.credentials.applicationId]!.botUserId,
    };
  }

  test("oceanic.js as its README makes a client sends to the emulator's REST base", async () => {
    const r = await asBot(
      "const { Client } = require('oceanic.js'); const client = new Client({ auth: 'Bot ' + process.env.DISCORD_TOKEN }); client.rest.oauth.getCurrentUser().then((u) => console.log(u.id), (e) => console.log('failed', e.message))",
    );
    expect(r.stdout).toBe(r.botUserId);
    expect(r.stderr).toContain('[cmdsync] shim: oceanic.js Constants.API_URL points at the emulator');
  });

  test('eris as its README makes a client (`Eris(token)`) sends to the emulator, over HTTP', async () => {
    const r = await asBot(
      "const Eris = require('eris'); const bot = Eris('Bot ' + process.env.DISCORD_TOKEN); bot.getSelf().then((u) => console.log(u.id), (e) => console.log('failed', e.message))",
    );
    expect(r.stdout).toBe(r.botUserId);
    expect(r.stderr).toContain('[cmdsync] shim: eris REST (discord.com) points at the emulator');
  });

  test('a bot that names its own base or domain keeps it', async () => {
    const oceanic = await asBot(
      "const { Client } = require('oceanic.js'); console.log(new Client({ auth: 'Bot x', rest: { baseURL: 'https://example.invalid/api/v10' } }).rest.handler.options.baseURL)",
    );
    expect(oceanic.stdout).toBe('https://example.invalid/api/v10');
    await em?.close();
    // eris's own domain is still asked over HTTPS (.invalid never resolves), not sent to the emulator.
    const eris = await asBot(
      "const Eris = require('eris'); Eris('Bot x', { rest: { domain: 'example.invalid' } }).getSelf().then(() => console.log('answered'), (e) => console.log(e.message))",
    );
    expect(eris.stdout).toMatch(/example\.invalid/);
  });
});

describe.runIf(discordPyAvailable())('Python: discord.py', () => {
  const python = (code: string, env = runnerEnv()) => spawnSync(PYTHON, ['-c', code], { env, encoding: 'utf8' });

  test("discord.py's Route.BASE and DEFAULT_GATEWAY are the emulator's once imported", () => {
    const r = python(
      'import discord; print(discord.http.Route.BASE); print(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)',
    );
    expect(r.stdout.trim().split('\n')).toEqual([API, GATEWAY]);
    expect(r.stderr).toContain('[cmdsync] shim: discord.http.Route.BASE points at the emulator');
  });

  test('a bot that sets its own keeps it, and another sitecustomize on the path still runs', () => {
    const dir = testdir();
    mkdirSync(join(dir, 'site'));
    writeFileSync(join(dir, 'site', 'sitecustomize.py'), 'import builtins\nbuiltins.CMDSYNC_OTHER_SITE = True\n');
    const r = python(
      "import builtins, discord; discord.http.Route.BASE = 'https://example.test/api/v10'; print(discord.http.Route.BASE); print(getattr(builtins, 'CMDSYNC_OTHER_SITE', False))",
      withShims({ ...runnerEnv(), PYTHONPATH: join(dir, 'site') }),
    );
    expect(r.stdout.trim().split('\n')).toEqual(['https://example.test/api/v10', 'True']);
  });
});
