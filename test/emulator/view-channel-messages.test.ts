import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { EventBus, type MessageNote } from '../../src/emulator/gateway/events.js';
import { AttachmentCache, inlineContentType } from '../../src/emulator/view/attachment-cache.js';
import {
  ChannelMessages,
  pageOf,
  viewMessage,
  type ChannelMessagesPage,
} from '../../src/emulator/view/channel-messages.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { World } from '../../src/emulator/state/world.js';
import { APP, BOB, GENERAL } from '../helpers/interaction-seed.js';
import type { HttpBot } from '../helpers/http-bot.js';
import { solidPng } from '../helpers/png.js';
import { startWithHttpBot } from './helpers.js';
import { IDS, startWebhookEmulator, type Client } from './webhooks-setup.js';

const CH = '900000000000000001';

function fakeWorld(
  messages: Record<string, { id: string; channel_id: string; message: Record<string, unknown> }> = {},
): World {
  return { messages, guilds: { g: { members: [{ id: '77', username: 'zoe' }] } } } as unknown as World;
}

const answer = (
  id: string,
  action: MessageNote['action'],
  extra: Record<string, unknown> = {},
  channelId = CH,
): MessageNote => ({
  kind: 'message',
  action,
  channelId,
  messageId: id,
  message: { id, channel_id: channelId, content: `answer ${id}`, flags: 0, edited_timestamp: null, ...extra },
  source: 'interaction',
  interaction: { id: '1', name: 'ping', userId: '77', applicationId: '5' },
});

describe('pageOf', () => {
  const msgs = ['9', '10', '100', '11', '2'].map((id) => viewMessage({ id }, 'webhook', CH));

  it('orders by snowflake value, not by text', () => {
    expect(pageOf(msgs, undefined, 50).messages.map((m) => m.id)).toEqual(['2', '9', '10', '11', '100']);
  });

  it('pages backwards from `before`: the latest `limit` older ones, and whether more remain', () => {
    expect(pageOf(msgs, undefined, 2)).toMatchObject({ hasMore: true, messages: [{ id: '11' }, { id: '100' }] });
    expect(pageOf(msgs, '11', 2)).toMatchObject({ hasMore: true, messages: [{ id: '9' }, { id: '10' }] });
    expect(pageOf(msgs, '9', 2)).toMatchObject({ hasMore: false, messages: [{ id: '2' }] });
    expect(pageOf(msgs, '2', 2)).toEqual({ hasMore: false, messages: [] });
  });
});

describe('viewMessage flags', () => {
  it('ephemeral is flag 64, edited is a set edited_timestamp', () => {
    expect(viewMessage({ id: '1', flags: 64 | 4, edited_timestamp: null }, 'interaction', CH)).toMatchObject({
      ephemeral: true,
      edited: false,
      deleted: false,
    });
    expect(
      viewMessage({ id: '1', flags: 4, edited_timestamp: '2025-01-01T00:00:00.000000+00:00' }, 'webhook', CH),
    ).toMatchObject({ ephemeral: false, edited: true });
  });
});

