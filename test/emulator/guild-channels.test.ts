/**
 * A bot's guild channels over real HTTP and the gateway (issue 41 item 3):
 * create, edit, delete (with its threads and messages), positions, field
 * limits, permission overwrites through the access model, slowmode on the
 * emulator's clock, and CHANNEL_* dispatches under GUILDS.
 */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { TestClock } from '../helpers/clock.js';
import { readyClient, type RawGateway } from './gateway-client.js';
import { bot, call, start } from './helpers.js';
import { BOB, CAROL, channelSeed, GENERAL, GUILD, MODERATOR, SUPPORT } from './guild-channels-setup.js';

let em: RunningEmulator;
let clock: TestClock;
let gw: RawGateway;
const GUILDS = 1;

beforeAll(async () => {
  clock = new TestClock(undefined, { running: true });
  em = await start({ seed: channelSeed(), now: clock.now, timers: clock });
  gw = (await readyClient(em.gatewayUrl, em.credentials.botToken, GUILDS)).c;
});
afterAll(async () => {
  gw?.ws.close();
  await em?.close();
});

const api = (method: string, path: string, body?: unknown) => call(em, method, path, { auth: bot(em), body });
const channels = () => em.world.guilds[GUILD]!.channels;
const say = (channelId: string, userId: string, content = 'hi') => em.say({ channelId, userId, content });

describe('create, edit, delete', () => {
  test('POST /guilds/{id}/channels makes a channel under a category; CHANNEL_CREATE reaches a GUILDS session', async () => {
    const r = await api('POST', `/guilds/${GUILD}/channels`, {
      name: 'ticket-bob',
      parent_id: SUPPORT,
      topic: 'Help for bob',
      rate_limit_per_user: 30,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      type: 0,
      name: 'ticket-bob',
      guild_id: GUILD,
      parent_id: SUPPORT,
      topic: 'Help for bob',
      rate_limit_per_user: 30,
    });
    expect(channels().find((c) => c.id === r.body.id)).toMatchObject({ name: 'ticket-bob', parentId: SUPPORT });
    expect((await gw.dispatch('CHANNEL_CREATE')).d).toMatchObject({ id: r.body.id, name: 'ticket-bob' });
    expect((await api('GET', `/channels/${r.body.id}`)).body).toEqual(r.body);
  });

  test('field limits are the service answers: name 1-100, topic to 1024, slowmode to 21600, a parent that is a category', async () => {
    const bad = await api('POST', `/guilds/${GUILD}/channels`, {
      name: 'x'.repeat(101),
      topic: 't'.repeat(1025),
      rate_limit_per_user: 21_601,
    });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        code: 50035,
        errors: {
          name: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] },
          topic: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] },
          rate_limit_per_user: { _errors: [{ code: 'NUMBER_TYPE_MAX' }] },
        },
      },
    });
    expect((await api('POST', `/guilds/${GUILD}/channels`, {})).body.errors.name._errors[0].code).toBe(
      'BASE_TYPE_REQUIRED',
    );
    const notCategory = await api('POST', `/guilds/${GUILD}/channels`, { name: 'x', parent_id: GENERAL });
    expect(notCategory.body.errors.parent_id).toBeDefined();
    expect(channels().filter((c) => c.name === 'x')).toEqual([]);
  });

  test('PATCH /channels/{id} edits topic and slowmode; CHANNEL_UPDATE; PATCH positions reorders', async () => {
    const made = (await api('POST', `/guilds/${GUILD}/channels`, { name: 'edit-me' })).body;
    const r = await api('PATCH', `/channels/${made.id}`, { name: 'edited', topic: 'new', rate_limit_per_user: 0 });
    expect(r).toMatchObject({ status: 200, body: { name: 'edited', topic: 'new', rate_limit_per_user: 0 } });
    expect((await gw.waitFor((f) => f.t === 'CHANNEL_UPDATE' && f.d.id === made.id)).d.name).toBe('edited');
    expect((await api('PATCH', `/guilds/${GUILD}/channels`, [{ id: made.id, position: 0 }])).status).toBe(204);
    expect((await api('GET', `/channels/${made.id}`)).body.position).toBe(0);
    expect((await api('GET', `/channels/${GENERAL}`)).body.position).toBe(1);
  });

  test('DELETE /channels/{id} removes it with its threads and their messages; CHANNEL_DELETE', async () => {
    const made = (await api('POST', `/guilds/${GUILD}/channels`, { name: 'doomed' })).body;
    const msg = (await api('POST', `/channels/${made.id}/messages`, { content: 'hi' })).body;
    const thread = (await api('POST', `/channels/${made.id}/messages/${msg.id}/threads`, { name: 't' })).body;
    await api('POST', `/channels/${thread.id}/messages`, { content: 'in thread' });
    const r = await api('DELETE', `/channels/${made.id}`);
    expect(r).toMatchObject({ status: 200, body: { id: made.id, name: 'doomed' } });
    expect(channels().some((c) => c.id === made.id || c.id === thread.id)).toBe(false);
    expect(Object.values(em.world.messages).some((m) => m.channel_id === made.id || m.channel_id === thread.id)).toBe(
      false,
    );
    expect((await gw.waitFor((f) => f.t === 'CHANNEL_DELETE' && f.d.id === made.id)).d.name).toBe('doomed');
    expect((await api('GET', `/channels/${made.id}`)).body.code).toBe(10003);
  });
});

