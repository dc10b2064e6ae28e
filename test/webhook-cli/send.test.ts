/**
 * `webhook send` over real HTTP against the emulator: every body field from
 * its flag, multipart uploads, threads and forum posts, allowed mentions
 * defaulting to none, and local validation that names the exact field and
 * sends nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { testdir } from '../helpers/tmp.js';
import { type Client, IDS, startWebhookEmulator } from '../emulator/webhooks-setup.js';
import { cli, expectNoSecrets, hookUrl, lastMessage, messageCount, type Run } from './helpers.js';

let emu: RunningEmulator;
let c: Client;
let hook: { id: string; token: string };
let forum: { id: string; token: string };
let media: { id: string; token: string };

beforeAll(async () => {
  ({ emu, client: c } = await startWebhookEmulator());
  hook = await c.create(IDS.text, 'Sender');
  forum = await c.create(IDS.forum, 'Forum sender');
  media = await c.create(IDS.media, 'Media sender');
});
afterAll(async () => {
  await emu.close();
});

/** A stored message by id, loosely typed for assertions. */
const msg = (id: string): { channel_id: string; message: any } => emu.world.messages[id] as never;
const env = (h = hook) => ({ DISCORD_WEBHOOK_URL: hookUrl(emu, h) });
const secrets = () => [emu.credentials.botToken, hook.token, forum.token, media.token];

async function send(args: string[], h = hook, cwd?: string): Promise<Run> {
  const r = await cli(['webhook', 'send', ...args], env(h), cwd);
  expectNoSecrets(r, secrets());
  return r;
}

/** Runs a send that must be refused locally: exit 1, the field named, nothing sent. */
async function refused(args: string[], field: RegExp, h = hook, cwd?: string): Promise<Run> {
  const before = messageCount(emu);
  const r = await send(args, h, cwd);
  expect(r.code).toBe(1);
  expect(r.err).toMatch(field);
  expect(r.err).toContain('Nothing was sent');
  expect(messageCount(emu)).toBe(before);
  return r;
}