describe('ChannelMessages store', () => {
  it('merges webhook messages from the world with interaction answers from the notes, in id order', () => {
    const events = new EventBus();
    const world = fakeWorld({
      '20': { id: '20', channel_id: CH, message: { id: '20', content: 'hook' } },
      '21': { id: '21', channel_id: 'other', message: { id: '21' } },
    });
    const store = new ChannelMessages(events, () => world);
    events.note(answer('30', 'create'));
    events.note(answer('10', 'create', { flags: 64 }));
    const page = store.page(CH, undefined);
    expect(page.messages.map((m) => [m.id, m.source])).toEqual([
      ['10', 'interaction'],
      ['20', 'webhook'],
      ['30', 'interaction'],
    ]);
    expect(page.messages[0]).toMatchObject({
      ephemeral: true,
      interaction: { name: 'ping', userId: '77', username: 'zoe', applicationId: '5' },
    });
    store.close();
  });

  it('an update replaces the answer in place; a deletion leaves a tombstone with the last content', () => {
    const events = new EventBus();
    const store = new ChannelMessages(events, () => fakeWorld());
    events.note(answer('30', 'create', { content: '', flags: 128 }));
    events.note(answer('30', 'update', { content: 'done', edited_timestamp: '2025-01-01T00:00:00.000000+00:00' }));
    expect(store.page(CH, undefined).messages).toMatchObject([
      { id: '30', edited: true, deleted: false, message: { content: 'done' } },
    ]);
    events.note(answer('30', 'delete', { content: 'done' }));
    expect(store.page(CH, undefined).messages).toMatchObject([
      { id: '30', deleted: true, message: { content: 'done' } },
    ]);
    expect(store.held(CH)).toEqual({ answers: 0, tombstones: 1 });
    store.close();
  });

  it('a deleted webhook message (gone from the world) stays as a tombstone', () => {
    const events = new EventBus();
    const world = fakeWorld({ '20': { id: '20', channel_id: CH, message: { id: '20', content: 'hook' } } });
    const store = new ChannelMessages(events, () => world);
    delete world.messages['20'];
    events.note({
      kind: 'message',
      action: 'delete',
      channelId: CH,
      messageId: '20',
      message: { id: '20', content: 'hook' },
      source: 'webhook',
    });
    expect(store.page(CH, undefined).messages).toMatchObject([
      { id: '20', source: 'webhook', deleted: true, message: { content: 'hook' } },
    ]);
    store.close();
  });

  it('bounds answers and tombstones per channel (oldest out) and the channels it tracks', () => {
    const events = new EventBus();
    const store = new ChannelMessages(events, () => fakeWorld(), {
      answersPerChannel: 3,
      tombstonesPerChannel: 2,
      maxChannels: 2,
    });
    for (let i = 10; i < 20; i++) events.note(answer(String(i), 'create'));
    expect(store.page(CH, undefined).messages.map((m) => m.id)).toEqual(['17', '18', '19']);
    for (const id of ['17', '18', '19']) events.note(answer(id, 'delete'));
    expect(store.page(CH, undefined).messages.map((m) => [m.id, m.deleted])).toEqual([
      ['18', true],
      ['19', true],
    ]);
    events.note(answer('50', 'create', {}, 'c2'));
    events.note(answer('51', 'create', {}, 'c3'));
    // CH was written least recently: its answers go first.
    expect(store.held(CH).answers).toBe(0);
    expect(store.page('c3', undefined).messages.map((m) => m.id)).toEqual(['51']);
    store.close();
  });

  it('keeps the newest ids whatever order they come in (deletions of older messages, ids of different lengths)', () => {
    const events = new EventBus();
    const store = new ChannelMessages(events, () => fakeWorld(), { answersPerChannel: 3, tombstonesPerChannel: 3 });
    for (const id of ['100', '101', '102', '103']) events.note(answer(id, 'create'));
    // 99 is older than all of them (shorter, not smaller as text): it goes at once; 104 pushes out 101.
    events.note(answer('99', 'create'));
    events.note(answer('104', 'create'));
    expect(store.page(CH, undefined).messages.map((m) => m.id)).toEqual(['102', '103', '104']);
    // Tombstones arrive newest first here; an edit of a kept one does not change its place.
    for (const id of ['1000', '20', '300', '4']) events.note(answer(id, 'delete'));
    events.note(answer('300', 'delete', { content: 'edited' }));
    events.note(answer('5000', 'delete'));
    const tombstones = store.page(CH, undefined).messages.filter((m) => m.deleted);
    expect(tombstones.map((m) => m.id)).toEqual(['300', '1000', '5000']);
    expect(tombstones[0]!.message.content).toBe('edited');
    store.close();
  });

  it('stops listening when closed', () => {
    const events = new EventBus();
    const store = new ChannelMessages(events, () => fakeWorld());
    store.close();
    events.note(answer('30', 'create'));
    expect(store.page(CH, undefined).messages).toEqual([]);
  });
});

describe('AttachmentCache', () => {
  it('drops the oldest files past its size, and refuses a file larger than the whole cache', () => {
    const cache = new AttachmentCache(10);
    const file = (n: number) => ({ filename: 'f', contentType: 'image/png', data: Buffer.alloc(n) });
    cache.put('1', file(4));
    cache.put('2', file(4));
    cache.put('3', file(4));
    expect([cache.get('1'), cache.get('2') !== undefined, cache.get('3') !== undefined]).toEqual([
      undefined,
      true,
      true,
    ]);
    expect(cache.size).toEqual({ files: 2, bytes: 8 });
    cache.put('big', file(11));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size.bytes).toBe(8);
  });

  it('shows inline only raster images, audio and video', () => {
    expect(
      ['image/png', 'image/jpeg', 'audio/ogg', 'video/mp4', 'image/svg+xml', 'text/html; charset=utf-8', undefined].map(
        inlineContentType,
      ),
    ).toEqual([true, true, true, true, false, false, false]);
  });
});

async function view<T>(
  em: RunningEmulator,
  path: string,
  token: string | null = em.controlToken,
): Promise<{ status: number; headers: Record<string, unknown>; body: T; bytes: Buffer }> {
  const res = await request(`${em.viewUrl}__emulator/view/${path}`, {
    headers: token === null ? {} : { 'x-cmdsync-control': token },
  });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, headers: res.headers, body: body as T, bytes };
}