describe('permission overwrites', () => {
  test('a private ticket channel: only the member it names (and the bot) may see and say there', async () => {
    const botId = em.world.applications[em.credentials.applicationId]!.botUserId;
    const r = await api('POST', `/guilds/${GUILD}/channels`, {
      name: 'ticket-carol',
      permission_overwrites: [
        { id: GUILD, type: 0, deny: '1024' },
        { id: CAROL, type: 1, allow: '3072' },
        { id: botId, type: 1, allow: '1024' },
      ],
    });
    expect(r.status).toBe(201);
    expect(say(r.body.id, CAROL).status).toBe(200);
    expect(say(r.body.id, BOB).body).toMatchObject({ code: 50001 });
    // PUT an overwrite for bob: he may now say there; DELETE it: no longer.
    expect((await api('PUT', `/channels/${r.body.id}/permissions/${BOB}`, { type: 1, allow: '3072' })).status).toBe(
      204,
    );
    expect(say(r.body.id, BOB).status).toBe(200);
    expect(
      (await gw.waitFor((f) => f.t === 'CHANNEL_UPDATE' && f.d.id === r.body.id)).d.permission_overwrites,
    ).toHaveLength(4);
    expect((await api('DELETE', `/channels/${r.body.id}/permissions/${BOB}`)).status).toBe(204);
    expect(say(r.body.id, BOB).body).toMatchObject({ code: 50001 });
  });

  test("the bot's own view follows the overwrites: hidden from @everyone without one for the bot, it cannot post there", async () => {
    const r = await api('POST', `/guilds/${GUILD}/channels`, {
      name: 'staff-only',
      permission_overwrites: [{ id: GUILD, type: 0, deny: '1024' }],
    });
    expect(r.status).toBe(201);
    expect((await api('POST', `/channels/${r.body.id}/messages`, { content: 'hi' })).body.code).toBe(50001);
    expect((await api('GET', `/channels/${r.body.id}`)).body.code).toBe(50001);
  });

  test('a bot cannot grant what it does not hold (50013), nor hand out MANAGE_ROLES without ADMINISTRATOR', async () => {
    const BAN_MEMBERS = String(1 << 2);
    expect(
      (await api('PUT', `/channels/${GENERAL}/permissions/${BOB}`, { type: 1, allow: BAN_MEMBERS })).body,
    ).toMatchObject({
      code: 50013,
    });
    const MANAGE_ROLES = String(1 << 28);
    expect(
      (await api('PUT', `/channels/${GENERAL}/permissions/${BOB}`, { type: 1, allow: MANAGE_ROLES })).body.code,
    ).toBe(50013);
    const created = await api('POST', `/guilds/${GUILD}/channels`, {
      name: 'sneaky',
      permission_overwrites: [{ id: BOB, type: 1, allow: BAN_MEMBERS }],
    });
    expect(created.body.code).toBe(50013);
    expect(channels().some((c) => c.name === 'sneaky')).toBe(false);
  });
});

