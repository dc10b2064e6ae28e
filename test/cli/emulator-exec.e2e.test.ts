/**
 * `cmdsync emulator exec -- COMMAND…` (issue 38 item 1): an unmodified bot,
 * run by hand against a running `cmdsync emulator`, connects to it through
 * the same shims `cmdsync test` uses: discord.js and discord.py bots that
 * name no address log in to the emulator. Real processes throughout.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runBin, spawnEmulatorCli, STACK } from '../helpers/cli.js';
import { discordPyAvailable, discordPyTitle, PYTHON } from '../helpers/discord-py.js';
import { FIXTURES, ROOT } from '../helpers/fixtures.js';

const BOTS = join(FIXTURES, 'bots/unmodified');
let proc: ChildProcess;
let vars: Record<string, string>;

beforeAll(async () => {
  ({ proc, vars } = await spawnEmulatorCli(['--port', '0']));
}, 30_000);
afterAll(() => {
  proc?.kill();
});

const exec = (command: string[], env: Record<string, string>) =>
  runBin(['emulator', 'exec', '--', ...command], { cwd: ROOT, env, timeoutMs: 30_000 });

test('a discord.js bot that names no address logs in to the running emulator', async () => {
  const r = await exec(['node', join(BOTS, 'ready.cjs')], {
    CMDSYNC_API_URL: vars.CMDSYNC_API_URL!,
    DISCORD_TOKEN: vars.DISCORD_TOKEN!,
  });
  expect(r.stdout).toMatch(/^Ready! Logged in as .+ in 1 guild\(s\)$/m);
  expect(r.stderr).toContain('[cmdsync] shim: @discordjs/rest (discord.js) points at the emulator');
  expect(r.code).toBe(0);
}, 40_000);

test.runIf(discordPyAvailable())(
  discordPyTitle('a discord.py bot that names no address logs in too'),
  async () => {
    const r = await exec([PYTHON, join(BOTS, 'ready.py')], {
      CMDSYNC_API_URL: vars.CMDSYNC_API_URL!,
      DISCORD_TOKEN: vars.DISCORD_TOKEN!,
    });
    expect(r.stdout).toMatch(/^Logged on as .+ in 1 guild\(s\)$/m);
    expect(r.code).toBe(0);
  },
  40_000,
);

test("the bot's exit code is exec's; what is missing is said, without a stack", async () => {
  const env = { CMDSYNC_API_URL: vars.CMDSYNC_API_URL!, DISCORD_TOKEN: vars.DISCORD_TOKEN! };
  expect((await exec(['node', '-e', 'process.exit(3)'], env)).code).toBe(3);
  const noUrl = await exec(['node', '-e', '0'], { DISCORD_TOKEN: 'x' });
  expect(noUrl.stderr).toMatch(/start `cmdsync emulator` and set CMDSYNC_API_URL/);
  const noToken = await exec(['node', '-e', '0'], { CMDSYNC_API_URL: vars.CMDSYNC_API_URL! });
  expect(noToken.stderr).toMatch(/set DISCORD_TOKEN to the bot token/);
  const badUrl = await exec(['node', '-e', '0'], { CMDSYNC_API_URL: 'http://127.0.0.1:1/', DISCORD_TOKEN: 'x' });
  expect(badUrl.stderr).toMatch(/must end with the API's version/);
  const missing = await exec(['no-such-bot-command'], env);
  expect(missing.stderr).toMatch(/no-such-bot-command: command not found/);
  for (const r of [noUrl, noToken, badUrl, missing]) {
    expect(r.code).not.toBe(0);
    expect(r.stderr).not.toMatch(STACK);
  }
}, 60_000);
