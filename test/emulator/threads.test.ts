/**
 * Threads and forum posts over real HTTP and the gateway (issue 41 item 4):
 * started from a message and without one, private threads, a forum post with
 * its tags, members joining and leaving, archive and lock, and the
 * THREAD_* dispatches under their intents.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { readyClient, type RawGateway } from './gateway-client.js';
import { bot, call, start } from './helpers.js';
import { BOB, CAROL, channelSeed, FORUM, GENERAL, GUILD, TAG_FOOD, TAG_TRAVEL } from './guild-channels-setup.js';

let em: RunningEmulator;
let guilds: RawGateway;
let members: RawGateway;
let botId: string;
const GUILDS = 1;
const GUILD_MEMBERS = 2;

beforeAll(async () => {
  em = await start({ seed: channelSeed() });
  botId = em.world.applications[em.credentials.applicationId]!.botUserId;
  guilds = (await readyClient(em.gatewayUrl, em.credentials.botToken, GUILDS)).c;
  members = (await readyClient(em.gatewayUrl, em.credentials.botToken, GUILDS | GUILD_MEMBERS)).c;
});
afterAll(async () => {
  guilds?.ws.close();
  members?.ws.close();
  await em?.close();
});

const api = (method: string, path: string, body?: unknown) => call(em, method, path, { auth: bot(em), body });
const say = (channelId: string, userId: string, content = 'hi') => em.say({ channelId, userId, content });

describe('starting threads', () => {
  test('from a message: the thread has the message id, the bot as owner and member; THREAD_CREATE', async () => {
    const msg = (await api('POST', `/channels/${GENERAL}/messages`, { content: 'topic' })).body;
    const r = await api('POST', `/channels/${GENERAL}/messages/${msg.id}/threads`, {
      name: 'food-talk',
      auto_archive_duration: 60,
    });
    expect(r).toMatchObject({
      status: 201,
      body: {
        id: msg.id,
        type: 11,
        name: 'food-talk',
        parent_id: GENERAL,
        owner_id: botId,
        thread_metadata: { archived: false, locked: false, auto_archive_duration: 60 },
        member: { user_id: botId },
      },
    });
    expect((await guilds.waitFor((f) => f.t === 'THREAD_CREATE' && f.d.id === msg.id)).d.newly_created).toBe(true);
    expect((await api('GET', `/channels/${GENERAL}/messages/${msg.id}`)).body.flags & 32).toBe(32);
    expect((await api('POST', `/channels/${GENERAL}/messages/${msg.id}/threads`, { name: 'again' })).body.code).toBe(
      160004,
    );
    // A member's say and the bot's post inside the thread.
    expect(say(msg.id, BOB).status).toBe(200);
    expect((await api('POST', `/channels/${msg.id}/messages`, { content: 'in' })).status).toBe(200);
    expect((await api('GET', `/channels/${msg.id}`)).body.message_count).toBe(2);
  });

  test('limits: auto_archive_duration only 60/1440/4320/10080; an unknown message 10008', async () => {
    const msg = (await api('POST', `/channels/${GENERAL}/messages`, { content: 'x' })).body;
    const bad = await api('POST', `/channels/${GENERAL}/messages/${msg.id}/threads`, {
      name: 'x',
      auto_archive_duration: 30,
    });
    expect(bad.body.errors.auto_archive_duration._errors[0].code).toBe('BASE_TYPE_CHOICES');
    expect((await api('POST', `/channels/${GENERAL}/messages/1/threads`, { name: 'x' })).body.code).toBe(10008);
  });

  test('a private thread is seen and written in by its members only; adding one lets them in', async () => {
    const r = await api('POST', `/channels/${GENERAL}/threads`, { name: 'ticket', type: 12, invitable: false });
    expect(r).toMatchObject({ status: 201, body: { type: 12, thread_metadata: { invitable: false } } });
    expect(say(r.body.id, BOB).body).toMatchObject({ code: 50001 });
    expect((await api('PUT', `/channels/${r.body.id}/thread-members/${BOB}`)).status).toBe(204);
    const update = await members.waitFor((f) => f.t === 'THREAD_MEMBERS_UPDATE' && f.d.id === r.body.id);
    expect(update.d).toMatchObject({ member_count: 2, added_members: [{ user_id: BOB }] });
    expect(say(r.body.id, BOB).status).toBe(200);
    const list = (await api('GET', `/channels/${r.body.id}/thread-members`)).body;
    expect(list.map((m: { user_id: string }) => m.user_id)).toEqual([botId, BOB]);
    expect((await api('DELETE', `/channels/${r.body.id}/thread-members/${BOB}`)).status).toBe(204);
    expect(say(r.body.id, BOB).body).toMatchObject({ code: 50001 });
    // GUILDS alone hears only of the bot's own membership changes.
    expect(guilds.seen('THREAD_MEMBERS_UPDATE').filter((f) => f.d.id === r.body.id)).toEqual([]);
  });

  test('a private thread needs a text channel; a forum post needs a first message; tags must be the forum’s', async () => {
    expect((await api('POST', `/channels/${FORUM}/threads`, { name: 'no message' })).status).toBe(400);
    const badTag = await api('POST', `/channels/${FORUM}/threads`, {
      name: 'x',
      message: { content: 'x' },
      applied_tags: ['1'],
    });
    expect(badTag.body.code).toBe(50035);
    const post = await api('POST', `/channels/${FORUM}/threads`, {
      name: 'Pancakes',
      message: { content: 'Flour, eggs, milk' },
      applied_tags: [TAG_FOOD],
    });
    expect(post).toMatchObject({
      status: 201,
      body: { type: 11, parent_id: FORUM, applied_tags: [TAG_FOOD], message: { content: 'Flour, eggs, milk' } },
    });
    expect(post.body.message.id).toBe(post.body.id);
    expect(post.body.message.channel_id).toBe(post.body.id);
    expect((await api('GET', `/channels/${post.body.id}`)).body.applied_tags).toEqual([TAG_FOOD]);
    const retag = await api('PATCH', `/channels/${post.body.id}`, { applied_tags: [TAG_TRAVEL] });
    expect(retag.body.applied_tags).toEqual([TAG_TRAVEL]);
    // A post carries at most 5 tags (the limits' applied_tags_max), as a webhook's new post is held to.
    const six = await api('PATCH', `/channels/${post.body.id}`, { applied_tags: Array(6).fill(TAG_FOOD) });
    expect(six.body.errors.applied_tags._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
    expect((await api('PATCH', `/channels/${post.body.id}`, { applied_tags: Array(5).fill(TAG_FOOD) })).status).toBe(
      200,
    );
  });
});

describe('archive and lock', () => {
  test('PATCH archives and locks; a locked archived thread refuses a member (50083); unarchived, it takes messages again', async () => {
    const t = (await api('POST', `/channels/${GENERAL}/threads`, { name: 'closing', type: 11 })).body;
    const r = await api('PATCH', `/channels/${t.id}`, { archived: true, locked: true });
    expect(r.body.thread_metadata).toMatchObject({ archived: true, locked: true });
    expect((await guilds.waitFor((f) => f.t === 'THREAD_UPDATE' && f.d.id === t.id)).d.thread_metadata.archived).toBe(
      true,
    );
    expect(say(t.id, BOB).body).toMatchObject({ code: 50083 });
    expect((await api('PATCH', `/channels/${t.id}`, { name: 'renamed' })).body.code).toBe(50083);
    expect((await api('PUT', `/channels/${t.id}/thread-members/${CAROL}`)).body.code).toBe(50083);
    expect((await api('PATCH', `/channels/${t.id}`, { archived: false, locked: false })).status).toBe(200);
    expect(say(t.id, BOB).status).toBe(200);
  });

  test('an archived (unlocked) thread is unarchived by a message in it', async () => {
    const t = (await api('POST', `/channels/${GENERAL}/threads`, { name: 'sleepy', type: 11 })).body;
    await api('PATCH', `/channels/${t.id}`, { archived: true });
    expect(say(t.id, BOB).status).toBe(200);
    expect((await api('GET', `/channels/${t.id}`)).body.thread_metadata.archived).toBe(false);
  });

  test('DELETE a thread takes its messages; THREAD_DELETE', async () => {
    const t = (await api('POST', `/channels/${GENERAL}/threads`, { name: 'gone', type: 11 })).body;
    say(t.id, BOB);
    expect((await api('DELETE', `/channels/${t.id}`)).status).toBe(200);
    expect(Object.values(em.world.messages).some((m) => m.channel_id === t.id)).toBe(false);
    expect((await guilds.waitFor((f) => f.t === 'THREAD_DELETE' && f.d.id === t.id)).d).toEqual({
      id: t.id,
      guild_id: GUILD,
      parent_id: GENERAL,
      type: 11,
    });
  });
});

test("the audit log keeps thread creates, edits and deletes, with the request's X-Audit-Log-Reason", async () => {
  const reason = (text: string) => ({ 'x-audit-log-reason': encodeURIComponent(text) });
  const msg = (await api('POST', `/channels/${GENERAL}/messages`, { content: 'audit me' })).body;
  const fromMessage = await call(em, 'POST', `/channels/${GENERAL}/messages/${msg.id}/threads`, {
    auth: bot(em),
    body: { name: 'audited' },
    headers: reason('a thread for the topic'),
  });
  const bare = await call(em, 'POST', `/channels/${GENERAL}/threads`, { auth: bot(em), body: { name: 'quiet' } });
  await call(em, 'PATCH', `/channels/${msg.id}`, { auth: bot(em), body: { name: 'renamed' } });
  await call(em, 'DELETE', `/channels/${msg.id}`, { auth: bot(em), headers: reason('done') });
  expect([fromMessage.status, bare.status]).toEqual([201, 201]);
  const log = em.world.guilds[GUILD]!.auditLog!;
  const of = (id: string) =>
    log.filter((e) => e.targetId === id).map(({ actionType, userId, reason }) => ({ actionType, userId, reason }));
  expect(of(msg.id)).toEqual([
    { actionType: 110, userId: botId, reason: 'a thread for the topic' },
    { actionType: 111, userId: botId, reason: undefined },
    { actionType: 112, userId: botId, reason: 'done' },
  ]);
  expect(of(bare.body.id)).toEqual([{ actionType: 110, userId: botId, reason: undefined }]);
});
