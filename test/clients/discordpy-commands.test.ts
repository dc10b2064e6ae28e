/**
 * "Any language": a discord.py bot (Debian's python3-discord, test/clients/
 * discordpy/commands_bot.py), unmodified but for its API base, runs against the
 * emulator over loopback. discord.py connects to the gateway (asking for
 * zlib-stream compression), reads READY and the guilds, and answers through its
 * own REST client; the test invokes commands as a member would and reads
 * what the member sees.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { discordPyAvailable, discordPyTitle, PYTHON } from '../helpers/discord-py.js';
import { bot, call, start } from '../emulator/helpers.js';

const BOT = join(import.meta.dirname, 'discordpy/commands_bot.py');

interface PyBot {
  proc: ChildProcess;
  /** The next line the bot prints with this `event`, or a failure naming what it printed instead. */
  next(event: string, ms?: number): Promise<Record<string, unknown>>;
  output(): string;
}

function startPyBot(em: RunningEmulator): PyBot {
  const proc = spawn(PYTHON, [BOT], {
    env: {
      PATH: process.env.PATH ?? '',
      CMDSYNC_API: em.url,
      CMDSYNC_GATEWAY: em.gatewayUrl,
      CMDSYNC_BOT_TOKEN: em.credentials.botToken,
      CMDSYNC_GUILD_ID: em.credentials.guildId,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const seen: Array<Record<string, unknown>> = [];
  const waiting: Array<{ event: string; resolve: (v: Record<string, unknown>) => void }> = [];
  let log = '';
  proc.stderr!.on('data', (d: Buffer) => {
    log += d.toString();
  });
  createInterface({ input: proc.stdout! }).on('line', (line) => {
    log += `${line}\n`;
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    const i = waiting.findIndex((w) => w.event === msg.event);
    if (i === -1) seen.push(msg);
    else waiting.splice(i, 1)[0]!.resolve(msg);
  });
  return {
    proc,
    output: () => log,
    next(event, ms = 15_000) {
      const i = seen.findIndex((m) => m.event === event);
      if (i !== -1) return Promise.resolve(seen.splice(i, 1)[0]!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`discord.py printed no "${event}" within ${ms} ms; its output:\n${log}`)),
          ms,
        );
        waiting.push({
          event,
          resolve: (v) => {
            clearTimeout(timer);
            resolve(v);
          },
        });
      });
    },
  };
}

const run = discordPyAvailable();

describe.skipIf(!run)(discordPyTitle('a discord.py bot against the emulator'), () => {
  let em: RunningEmulator | undefined;
  let py: PyBot | undefined;
  afterEach(async () => {
    py?.proc.kill();
    py = undefined;
    await em?.close();
    em = undefined;
  });

  it('logs in over the gateway, answers a slash command through its own REST client, and a button click by updating the message', async () => {
    em = await start();
    const { applicationId, guildId } = em.credentials;
    for (const name of ['ping', 'confirm']) {
      const made = await call(em, 'POST', `/applications/${applicationId}/guilds/${guildId}/commands`, {
        auth: bot(em),
        body: { name, description: `The ${name} command` },
      });
      expect(made.status).toBe(201);
    }
    py = startPyBot(em);
    const ready = await py.next('ready');
    expect(ready.user).toBe(em.world.applications[applicationId]!.botUserId);
    expect(ready.guilds).toContain(guildId);

    const outcome = await em.invoke({ line: '/ping' });
    expect(outcome.outcome, py.output()).toBe('answered');
    if (outcome.outcome !== 'answered') return;
    expect(outcome.delivery).toBe('gateway');
    expect(outcome.callback?.type).toBe(4);
    expect(String((outcome.callback?.data as { content?: string })?.content)).toMatch(/^pong, /);
    expect(await py.next('invoked')).toMatchObject({ command: 'ping' });

    // A button flow: discord.py's View answers the click by editing the message in place (callback 7).
    const asked = await em.invoke({ line: '/confirm' });
    expect(asked.outcome, py.output()).toBe('answered');
    if (asked.outcome !== 'answered') return;
    const messageId = asked.original!.id as string;
    expect(asked.original).toMatchObject({
      content: 'Are you sure?',
      components: [{ type: 1, components: [{ type: 2, label: 'Confirm', custom_id: 'confirm' }] }],
    });
    const user = em.world.guilds[guildId]!.members[0]!.id;
    const clicked = await em.click({ messageId, button: 'Confirm', userId: user });
    expect(clicked, py.output()).toMatchObject({
      outcome: 'answered',
      callback: { type: 7 },
      message: { id: messageId, content: 'Confirmed.', components: [] },
    });
    expect(await py.next('clicked')).toMatchObject({ user, custom_id: 'confirm' });
    expect(em.world.messages[messageId]!.message).toMatchObject({ content: 'Confirmed.', components: [] });
  });
});
