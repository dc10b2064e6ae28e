import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { type Client, IDS, startWebhookEmulator } from './webhooks-setup.js';

let emu: RunningEmulator;
let c: Client;
let hook: { id: string; token: string };
let forumHook: { id: string; token: string };

beforeAll(async () => {
  ({ emu, client: c } = await startWebhookEmulator());
  hook = await c.create(IDS.text, 'Compat');
  forumHook = await c.create(IDS.forum, 'Forum compat');
});
afterAll(async () => {
  await emu.close();
});

const lastMessage = () => {
  const all = Object.values(emu.world.messages);
  return all[all.length - 1]!;
};

describe('/slack', () => {
  it('answers as execute with wait defaulting to true: the message, or 204 with wait=false (not the live `ok`: docs/deviations.md)', async () => {
    const waited = await c.call('POST', `/webhooks/${hook.id}/${hook.token}/slack`, {
      auth: null,
      body: { text: 'default wait' },
    });
    expect(waited.status).toBe(200);
    expect(waited.body).toMatchObject({ content: 'default wait', channel_id: IDS.text, webhook_id: hook.id });
    expect(waited.body.id).toBe(lastMessage().id);
    const explicit = await c.call('POST', `/webhooks/${hook.id}/${hook.token}/slack?wait=true`, {
      auth: null,
      body: { text: 'explicit' },
    });
    expect(explicit.body.content).toBe('explicit');
    const before = Object.keys(emu.world.messages).length;
    const quiet = await c.call('POST', `/webhooks/${hook.id}/${hook.token}/slack?wait=false`, {
      auth: null,
      body: { text: 'no wait' },
    });
    expect(quiet.status).toBe(204);
    expect(quiet.text).toBe('');
    expect(Object.keys(emu.world.messages).length).toBe(before + 1);
  });

  it('turns a chat-service body into a message', async () => {
    for (const q of ['', '?wait=false', '?wait=true']) {
      const r = await c.call('POST', `/webhooks/${hook.id}/${hook.token}/slack${q}`, {
        auth: null,
        body: {
          text: 'Build passed',
          username: 'CI',
          icon_url: 'https://example.com/ci.png',
          channel: '#ignored',
          icon_emoji: ':ghost:',
          mrkdwn: true,
          attachments: [
            {
              title: 'Run 42',
              title_link: 'https://ci/42',
              text: 'all green',
              color: 'good',
              fields: [{ title: 'Branch', value: 'main', short: true }],
              footer: 'ci',
              ts: 1700000000,
            },
          ],
        },
      });
      expect(r.status).toBe(q === '?wait=false' ? 204 : 200);
    }
    const m = lastMessage().message as any;
    expect(m.content).toBe('Build passed');
    expect(m.author.username).toBe('CI');
    expect(m.embeds).toEqual([
      {
        type: 'rich',
        title: 'Run 42',
        url: 'https://ci/42',
        description: 'all green',
        color: 0x2eb886,
        fields: [{ name: 'Branch', value: 'main', inline: true }],
        footer: { text: 'ci' },
        timestamp: '2023-11-14T22:13:20.000Z',
      },
    ]);
  });

  it('honours thread_id', async () => {
    const r = await c.call('POST', `/webhooks/${hook.id}/${hook.token}/slack?thread_id=${IDS.thread}`, {
      auth: null,
      body: { text: 'threaded' },
    });
    expect(r.body.channel_id).toBe(IDS.thread);
    expect(lastMessage().channel_id).toBe(IDS.thread);
  });

  it('refuses forum channels (220004), empty bodies (50006) and wrong tokens (50027)', async () => {
    const forum = await c.call('POST', `/webhooks/${forumHook.id}/${forumHook.token}/slack`, {
      auth: null,
      body: { text: 'x' },
    });
    expect(forum.status).toBe(400);
    expect(forum.body).toEqual({ message: 'Webhook services cannot be used in forum channels', code: 220004 });
    const empty = await c.call('POST', `/webhooks/${hook.id}/${hook.token}/slack`, {
      auth: null,
      body: { channel: '#x' },
    });
    expect(empty.body).toEqual({ message: 'Cannot send an empty message', code: 50006 });
    const wrong = await c.call('POST', `/webhooks/${hook.id}/${'q'.repeat(68)}/slack`, {
      auth: null,
      body: { text: 'x' },
    });
    expect(wrong.body).toEqual({ message: 'Invalid Webhook Token', code: 50027 });
  });
});

