import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { type Client, IDS, startWebhookEmulator } from './webhooks-setup.js';

let emu: RunningEmulator;
let c: Client;
/** App-owned (created by the main app through the API). */
let hook: { id: string; token: string };
/** No application: created outside the API, as a user would. */
let plain: { id: string; token: string };
let forumHook: { id: string; token: string };
let mediaHook: { id: string; token: string };
const PLAIN_TOKEN = 'p'.repeat(68);

beforeAll(async () => {
  ({ emu, client: c } = await startWebhookEmulator());
  hook = await c.create(IDS.text, 'Announcer');
  forumHook = await c.create(IDS.forum, 'Poster');
  mediaHook = await c.create(IDS.media, 'Gallery');
  plain = { id: '7100000000000000001', token: PLAIN_TOKEN };
  emu.world.webhooks[plain.id] = {
    id: plain.id,
    type: 1,
    guild_id: IDS.guild,
    channel_id: IDS.text,
    name: 'Plain',
    avatar: null,
    token: PLAIN_TOKEN,
    application_id: null,
    creatorId: IDS.member,
  };
});
afterAll(async () => {
  await emu.close();
});

const exec = (
  w: { id: string; token: string },
  query = '',
  body?: unknown,
  form?: FormData,
  headers?: Record<string, string>,
) => c.call('POST', `/webhooks/${w.id}/${w.token}${query}`, { auth: null, body, form, headers });
const msgPath = (w: { id: string; token: string }, id: string, query = '') =>
  `/webhooks/${w.id}/${w.token}/messages/${id}${query}`;