describe('GET /__emulator/view/channels/:id/messages and /view/attachments/:id over HTTP', () => {
  let emu: RunningEmulator;
  let client: Client;
  let hook: { id: string; token: string };
  const png = solidPng(8, 4, [200, 40, 40]);
  beforeAll(async () => {
    ({ emu, client } = await startWebhookEmulator());
    hook = await client.create(IDS.text, 'reporter');
  });
  afterAll(async () => emu?.close());

  it('needs the control token', async () => {
    expect((await view(emu, `channels/${IDS.text}/messages`, null)).status).toBeGreaterThanOrEqual(400);
  });

  it('serves a webhook avatar sent as image data by its hash; an avatar URL override is not fetched or served', async () => {
    const data = `data:image/png;base64,${png.toString('base64')}`;
    const made = await client.call('POST', `/channels/${IDS.text}/webhooks`, {
      body: { name: 'with face', avatar: data },
    });
    expect(made.status).toBe(200);
    const hash = made.body.avatar as string;
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    const sent = await client.call('POST', `/webhooks/${made.body.id}/${made.body.token}?wait=true`, {
      auth: null,
      body: { content: 'hello' },
    });
    expect(sent.body.author.avatar).toBe(hash);

    expect((await view(emu, `avatars/${hash}`, null)).status).toBeGreaterThanOrEqual(400);
    const served = await view(emu, `avatars/${hash}`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.bytes.equals(png)).toBe(true);

    const overridden = await client.call('POST', `/webhooks/${made.body.id}/${made.body.token}?wait=true`, {
      auth: null,
      body: { content: 'disguised', avatar_url: 'https://example.com/face.png' },
    });
    expect(overridden.body.author.avatar).not.toBe(hash);
    expect((await view(emu, `avatars/${overridden.body.author.avatar}`)).status).toBe(404);
    expect((await view(emu, 'avatars/..%2F..%2Fetc')).status).toBe(404);

    // A new avatar through the token route is served under its new hash.
    const other = solidPng(4, 4, [10, 200, 10]);
    const edited = await client.call('PATCH', `/webhooks/${made.body.id}/${made.body.token}`, {
      auth: null,
      body: { avatar: `data:image/png;base64,${other.toString('base64')}` },
    });
    expect(edited.body.avatar).not.toBe(hash);
    expect((await view(emu, `avatars/${edited.body.avatar}`)).bytes.equals(other)).toBe(true);

    // The bytes stay out of the event log.
    const log = await view<{ entries: Array<{ kind: string }> }>(emu, 'activity');
    expect(log.body.entries.some((e) => e.kind === 'image')).toBe(false);
    expect(JSON.stringify(log.body)).not.toContain(png.toString('base64').slice(0, 24));
  });

  it('lists executed messages with their flags, pages them, and keeps a deleted one as a tombstone', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await client.call('POST', `/webhooks/${hook.id}/${hook.token}?wait=true`, {
        auth: null,
        body: { content: `m${i}` },
      });
      ids.push(r.body.id);
    }
    const latest = await view<ChannelMessagesPage>(emu, `channels/${IDS.text}/messages?limit=2`);
    expect(latest.body).toMatchObject({ channelId: IDS.text, hasMore: true });
    expect(latest.body.messages.map((m) => m.message.content)).toEqual(['m3', 'm4']);
    const older = await view<ChannelMessagesPage>(emu, `channels/${IDS.text}/messages?limit=2&before=${ids[3]}`);
    expect(older.body.messages.map((m) => m.message.content)).toEqual(['m1', 'm2']);

    await client.call('PATCH', `/webhooks/${hook.id}/${hook.token}/messages/${ids[4]}`, {
      auth: null,
      body: { content: 'm4 again' },
    });
    await client.call('DELETE', `/webhooks/${hook.id}/${hook.token}/messages/${ids[3]}`, { auth: null });
    const after = await view<ChannelMessagesPage>(emu, `channels/${IDS.text}/messages?limit=2`);
    expect(after.body.messages.map((m) => [m.message.content, m.edited, m.deleted])).toEqual([
      ['m3', false, true],
      ['m4 again', true, false],
    ]);
  });

  it('refuses a bad limit or before', async () => {
    expect((await view(emu, `channels/${IDS.text}/messages?limit=101`)).status).toBe(400);
    expect((await view(emu, `channels/${IDS.text}/messages?limit=0`)).status).toBe(400);
    expect((await view(emu, `channels/${IDS.text}/messages?before=abc`)).status).toBe(400);
    expect((await view(emu, `channels/abc/messages`)).status).toBe(404);
  });

  it('serves uploaded images inline and other files as downloads, with nosniff', async () => {
    const form = new FormData();
    form.append(
      'payload_json',
      JSON.stringify({ content: 'files', embeds: [{ title: 'pic', image: { url: 'attachment://red.png' } }] }),
    );
    form.append('files[0]', new Blob([png], { type: 'application/octet-stream' }), 'red.png');
    form.append('files[1]', new Blob(['<script>alert(1)</script>'], { type: 'text/html' }), 'page.html');
    const sent = await client.call('POST', `/webhooks/${hook.id}/${hook.token}?wait=true`, { auth: null, form });
    expect(sent.status).toBe(200);
    const [image, html] = sent.body.attachments as Array<{ id: string }>;
    const img = await view(emu, `attachments/${image!.id}`);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.bytes.equals(png)).toBe(true);
    const doc = await view(emu, `attachments/${html!.id}`);
    expect(doc.headers['content-type']).toBe('application/octet-stream');
    expect(String(doc.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(doc.bytes.toString()).toBe('<script>alert(1)</script>');
    expect((await view(emu, `attachments/123456789012345678`)).status).toBe(404);
    // The event log carries no bytes.
    const log = await view<{ entries: unknown[] }>(emu, 'activity');
    expect(JSON.stringify(log.body.entries)).not.toContain('"files"');
  });

  it('files added by an edit are cached under their new attachment ids', async () => {
    const r = await client.call('POST', `/webhooks/${hook.id}/${hook.token}?wait=true`, {
      auth: null,
      body: { content: 'to edit' },
    });
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ content: 'edited with a file' }));
    form.append('files[0]', new Blob([png]), 'later.png');
    const edited = await client.call('PATCH', `/webhooks/${hook.id}/${hook.token}/messages/${r.body.id}`, {
      auth: null,
      form,
    });
    const added = (edited.body.attachments as Array<{ id: string; filename: string }>).find(
      (a) => a.filename === 'later.png',
    )!;
    expect((await view(emu, `attachments/${added.id}`)).bytes.equals(png)).toBe(true);
  });

  it('messages in a thread are listed under the thread, not its parent', async () => {
    const r = await client.call('POST', `/webhooks/${hook.id}/${hook.token}?wait=true&thread_id=${IDS.thread}`, {
      auth: null,
      body: { content: 'in thread' },
    });
    expect(r.status).toBe(200);
    const thread = await view<ChannelMessagesPage>(emu, `channels/${IDS.thread}/messages`);
    expect(thread.body.messages.map((m) => m.message.content)).toEqual(['in thread']);
    const parent = await view<ChannelMessagesPage>(emu, `channels/${IDS.text}/messages?limit=100`);
    expect(parent.body.messages.map((m) => m.message.content)).not.toContain('in thread');
  });
});