describe('sending', () => {
  test('content without --wait: sent, nothing on stdout', async () => {
    const r = await send(['--content', 'hello']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toContain('Sent.');
    expect(lastMessage(emu).message.content).toBe('hello');
  });

  test('--wait prints the created message id alone on stdout; --json prints the message', async () => {
    const r = await send(['--content', 'waited', '--wait']);
    expect(r.code).toBe(0);
    const id = r.out.trim();
    expect(msg(id).message.content).toBe('waited');
    const j = await send(['--content', 'as json', '--json']);
    expect(JSON.parse(j.out)).toMatchObject({ content: 'as json', webhook_id: hook.id });
  });

  test('--username, --avatar-url, --tts, flags', async () => {
    const r = await send([
      '--content',
      'x',
      '--username',
      'CI bot',
      '--avatar-url',
      'https://example.com/a.png',
      '--tts',
      '--flag',
      'suppress-embeds',
      '--flag',
      'suppress-notifications',
      '--wait',
    ]);
    expect(r.code).toBe(0);
    const m = msg(r.out.trim()).message;
    expect(m.author.username).toBe('CI bot');
    expect(m.tts).toBe(true);
    expect(m.flags).toBe(4 | 4096);
  });

  test('allowed mentions default to none; --allow-mentions users opts in', async () => {
    const text = `hi <@${IDS.member}> <@&${IDS.role}> @everyone`;
    const none = await send(['--content', text, '--wait']);
    const m1 = msg(none.out.trim()).message;
    expect(m1.mentions).toEqual([]);
    expect(m1.mention_roles).toEqual([]);
    expect(m1.mention_everyone).toBe(false);
    const users = await send(['--content', text, '--allow-mentions', 'users', '--wait']);
    const m2 = msg(users.out.trim()).message;
    expect(m2.mentions.map((u: { id: string }) => u.id)).toEqual([IDS.member]);
    expect(m2.mention_everyone).toBe(false);
    expect((await send(['--content', 'x', '--allow-mentions', 'users,admins'])).err).toContain('--allow-mentions');
  });

  test('embeds from a YAML file, a JSON file, and from flags', async () => {
    const cwd = testdir({
      'embeds.yaml': 'title: Deploy\ndescription: done\ncolor: 0x57F287\nfields:\n  - name: env\n    value: prod\n',
      'embeds.json': JSON.stringify([{ title: 'One' }, { title: 'Two' }]),
    });
    const y = await send(['--embeds', 'embeds.yaml', '--wait'], hook, cwd);
    expect(y.code).toBe(0);
    expect(msg(y.out.trim()).message.embeds).toEqual([
      { type: 'rich', title: 'Deploy', description: 'done', color: 0x57f287, fields: [{ name: 'env', value: 'prod' }] },
    ]);
    const j = await send(
      [
        '--embeds',
        'embeds.json',
        '--embed-title',
        'Three',
        '--embed-color',
        '#ff0000',
        '--embed-url',
        'https://example.com',
        '--embed-description',
        'd',
        '--wait',
      ],
      hook,
      cwd,
    );
    expect(msg(j.out.trim()).message.embeds.map((e: { title: string }) => e.title)).toEqual(['One', 'Two', 'Three']);
    expect(msg(j.out.trim()).message.embeds[2]).toMatchObject({
      color: 0xff0000,
      url: 'https://example.com',
      description: 'd',
    });
    expect((await send(['--embed-color', 'red'])).err).toContain('--embed-color');
    const bad = await send(['--embeds', 'missing.yaml'], hook, cwd);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--embeds missing.yaml: cannot read');
  });

  test('two files: multipart with payload_json; both stored as attachments', async () => {
    const cwd = testdir({ 'a.txt': 'alpha', 'b.log': 'beta beta' });
    const r = await send(['--content', 'logs', '--file', 'a.txt', '--file', 'b.log', '--wait'], hook, cwd);
    expect(r.code).toBe(0);
    const m = msg(r.out.trim()).message;
    expect(m.content).toBe('logs');
    expect(m.attachments.map((a: { filename: string; size: number }) => [a.filename, a.size])).toEqual([
      ['a.txt', 5],
      ['b.log', 9],
    ]);
    // Files alone satisfy the one-of rule.
    expect((await send(['--file', 'a.txt'], hook, cwd)).code).toBe(0);
  });

  test('components v2 with components only', async () => {
    const cwd = testdir({ 'v2.yaml': '- type: 10\n  content: "Deployed **v1.2**"\n' });
    const r = await send(
      ['--components', 'v2.yaml', '--flag', 'components-v2', '--with-components', '--wait'],
      hook,
      cwd,
    );
    expect(r.code).toBe(0);
    const m = msg(r.out.trim()).message;
    expect(m.flags).toBe(32768);
    expect(m.components).toEqual([{ type: 10, id: 1, content: 'Deployed **v1.2**' }]);
  });
});

describe('threads and forum/media channels', () => {
  test('--thread posts into a thread of the channel', async () => {
    const r = await send(['--content', 'in thread', '--thread', IDS.thread, '--wait']);
    expect(r.code).toBe(0);
    expect(msg(r.out.trim()).channel_id).toBe(IDS.thread);
  });

  test('forum: --thread-name with --tag creates a tagged post; --thread posts into an existing one', async () => {
    const r = await send(
      ['--content', 'bug report', '--thread-name', 'Crash on start', '--tag', IDS.tagBug, '--wait'],
      forum,
    );
    expect(r.code).toBe(0);
    const id = r.out.trim();
    const post = emu.world.guilds[IDS.guild].channels.find((ch) => ch.id === id) as {
      parentId?: string;
      name: string;
      appliedTags?: string[];
    };
    expect(post).toMatchObject({ parentId: IDS.forum, name: 'Crash on start', appliedTags: [IDS.tagBug] });
    expect(msg(id).channel_id).toBe(id);
    const reply = await send(['--content', 'more', '--thread', IDS.forumPost, '--wait'], forum);
    expect(msg(reply.out.trim()).channel_id).toBe(IDS.forumPost);
  });

  test('media channel: --thread-name creates a post', async () => {
    const r = await send(['--content', 'pic', '--thread-name', 'Gallery', '--wait'], media);
    expect(r.code).toBe(0);
    expect(msg(r.out.trim()).channel_id).toBe(r.out.trim());
  });

  test('a forum without --thread or --thread-name: the service refusal, token-free', async () => {
    const before = messageCount(emu);
    const r = await send(['--content', 'x'], forum);
    expect(r.code).toBe(1);
    expect(r.err).toContain('must have a thread_name or thread_id');
    expect(messageCount(emu)).toBe(before);
  });

  test('a misspelled embed key is refused before sending, with a "did you mean" (the service would drop it silently)', async () => {
    const cwd = testdir({
      'embeds.json': JSON.stringify([
        { titel: 'Deploy', fields: [{ name: 'env', valeu: 'prod' }], footer: { txt: 'ci' } },
      ]),
    });
    const r = await refused(
      ['--embeds', 'embeds.json'],
      /^error: embeds\[0\]\.titel: Unknown embed key "titel" \(did you mean "title"\?\); the service would drop it/m,
      hook,
      cwd,
    );
    expect(r.err).toMatch(/embeds\[0\]\.fields\[0\]\.valeu: Unknown embed key "valeu" \(did you mean "value"\?\)/);
    expect(r.err).toMatch(/embeds\[0\]\.footer\.txt: Unknown embed key "txt" \(did you mean "text"\?\)/);
  });

  test('--thread-name outside a forum: the service refusal (220003)', async () => {
    const r = await send(['--content', 'x', '--thread-name', 'nope']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('Webhooks can only create threads in forum channels');
  });

  test('--thread and --thread-name together, --tag without --thread-name, too many tags', async () => {
    await refused(
      ['--content', 'x', '--thread', IDS.forumPost, '--thread-name', 'y'],
      /^error: thread_name: Give thread_id or thread_name, not both/m,
      forum,
    );
    const tagOnly = await send(['--content', 'x', '--tag', IDS.tagBug], forum);
    expect(tagOnly.code).toBe(1);
    expect(tagOnly.err).toContain('--tag applies to a new forum or media post');
    const tags = ['1', '2', '3', '4', '5', '6'].map((n) => `40000000000000000${n}0`);
    await refused(
      ['--content', 'x', '--thread-name', 'y', ...tags.flatMap((t) => ['--tag', t])],
      /^error: applied_tags: A post carries at most 5 tags/m,
      forum,
    );
    expect((await send(['--content', 'x', '--thread', 'abc'])).err).toContain('--thread takes a numeric id');
  });
});

describe('validation before sending: the exact field, nothing sent', () => {
  test('the one-of rule', async () => {
    await refused([], /^error: A message needs content, embeds, components, files or a poll/m);
  });

  test('2000 characters of content', async () => {
    await refused(
      ['--content', 'x'.repeat(2001)],
      /^error: content: Content holds at most 2000 characters \(it has 2001\)/m,
    );
  });

  test('10 embeds', async () => {
    const cwd = testdir({ 'e.json': JSON.stringify(Array.from({ length: 11 }, (_, i) => ({ title: `t${i}` }))) });
    await refused(['--embeds', 'e.json'], /^error: embeds: A message holds at most 10 embeds/m, hook, cwd);
  });

  test('embed limits name the exact field', async () => {
    const fields = [0, 1, 2, 3].map((i) => ({ name: `f${i}`, value: i === 3 ? 'v'.repeat(1025) : 'ok' }));
    const cwd = testdir({
      'field.yaml': JSON.stringify([{ title: 'x', fields }]),
      'title.json': JSON.stringify([{ title: 't'.repeat(257) }]),
      'total.json': JSON.stringify([0, 1].map(() => ({ description: 'd'.repeat(3500) }))),
      'footer.json': JSON.stringify({ footer: {} }),
    });
    await refused(
      ['--embeds', 'field.yaml'],
      /^error: embeds\[0\]\.fields\[3\]\.value: Embed field value must be at most 1024 characters/m,
      hook,
      cwd,
    );
    await refused(['--embeds', 'title.json'], /^error: embeds\[0\]\.title: /m, hook, cwd);
    await refused(
      ['--embeds', 'total.json'],
      /^error: embeds: The embeds of one message may hold 6000 characters/m,
      hook,
      cwd,
    );
    await refused(
      ['--embeds', 'footer.json'],
      /^error: embeds\[0\]\.footer\.text: Embed footer text is required/m,
      hook,
      cwd,
    );
    await refused(['--embed-title', 't'.repeat(300)], /^error: embeds\[0\]\.title: /m);
    await refused(
      ['--content', 'x', '--embed-color', '16777216'],
      /^error: embeds\[0\]\.color: Embed color must be at most/m,
    );
  });

  test('components v2 exclusivity names each legacy field', async () => {
    const cwd = testdir({ 'v2.json': JSON.stringify([{ type: 10, content: 'hi' }]), 'a.txt': 'a' });
    const r = await refused(
      [
        '--content',
        'x',
        '--embed-title',
        't',
        '--file',
        'a.txt',
        '--components',
        'v2.json',
        '--flag',
        'components-v2',
        '--with-components',
      ],
      /^error: content: With IS_COMPONENTS_V2/m,
      hook,
      cwd,
    );
    expect(r.err).toMatch(/^error: embeds: With IS_COMPONENTS_V2/m);
    expect(r.err).toMatch(/^error: files: With IS_COMPONENTS_V2/m);
  });

  test('username rules and too many files', async () => {
    await refused(['--content', 'x', '--username', 'Clyde'], /^error: username: /m);
    const files: Record<string, string> = {};
    for (let i = 0; i < 11; i++) files[`f${i}.txt`] = 'x';
    const cwd = testdir(files);
    await refused(
      ['--content', 'x', ...Object.keys(files).flatMap((f) => ['--file', f])],
      /^error: files: A message holds at most 10 files/m,
      hook,
      cwd,
    );
  });

  test('bad flag names are usage errors', async () => {
    const r = await send(['--content', 'x', '--flag', 'ephemeral']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('--flag takes suppress-embeds, suppress-notifications, components-v2');
  });

  test('no URL: a usage error naming DISCORD_WEBHOOK_URL', async () => {
    const r = await cli(['webhook', 'send', '--content', 'x'], {});
    expect(r.code).toBe(1);
    expect(r.err).toContain('DISCORD_WEBHOOK_URL');
  });

  test('a wrong token: the service error with the token redacted, also with --debug', async () => {
    const wrong = 'Z'.repeat(68);
    const r = await cli(
      ['webhook', 'send', '--content', 'x', '--debug', '--url', `${emu.url}/webhooks/${hook.id}/${wrong}`],
      {},
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain('Invalid Webhook Token');
    expect(r.err).toContain('debug: →');
    expectNoSecrets(r, [wrong, ...secrets()]);
  });
});