describe('execute', () => {
  it('without wait answers 204 and stores the message', async () => {
    const before = Object.keys(emu.world.messages).length;
    const r = await exec(hook, '', { content: 'hello' });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect(Object.keys(emu.world.messages).length).toBe(before + 1);
  });

  it('with wait=true answers 200 with the message in the service shape', async () => {
    const r = await exec(hook, '?wait=true', { content: `hi <@${IDS.member}> <@&${IDS.role}> @everyone`, tts: true });
    expect(r.status).toBe(200);
    const m = r.body;
    expect(Object.keys(m)).toEqual([
      'id',
      'type',
      'channel_id',
      'content',
      'tts',
      'timestamp',
      'edited_timestamp',
      'mention_everyone',
      'mentions',
      'mention_roles',
      'attachments',
      'embeds',
      'components',
      'pinned',
      'flags',
      'webhook_id',
      'author',
      'application_id',
    ]);
    expect(m).toMatchObject({
      type: 0,
      channel_id: IDS.text,
      tts: true,
      edited_timestamp: null,
      pinned: false,
      flags: 0,
      webhook_id: hook.id,
      application_id: IDS.app,
    });
    expect(m.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
    expect(m.author).toEqual({
      id: hook.id,
      username: 'Announcer',
      avatar: null,
      discriminator: '0000',
      bot: true,
      global_name: null,
    });
    expect(m.mention_everyone).toBe(true);
    expect(m.mentions.map((u: any) => u.id)).toEqual([IDS.member]);
    expect(m.mention_roles).toEqual([IDS.role]);
  });

  it('a non-app webhook message has no application_id; username and avatar_url override the author', async () => {
    const r = await exec(plain, '?wait=1', {
      content: 'x',
      username: 'Someone',
      avatar_url: 'https://example.com/a.png',
    });
    expect(r.status).toBe(200);
    expect(r.body.application_id).toBeUndefined();
    expect(r.body.author.username).toBe('Someone');
    expect(r.body.author.avatar).toMatch(/^[0-9a-f]{32}$/);
  });

  it('allowed_mentions limits what is mentioned', async () => {
    const r = await exec(hook, '?wait=true', {
      content: `<@${IDS.member}> <@&${IDS.role}> @here`,
      allowed_mentions: { parse: [], roles: [IDS.role] },
    });
    expect(r.body.mentions).toEqual([]);
    expect(r.body.mention_roles).toEqual([IDS.role]);
    expect(r.body.mention_everyone).toBe(false);
  });

  it('embeds are forced to rich and lose provider, video and image sizes', async () => {
    const r = await exec(hook, '?wait=true', {
      embeds: [
        {
          type: 'video',
          title: 't',
          provider: { name: 'p' },
          video: { url: 'v' },
          image: { url: 'https://i', width: 5, height: 5, proxy_url: 'p' },
        },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.embeds).toEqual([{ type: 'rich', title: 't', image: { url: 'https://i' } }]);
  });

  it('an empty message is 400 50006', async () => {
    for (const body of [{}, { content: '' }, undefined]) {
      const r = await exec(hook, '?wait=true', body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ message: 'Cannot send an empty message', code: 50006 });
    }
  });

  it('content over 2000 and embed totals over 6000 are 50035 with the literal inner errors', async () => {
    const long = await exec(hook, '', { content: 'x'.repeat(2001) });
    expect(long.body).toEqual({
      message: 'Invalid Form Body',
      code: 50035,
      errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } },
    });
    const big = await exec(hook, '', {
      embeds: [{ description: 'x'.repeat(4000) }, { description: 'x'.repeat(2001) }],
    });
    expect(big.body.errors.embeds._errors[0]).toEqual({
      code: 'MAX_EMBED_SIZE_EXCEEDED',
      message: 'Embed size exceeds maximum size of 6000',
    });
    const eleven = await exec(hook, '', { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) });
    expect(eleven.body.errors.embeds._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
    const fields = await exec(hook, '', {
      embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }],
    });
    expect(fields.body.errors.embeds['0'].fields._errors[0]).toEqual({
      code: 'BASE_TYPE_MAX_LENGTH',
      message: 'Must be 25 or fewer in length.',
    });
  });

  it('username rules: reserved word and exact here/everyone', async () => {
    const d = await exec(hook, '', { content: 'x', username: 'discordbot' });
    expect(d.body.errors.username._errors[0]).toEqual({
      code: 'USERNAME_INVALID_CONTAINS',
      message: 'Username cannot contain "discord"',
    });
    const h = await exec(hook, '', { content: 'x', username: 'here' });
    expect(h.body.errors.username._errors[0]).toEqual({
      code: 'USERNAME_INVALID',
      message: 'Username cannot be "here"',
    });
  });

  it('boolean query values are checked (BOOLEAN_TYPE_COERCE) and thread_id must be a snowflake', async () => {
    const r = await exec(hook, '?wait=maybe', { content: 'x' });
    expect(r.body).toEqual({
      message: 'Invalid Form Body',
      code: 50035,
      errors: {
        wait: { _errors: [{ code: 'BOOLEAN_TYPE_COERCE', message: 'Value "maybe" is not a valid boolean.' }] },
      },
    });
    const wc = await exec(hook, '?with_components=yes', { content: 'x' });
    expect(wc.body.errors.with_components._errors[0].code).toBe('BOOLEAN_TYPE_COERCE');
    const t = await exec(hook, '?thread_id=abc', { content: 'x' });
    expect(t.body.errors.thread_id._errors[0].code).toBe('NUMBER_TYPE_COERCE');
  });

  it('flags: allowed bits kept, others dropped silently', async () => {
    const r = await exec(hook, '?wait=true', { content: 'x', flags: 4 | 4096 | 64 | 1 });
    expect(r.status).toBe(200);
    expect(r.body.flags).toBe(4 | 4096);
  });

  it('IS_COMPONENTS_V2 refuses legacy fields, naming the field', async () => {
    const r = await exec(hook, '?wait=true', { flags: 32768, content: 'x', components: [{ type: 10, content: 'hi' }] });
    expect(r.status).toBe(400);
    expect(r.body.errors.content._errors[0]).toEqual({
      code: 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
      message: "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
    });
    const ok = await exec(hook, '?wait=true', {
      flags: 32768,
      components: [{ type: 10, content: `hey <@${IDS.member}>` }],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.flags).toBe(32768);
    expect(ok.body.mentions.map((u: any) => u.id)).toEqual([IDS.member]);
  });

  it('components: app-owned always; others only with with_components, and only non-interactive', async () => {
    const link = [{ type: 1, components: [{ type: 2, style: 5, label: 'docs', url: 'https://x' }] }];
    const button = [{ type: 1, components: [{ type: 2, style: 1, label: 'go', custom_id: 'go' }] }];
    const app = await exec(hook, '?wait=true', { components: button });
    expect(app.status).toBe(200);
    // Stored as the service returns them: each component numbered, parents first (facts components §1.2).
    expect(app.body.components).toEqual([
      { type: 1, id: 1, components: [{ type: 2, id: 2, style: 1, label: 'go', custom_id: 'go' }] },
    ]);
    const ignored = await exec(plain, '?wait=true', { content: 'x', components: link });
    expect(ignored.body.components).toEqual([]);
    expect((await exec(plain, '?wait=true', { components: link })).body.code).toBe(50006);
    const respected = await exec(plain, '?wait=true&with_components=true', { components: link });
    expect(respected.status).toBe(200);
    expect(respected.body.components).toEqual([
      { ...link[0], id: 1, components: [{ ...link[0]!.components[0], id: 2 }] },
    ]);
    const refused = await exec(plain, '?wait=true&with_components=true', { components: button });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.components['0'].components['0']._errors[0].code).toBe(
      'COMPONENT_INTERACTIVE_NOT_ALLOWED',
    );
  });

  it('multipart without wait answers 204 like any execute (the spec; docs/deviations.md), and stores the files', async () => {
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ content: 'files, no wait' }));
    form.append('files[0]', new Blob([Buffer.from('hello')], { type: 'text/plain' }), 'a.txt');
    const before = Object.keys(emu.world.messages).length;
    const r = await exec(hook, '', undefined, form);
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    const stored = Object.values(emu.world.messages);
    expect(stored.length).toBe(before + 1);
    expect((stored.at(-1)!.message as any).attachments.map((a: any) => a.filename)).toEqual(['a.txt']);
  });

  it('multipart: payload_json plus two files; with wait=true answers 200 with the message', async () => {
    const form = new FormData();
    form.append(
      'payload_json',
      JSON.stringify({ content: 'files!', attachments: [{ id: 1, description: 'second file' }] }),
    );
    form.append('files[0]', new Blob([Buffer.from('hello')], { type: 'text/plain' }), 'a.txt');
    form.append('files[1]', new Blob([Buffer.from([0, 1, 2, 3, 4, 5])], { type: 'application/octet-stream' }), 'b.bin');
    const r = await exec(hook, '?wait=true', undefined, form);
    expect(r.status).toBe(200);
    expect(r.body.content).toBe('files!');
    expect(r.body.attachments).toHaveLength(2);
    const [a, b] = r.body.attachments;
    expect(a).toMatchObject({ filename: 'a.txt', size: 5, content_type: 'text/plain; charset=utf-8' });
    expect(b).toMatchObject({
      filename: 'b.bin',
      size: 6,
      content_type: 'application/octet-stream',
      description: 'second file',
    });
    expect(a.id).toMatch(/^\d+$/);
    expect(a.url).toContain(`/${a.id}/a.txt`);
  });

  it('multipart: plain form fields are accepted too', async () => {
    const form = new FormData();
    form.append('content', 'plain field');
    form.append('tts', 'true');
    const r = await exec(hook, '?wait=true', undefined, form);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ content: 'plain field', tts: true });
  });

  it('multipart: invalid payload_json is 50109', async () => {
    const form = new FormData();
    form.append('payload_json', '{nope');
    const r = await exec(hook, '', undefined, form);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(50109);
  });

  it('files over the upload limit are 413 40005', async () => {
    const form = new FormData();
    form.append('files[0]', new Blob([Buffer.alloc(emu.limits.upload_bytes_max + 1)]), 'big.bin');
    const r = await exec(hook, '', undefined, form);
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ message: 'Request entity too large', code: 40005 });
  });

  it('unknown webhook and wrong token', async () => {
    expect((await exec({ id: '1', token: hook.token }, '', { content: 'x' })).body).toEqual({
      message: 'Unknown Webhook',
      code: 10015,
    });
    const wrong = await exec({ id: hook.id, token: 'z'.repeat(68) }, '', { content: 'x' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid Webhook Token', code: 50027 });
  });
});

