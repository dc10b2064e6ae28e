/** The web view's channel shows every sender's messages: a bot's REST post and a member's post, with their source, live notes included. */
import { request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MessageNote } from '../../src/emulator/gateway/events.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, start } from './helpers.js';
import { ALICE, CH, messageSeed, say } from './channel-messages-setup.js';

let em: RunningEmulator;
beforeAll(async () => {
  em = await start({ seed: messageSeed });
});
afterAll(() => em.close());

test("a bot's post and a member's post are in the channel view with source bot and member, and noted as they happen", async () => {
  const notes: MessageNote[] = [];
  const stop = em.events.observe((n) => {
    if (n.kind === 'message') notes.push(n);
  });
  const fromBot = await call(em, 'POST', `/channels/${CH.general}/messages`, {
    auth: bot(em),
    body: { content: 'from the bot' },
  });
  const fromAlice = await say(em, { channelId: CH.general, userId: ALICE, content: 'from alice' });
  await call(em, 'DELETE', `/channels/${CH.general}/messages/${fromBot.body.id}`, { auth: bot(em) });
  stop();
  expect(notes.map((n) => [n.action, n.source, n.messageId])).toEqual([
    ['create', 'bot', fromBot.body.id],
    ['create', 'member', fromAlice.body.id],
    ['delete', 'bot', fromBot.body.id],
  ]);
  const res = await request(`${em.url.replace(/\/api\/v10$/, '')}/__emulator/view/channels/${CH.general}/messages`, {
    headers: { 'x-cmdsync-control': em.controlToken },
  });
  const page = (await res.body.json()) as {
    messages: Array<{ id: string; source: string; deleted: boolean; message: { content: string } }>;
  };
  expect(page.messages.map((m) => [m.id, m.source, m.deleted, m.message.content])).toEqual([
    [fromBot.body.id, 'bot', true, 'from the bot'],
    [fromAlice.body.id, 'member', false, 'from alice'],
  ]);
});
