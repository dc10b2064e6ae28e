/**
 * `webhook message get|edit|delete` over real HTTP against the emulator:
 * threads, the edit rules (files appended, attachments kept or dropped,
 * flags), local checks against the message being edited, no token printed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { testdir } from '../helpers/tmp.js';
import { type Client, IDS, startWebhookEmulator } from '../emulator/webhooks-setup.js';
import { cli, expectNoSecrets, hookUrl, type Run } from './helpers.js';

let emu: RunningEmulator;
let c: Client;
let hook: { id: string; token: string };

beforeAll(async () => {
  ({ emu, client: c } = await startWebhookEmulator());
  hook = await c.create(IDS.text, 'Editor');
});
afterAll(async () => {
  await emu.close();
});

const env = () => ({ DISCORD_WEBHOOK_URL: hookUrl(emu, hook) });

async function run(args: string[], cwd?: string): Promise<Run> {
  const r = await cli(['webhook', ...args], env(), cwd);
  expectNoSecrets(r, [hook.token, emu.credentials.botToken]);
  return r;
}

/** Sends a message through the CLI and returns its id. */
async function sent(args: string[], cwd?: string): Promise<string> {
  const r = await run(['send', '--wait', ...args], cwd);
  expect(r.code).toBe(0);
  return r.out.trim();
}

const stored = (id: string): any => emu.world.messages[id].message;

describe('message get / delete', () => {
  test('get: human summary and JSON', async () => {
    const cwd = testdir({ 'a.txt': 'a' });
    const id = await sent(['--content', 'hello there', '--file', 'a.txt'], cwd);
    const h = await run(['message', 'get', id]);
    expect(h.code).toBe(0);
    expect(h.out).toContain(`id:          ${id}`);
    expect(h.out).toContain('content:     hello there');
    expect(h.out).toMatch(/attachments: a\.txt \(id \d+\)/);
    const j = await run(['message', 'get', id, '--json']);
    expect(JSON.parse(j.out)).toMatchObject({ id, content: 'hello there', webhook_id: hook.id });
  });

  test('a message in a thread is found only with --thread', async () => {
    const id = await sent(['--content', 'threaded', '--thread', IDS.thread]);
    const without = await run(['message', 'get', id]);
    expect(without.code).toBe(1);
    expect(without.err).toContain('Unknown Message');
    const withThread = await run(['message', 'get', id, '--thread', IDS.thread]);
    expect(withThread.code).toBe(0);
    const del = await run(['message', 'delete', id, '--thread', IDS.thread]);
    expect(del.code).toBe(0);
    expect(del.err).toContain(`Deleted message ${id}`);
    expect(emu.world.messages[id]).toBeUndefined();
  });

  test('delete, then get: Unknown Message', async () => {
    const id = await sent(['--content', 'bye']);
    expect((await run(['message', 'delete', id])).code).toBe(0);
    expect((await run(['message', 'get', id])).err).toContain('Unknown Message');
  });
});

