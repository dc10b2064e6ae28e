/** `webhook send --format chat-compat|repo-compat`: bodies in other products' hook formats, posted as they are. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { testdir } from '../helpers/tmp.js';
import { type Client, IDS, startWebhookEmulator } from '../emulator/webhooks-setup.js';
import { cli, expectNoSecrets, hookUrl, lastMessage, messageCount, type Run } from './helpers.js';

let emu: RunningEmulator;
let c: Client;
let hook: { id: string; token: string };
let forum: { id: string; token: string };

beforeAll(async () => {
  ({ emu, client: c } = await startWebhookEmulator());
  hook = await c.create(IDS.text, 'Compat');
  forum = await c.create(IDS.forum, 'Forum');
});
afterAll(async () => {
  await emu.close();
});

const cwd = () =>
  testdir({
    'slack.json': JSON.stringify({
      text: 'Build passed',
      username: 'CI',
      channel: '#ignored',
      attachments: [{ title: 'Run 42', text: 'all green', color: 'good' }],
    }),
    'push.yaml': [
      'ref: refs/heads/main',
      'compare: https://github.com/acme/widgets/compare/a...b',
      'repository: { full_name: acme/widgets, html_url: "https://github.com/acme/widgets" }',
      'sender: { login: octocat, html_url: "https://github.com/octocat", avatar_url: "https://avatars/octocat" }',
      'commits:',
      '  - { id: 0123456789abcdef, message: Fix the thing, url: "https://github.com/acme/widgets/commit/0123456", author: { name: Octo, username: octocat } }',
      '',
    ].join('\n'),
    'list.json': '[1, 2]',
  });

async function run(args: string[], h = hook, dir = cwd()): Promise<Run> {
  const r = await cli(['webhook', 'send', ...args], { DISCORD_WEBHOOK_URL: hookUrl(emu, h) }, dir);
  expectNoSecrets(r, [hook.token, forum.token]);
  return r;
}

describe('chat-compat', () => {
  test('posts the body; unsupported properties are warned about', async () => {
    const r = await run(['--format', 'chat-compat', '--body', 'slack.json']);
    expect(r.code).toBe(0);
    expect(r.err).toContain('warning: channel: the chat-compat endpoint does not support this property');
    expect(r.err).toContain('Posted the chat-compat body');
    const m = lastMessage(emu).message;
    expect(m.content).toBe('Build passed');
    expect(m.author.username).toBe('CI');
    expect(m.embeds[0]).toMatchObject({ title: 'Run 42', description: 'all green' });
  });

  test('--thread posts into a thread', async () => {
    const r = await run(['--format', 'chat-compat', '--body', 'slack.json', '--thread', IDS.thread]);
    expect(r.code).toBe(0);
    expect(lastMessage(emu).channel_id).toBe(IDS.thread);
  });

  test('a forum channel: the service refusal (220004)', async () => {
    const r = await run(['--format', 'chat-compat', '--body', 'slack.json'], forum);
    expect(r.code).toBe(1);
    expect(r.err).toContain('Webhook services cannot be used in forum channels');
  });
});

describe('repo-compat', () => {
  test('posts a push event from YAML', async () => {
    const before = messageCount(emu);
    const r = await run(['--format', 'repo-compat', '--event', 'push', '--body', 'push.yaml']);
    expect(r.code).toBe(0);
    expect(r.err).toContain('(push event)');
    expect(messageCount(emu)).toBe(before + 1);
    expect(JSON.stringify(lastMessage(emu).message.embeds)).toContain('acme/widgets');
  });

  test('usage: --event required and checked, message flags refused, --body required and a mapping', async () => {
    expect((await run(['--format', 'repo-compat', '--body', 'push.yaml'])).err).toContain('needs --event');
    expect((await run(['--format', 'repo-compat', '--event', 'deploy', '--body', 'push.yaml'])).err).toContain(
      '--event takes one of',
    );
    expect((await run(['--format', 'chat-compat', '--event', 'push', '--body', 'slack.json'])).err).toContain(
      '--event applies to --format repo-compat only',
    );
    const mixed = await run(['--format', 'chat-compat', '--body', 'slack.json', '--content', 'x', '--tts']);
    expect(mixed.code).toBe(1);
    expect(mixed.err).toContain('--content, --tts cannot be used with it');
    expect((await run(['--format', 'chat-compat'])).err).toContain('needs --body FILE');
    expect((await run(['--format', 'chat-compat', '--body', 'list.json'])).err).toContain('must be a mapping');
    expect((await run(['--format', 'xml', '--body', 'list.json'])).code).toBe(1);
  });
});
