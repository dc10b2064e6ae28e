/**
 * Every message, whoever sent it, reaches the bots in its guild over the
 * gateway (facts §7.4): MESSAGE_CREATE (guild_id, member), MESSAGE_UPDATE,
 * MESSAGE_DELETE, and reactions, each only with its intent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { Intent } from '../../src/wire/gateway.js';
import { identify, RawGateway } from './gateway-client.js';
import { bot, call, start } from './helpers.js';
import { ALICE, BOB, CH, GUILD, messageSeed, say } from './channel-messages-setup.js';

let em: RunningEmulator;
const clients: RawGateway[] = [];
beforeAll(async () => {
  em = await start({ seed: messageSeed });
});
afterEach(() => {
  for (const c of clients.splice(0)) c.ws.terminate();
});
afterAll(() => em.close());

async function session(intents: number): Promise<RawGateway> {
  const c = new RawGateway(`${em.gatewayUrl}?v=10&encoding=json`);
  clients.push(c);
  await c.opened;
  await c.waitFor((f) => f.op === 10);
  c.send(identify(em.credentials.botToken, intents));
  await c.dispatch('READY');
  if (intents & Intent.GUILDS) await c.dispatch('GUILD_CREATE');
  return c;
}

describe('message dispatches', () => {
  test("a bot's create, edit and delete arrive as MESSAGE_CREATE (guild_id, member), MESSAGE_UPDATE and MESSAGE_DELETE", async () => {
    const c = await session(Intent.GUILDS | Intent.GUILD_MESSAGES | Intent.MESSAGE_CONTENT);
    const sent = await call(em, 'POST', `/channels/${CH.general}/messages`, {
      auth: bot(em),
      body: { content: 'over the wire' },
    });
    const created = await c.dispatch('MESSAGE_CREATE');
    expect(created.d).toMatchObject({ ...sent.body, guild_id: GUILD, member: { roles: [], deaf: false, mute: false } });
    expect(created.d.member).not.toHaveProperty('user');

    await call(em, 'PATCH', `/channels/${CH.general}/messages/${sent.body.id}`, {
      auth: bot(em),
      body: { content: 'edited' },
    });
    expect((await c.dispatch('MESSAGE_UPDATE')).d).toMatchObject({
      id: sent.body.id,
      content: 'edited',
      guild_id: GUILD,
      tts: false,
    });
    await call(em, 'DELETE', `/channels/${CH.general}/messages/${sent.body.id}`, { auth: bot(em) });
    expect((await c.dispatch('MESSAGE_DELETE')).d).toEqual({
      id: sent.body.id,
      channel_id: CH.general,
      guild_id: GUILD,
    });
  });

  test("a member's message carries the member's roles; a webhook's has no member", async () => {
    const c = await session(Intent.GUILDS | Intent.GUILD_MESSAGES);
    await say(em, { channelId: CH.general, userId: ALICE, content: `from alice to <@${BOB}>` });
    const fromAlice = await c.dispatch('MESSAGE_CREATE');
    expect(fromAlice.d).toMatchObject({ author: { id: ALICE }, guild_id: GUILD });
    // Each mentioned user carries their member on the gateway copy (facts §7.4), without a nested user.
    expect(fromAlice.d.mentions).toEqual([
      expect.objectContaining({ id: BOB, member: expect.objectContaining({ roles: [] }) }),
    ]);
    expect(fromAlice.d.member.roles).toEqual(em.world.guilds[GUILD]!.members.find((m) => m.id === ALICE)!.roles);

    const hook = await call(em, 'POST', `/channels/${CH.general}/webhooks`, {
      auth: bot(em),
      body: { name: 'deploys' },
    });
    const executed = await call(em, 'POST', `/webhooks/${hook.body.id}/${hook.body.token}?wait=true`, {
      body: { content: 'deployed' },
    });
    const fromHook = await c.dispatch('MESSAGE_CREATE');
    expect(fromHook.d).toMatchObject({
      id: executed.body.id,
      webhook_id: hook.body.id,
      author: { id: hook.body.id },
      guild_id: GUILD,
    });
    expect(fromHook.d).not.toHaveProperty('member');
  });

  test('without GUILD_MESSAGES no message dispatch arrives', async () => {
    const without = await session(Intent.GUILDS);
    const withIt = await session(Intent.GUILDS | Intent.GUILD_MESSAGES);
    await call(em, 'POST', `/channels/${CH.general}/messages`, { auth: bot(em), body: { content: 'quiet please' } });
    await withIt.dispatch('MESSAGE_CREATE');
    expect(without.seen('MESSAGE_CREATE')).toEqual([]);
  });
});

describe('own reactions', () => {
  test('PUT adds (MESSAGE_REACTION_ADD with GUILD_MESSAGE_REACTIONS), the message shows it with me: true, DELETE removes it', async () => {
    const c = await session(Intent.GUILDS | Intent.GUILD_MESSAGE_REACTIONS);
    const m = await call(em, 'POST', `/channels/${CH.general}/messages`, {
      auth: bot(em),
      body: { content: 'react to me' },
    });
    const path = `/channels/${CH.general}/messages/${m.body.id}/reactions/${encodeURIComponent('👍')}/@me`;
    expect((await call(em, 'PUT', path, { auth: bot(em) })).status).toBe(204);
    const botId = em.world.applications[em.credentials.applicationId]!.botUserId;
    expect((await c.dispatch('MESSAGE_REACTION_ADD')).d).toMatchObject({
      user_id: botId,
      message_id: m.body.id,
      channel_id: CH.general,
      guild_id: GUILD,
      emoji: { id: null, name: '👍' },
      message_author_id: botId,
    });
    const read = await call(em, 'GET', `/channels/${CH.general}/messages/${m.body.id}`, { auth: bot(em) });
    expect(read.body.reactions).toEqual([
      expect.objectContaining({ emoji: { id: null, name: '👍' }, count: 1, me: true }),
    ]);
    // Reacting again changes nothing and tells no one.
    expect((await call(em, 'PUT', path, { auth: bot(em) })).status).toBe(204);
    expect((await call(em, 'DELETE', path, { auth: bot(em) })).status).toBe(204);
    expect((await c.dispatch('MESSAGE_REACTION_REMOVE')).d).toMatchObject({
      user_id: botId,
      message_id: m.body.id,
      emoji: { name: '👍' },
    });
    expect(c.seen('MESSAGE_REACTION_ADD')).toHaveLength(1);
    expect(
      (await call(em, 'GET', `/channels/${CH.general}/messages/${m.body.id}`, { auth: bot(em) })).body,
    ).not.toHaveProperty('reactions');
  });

  test('refusals: not an emoji 10014, no ADD_REACTIONS for a new emoji 50013, unknown message 10008', async () => {
    const m = await call(em, 'POST', `/channels/${CH.general}/messages`, { auth: bot(em), body: { content: 'x' } });
    expect(
      (await call(em, 'PUT', `/channels/${CH.general}/messages/${m.body.id}/reactions/thumbsup/@me`, { auth: bot(em) }))
        .body.code,
    ).toBe(10014);
    const elsewhere = await call(em, 'POST', `/channels/${CH.noEmbeds}/messages`, {
      auth: bot(em),
      body: { content: 'no reactions here' },
    });
    expect(
      (
        await call(
          em,
          'PUT',
          `/channels/${CH.noEmbeds}/messages/${elsewhere.body.id}/reactions/${encodeURIComponent('🎉')}/@me`,
          { auth: bot(em) },
        )
      ).body.code,
    ).toBe(50013);
    expect(
      (
        await call(
          em,
          'PUT',
          `/channels/${CH.general}/messages/1300000000000009999/reactions/${encodeURIComponent('🎉')}/@me`,
          { auth: bot(em) },
        )
      ).body.code,
    ).toBe(10008);
  });
});

test('a subscriber of the emulator events that serialises them sees the dispatch data (built lazily)', async () => {
  const seen: string[] = [];
  const stop = em.events.subscribe((e) => {
    if (e.name === 'MESSAGE_CREATE') seen.push(JSON.stringify({ ...e }));
  });
  const sent = await call(em, 'POST', `/channels/${CH.general}/messages`, {
    auth: bot(em),
    body: { content: 'seen by a subscriber' },
  });
  stop();
  expect(seen.map((s) => JSON.parse(s))).toEqual([
    expect.objectContaining({
      applicationId: em.credentials.applicationId,
      guildId: GUILD,
      intent: Intent.GUILD_MESSAGES,
      data: expect.objectContaining({ id: sent.body.id, content: 'seen by a subscriber' }),
    }),
  ]);
});