describe('interaction answers in the channel view', () => {
  let em: RunningEmulator;
  let bot: HttpBot;
  beforeAll(async () => {
    ({ em, bot } = await startWithHttpBot());
  });
  afterAll(async () => {
    await bot?.close();
    await em?.close();
  });

  it('shows answers (ephemeral marked, with who invoked), a follow-up with a file, and a deleted follow-up as a tombstone', async () => {
    const secret = await em.invoke({ line: '/secret', channelId: GENERAL, userId: BOB });
    expect(secret.outcome).toBe('answered');
    const slow = await em.invoke({ line: '/slow', channelId: GENERAL, userId: BOB, waitSeconds: 1 });
    expect(slow.outcome).toBe('answered');
    let page = (await view<ChannelMessagesPage>(em, `channels/${GENERAL}/messages`)).body;
    expect(page.messages.map((m) => [m.message.content, m.source, m.ephemeral, m.edited])).toEqual([
      ['only you', 'interaction', true, false],
      // The deferred original became the answer: not marked edited.
      ['done thinking', 'interaction', false, false],
      ['and one more thing', 'interaction', false, false],
    ]);
    expect(page.messages[0]!.interaction).toEqual({
      name: 'secret',
      command: 'secret',
      userId: BOB,
      username: 'bob',
      applicationId: APP,
    });

    const token = bot.received.at(-1).token as string;
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ content: 'a chart' }));
    form.append('files[0]', new Blob([solidPng(2, 2, [0, 0, 255])]), 'chart.png');
    const follow = await fetch(`${em.url}/webhooks/${APP}/${token}?wait=true`, { method: 'POST', body: form });
    const sent = (await follow.json()) as { id: string; attachments: Array<{ id: string }> };
    expect((await view(em, `attachments/${sent.attachments[0]!.id}`)).headers['content-type']).toBe('image/png');

    const del = await request(`${em.url}/webhooks/${APP}/${token}/messages/${sent.id}`, { method: 'DELETE' });
    expect(del.statusCode).toBe(204);
    page = (await view<ChannelMessagesPage>(em, `channels/${GENERAL}/messages`)).body;
    expect(page.messages.at(-1)).toMatchObject({ id: sent.id, deleted: true, message: { content: 'a chart' } });
    // No secret reaches the view.
    expect(JSON.stringify(page)).not.toContain(token);
  });
});