test('without MANAGE_CHANNELS / MANAGE_ROLES the bot is refused with 50013 and nothing changes', async () => {
  const weak = await start({ seed: channelSeed(['VIEW_CHANNEL', 'SEND_MESSAGES']) });
  try {
    const as = (method: string, path: string, body?: unknown) => call(weak, method, path, { auth: bot(weak), body });
    expect((await as('POST', `/guilds/${GUILD}/channels`, { name: 'nope' })).body.code).toBe(50013);
    expect((await as('PATCH', `/channels/${GENERAL}`, { name: 'nope' })).body.code).toBe(50013);
    expect((await as('DELETE', `/channels/${GENERAL}`)).body.code).toBe(50013);
    expect((await as('PUT', `/channels/${GENERAL}/permissions/${BOB}`, { type: 1, allow: '0' })).body.code).toBe(50013);
    expect(weak.world.guilds[GUILD]!.channels.map((c) => c.name)).toEqual(['general', 'support', 'recipes']);
  } finally {
    await weak.close();
  }
});

test('slowmode: a member writes once per window on the emulator clock; MANAGE_MESSAGES and the bot are exempt', async () => {
  const slow = (await api('POST', `/guilds/${GUILD}/channels`, { name: 'slow', rate_limit_per_user: 60 })).body;
  expect(say(slow.id, BOB).status).toBe(200);
  expect(say(slow.id, BOB)).toMatchObject({ status: 429, body: { code: 20016 } });
  expect(say(slow.id, MODERATOR).status).toBe(200);
  expect(say(slow.id, MODERATOR).status).toBe(200);
  expect((await api('POST', `/channels/${slow.id}/messages`, { content: 'a' })).status).toBe(200);
  expect((await api('POST', `/channels/${slow.id}/messages`, { content: 'b' })).status).toBe(200);
  clock.advance(60_000);
  expect(say(slow.id, BOB).status).toBe(200);
});

test('a channel in a category keeps its own overwrites: the category hiding itself does not hide it', async () => {
  const hidden = (
    await api('POST', `/guilds/${GUILD}/channels`, {
      name: 'staff',
      type: 4,
      permission_overwrites: [{ id: GUILD, type: 0, deny: '1024' }],
    })
  ).body;
  const open = (
    await api('POST', `/guilds/${GUILD}/channels`, {
      name: 'open-under-staff',
      parent_id: hidden.id,
      permission_overwrites: [],
    })
  ).body;
  // Without overwrites of its own a new channel takes the category's (the client's "synced" channel).
  const synced = (await api('POST', `/guilds/${GUILD}/channels`, { name: 'synced', parent_id: hidden.id })).body;
  expect(synced.permission_overwrites).toEqual([{ id: GUILD, type: 0, allow: '0', deny: '1024' }]);
  expect(say(open.id, BOB).status).toBe(200);
  expect(say(synced.id, BOB).body).toMatchObject({ code: 50001 });
});

test('the web view’s world data shows a channel’s topic, slowmode and overwrites', async () => {
  const made = (
    await api('POST', `/guilds/${GUILD}/channels`, {
      name: 'shown',
      topic: 'on view',
      rate_limit_per_user: 5,
      permission_overwrites: [{ id: BOB, type: 1, allow: '1024' }],
    })
  ).body;
  const res = await request(`${em.url.replace(/\/api\/v10$/, '')}/__emulator/view/world`, {
    headers: { 'x-cmdsync-control': em.controlToken },
  });
  const world = (await res.body.json()) as { guilds: Array<{ channels: Array<{ id: string }> }> };
  expect(world.guilds[0]!.channels.find((c) => c.id === made.id)).toEqual({
    id: made.id,
    name: 'shown',
    type: 0,
    topic: 'on view',
    rateLimitPerUser: 5,
    overwrites: [{ id: BOB, type: 1, allow: '1024', deny: '0' }],
  });
});