describe('message edit', () => {
  test('content, embeds; allowed mentions stay none on edit', async () => {
    const id = await sent(['--content', 'v1']);
    const r = await run([
      'message',
      'edit',
      id,
      '--content',
      `v2 <@${IDS.member}> @everyone`,
      '--embed-title',
      'Status',
    ]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`Edited message ${id}`);
    const m = stored(id);
    expect(m.content).toContain('v2');
    expect(m.embeds).toEqual([{ type: 'rich', title: 'Status' }]);
    expect(m.mentions).toEqual([]);
    expect(m.mention_everyone).toBe(false);
    expect(m.edited_timestamp).toEqual(expect.any(String));
  });

  test('files are appended; --keep-attachment keeps only those listed (plus the new files)', async () => {
    const cwd = testdir({ 'a.txt': 'a', 'b.txt': 'bb', 'c.txt': 'ccc', 'd.txt': 'dddd' });
    const id = await sent(['--content', 'files', '--file', 'a.txt', '--file', 'b.txt'], cwd);
    const appended = await run(['message', 'edit', id, '--file', 'c.txt'], cwd);
    expect(appended.code).toBe(0);
    const names = () => (stored(id).attachments as Array<{ filename: string }>).map((a) => a.filename);
    expect(names()).toEqual(['a.txt', 'b.txt', 'c.txt']);

    const keepId = (stored(id).attachments as Array<{ id: string; filename: string }>).find(
      (a) => a.filename === 'b.txt',
    )!.id;
    const kept = await run(['message', 'edit', id, '--keep-attachment', keepId, '--file', 'd.txt'], cwd);
    expect(kept.code).toBe(0);
    expect(names()).toEqual(['b.txt', 'd.txt']);

    const cleared = await run(['message', 'edit', id, '--clear', 'attachments'], cwd);
    expect(cleared.code).toBe(0);
    expect(names()).toEqual([]);
  });

  test('flags: suppress-embeds set, then cleared with none; suppress-notifications is not an edit flag', async () => {
    const id = await sent(['--content', 'flags']);
    expect((await run(['message', 'edit', id, '--flag', 'suppress-embeds'])).code).toBe(0);
    expect(stored(id).flags & 4).toBe(4);
    expect((await run(['message', 'edit', id, '--flag', 'none'])).code).toBe(0);
    expect(stored(id).flags & 4).toBe(0);
    const bad = await run(['message', 'edit', id, '--flag', 'suppress-notifications']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--flag takes suppress-embeds, components-v2, none');
  });

  test('components v2 needs the old content cleared first: refused locally naming content, then accepted with --clear content', async () => {
    const cwd = testdir({ 'v2.yaml': '- type: 10\n  content: now v2\n' });
    const id = await sent(['--content', 'legacy']);
    const before = JSON.stringify(stored(id));
    const refused = await run(
      ['message', 'edit', id, '--components', 'v2.yaml', '--flag', 'components-v2', '--with-components'],
      cwd,
    );
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^error: content: With IS_COMPONENTS_V2/m);
    expect(refused.err).toContain('Nothing was sent');
    expect(JSON.stringify(stored(id))).toBe(before);

    const ok = await run(
      [
        'message',
        'edit',
        id,
        '--clear',
        'content',
        '--components',
        'v2.yaml',
        '--flag',
        'components-v2',
        '--with-components',
      ],
      cwd,
    );
    expect(ok.code).toBe(0);
    expect(stored(id).flags & 32768).toBe(32768);
    expect(stored(id).components).toEqual([{ type: 10, id: 1, content: 'now v2' }]);

    // IS_COMPONENTS_V2 cannot be removed: later flag edits carry it over instead of failing.
    expect((await run(['message', 'edit', id, '--flag', 'suppress-embeds'])).code).toBe(0);
    expect(stored(id).flags & (32768 | 4)).toBe(32768 | 4);
  });

  test('edit limits name the field; nothing to change and conflicting flags are usage errors', async () => {
    const id = await sent(['--content', 'limits']);
    const long = await run(['message', 'edit', id, '--content', 'x'.repeat(2001)]);
    expect(long.code).toBe(1);
    expect(long.err).toMatch(/^error: content: Content holds at most 2000/m);
    expect(stored(id).content).toBe('limits');
    expect((await run(['message', 'edit', id])).err).toContain('nothing to change');
    expect((await run(['message', 'edit', id, '--clear', 'content', '--content', 'x'])).err).toContain(
      'cannot be used together',
    );
    expect((await run(['message', 'edit', id, '--clear', 'poll'])).err).toContain('--clear takes');
    // Emptying a message entirely is the one-of rule again.
    const empty = await run(['message', 'edit', id, '--clear', 'content']);
    expect(empty.code).toBe(1);
    expect(empty.err).toMatch(/^error: A message needs content/m);
  });
});
