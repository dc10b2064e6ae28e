/**
 * Channels and threads from discord.py (issue 41 items 3, 4): the script in
 * fixtures/bots/channels-py makes a private ticket channel with overwrites,
 * edits it, starts two threads, archives and locks one, and deletes the
 * channel; the world after each step is checked here.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { discordPyAvailable, discordPyTitle, PYTHON } from '../helpers/discord-py.js';
import { start } from './helpers.js';
import { BOB, channelSeed, GUILD, SUPPORT } from './guild-channels-setup.js';

const SCRIPT = fileURLToPath(new URL('../../fixtures/bots/channels-py/channels.py', import.meta.url));

let em: RunningEmulator;
beforeAll(async () => {
  em = await start({ seed: channelSeed() });
});
afterAll(() => em?.close());

function runScript(): Promise<{ code: number | null; steps: Array<Record<string, any>>; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(PYTHON, [SCRIPT], {
      env: {
        ...process.env,
        CMDSYNC_API_URL: em.url,
        CMDSYNC_GATEWAY_URL: em.gatewayUrl,
        DISCORD_TOKEN: em.credentials.botToken,
        GUILD_ID: GUILD,
        CATEGORY_ID: SUPPORT,
        MEMBER_ID: BOB,
      },
    });
    let out = '';
    let stderr = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) =>
      resolve({
        code,
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
  discordPyTitle('discord.py: create_text_channel with overwrites, edit, create_thread, thread.edit(archived), delete'),
  async () => {
    const { steps, stderr } = await runScript();
    expect(
      steps.find((s) => s.step === 'error'),
      stderr,
    ).toBeUndefined();
    const created = steps.find((s) => s.step === 'created')!;
    expect(created).toMatchObject({ category: SUPPORT, topic: 'help', overwrites: 3 });
    expect(steps.find((s) => s.step === 'edited')).toMatchObject({ topic: 'still open', slowmode: 30 });
    expect(steps.find((s) => s.step === 'thread')).toMatchObject({ parent: created.id, type: 11 });
    const fromMessage = steps.find((s) => s.step === 'from-message')!;
    expect(fromMessage.id).toBe(fromMessage.message);
    expect(steps.find((s) => s.step === 'archived')).toMatchObject({ archived: true, locked: true });
    expect(steps.at(-1)).toMatchObject({ step: 'deleted', id: created.id });
    // The channel, its threads and their messages are gone from the world.
    const channels = em.world.guilds[GUILD]!.channels;
    expect(channels.some((c) => c.id === created.id || c.parentId === created.id)).toBe(false);
  },
  60_000,
);
