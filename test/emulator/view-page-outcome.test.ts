import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { BOB, GENERAL } from '../helpers/interaction-seed.js';
import type { HttpBot } from '../helpers/http-bot.js';
import { startWithHttpBot } from './helpers.js';

describe('POST /__emulator/interactions for the web view (forPage)', () => {
  let em: RunningEmulator;
  let bot: HttpBot;
  beforeAll(async () => {
    ({ em, bot } = await startWithHttpBot());
  });
  afterAll(async () => {
    await bot?.close();
    await em?.close();
  });

  const post = async (body: unknown) => {
    const res = await request(`${new URL(em.url).origin}/__emulator/interactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cmdsync-control': em.controlToken },
      body: JSON.stringify(body),
    });
    return { status: res.statusCode, text: await res.body.text() };
  };

  it('answers without the interaction token; other callers still get it', async () => {
    const page = await post({ line: '/hello', channelId: GENERAL, userId: BOB, forPage: true });
    expect(page.status).toBe(200);
    const token = bot.received.at(-1).token as string;
    expect(JSON.parse(page.text)).toMatchObject({
      outcome: 'answered',
      original: { content: `Hello <@${BOB}>` },
      interaction: { id: bot.received.at(-1).id },
    });
    expect(JSON.parse(page.text).interaction.token).toBeUndefined();
    expect(page.text).not.toContain(token);

    const cli = await post({ line: '/hello', channelId: GENERAL, userId: BOB });
    expect(JSON.parse(cli.text).interaction.token).toBe(bot.received.at(-1).token);
  });
});
