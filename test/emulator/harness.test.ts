/**
 * The harness a test runner drives (emulator/harness/): settling waits for
 * what the bot does after its answer, a restore puts the saved world back
 * (messages gone, ids and tokens kept), the clock's advance expires tokens,
 * and the answers of an interaction are read as the channel now holds them.
 * The "bot" here answers INTERACTION_CREATE over the real callback and
 * webhook routes.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { BOB, GENERAL, interactionSeed } from '../helpers/interaction-seed.js';
import { start } from './helpers.js';

let em: RunningEmulator;
const tokens: string[] = [];

async function post(path: string, body: unknown, method = 'POST'): Promise<number> {
  const res = await fetch(em.url + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  em = await start({ seed: interactionSeed(), harness: true });
  em.events.subscribe((e) => {
    if (e.name !== 'INTERACTION_CREATE') return;
    const i = e.data as { id: string; token: string; application_id: string; data: { name: string } };
    tokens.push(i.token);
    void (async () => {
      if (i.data.name === 'slow') {
        // Defer, edit 150 ms later (awaited as owed), then a follow-up 50 ms after that (within the quiet period).
        await post(`/interactions/${i.id}/${i.token}/callback`, { type: 5 });
        await sleep(150);
        await post(`/webhooks/${i.application_id}/${i.token}/messages/@original`, { content: 'done' }, 'PATCH');
        await sleep(50);
        await post(`/webhooks/${i.application_id}/${i.token}`, { content: 'and one more' });
      } else if (i.data.name === 'hello')
        await post(`/interactions/${i.id}/${i.token}/callback`, { type: 4, data: { content: 'hi' } });
    })();
  });
  em.harness!.save();
});

afterAll(() => em?.close());

test('settled() waits for the deferred edit and the follow-up behind it; answers() reads them as they stand', async () => {
  const out = await em.harness!.track(em.invoke({ line: '/slow', channelId: GENERAL, userId: BOB, waitSeconds: 0 }));
  if (out.outcome !== 'answered') throw new Error(JSON.stringify(out));
  expect(out.followups).toHaveLength(0);
  expect(await em.harness!.settled({ quietMs: 500 })).toBe(true);
  const answers = em.harness!.answers(out.interaction.id as string)!;
  expect(answers.original).toMatchObject({ content: 'done' });
  expect(answers.followups.map((f) => f.content)).toEqual(['and one more']);
});

test('restore() puts the saved world back: the messages are gone, the credentials stay', async () => {
  const before = em.credentials.botToken;
  await em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB, waitSeconds: 0 });
  await em.harness!.settled();
  expect(Object.values(em.world.messages).some((m) => m.message.content === 'hi')).toBe(true);
  em.harness!.restore();
  expect(Object.values(em.world.messages)).toHaveLength(0);
  expect(em.world.applications[em.credentials.applicationId]!.botToken).toBe(before);
  const res = await fetch(`${em.url}/users/@me`, { headers: { authorization: `Bot ${before}` } });
  expect(res.status).toBe(200);
});

test("advance() makes an interaction's token expire: its follow-up is refused; restore() sets the clock back", async () => {
  em.harness!.restore();
  const out = await em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB, waitSeconds: 0 });
  expect(out.outcome).toBe('answered');
  const token = tokens.at(-1)!;
  expect(await post(`/webhooks/${em.credentials.applicationId}/${token}`, { content: 'still here' })).toBe(200);
  em.harness!.advance(16 * 60_000);
  expect(await post(`/webhooks/${em.credentials.applicationId}/${token}`, { content: 'too late' })).not.toBe(200);
  em.harness!.restore();
  const again = await em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB, waitSeconds: 0 });
  expect(again.outcome).toBe('answered');
});

test('settled() is bounded: an interaction nobody answers holds it no longer than asked', async () => {
  const started = performance.now();
  const pending = em.invoke({ line: '/silent', channelId: GENERAL, userId: BOB, waitSeconds: 0 });
  await sleep(20);
  expect(await em.harness!.settled({ maxMs: 300 })).toBe(false);
  expect(performance.now() - started).toBeLessThan(2_500);
  await pending;
});

test("restore() keeps an earlier interaction's token valid: its late edit and follow-up work in the world it left, not the restored one", async () => {
  em.harness!.restore();
  const out = await em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB, waitSeconds: 0 });
  if (out.outcome !== 'answered') throw new Error(JSON.stringify(out));
  await em.harness!.settled();
  const token = tokens.at(-1)!;
  const app = em.credentials.applicationId;
  em.harness!.restore();
  const notes: Array<{ route: string; status: number; interactionId?: string }> = [];
  const detach = em.events.observe((n) => {
    if (n.kind === 'request') notes.push(n);
  });
  expect(await post(`/webhooks/${app}/${token}/messages/@original`, { content: 'late edit' }, 'PATCH')).toBe(200);
  expect(await post(`/webhooks/${app}/${token}`, { content: 'late follow-up' })).toBe(200);
  detach();
  // The restored world is as saved: nothing of the earlier scenario's answers shows in it.
  expect(Object.values(em.world.messages)).toHaveLength(0);
  // Each request is said to be the interaction's, so a runner can attribute it to its scenario.
  expect(notes.map((n) => [n.status, n.interactionId])).toEqual([
    [200, out.interaction.id],
    [200, out.interaction.id],
  ]);
  // An earlier interaction is not the next scenario's to wait for.
  expect(await em.harness!.settled({ maxMs: 1_000 })).toBe(true);
});

test("after restore(), a bot's late request on the scenario before's message is answered in the world that scenario left", async () => {
  const em = await start({
    seed: {
      guilds: [
        {
          name: 'g',
          roles: [
            {
              name: '@everyone',
              permissions: ['VIEW_CHANNEL', 'SEND_MESSAGES', 'ADD_REACTIONS', 'READ_MESSAGE_HISTORY'],
            },
          ],
          channels: [{ id: GENERAL, name: 'general' }],
        },
      ],
    },
    harness: true,
  });
  em.harness!.save();
  const bot = { authorization: `Bot ${em.credentials.botToken}`, 'content-type': 'application/json' };
  const sent = await fetch(`${em.url}/channels/${GENERAL}/messages`, {
    method: 'POST',
    headers: bot,
    body: JSON.stringify({ content: 'poll' }),
  });
  const poll = (await sent.json()) as { id: string };
  const notes: Array<{ kind: string; retired?: true }> = [];
  const stop = em.events.observe((n) => notes.push(n as { kind: string; retired?: true }));
  em.harness!.restore();
  // The reaction chained after the bot's first one, and its reply to the poll, come after the reset.
  const react = await fetch(`${em.url}/channels/${GENERAL}/messages/${poll.id}/reactions/%F0%9F%91%8D/@me`, {
    method: 'PUT',
    headers: bot,
  });
  const reply = await fetch(`${em.url}/channels/${GENERAL}/messages`, {
    method: 'POST',
    headers: bot,
    body: JSON.stringify({ content: 'nobody voted', message_reference: { message_id: poll.id } }),
  });
  stop();
  expect([react.status, reply.status]).toEqual([204, 200]);
  const replied = (await reply.json()) as { id: string };
  // The current world is as restored; the late work is in the world the reset left behind.
  expect(em.world.messages[poll.id]).toBeUndefined();
  expect(em.world.messages[replied.id]).toBeUndefined();
  expect(notes.filter((n) => n.kind === 'request').map((n) => n.retired)).toEqual([true, true]);
  // A message neither world has is the current world's to refuse, as before.
  const now = await fetch(`${em.url}/channels/${GENERAL}/messages/999999999999999999`, { headers: bot });
  expect(now.status).toBe(404);
  await em.close();
});
