/**
 * The bot user is one user everywhere (issue 41 item 7): the author of its
 * messages, /users/@me, /users/{id} and the creator of its webhooks all carry
 * the same discriminator, a bot's 4-digit one, never the people's "0".
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, start } from './helpers.js';
import { ALICE, CH, messageSeed, say } from './channel-messages-setup.js';

let em: RunningEmulator;
beforeAll(async () => {
  em = await start({ seed: messageSeed });
});
afterAll(() => em.close());

test('every place that shows the bot user shows one discriminator, four digits', async () => {
  const me = await call(em, 'GET', '/users/@me', { auth: bot(em) });
  const byId = await call(em, 'GET', `/users/${me.body.id}`, { auth: bot(em) });
  const posted = await call(em, 'POST', `/channels/${CH.general}/messages`, { auth: bot(em), body: { content: 'hi' } });
  const hook = await call(em, 'POST', `/channels/${CH.general}/webhooks`, { auth: bot(em), body: { name: 'h' } });
  const seen = [me.body, byId.body, posted.body.author, hook.body.user].map((u) => [u.id, u.discriminator]);
  expect(new Set(seen.map(([, d]) => d)).size).toBe(1);
  expect(seen[0]![1]).toMatch(/^\d{4}$/);
  expect(seen.every(([id]) => id === me.body.id)).toBe(true);
});

test('a member stays a migrated user, discriminator "0"', async () => {
  const said = await say(em, { channelId: CH.general, userId: ALICE, content: 'hello' });
  expect(said.body.author.discriminator).toBe('0');
});