describe('threads and forums', () => {
  it('thread_id posts into a thread of the channel and unarchives it', async () => {
    const r = await exec(hook, `?wait=true&thread_id=${IDS.archivedThread}`, { content: 'in thread' });
    expect(r.status).toBe(200);
    expect(r.body.channel_id).toBe(IDS.archivedThread);
    expect(emu.world.guilds[IDS.guild]!.channels.find((ch) => ch.id === IDS.archivedThread)!.archived).toBe(false);
  });

  it('a thread of another channel (or no thread) is Unknown Channel', async () => {
    expect((await exec(hook, `?thread_id=${IDS.forumPost}`, { content: 'x' })).body).toEqual({
      message: 'Unknown Channel',
      code: 10003,
    });
    expect((await exec(hook, `?thread_id=${IDS.otherText}`, { content: 'x' })).body.code).toBe(10003);
  });

  it('thread_name outside a forum is 220003', async () => {
    const r = await exec(hook, '', { content: 'x', thread_name: 'nope' });
    expect(r.body).toEqual({ message: 'Webhooks can only create threads in forum channels', code: 220003 });
  });

  it('forum and media need thread_id or thread_name (220001) and not both (220002)', async () => {
    for (const w of [forumHook, mediaHook]) {
      expect((await exec(w, '', { content: 'x' })).body).toEqual({
        message: 'Webhooks posted to forum channels must have a thread_name or thread_id',
        code: 220001,
      });
    }
    const both = await exec(forumHook, `?thread_id=${IDS.forumPost}`, { content: 'x', thread_name: 'y' });
    expect(both.body).toEqual({
      message: 'Webhooks posted to forum channels cannot have both a thread_name and thread_id',
      code: 220002,
    });
  });

  it('thread_name creates a post whose id is the first message id; applied_tags are stored', async () => {
    const r = await exec(forumHook, '?wait=true', {
      content: 'first post',
      thread_name: 'Bug report',
      applied_tags: [IDS.tagBug],
    });
    expect(r.status).toBe(200);
    expect(r.body.channel_id).toBe(r.body.id);
    const post = emu.world.guilds[IDS.guild]!.channels.find((ch) => ch.id === r.body.id) as any;
    expect(post).toMatchObject({ type: 11, name: 'Bug report', parentId: IDS.forum, appliedTags: [IDS.tagBug] });
    const tag = await exec(forumHook, '', { content: 'x', thread_name: 't', applied_tags: ['1'] });
    expect(tag.body.errors.applied_tags['0']._errors[0].code).toBe('BASE_TYPE_CHOICES');
    const reply = await exec(forumHook, `?wait=true&thread_id=${r.body.id}`, { content: 'reply' });
    expect(reply.body.channel_id).toBe(r.body.id);
  });

  it('media channels take thread_name too', async () => {
    const r = await exec(mediaHook, '?wait=true', { content: 'pic', thread_name: 'Art' });
    expect(r.status).toBe(200);
    expect(r.body.channel_id).toBe(r.body.id);
  });
});

