/**
 * Interaction answers are messages of their channel: kept in the world and
 * its data file (created, edited, deleted as the bot does it), counted by the
 * message cap, and valid targets of a message command.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type InvokeOutcome, type RunningEmulator } from '../../src/emulator/index.js';
import { startHttpBot, type HttpBot } from '../helpers/http-bot.js';
import { APP, BOB, GENERAL, interactionSeed } from '../helpers/interaction-seed.js';
import { call } from './helpers.js';

const answers = (em: RunningEmulator) =>
  Object.values(em.world.messages)
    .filter((m) => m.interaction !== undefined)
    .map((m) => ({ content: m.message.content, command: m.interaction!.name, channel: m.channel_id }));

function answered(o: InvokeOutcome) {
  if (o.outcome !== 'answered') throw new Error(`expected an answer, got ${o.outcome}`);
  return o;
}

describe('interaction answers in the world', () => {
  let em: RunningEmulator | undefined;
  let bot: HttpBot | undefined;
  afterEach(async () => {
    await em?.close();
    await bot?.close();
    em = undefined;
    bot = undefined;
  });

  async function startWith(dataFile: string, maxMessagesPerChannel?: number): Promise<RunningEmulator> {
    const seed = interactionSeed();
    seed.commands!.push({ application_id: APP, type: 3, name: 'Quote' });
    em = await startEmulator({
      seed,
      dataFile,
      rateLimits: false,
      ...(maxMessagesPerChannel !== undefined ? { maxMessagesPerChannel } : {}),
    });
    bot ??= await startHttpBot({ publicKey: em.credentials.publicKey, apiBase: em.url });
    em.world.applications[APP]!.interactionsEndpointUrl = bot.url;
    return em;
  }

  it('original (inline and deferred+edited) and follow-up survive a restart; a deleted one does not', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cmdsync-answers-')), 'data.json');
    let e = await startWith(file);
    const hello = await e.invoke({ line: '/hello', channelId: GENERAL, userId: BOB });
    const slow = await e.invoke({ line: '/slow', channelId: GENERAL, userId: BOB, waitSeconds: 1 });
    expect(slow.outcome).toBe('answered');
    const secret = await e.invoke({ line: '/secret', channelId: GENERAL, userId: BOB });
    // The bot deletes its ephemeral answer through the interaction's webhook.
    const token = answered(secret).interaction.token as string;
    expect((await call(e, 'DELETE', `/webhooks/${APP}/${token}/messages/@original`)).status).toBe(204);
    const before = answers(e);
    expect(before.map((a) => a.content).sort()).toEqual([`Hello <@${BOB}>`, 'and one more thing', 'done thinking']);
    await e.close();

    e = await startWith(file);
    expect(answers(e)).toEqual(before);
    const original = answered(hello).original as { id: string };
    expect(e.world.messages[original.id]?.interaction).toMatchObject({
      name: 'hello',
      userId: BOB,
      applicationId: APP,
    });
    // A message command on the answer, after the restart: it is used in the answer's channel.
    const quote = await e.invoke({ messageCommand: 'Quote', target: original.id, userId: BOB });
    expect(answered(quote).interaction).toMatchObject({
      channel_id: GENERAL,
      data: { target_id: original.id, resolved: { messages: { [original.id]: { content: `Hello <@${BOB}>` } } } },
    });
  }, 30_000);

  it('answers count toward the per-channel message cap like webhook posts', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cmdsync-answers-')), 'data.json');
    const e = await startWith(file, 2);
    for (let i = 0; i < 3; i++)
      expect((await e.invoke({ line: '/hello', channelId: GENERAL, userId: BOB })).outcome).toBe('answered');
    expect(answers(e)).toHaveLength(2);
  }, 30_000);
});