describe('/github', () => {
  const repo = { full_name: 'acme/widgets', html_url: 'https://github.com/acme/widgets' };
  const sender = { login: 'octocat', html_url: 'https://github.com/octocat', avatar_url: 'https://avatars/octocat' };
  const post = (event: string | undefined, body: unknown, w = hook) =>
    c.call('POST', `/webhooks/${w.id}/${w.token}/github`, {
      auth: null,
      body,
      headers: event ? { 'X-GitHub-Event': event } : {},
    });

  it('push: one embed listing the commits, answered as execute (the message; 204 with wait=false)', async () => {
    const before = Object.keys(emu.world.messages).length;
    const r = await post('push', {
      ref: 'refs/heads/main',
      compare: 'https://github.com/acme/widgets/compare/a...b',
      repository: repo,
      sender,
      commits: [
        { id: 'abcdef1234567', url: 'https://c/1', message: 'Fix bug\n\nlong text', author: { name: 'Octo' } },
        { id: '1234567abcdef', url: 'https://c/2', message: 'Add feature', author: { name: 'Cat' } },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(lastMessage().id);
    expect(Object.keys(emu.world.messages).length).toBe(before + 1);
    const e = (lastMessage().message as any).embeds[0];
    expect(r.body.embeds[0]).toEqual(e);
    expect(e.title).toBe('[acme/widgets] main: 2 new commits');
    expect(e.url).toBe('https://github.com/acme/widgets/compare/a...b');
    expect(e.description).toBe('[`abcdef1`](https://c/1) Fix bug - Octo\n[`1234567`](https://c/2) Add feature - Cat');
    expect(e.author).toEqual({
      name: 'octocat',
      url: 'https://github.com/octocat',
      icon_url: 'https://avatars/octocat',
    });
  });

  it('issues, pull_request, release, star and the rest of the listed kinds make a message', async () => {
    const cases: Array<[string, unknown, string]> = [
      [
        'issues',
        { action: 'opened', issue: { number: 7, title: 'Crash', html_url: 'https://i/7', body: 'trace' } },
        '[acme/widgets] Issue opened: #7 Crash',
      ],
      [
        'pull_request',
        { action: 'closed', pull_request: { number: 8, title: 'Refactor', html_url: 'https://p/8' } },
        '[acme/widgets] Pull request closed: #8 Refactor',
      ],
      [
        'release',
        { action: 'published', release: { tag_name: 'v1.0.0', html_url: 'https://r/1' } },
        '[acme/widgets] New release published: v1.0.0',
      ],
      ['watch', { action: 'started' }, '[acme/widgets] New star added'],
      [
        'fork',
        { forkee: { full_name: 'me/widgets', html_url: 'https://f' } },
        '[acme/widgets] Fork created: me/widgets',
      ],
      ['create', { ref: 'feature', ref_type: 'branch' }, '[acme/widgets] New branch created: feature'],
      [
        'issue_comment',
        { action: 'created', issue: { number: 7, title: 'Crash' }, comment: { body: 'me too', html_url: 'https://c' } },
        '[acme/widgets] New comment on issue #7: Crash',
      ],
      [
        'check_run',
        { action: 'completed', check_run: { name: 'test', conclusion: 'success', html_url: 'https://cr' } },
        '[acme/widgets] Check run test success',
      ],
    ];
    for (const [event, payload, title] of cases) {
      const r = await post(event, { ...(payload as object), repository: repo, sender });
      expect(r.status).toBe(200);
      expect(r.body.embeds[0].title).toBe(title);
      expect((lastMessage().message as any).embeds[0].title).toBe(title);
    }
  });

  it('wait=false answers 204 and still sends', async () => {
    const before = Object.keys(emu.world.messages).length;
    const r = await c.call('POST', `/webhooks/${hook.id}/${hook.token}/github?wait=false`, {
      auth: null,
      body: { action: 'started', repository: repo, sender },
      headers: { 'X-GitHub-Event': 'watch' },
    });
    expect(r.status).toBe(204);
    expect(Object.keys(emu.world.messages).length).toBe(before + 1);
  });

  it('unlisted events (ping) and pushes without commits are acknowledged with 204 and send nothing', async () => {
    const before = Object.keys(emu.world.messages).length;
    expect((await post('ping', { zen: 'Keep it simple.', repository: repo })).status).toBe(204);
    expect((await post(undefined, { repository: repo })).status).toBe(204);
    expect((await post('push', { ref: 'refs/heads/main', commits: [], repository: repo })).status).toBe(204);
    expect(Object.keys(emu.world.messages).length).toBe(before);
  });

  it('refuses forum channels with 220004 and wrong tokens with 50027', async () => {
    expect((await post('push', { repository: repo }, forumHook)).body).toEqual({
      message: 'Webhook services cannot be used in forum channels',
      code: 220004,
    });
    expect((await post('push', {}, { id: hook.id, token: 'w'.repeat(68) })).body.code).toBe(50027);
  });
});
