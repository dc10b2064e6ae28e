/**
 * Thread lists and the pin notice from discord.py (issue 41 items 4, 6): the
 * script in fixtures/bots/thread-lists-py starts threads, reads them back
 * with guild.active_threads() and channel.archived_threads() (public, private,
 * joined), pins a message and waits for the pins_add message.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { discordPyAvailable, discordPyTitle, PYTHON } from '../helpers/discord-py.js';
import { start } from './helpers.js';
import { BOT_PERMISSIONS, channelSeed, GENERAL, GUILD } from './guild-channels-setup.js';

const SCRIPT = fileURLToPath(new URL('../../fixtures/bots/thread-lists-py/threads.py', import.meta.url));

let em: RunningEmulator;
beforeAll(async () => {
  em = await start({ seed: channelSeed([...BOT_PERMISSIONS, 'PIN_MESSAGES']) });
});
afterAll(() => em?.close());

function runScript(): Promise<{ steps: Array<Record<string, any>>; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(PYTHON, [SCRIPT], {
      env: {
        ...process.env,
        CMDSYNC_API_URL: em.url,
        CMDSYNC_GATEWAY_URL: em.gatewayUrl,
        DISCORD_TOKEN: em.credentials.botToken,
        GUILD_ID: GUILD,
        CHANNEL_ID: GENERAL,
      },
    });
    let out = '';
    let stderr = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', () =>
      resolve({
        steps: out
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
        stderr,
      }),
    );
  });
}

test.runIf(discordPyAvailable())(
  discordPyTitle('discord.py: guild.active_threads(), channel.archived_threads(private, joined), message.pin()'),
  async () => {
    const { steps, stderr } = await runScript();
    const step = (name: string) => steps.find((s) => s.step === name);
    expect(step('error'), stderr).toBeUndefined();
    const made = step('made')!;
    expect(step('active')!.ids).toEqual([made.open]);
    expect(step('public')!.ids).toEqual([made.done]);
    expect(step('private')!.ids).toEqual([made.secret]);
    expect(step('joined')!.ids).toEqual([made.secret]);
    const pinned = step('pinned')!;
    expect(pinned.reference).toBe(pinned.message);
    expect(pinned.author).toBe(pinned.me);
  },
  60_000,
);