test('a seed gives a channel its topic and slowmode, held to the service limits', async () => {
  const seed = channelSeed();
  seed.guilds![0]!.channels![0] = { id: GENERAL, name: 'general', topic: 'Say hi', rate_limit_per_user: 10 };
  const seeded = await start({ seed });
  try {
    const r = await call(seeded, 'GET', `/channels/${GENERAL}`, { auth: bot(seeded) });
    expect(r.body).toMatchObject({ topic: 'Say hi', rate_limit_per_user: 10 });
    expect(seeded.say({ channelId: GENERAL, userId: BOB, content: 'one' }).status).toBe(200);
    expect(seeded.say({ channelId: GENERAL, userId: BOB, content: 'two' }).body).toMatchObject({ code: 20016 });
  } finally {
    await seeded.close();
  }
  seed.guilds![0]!.channels![0] = { id: GENERAL, name: 'general', rate_limit_per_user: 21_601 };
  await expect(start({ seed })).rejects.toThrow(
    'guilds[0].channels[0].rate_limit_per_user: rate_limit_per_user is at most 21600.',
  );
});

test('a forum made with tags: each new tag gets an id, kept by later edits that name it', async () => {
  const forum = await api('POST', `/guilds/${GUILD}/channels`, {
    name: 'ideas',
    type: 15,
    available_tags: [{ name: 'bug' }, { name: 'wish' }],
  });
  expect(forum.status).toBe(201);
  const [bug, wish] = forum.body.available_tags as Array<{ id: string; name: string }>;
  expect(bug!.id).toMatch(/^\d+$/);
  expect(bug!.id).not.toBe(wish!.id);
  const edited = await api('PATCH', `/channels/${forum.body.id}`, { available_tags: [bug, { name: 'done' }] });
  expect(edited.body.available_tags.map((t: { id: string; name: string }) => [t.id === bug!.id, t.name])).toEqual([
    [true, 'bug'],
    [false, 'done'],
  ]);
  const tooLong = await api('POST', `/guilds/${GUILD}/channels`, {
    name: 'x',
    type: 15,
    available_tags: [{ name: 'x'.repeat(21) }],
  });
  expect(tooLong.body.errors.available_tags[0].name._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
});

test("the audit log keeps what the bot did to channels and overwrites, with the request's X-Audit-Log-Reason", async () => {
  const reason = (text: string) => ({ 'x-audit-log-reason': encodeURIComponent(text) });
  const made = await call(em, 'POST', `/guilds/${GUILD}/channels`, {
    auth: bot(em),
    body: { name: 'audited' },
    headers: reason('a ticket for bob'),
  });
  const id = made.body.id as string;
  await call(em, 'PATCH', `/channels/${id}`, { auth: bot(em), body: { topic: 'printer' } });
  await call(em, 'PUT', `/channels/${id}/permissions/${BOB}`, {
    auth: bot(em),
    body: { type: 1, allow: '1024' },
    headers: reason('let bob in'),
  });
  await call(em, 'PUT', `/channels/${id}/permissions/${BOB}`, { auth: bot(em), body: { type: 1, allow: '3072' } });
  await call(em, 'DELETE', `/channels/${id}/permissions/${BOB}`, { auth: bot(em) });
  await call(em, 'DELETE', `/channels/${id}`, { auth: bot(em), headers: reason('closed, solved') });
  const botUser = em.world.applications[em.credentials.applicationId]!.botUserId;
  const entries = em.world.guilds[GUILD]!.auditLog!.filter((e) => e.targetId === id);
  expect(entries.map(({ actionType, userId, reason }) => ({ actionType, userId, reason }))).toEqual([
    { actionType: 10, userId: botUser, reason: 'a ticket for bob' },
    { actionType: 11, userId: botUser, reason: undefined },
    { actionType: 13, userId: botUser, reason: 'let bob in' },
    { actionType: 14, userId: botUser, reason: undefined },
    { actionType: 15, userId: botUser, reason: undefined },
    { actionType: 12, userId: botUser, reason: 'closed, solved' },
  ]);
});
