/**
 * What goes over the wire, seen by a recording server: the audit-log reason
 * on changes by id (default `cmdsync webhook <verb>`, `--reason` overrides),
 * the bot token only on id routes, no Authorization at all on token routes,
 * and multipart with `payload_json` for uploads.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { testdir } from '../helpers/tmp.js';
import { cli, expectNoSecrets } from './helpers.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const BOT = 'bot-token-for-header-tests-0123456789';
const TOKEN = 'T'.repeat(34) + 'k'.repeat(34);
const HOOK = '1200000000000000001';
const CHANNEL = '1300000000000000001';
const MSG = '1400000000000000001';
let server: Server;
let base: string;
let seen: Seen[] = [];

const webhook = {
  id: HOOK,
  type: 1,
  name: 'hook',
  channel_id: CHANNEL,
  guild_id: '1',
  application_id: '2',
  avatar: null,
  token: TOKEN,
};
const message = {
  id: MSG,
  channel_id: CHANNEL,
  content: 'x',
  embeds: [],
  attachments: [],
  components: [],
  flags: 0,
  webhook_id: HOOK,
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('latin1'),
      });
      if (req.method === 'DELETE') {
        res.writeHead(204).end();
        return;
      }
      const isMessage =
        req.url!.includes('/messages/') || (req.method === 'POST' && req.url!.startsWith(`/api/v10/webhooks/`));
      const isList = req.method === 'GET' && req.url!.endsWith('/webhooks');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(isList ? [webhook] : isMessage ? message : webhook));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen = [];
});

const botEnv = () => ({ CMDSYNC_API_URL: base, DISCORD_TOKEN: BOT });
const url = () => `${base}/webhooks/${HOOK}/${TOKEN}`;

describe('audit-log reason and the bot token on id routes', () => {
  test('create, edit, delete: default reason per verb, URL-encoded', async () => {
    for (const args of [
      ['create', '--channel', CHANNEL, '--name', 'hook'],
      ['edit', HOOK, '--name', 'new'],
      ['delete', HOOK],
    ]) {
      const r = await cli(['webhook', ...args], botEnv());
      expect(r.code).toBe(0);
      expectNoSecrets(r, [BOT, TOKEN]);
    }
    // The changes; the reads around them (names for the output) carry no reason.
    const changes = seen.filter((s) => s.method !== 'GET');
    expect(seen.filter((s) => s.method === 'GET').every((s) => s.headers['x-audit-log-reason'] === undefined)).toBe(
      true,
    );
    expect(changes.map((s) => [s.method, s.headers['x-audit-log-reason'], s.headers.authorization])).toEqual([
      ['POST', 'cmdsync%20webhook%20create', `Bot ${BOT}`],
      ['PATCH', 'cmdsync%20webhook%20edit', `Bot ${BOT}`],
      ['DELETE', 'cmdsync%20webhook%20delete', `Bot ${BOT}`],
    ]);
  });

  test('--reason overrides it', async () => {
    await cli(['webhook', 'create', '--channel', CHANNEL, '--name', 'hook', '--reason', 'Rotate: ops/42'], botEnv());
    await cli(['webhook', 'delete', HOOK, '--reason', 'gone'], botEnv());
    expect(seen.filter((s) => s.method !== 'GET').map((s) => s.headers['x-audit-log-reason'])).toEqual([
      encodeURIComponent('Rotate: ops/42'),
      'gone',
    ]);
  });

  test('list and get send no reason', async () => {
    await cli(['webhook', 'list', '--channel', CHANNEL], botEnv());
    await cli(['webhook', 'get', HOOK], botEnv());
    // The list, the webhook, and the reads that name the channel and guild in the output: none carries a reason.
    expect(
      seen.filter((s) => s.url.endsWith(`/channels/${CHANNEL}/webhooks`) || s.url.endsWith(`/webhooks/${HOOK}`)),
    ).toHaveLength(2);
    expect(seen.map((s) => s.headers['x-audit-log-reason']).every((r) => r === undefined)).toBe(true);
    expect(seen.every((s) => s.headers.authorization === `Bot ${BOT}`)).toBe(true);
  });
});

describe('token routes send no Authorization header', () => {
  test('get, edit, delete by URL; send; message get, edit, delete; even with DISCORD_TOKEN set', async () => {
    const cwd = testdir({ 'a.txt': 'alpha', 'b.bin': 'beta' });
    const env = { ...botEnv(), DISCORD_WEBHOOK_URL: url() };
    const runs = [
      await cli(['webhook', 'get'], env, cwd),
      await cli(['webhook', 'edit', '--name', 'n'], env, cwd),
      await cli(['webhook', 'send', '--content', 'hi', '--wait'], env, cwd),
      await cli(['webhook', 'message', 'get', MSG], env, cwd),
      await cli(['webhook', 'message', 'edit', MSG, '--content', 'y'], env, cwd),
      await cli(['webhook', 'message', 'delete', MSG], env, cwd),
      await cli(['webhook', 'delete'], env, cwd),
    ];
    for (const r of runs) {
      expect(r.code).toBe(0);
      expectNoSecrets(r, [BOT, TOKEN]);
    }
    expect(seen.length).toBeGreaterThanOrEqual(7);
    for (const s of seen) {
      expect(s.url).toContain(`/webhooks/${HOOK}/${TOKEN}`);
      expect(s.headers.authorization).toBeUndefined();
      expect(s.headers['x-audit-log-reason']).toBeUndefined();
    }
  });

  test('send with two files: multipart/form-data with payload_json, files[0], files[1]', async () => {
    const cwd = testdir({ 'a.txt': 'alpha', 'b.bin': 'beta' });
    const r = await cli(
      ['webhook', 'send', '--url', url(), '--content', 'two files', '--file', 'a.txt', '--file', 'b.bin'],
      {},
      cwd,
    );
    expect(r.code).toBe(0);
    const [post] = seen;
    expect(post.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(post.body).toContain('name="payload_json"');
    expect(post.body).toContain('"content":"two files"');
    expect(post.body).toContain('"allowed_mentions":{"parse":[]}');
    expect(post.body).toMatch(/name="files\[0\]"; filename="a\.txt"/);
    expect(post.body).toMatch(/name="files\[1\]"; filename="b\.bin"/);
  });

  test('send without files is JSON and carries allowed_mentions none by default', async () => {
    await cli(['webhook', 'send', '--url', url(), '--content', 'json'], {});
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ content: 'json', allowed_mentions: { parse: [] } });
    expect(seen[0].url).not.toContain('wait=');
  });
});
