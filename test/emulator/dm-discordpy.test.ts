/**
 * DMs from discord.py (issue 41 item 5): the script in fixtures/bots/dm-py
 * DMs a member with member.send and member.create_dm, then answers the
 * member's DM in on_message with the default intents (no message_content).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { discordPyAvailable, discordPyTitle, PYTHON } from '../helpers/discord-py.js';
import { ALICE, APP, dmSeed, GUILD } from './dm-setup.js';
import { start } from './helpers.js';

const SCRIPT = fileURLToPath(new URL('../../fixtures/bots/dm-py/dm.py', import.meta.url));

let em: RunningEmulator;
beforeAll(async () => {
  em = await start({ seed: dmSeed() });
});
afterAll(() => em?.close());

test.runIf(discordPyAvailable())(
  discordPyTitle('discord.py: member.send and create_dm open one DM; on_message hears a DM with its content'),
  async () => {
    const child = spawn(PYTHON, [SCRIPT], {
      env: {
        ...process.env,
        CMDSYNC_API_URL: em.url,
        CMDSYNC_GATEWAY_URL: em.gatewayUrl,
        DISCORD_TOKEN: em.credentials.botToken,
        GUILD_ID: GUILD,
        MEMBER_ID: ALICE,
      },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const killer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    const steps: Array<Record<string, any>> = [];
    for await (const line of createInterface({ input: child.stdout })) {
      const step = JSON.parse(line) as Record<string, any>;
      steps.push(step);
      // The member writes back once the bot has written to her.
      if (step.step === 'sent') em.say({ dm: true, userId: ALICE, content: 'thanks, bot' });
    }
    clearTimeout(killer);
    expect(
      steps.find((s) => s.step === 'error'),
      stderr,
    ).toBeUndefined();
    const dm = em.world.applications[APP]!.dms!.find((d) => d.userId === ALICE)!;
    expect(steps).toEqual([
      { step: 'sent', channel: dm.id, dm: dm.id, guild: false },
      { step: 'heard', content: 'thanks, bot', channel: dm.id, guild: false },
    ]);
    const contents = Object.values(em.world.messages)
      .filter((m) => m.channel_id === dm.id)
      .map((m) => m.message.content);
    expect(contents).toEqual(['hello from python', 'thanks, bot', 'echo: thanks, bot']);
  },
);
