/** A bot's channel messages over real HTTP: create, read, list, edit, delete, replies, files, and the service's refusals. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, start } from './helpers.js';
import { ALICE, CH, GUILD, messageSeed, say } from './channel-messages-setup.js';

let em: RunningEmulator;
let botId: string;
beforeAll(async () => {
  em = await start({ seed: messageSeed });
  botId = em.world.applications[em.credentials.applicationId]!.botUserId;
});
afterAll(() => em.close());

const post = (channel: string, body: unknown) =>
  call(em, 'POST', `/channels/${channel}/messages`, { auth: bot(em), body });

describe('POST /channels/{id}/messages', () => {
  test('stores the message with the bot as author and answers its shape (facts §6.1, §6.2)', async () => {
    const r = await post(CH.general, { content: `hello <@${ALICE}>`, nonce: 'n1' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      type: 0,
      channel_id: CH.general,
      content: `hello <@${ALICE}>`,
      tts: false,
      edited_timestamp: null,
      mention_everyone: false,
      mention_roles: [],
      attachments: [],
      embeds: [],
      components: [],
      pinned: false,
      flags: 0,
      nonce: 'n1',
      author: { id: botId, bot: true },
    });
    expect(r.body.mentions.map((u: { id: string }) => u.id)).toEqual([ALICE]);
    expect(r.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
    expect(r.body).not.toHaveProperty('webhook_id');
    expect(r.body).not.toHaveProperty('member');
    expect(em.world.messages[r.body.id]).toMatchObject({ sender: 'bot', authorId: botId, channel_id: CH.general });
    expect((await call(em, 'GET', `/channels/${CH.general}/messages/${r.body.id}`, { auth: bot(em) })).body).toEqual(
      r.body,
    );
  });

  test('an empty message is 50006; a malformed one 50035', async () => {
    expect((await post(CH.general, { content: '   ' })).body).toEqual({
      code: 50006,
      message: 'Cannot send an empty message',
    });
    const bad = await post(CH.general, { content: 'x'.repeat(2001) });
    expect(bad).toMatchObject({
      status: 400,
      body: { code: 50035, errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } },
    });
  });

  test('refusals: unknown channel 10003, hidden 50001, no SEND_MESSAGES 50013, no EMBED_LINKS for embeds 50013, a category 50008', async () => {
    expect(await post('1300000000000009999', { content: 'x' })).toMatchObject({
      status: 404,
      body: { code: 10003, message: 'Unknown Channel' },
    });
    expect(await post(CH.secret, { content: 'x' })).toMatchObject({
      status: 403,
      body: { code: 50001, message: 'Missing Access' },
    });
    expect(await post(CH.quiet, { content: 'x' })).toMatchObject({
      status: 403,
      body: { code: 50013, message: 'Missing Permissions' },
    });
    expect(await post(CH.noEmbeds, { embeds: [{ title: 't' }] })).toMatchObject({ status: 403, body: { code: 50013 } });
    expect((await post(CH.noEmbeds, { content: 'plain text is fine' })).status).toBe(200);
    expect(await post(CH.category, { content: 'x' })).toMatchObject({ status: 400, body: { code: 50008 } });
    // The world holds no stickers.
    expect(await post(CH.general, { sticker_ids: ['1300000000000009999'] })).toMatchObject({
      status: 400,
      body: { code: 10060 },
    });
    expect(await call(em, 'POST', `/channels/${CH.general}/messages`, { body: { content: 'x' } })).toMatchObject({
      status: 401,
    });
  });

  test('a file upload (multipart) becomes an attachment; without ATTACH_FILES it is 50013', async () => {
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ content: 'a file' }));
    form.append('files[0]', new Blob([Buffer.from('hello')], { type: 'text/plain' }), 'hello.txt');
    const encoded = new Response(form);
    const raw = Buffer.from(await encoded.arrayBuffer());
    const type = encoded.headers.get('content-type')!;
    const ok = await call(em, 'POST', `/channels/${CH.general}/messages`, { auth: bot(em), raw, contentType: type });
    expect(ok.status).toBe(200);
    expect(ok.body.attachments).toEqual([expect.objectContaining({ filename: 'hello.txt', size: 5 })]);
    const denied = await call(em, 'POST', `/channels/${CH.noEmbeds}/messages`, {
      auth: bot(em),
      raw,
      contentType: type,
    });
    expect(denied).toMatchObject({ status: 403, body: { code: 50013 } });
  });

  test('a reply is type 19 with message_reference and referenced_message; an unknown one is refused unless fail_if_not_exists is false', async () => {
    const first = await post(CH.general, { content: 'question' });
    const reply = await post(CH.general, { content: 'answer', message_reference: { message_id: first.body.id } });
    expect(reply.body).toMatchObject({
      type: 19,
      message_reference: { message_id: first.body.id, channel_id: CH.general, guild_id: GUILD },
      referenced_message: { id: first.body.id, content: 'question' },
    });
    const missing = await post(CH.general, { content: 'x', message_reference: { message_id: '1300000000000009999' } });
    expect(missing).toMatchObject({
      status: 400,
      body: {
        code: 50035,
        errors: { message_reference: { _errors: [{ code: 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE' }] } },
      },
    });
    const loose = await post(CH.general, {
      content: 'x',
      message_reference: { message_id: '1300000000000009999', fail_if_not_exists: false },
    });
    expect(loose.body.type).toBe(0);
    // Deleted later, the reply's referenced message reads null.
    await call(em, 'DELETE', `/channels/${CH.general}/messages/${first.body.id}`, { auth: bot(em) });
    expect(
      (await call(em, 'GET', `/channels/${CH.general}/messages/${reply.body.id}`, { auth: bot(em) })).body
        .referenced_message,
    ).toBeNull();
  });
});

describe('GET /channels/{id}/messages', () => {
  test('lists newest first with limit, before, after and around; without READ_MESSAGE_HISTORY the list is empty', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(CH.noHistory, { content: `m${i}` })).body.id);
    // The bot cannot read history there: the service answers [] (and 50013 for one message).
    expect((await call(em, 'GET', `/channels/${CH.noHistory}/messages`, { auth: bot(em) })).body).toEqual([]);
    expect((await call(em, 'GET', `/channels/${CH.noHistory}/messages/${ids[0]}`, { auth: bot(em) })).body.code).toBe(
      50013,
    );

    const chan = (await post(CH.general, { content: 'anchor' })).body.channel_id as string;
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) mine.push((await post(chan, { content: `p${i}` })).body.id);
    const list = async (q: string) =>
      ((await call(em, 'GET', `/channels/${chan}/messages${q}`, { auth: bot(em) })).body as Array<{ id: string }>).map(
        (m) => m.id,
      );
    expect(await list('?limit=3')).toEqual([mine[4], mine[3], mine[2]]);
    expect(await list(`?before=${mine[2]}&limit=2`)).toEqual([mine[1], mine[0]]);
    expect(await list(`?after=${mine[1]}&limit=2`)).toEqual([mine[3], mine[2]]);
    expect(await list(`?around=${mine[2]}&limit=3`)).toEqual([mine[3], mine[2], mine[1]]);
    expect((await call(em, 'GET', `/channels/${chan}/messages?limit=101`, { auth: bot(em) })).body.code).toBe(50035);
    expect((await call(em, 'GET', `/channels/${CH.secret}/messages`, { auth: bot(em) })).body.code).toBe(50001);
  });
});

describe('PATCH and DELETE', () => {
  test('the author edits content (edited_timestamp, mentions rebuilt); unknown message 10008; empty after the edit 50006', async () => {
    const m = await post(CH.general, { content: 'before' });
    const edited = await call(em, 'PATCH', `/channels/${CH.general}/messages/${m.body.id}`, {
      auth: bot(em),
      body: { content: `after <@${ALICE}>` },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: m.body.id,
      content: `after <@${ALICE}>`,
      mentions: [expect.objectContaining({ id: ALICE })],
    });
    expect(typeof edited.body.edited_timestamp).toBe('string');
    expect(
      (
        await call(em, 'PATCH', `/channels/${CH.general}/messages/1300000000000009999`, {
          auth: bot(em),
          body: { content: 'x' },
        })
      ).body,
    ).toEqual({
      code: 10008,
      message: 'Unknown Message',
    });
    expect(
      (
        await call(em, 'PATCH', `/channels/${CH.general}/messages/${m.body.id}`, {
          auth: bot(em),
          body: { content: '' },
        })
      ).body.code,
    ).toBe(50006);
  });

  test("another user's message: editing it is 50005; deleting it needs MANAGE_MESSAGES (50013, then 204)", async () => {
    const said = await say(em, { channelId: CH.general, userId: ALICE, content: 'from alice' });
    expect(said.status).toBe(200);
    const path = `/channels/${CH.general}/messages/${said.body.id}`;
    expect(await call(em, 'PATCH', path, { auth: bot(em), body: { content: 'hijack' } })).toMatchObject({
      status: 403,
      body: { code: 50005, message: 'Cannot edit a message authored by another user' },
    });
    expect(await call(em, 'PATCH', path, { auth: bot(em), body: { flags: 4 } })).toMatchObject({
      status: 403,
      body: { code: 50013 },
    });
    expect(await call(em, 'DELETE', path, { auth: bot(em) })).toMatchObject({ status: 403, body: { code: 50013 } });
    em.world.guilds[GUILD]!.apps[em.credentials.applicationId]!.permissions = String(1n << 13n);
    try {
      expect((await call(em, 'PATCH', path, { auth: bot(em), body: { flags: 4 } })).body.flags).toBe(4);
      expect((await call(em, 'DELETE', path, { auth: bot(em) })).status).toBe(204);
    } finally {
      em.world.guilds[GUILD]!.apps[em.credentials.applicationId]!.permissions = String(1n << 29n);
    }
    expect((await call(em, 'GET', path, { auth: bot(em) })).body.code).toBe(10008);
  });

  test('the bot deletes its own message without MANAGE_MESSAGES', async () => {
    const m = await post(CH.general, { content: 'short-lived' });
    expect((await call(em, 'DELETE', `/channels/${CH.general}/messages/${m.body.id}`, { auth: bot(em) })).status).toBe(
      204,
    );
    expect(
      (await call(em, 'DELETE', `/channels/${CH.general}/messages/${m.body.id}`, { auth: bot(em) })).body.code,
    ).toBe(10008);
  });
});

describe('a member says something (POST /__emulator/messages)', () => {
  test('stored as a user message (no bot key), listed with the bot messages; refused where the member may not send', async () => {
    const said = await say(em, { channelId: CH.general, userId: ALICE, content: 'hi bot' });
    expect(said.body).toMatchObject({
      type: 0,
      content: 'hi bot',
      author: { id: ALICE, username: 'alice', discriminator: '0' },
    });
    expect(said.body.author).not.toHaveProperty('bot');
    expect(em.world.messages[said.body.id]).toMatchObject({ sender: 'member', authorId: ALICE });
    const listed = (await call(em, 'GET', `/channels/${CH.general}/messages?limit=1`, { auth: bot(em) })).body;
    expect(listed[0].id).toBe(said.body.id);
    expect(await say(em, { channelId: CH.quiet, userId: ALICE, content: 'x' })).toMatchObject({
      status: 403,
      body: { code: 50013 },
    });
    expect(await say(em, { channelId: CH.general, userId: '1300000000000009999', content: 'x' })).toMatchObject({
      status: 404,
      body: { code: 10007 },
    });
    expect(await say(em, { channelId: CH.general, userId: ALICE, content: '' })).toMatchObject({
      status: 400,
      body: { code: 50006 },
    });
  });
});

test('enforce_nonce: the same nonce again returns the message already sent instead of a second one', async () => {
  const first = await post(CH.general, { content: 'once', nonce: 'same-nonce', enforce_nonce: true });
  const again = await post(CH.general, { content: 'once', nonce: 'same-nonce', enforce_nonce: true });
  expect(again.body.id).toBe(first.body.id);
  const loose = await post(CH.general, { content: 'twice', nonce: 'same-nonce' });
  expect(loose.body.id).not.toBe(first.body.id);
});
