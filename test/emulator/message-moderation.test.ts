/**
 * What a bot with MANAGE_MESSAGES / PIN_MESSAGES does to a channel's
 * messages (issue 41 item 6), over real HTTP and the gateway: pins (both
 * routes), bulk delete with its 2-100 and 14-day rules, and removing others'
 * reactions; each refused without the permission, each told over the gateway.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { TestClock } from '../helpers/clock.js';
import { readyClient, type RawGateway } from './gateway-client.js';
import { bot, call, start } from './helpers.js';

const APP = '110000000000000001';
const GUILD = '120000000000000001';
const GENERAL = '130000000000000001';
const LOCKED = '130000000000000002';
const ALICE = '140000000000000001';
const GUILDS = 1 << 0;
const GUILD_MESSAGES = 1 << 9;
const GUILD_MESSAGE_REACTIONS = 1 << 10;

let em: RunningEmulator;
let gw: RawGateway;
let clock: TestClock;

beforeAll(async () => {
  clock = new TestClock(undefined, { running: true });
  em = await start({
    seed: {
      applications: [{ id: APP }],
      guilds: [
        {
          id: GUILD,
          name: 'g',
          apps: { [APP]: { permissions: ['MANAGE_MESSAGES', 'PIN_MESSAGES', 'ADD_REACTIONS'] } },
          roles: [
            {
              name: '@everyone',
              permissions: ['VIEW_CHANNEL', 'SEND_MESSAGES', 'READ_MESSAGE_HISTORY', 'ADD_REACTIONS'],
            },
          ],
          channels: [
            { id: GENERAL, name: 'general' },
            // The bot is denied what moderating needs here.
            {
              id: LOCKED,
              name: 'locked',
              permission_overwrites: [{ id: GUILD, type: 'role', deny: ['MANAGE_MESSAGES', 'PIN_MESSAGES'] }],
            },
          ],
          members: [{ id: ALICE, username: 'alice' }],
        },
      ],
    },
    now: clock.now,
    timers: clock,
  });
  gw = (await readyClient(em.gatewayUrl, em.credentials.botToken, GUILDS | GUILD_MESSAGES | GUILD_MESSAGE_REACTIONS)).c;
}, 30_000);
afterAll(async () => {
  gw?.ws.close();
  await em?.close();
});

const api = (method: string, path: string, body?: unknown) => call(em, method, path, { auth: bot(em), body });
const post = async (channel: string, content: string) =>
  (await api('POST', `/channels/${channel}/messages`, { content })).body.id as string;
const said = (content: string, channel = GENERAL) =>
  em.say({ channelId: channel, userId: ALICE, content }).body as { id: string };

describe('pins', () => {
  test('pin, list on both routes, unpin: the message says pinned, CHANNEL_PINS_UPDATE is sent', async () => {
    const id = await post(GENERAL, 'read the rules');
    expect((await api('PUT', `/channels/${GENERAL}/messages/pins/${id}`)).status).toBe(204);
    expect((await gw.dispatch('CHANNEL_PINS_UPDATE')).d).toMatchObject({ channel_id: GENERAL, guild_id: GUILD });
    expect((await api('GET', `/channels/${GENERAL}/messages/${id}`)).body.pinned).toBe(true);
    const page = (await api('GET', `/channels/${GENERAL}/messages/pins`)).body;
    expect(page.items.map((i: { message: { id: string } }) => i.message.id)).toEqual([id]);
    expect(page.has_more).toBe(false);
    expect((await api('GET', `/channels/${GENERAL}/pins`)).body.map((m: { id: string }) => m.id)).toEqual([id]);
    expect((await api('DELETE', `/channels/${GENERAL}/pins/${id}`)).status).toBe(204);
    expect((await api('GET', `/channels/${GENERAL}/pins`)).body).toEqual([]);
  });

  test('a pin posts the "pinned a message" notice (type 6) by the bot, pointing at the message; unpin posts none', async () => {
    const id = await post(GENERAL, 'the schedule');
    expect((await api('PUT', `/channels/${GENERAL}/pins/${id}`)).status).toBe(204);
    const created = await gw.waitFor((f) => f.t === 'MESSAGE_CREATE' && f.d.message_reference?.message_id === id);
    expect(created.d).toMatchObject({
      channel_id: GENERAL,
      guild_id: GUILD,
      content: '',
      author: { id: em.world.applications[APP]!.botUserId, bot: true },
      message_reference: { channel_id: GENERAL, message_id: id, guild_id: GUILD },
    });
    const latest = (await api('GET', `/channels/${GENERAL}/messages?limit=1`)).body[0];
    expect(latest).toMatchObject({ id: created.d.id, type: 6 });
    // Pinning again changes nothing and posts nothing; unpinning posts nothing.
    await api('PUT', `/channels/${GENERAL}/pins/${id}`);
    await api('DELETE', `/channels/${GENERAL}/pins/${id}`);
    const notices = Object.values(em.world.messages).filter(
      (m) => m.message.type === 6 && (m.message.message_reference as { message_id: string }).message_id === id,
    );
    expect(notices.map((m) => m.id)).toEqual([created.d.id]);
  });

  test('without PIN_MESSAGES in the channel a pin is refused with 50013, and nothing changes', async () => {
    const id = await post(LOCKED, 'try me');
    const r = await api('PUT', `/channels/${LOCKED}/messages/pins/${id}`);
    expect([r.status, r.body.code]).toEqual([403, 50013]);
    expect((await api('GET', `/channels/${LOCKED}/pins`)).body).toEqual([]);
  });
});

describe('bulk delete', () => {
  test('deletes 2-100 messages at once and sends MESSAGE_DELETE_BULK', async () => {
    const ids = [said('one').id, said('two').id, await post(GENERAL, 'three')];
    const r = await api('POST', `/channels/${GENERAL}/messages/bulk-delete`, { messages: ids });
    expect(r.status).toBe(204);
    expect((await gw.dispatch('MESSAGE_DELETE_BULK')).d).toMatchObject({
      ids: expect.arrayContaining(ids),
      channel_id: GENERAL,
    });
    for (const id of ids) expect(em.world.messages[id]).toBeUndefined();
  });

  test('fewer than 2, duplicates, or a message older than 14 days refuse the whole request', async () => {
    const one = said('only').id;
    expect((await api('POST', `/channels/${GENERAL}/messages/bulk-delete`, { messages: [one] })).status).toBe(400);
    expect((await api('POST', `/channels/${GENERAL}/messages/bulk-delete`, { messages: [one, one] })).status).toBe(400);
    const old = said('old').id;
    clock.advance(15 * 24 * 3600 * 1000);
    const fresh = said('fresh').id;
    const r = await api('POST', `/channels/${GENERAL}/messages/bulk-delete`, { messages: [old, fresh] });
    expect([r.status, r.body.code]).toEqual([400, 50034]);
    expect(em.world.messages[old]).toBeDefined();
    expect(em.world.messages[fresh]).toBeDefined();
  });

  test('without MANAGE_MESSAGES in the channel it is refused with 50013', async () => {
    const ids = [said('a', LOCKED).id, said('b', LOCKED).id];
    const r = await api('POST', `/channels/${LOCKED}/messages/bulk-delete`, { messages: ids });
    expect([r.status, r.body.code]).toEqual([403, 50013]);
  });
});

describe("others' reactions", () => {
  test("a member's reaction, one emoji's, and all of them are removed, each told over the gateway", async () => {
    const id = await post(GENERAL, 'vote');
    const at = { channelId: GENERAL, messageId: id, userId: ALICE };
    em.member.react({ ...at, emoji: '👍' });
    em.member.react({ ...at, emoji: '👎' });
    expect(
      (await api('DELETE', `/channels/${GENERAL}/messages/${id}/reactions/${encodeURIComponent('👍')}/${ALICE}`))
        .status,
    ).toBe(204);
    expect((await gw.dispatch('MESSAGE_REACTION_REMOVE')).d).toMatchObject({ user_id: ALICE, emoji: { name: '👍' } });
    em.member.react({ ...at, emoji: '👍' });
    expect(
      (await api('DELETE', `/channels/${GENERAL}/messages/${id}/reactions/${encodeURIComponent('👍')}`)).status,
    ).toBe(204);
    expect((await gw.dispatch('MESSAGE_REACTION_REMOVE_EMOJI')).d).toMatchObject({
      message_id: id,
      emoji: { name: '👍' },
    });
    expect((await api('DELETE', `/channels/${GENERAL}/messages/${id}/reactions`)).status).toBe(204);
    expect((await gw.dispatch('MESSAGE_REACTION_REMOVE_ALL')).d).toMatchObject({ message_id: id });
    expect(em.world.messages[id]!.reactions ?? []).toEqual([]);
  });

  test("without MANAGE_MESSAGES another's reaction stays, refused with 50013", async () => {
    const id = await post(LOCKED, 'vote');
    em.member.react({ channelId: LOCKED, messageId: id, userId: ALICE, emoji: '👍' });
    const r = await api('DELETE', `/channels/${LOCKED}/messages/${id}/reactions/${encodeURIComponent('👍')}/${ALICE}`);
    expect([r.status, r.body.code]).toEqual([403, 50013]);
    expect(em.world.messages[id]!.reactions).toEqual([{ emoji: '👍', userIds: [ALICE] }]);
  });
});
