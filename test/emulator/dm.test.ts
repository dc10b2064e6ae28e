/**
 * Direct messages over real HTTP and a raw gateway session (issue 41 item 5):
 * POST /users/@me/channels, the message and reaction routes in a DM, what a
 * DM refuses, and the dispatches a DM's messages make under DIRECT_MESSAGES.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { Intent } from '../../src/wire/gateway.js';
import { say } from './channel-messages-setup.js';
import { ALICE, BOB, dmSeed, GENERAL, OTHER_APP } from './dm-setup.js';
import { identify, RawGateway } from './gateway-client.js';
import { bot, call, start } from './helpers.js';

let em: RunningEmulator;
let botId: string;
const clients: RawGateway[] = [];
beforeAll(async () => {
  em = await start({ seed: dmSeed() });
  botId = em.world.applications[em.credentials.applicationId]!.botUserId;
});
afterEach(() => {
  for (const c of clients.splice(0)) c.ws.terminate();
});
afterAll(() => em.close());

const openDm = (recipient: unknown) =>
  call(em, 'POST', '/users/@me/channels', { auth: bot(em), body: { recipient_id: recipient } });

async function session(intents: number): Promise<RawGateway> {
  const c = new RawGateway(`${em.gatewayUrl}?v=10&encoding=json`);
  clients.push(c);
  await c.opened;
  await c.waitFor((f) => f.op === 10);
  c.send(identify(em.credentials.botToken, intents));
  await c.dispatch('READY');
  return c;
}

describe('POST /users/@me/channels', () => {
  test('opens a DM (type 1, the user as its one recipient), the same channel on every call', async () => {
    const first = await openDm(ALICE);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(String),
      type: 1,
      last_message_id: null,
      flags: 0,
      recipients: [expect.objectContaining({ id: ALICE, username: 'alice', bot: false })],
    });
    expect((await openDm(ALICE)).body.id).toBe(first.body.id);
    expect((await call(em, 'GET', `/channels/${first.body.id}`, { auth: bot(em) })).body).toEqual(first.body);
    expect(em.world.applications[em.credentials.applicationId]!.dms).toEqual([{ id: first.body.id, userId: ALICE }]);
  });

  test('an unknown user is 10013; another bot 50007; a missing or malformed recipient_id 50035', async () => {
    expect((await openDm('1310000000000009999')).body).toEqual({ code: 10013, message: 'Unknown User' });
    const otherBot = em.world.applications[OTHER_APP]!.botUserId;
    expect((await openDm(otherBot)).body).toEqual({ code: 50007, message: 'Cannot send messages to this user' });
    const missing = await call(em, 'POST', '/users/@me/channels', { auth: bot(em), body: {} });
    expect(missing).toMatchObject({ status: 400, body: { code: 50035, errors: { recipient_id: expect.anything() } } });
    expect((await openDm('bob')).status).toBe(400);
  });
});

describe('messages in a DM', () => {
  test('the bot sends, edits, lists, reacts and deletes its own; MESSAGE_CREATE has no guild_id and arrives only under DIRECT_MESSAGES', async () => {
    const dm = (await openDm(ALICE)).body.id as string;
    const guildOnly = await session(Intent.GUILDS | Intent.GUILD_MESSAGES);
    const direct = await session(Intent.DIRECT_MESSAGES | Intent.DIRECT_MESSAGE_REACTIONS);
    const sent = await call(em, 'POST', `/channels/${dm}/messages`, {
      auth: bot(em),
      body: { content: 'hello in private', embeds: [{ title: 'card' }] },
    });
    expect(sent).toMatchObject({ status: 200, body: { channel_id: dm, author: { id: botId, bot: true } } });
    expect(sent.body).not.toHaveProperty('guild_id');
    const created = await direct.dispatch('MESSAGE_CREATE');
    expect(created.d).toMatchObject({ id: sent.body.id, channel_id: dm, channel_type: 1, content: 'hello in private' });
    expect(created.d).not.toHaveProperty('guild_id');
    expect(created.d).not.toHaveProperty('member');

    const edited = await call(em, 'PATCH', `/channels/${dm}/messages/${sent.body.id}`, {
      auth: bot(em),
      body: { content: 'edited' },
    });
    expect(edited.body.content).toBe('edited');
    expect((await direct.dispatch('MESSAGE_UPDATE')).d).toMatchObject({ id: sent.body.id, content: 'edited' });
    const listed = await call(em, 'GET', `/channels/${dm}/messages`, { auth: bot(em) });
    expect(listed.body.map((m: { id: string }) => m.id)).toContain(sent.body.id);
    const react = await call(em, 'PUT', `/channels/${dm}/messages/${sent.body.id}/reactions/%F0%9F%91%8D/@me`, {
      auth: bot(em),
    });
    expect(react.status).toBe(204);
    expect((await direct.dispatch('MESSAGE_REACTION_ADD')).d).toMatchObject({ channel_id: dm, user_id: botId });
    expect((await call(em, 'GET', `/channels/${dm}`, { auth: bot(em) })).body.last_message_id).toBe(sent.body.id);
    expect((await call(em, 'DELETE', `/channels/${dm}/messages/${sent.body.id}`, { auth: bot(em) })).status).toBe(204);
    expect((await direct.dispatch('MESSAGE_DELETE')).d).toEqual({ id: sent.body.id, channel_id: dm });
    expect(guildOnly.frames.some((f) => String(f.t).startsWith('MESSAGE_'))).toBe(false);
  });

  test('alice writes to the bot: her DM opens, the bot reads her content without MESSAGE_CONTENT (facts §7.3)', async () => {
    const direct = await session(Intent.DIRECT_MESSAGES);
    const written = await say(em, { dm: true, userId: 'alice', content: 'help me' });
    expect(written.status).toBe(200);
    const created = await direct.dispatch('MESSAGE_CREATE');
    expect(created.d).toMatchObject({
      channel_id: written.body.channel_id,
      channel_type: 1,
      content: 'help me',
      author: { id: ALICE, username: 'alice' },
    });
    expect(created.d).not.toHaveProperty('guild_id');
    expect(written.body.channel_id).toBe((await openDm(ALICE)).body.id);
  });

  test('a DM refuses what needs a guild: others’ messages 50003, pins not emulated, guild-only routes 50003; another bot’s DM is 50001', async () => {
    const dm = (await openDm(ALICE)).body.id as string;
    const hers = await say(em, { dm: true, userId: ALICE, content: 'mine' });
    expect((await call(em, 'DELETE', `/channels/${dm}/messages/${hers.body.id}`, { auth: bot(em) })).body).toEqual({
      code: 50003,
      message: 'Cannot execute action on a DM channel',
    });
    const bulk = await call(em, 'POST', `/channels/${dm}/messages/bulk-delete`, {
      auth: bot(em),
      body: { messages: [hers.body.id, hers.body.id] },
    });
    expect(bulk.body).toMatchObject({ code: 50003 });
    const pin = await call(em, 'PUT', `/channels/${dm}/messages/pins/${hers.body.id}`, { auth: bot(em) });
    expect(pin.status).toBe(404);
    expect(pin.body.message).toMatch(/not emulated/);
    const other = await call(em, 'GET', `/channels/${dm}/messages`, {
      auth: `Bot ${em.world.applications[OTHER_APP]!.botToken}`,
    });
    expect(other.body).toEqual({ code: 50001, message: 'Missing Access' });
  });

  test('bob shares no guild with the bot: it may open his DM, but a message there is 50007, and he cannot write to it', async () => {
    const dm = (await openDm(BOB)).body.id as string;
    const sent = await call(em, 'POST', `/channels/${dm}/messages`, { auth: bot(em), body: { content: 'hi' } });
    expect(sent.body).toEqual({ code: 50007, message: 'Cannot send messages to this user' });
    expect((await say(em, { dm: true, userId: BOB, content: 'hi' })).body).toMatchObject({ code: 50007 });
    // The guild channel routes are unchanged beside it.
    expect(
      (await call(em, 'POST', `/channels/${GENERAL}/messages`, { auth: bot(em), body: { content: 'x' } })).status,
    ).toBe(200);
  });
});

describe('the web view', () => {
  test("GET /__emulator/view/world lists each bot's DMs, one per member, under Direct messages' data", async () => {
    const dm = (await openDm(ALICE)).body.id as string;
    await openDm(ALICE);
    const r = await fetch(`${new URL(em.url).origin}/__emulator/view/world`, {
      headers: { 'x-cmdsync-control': em.controlToken },
    });
    const view = (await r.json()) as { applications: Array<{ id: string; dms?: unknown[] }> };
    const mine = view.applications.find((a) => a.id === em.credentials.applicationId)!;
    expect(mine.dms).toContainEqual({ id: dm, userId: ALICE, username: 'alice' });
    expect(mine.dms!.filter((d: any) => d.userId === ALICE)).toHaveLength(1);
    expect(view.applications.find((a) => a.id === OTHER_APP)).not.toHaveProperty('dms');
  });
});