describe("the webhook's messages", () => {
  it('GET returns the message; another webhook, unknown or deleted is 10008', async () => {
    const m = (await exec(hook, '?wait=true', { content: 'get me' })).body;
    const r = await c.call('GET', msgPath(hook, m.id), { auth: null });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(m);
    expect((await c.call('GET', msgPath(plain, m.id), { auth: null })).body).toEqual({
      message: 'Unknown Message',
      code: 10008,
    });
    expect((await c.call('GET', msgPath(hook, '1'), { auth: null })).body.code).toBe(10008);
    expect((await c.call('GET', msgPath({ id: hook.id, token: 'x'.repeat(68) }, m.id), { auth: null })).body.code).toBe(
      50027,
    );
  });

  it('a message in a thread needs ?thread_id naming that thread', async () => {
    const m = (await exec(hook, `?wait=true&thread_id=${IDS.thread}`, { content: 'threaded' })).body;
    expect((await c.call('GET', msgPath(hook, m.id), { auth: null })).body.code).toBe(10008);
    expect(
      (await c.call('GET', msgPath(hook, m.id, `?thread_id=${IDS.archivedThread}`), { auth: null })).body.code,
    ).toBe(10008);
    expect((await c.call('GET', msgPath(hook, m.id, `?thread_id=${IDS.thread}`), { auth: null })).status).toBe(200);
    const edited = await c.call('PATCH', msgPath(hook, m.id, `?thread_id=${IDS.thread}`), {
      auth: null,
      body: { content: 'edited' },
    });
    expect(edited.body.content).toBe('edited');
    expect((await c.call('DELETE', msgPath(hook, m.id), { auth: null })).body.code).toBe(10008);
    expect((await c.call('DELETE', msgPath(hook, m.id, `?thread_id=${IDS.thread}`), { auth: null })).status).toBe(204);
    // A message outside threads is not found with a thread_id either.
    const top = (await exec(hook, '?wait=true', { content: 'top' })).body;
    expect((await c.call('GET', msgPath(hook, top.id, `?thread_id=${IDS.thread}`), { auth: null })).body.code).toBe(
      10008,
    );
  });

  it('editing content rebuilds mentions with the default allowances', async () => {
    const m = (await exec(hook, '?wait=true', { content: `hi <@${IDS.member}>`, allowed_mentions: { parse: [] } }))
      .body;
    expect(m.mentions).toEqual([]);
    const r = await c.call('PATCH', msgPath(hook, m.id), {
      auth: null,
      body: { content: `again <@${IDS.member}> <@&${IDS.role}>` },
    });
    expect(r.status).toBe(200);
    expect(r.body.mentions.map((u: any) => u.id)).toEqual([IDS.member]);
    expect(r.body.mention_roles).toEqual([IDS.role]);
    expect(r.body.edited_timestamp).toMatch(/\+00:00$/);
    const limited = await c.call('PATCH', msgPath(hook, m.id), {
      auth: null,
      body: { content: `<@${IDS.member}>`, allowed_mentions: { parse: [] } },
    });
    expect(limited.body.mentions).toEqual([]);
  });

  it('edit appends files; attachments lists the ones to keep', async () => {
    const form1 = new FormData();
    form1.append('payload_json', JSON.stringify({ content: 'with files' }));
    form1.append('files[0]', new Blob([Buffer.from('one')]), 'one.txt');
    form1.append('files[1]', new Blob([Buffer.from('two')]), 'two.txt');
    const m = (await exec(hook, '?wait=true', undefined, form1)).body;
    const [one, two] = m.attachments;

    const form2 = new FormData();
    form2.append('payload_json', JSON.stringify({}));
    form2.append('files[0]', new Blob([Buffer.from('three')]), 'three.txt');
    const appended = await c.call('PATCH', msgPath(hook, m.id), { auth: null, form: form2 });
    expect(appended.status).toBe(200);
    expect(appended.body.attachments.map((a: any) => a.filename)).toEqual(['one.txt', 'two.txt', 'three.txt']);

    const kept = await c.call('PATCH', msgPath(hook, m.id), { auth: null, body: { attachments: [{ id: two.id }] } });
    expect(kept.body.attachments.map((a: any) => a.id)).toEqual([two.id]);
    expect(kept.body.attachments.some((a: any) => a.id === one.id)).toBe(false);

    const form3 = new FormData();
    form3.append('payload_json', JSON.stringify({ attachments: [{ id: two.id }, { id: 0, description: 'new' }] }));
    form3.append('files[0]', new Blob([Buffer.from('four')]), 'four.txt');
    const replaced = await c.call('PATCH', msgPath(hook, m.id), { auth: null, form: form3 });
    expect(replaced.body.attachments.map((a: any) => a.filename)).toEqual(['two.txt', 'four.txt']);
    expect(replaced.body.attachments[1].description).toBe('new');
  });

  it('edit flags: SUPPRESS_EMBEDS toggles; IS_COMPONENTS_V2 needs legacy fields nulled and cannot be removed', async () => {
    const m = (await exec(hook, '?wait=true', { content: 'flaggy', flags: 4096 })).body;
    const on = await c.call('PATCH', msgPath(hook, m.id), { auth: null, body: { flags: 4 } });
    expect(on.body.flags).toBe(4 | 4096);
    const off = await c.call('PATCH', msgPath(hook, m.id), { auth: null, body: { flags: 0 } });
    expect(off.body.flags).toBe(4096);

    const v2 = [{ type: 10, content: 'now v2' }];
    const refused = await c.call('PATCH', msgPath(hook, m.id), { auth: null, body: { flags: 32768, components: v2 } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.content._errors[0].code).toBe('MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2');
    const nulled = await c.call('PATCH', msgPath(hook, m.id), { auth: null, body: { content: null } });
    expect(nulled.body).toEqual({ message: 'Cannot send an empty message', code: 50006 });
    const set = await c.call('PATCH', msgPath(hook, m.id), {
      auth: null,
      body: { flags: 32768, content: null, components: v2 },
    });
    expect(set.status).toBe(200);
    expect(set.body.flags & 32768).toBe(32768);
    expect(set.body.content).toBe('');
    const removed = await c.call('PATCH', msgPath(hook, m.id), { auth: null, body: { flags: 0 } });
    expect(removed.status).toBe(400);
    expect(removed.body.errors.flags._errors[0].code).toBe('MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG');
  });

  it('edit limits: content, embeds, polls', async () => {
    const m = (await exec(hook, '?wait=true', { content: 'limits' })).body;
    expect(
      (await c.call('PATCH', msgPath(hook, m.id), { auth: null, body: { content: 'x'.repeat(2001) } })).body.errors
        .content._errors[0].code,
    ).toBe('BASE_TYPE_MAX_LENGTH');
    expect(
      (
        await c.call('PATCH', msgPath(hook, m.id), {
          auth: null,
          body: { poll: { question: { text: 'q' }, answers: [{ poll_media: { text: 'a' } }] } },
        })
      ).body.errors.poll._errors[0].code,
    ).toBe('POLL_EDIT_NOT_ALLOWED');
    const embeds = await c.call('PATCH', msgPath(hook, m.id), {
      auth: null,
      body: { embeds: [{ title: 'e', type: 'article' }] },
    });
    expect(embeds.body.embeds).toEqual([{ type: 'rich', title: 'e' }]);
  });

  it('edit with poll: null removes the poll, so a message with a poll can become components v2', async () => {
    const poll = {
      question: { text: 'Lunch?' },
      answers: [{ poll_media: { text: 'yes' } }, { poll_media: { text: 'no' } }],
    };
    const m = (await exec(hook, '?wait=true', { content: 'vote', poll })).body;
    expect(m.poll.question).toEqual({ text: 'Lunch?' });
    const v2 = { flags: 32768, content: null, components: [{ type: 10, content: 'now a v2 message' }] };
    // The poll still there: the v2 flag is refused, naming it.
    const refused = await c.call('PATCH', msgPath(hook, m.id), { auth: null, body: v2 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.poll._errors[0].code).toBe('MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2');
    const edited = await c.call('PATCH', msgPath(hook, m.id), { auth: null, body: { ...v2, poll: null } });
    expect(edited.status).toBe(200);
    expect(edited.body.poll).toBeUndefined();
    expect(edited.body.flags & 32768).toBe(32768);
    expect(edited.body.components).toEqual([{ type: 10, id: 1, content: 'now a v2 message' }]);
    expect((await c.call('GET', msgPath(hook, m.id), { auth: null })).body.poll).toBeUndefined();
  });

  it('edit with poll: null on a message holding only a poll leaves it empty: 50006, the poll kept', async () => {
    const poll = { question: { text: 'Only?' }, answers: [{ poll_media: { text: 'a' } }] };
    const m = (await exec(hook, '?wait=true', { poll })).body;
    const r = await c.call('PATCH', msgPath(hook, m.id), { auth: null, body: { poll: null } });
    expect(r.body).toEqual({ message: 'Cannot send an empty message', code: 50006 });
    expect((await c.call('GET', msgPath(hook, m.id), { auth: null })).body.poll.question).toEqual({ text: 'Only?' });
  });

  it('only messages of the same webhook can be edited or deleted', async () => {
    const m = (await exec(hook, '?wait=true', { content: 'mine' })).body;
    expect((await c.call('PATCH', msgPath(plain, m.id), { auth: null, body: { content: 'x' } })).body.code).toBe(10008);
    expect((await c.call('DELETE', msgPath(plain, m.id), { auth: null })).body.code).toBe(10008);
    expect((await c.call('DELETE', msgPath(hook, m.id), { auth: null })).status).toBe(204);
    expect((await c.call('GET', msgPath(hook, m.id), { auth: null })).body.code).toBe(10008);
  });
});
