/**
 * The web view's page and API are served to this machine only: a loopback
 * peer that names a loopback host (a DNS-rebinding page names its own host
 * and is refused before it can read the control token in the page), assets
 * only from the built web folder, the API only with the control token, and
 * nothing secret but that token ever in the page.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { hostName } from '../../src/emulator/view/page.js';
import { bot, call } from './helpers.js';
import { rawCall } from './raw-http.js';

/** A built page of our own, so the test does not depend on `npm run build`. */
function fakeWebRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmdsync-web-'));
  writeFileSync(join(dir, 'index.html'), '<html><head><!--cmdsync:control--></head><body>page</body></html>');
  writeFileSync(join(dir, 'app.js'), 'console.log("app")');
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub', 'x.css'), 'body{}');
  writeFileSync(join(dir, 'secret.yaml'), 'token: no');
  return dir;
}

let em: RunningEmulator;
let root: string;
beforeEach(async () => {
  root = fakeWebRoot();
  em = await startEmulator({ rateLimits: false, webRoot: root });
});
afterEach(() => em.close());

const base = () => em.viewUrl.replace(/\/$/, '');
const port = () => new URL(em.viewUrl).port;

describe('the page', () => {
  test('is served at / with the control token, a CSP that allows only this origin, and no store', async () => {
    const r = await rawCall(base(), { method: 'GET', path: '/', headers: { host: `127.0.0.1:${port()}` } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.text).toContain(`<meta name="cmdsync-control" content="${em.controlToken}">`);
    expect(r.text).not.toContain(em.credentials.botToken);
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['cache-control']).toBe('no-store');
    expect(em.viewUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test('answers localhost and [::1]-style host names, refuses any other (DNS rebinding)', async () => {
    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`, 'app.localhost']) {
      expect((await rawCall(base(), { method: 'GET', path: '/', headers: { host } })).status, host).toBe(200);
    }
    for (const host of [`evil.example:${port()}`, 'attacker.test', `127.0.0.1.evil.example:${port()}`]) {
      const r = await rawCall(base(), { method: 'GET', path: '/', headers: { host } });
      expect(r.status, host).toBe(403);
      expect(r.text).not.toContain(em.controlToken);
    }
    expect(hostName('[::1]:8080')).toBe('[::1]');
    expect(hostName('LocalHost:1')).toBe('localhost');
  });

  test('serves built assets and nothing outside the web folder or of another type', async () => {
    const host = { host: `localhost:${port()}` };
    const js = await rawCall(base(), { method: 'GET', path: '/__view/app.js', headers: host });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect((await rawCall(base(), { method: 'GET', path: '/__view/sub/x.css', headers: host })).status).toBe(200);
    for (const path of [
      '/__view/../package.json',
      '/__view/%2e%2e/package.json',
      '/__view/..%2fpackage.json',
      '/__view/secret.yaml',
      '/__view/missing.js',
      '/__view/%E0%A4%A.js',
      '/__view/sub',
      '/__view/app.js%00.css',
    ]) {
      expect((await rawCall(base(), { method: 'GET', path, headers: host })).status, path).toBe(404);
    }
    expect((await rawCall(base(), { method: 'POST', path: '/__view/app.js', headers: host, body: 'x' })).status).toBe(
      405,
    );
  });

  test('a missing build says how to make one, instead of a blank page', async () => {
    const bare = await startEmulator({ rateLimits: false, webRoot: join(root, 'nowhere') });
    try {
      const r = await rawCall(bare.viewUrl, {
        method: 'GET',
        path: '/',
        headers: { host: `localhost:${new URL(bare.viewUrl).port}` },
      });
      expect(r.status).toBe(503);
      expect(r.text).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });

  test('the API still answers beside the page, and unknown paths outside it are the API 404', async () => {
    expect(
      (await call(em, 'GET', `/applications/${em.credentials.applicationId}/commands`, { auth: bot(em) })).status,
    ).toBe(200);
    const r = await rawCall(base(), { method: 'GET', path: '/favicon.ico', headers: { host: `localhost:${port()}` } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: '404: Not Found', code: 0 });
  });
});

describe('the view API', () => {
  const get = (path: string, token?: string) =>
    rawCall(base(), { method: 'GET', path, headers: token ? { 'x-cmdsync-control': token } : {} });

  test('needs the control token', async () => {
    expect((await get('/__emulator/view/world')).status).toBe(401);
    expect((await get('/__emulator/view/world', 'wrong')).status).toBe(401);
    expect((await get('/__emulator/view/stream')).status).toBe(401);
  });

  test('world: guilds, channels and members, and no secret of any application', async () => {
    const r = await get('/__emulator/view/world', em.controlToken);
    expect(r.status).toBe(200);
    expect(r.body.defaultApplicationId).toBe(em.credentials.applicationId);
    expect(r.body.guilds[0].channels.length).toBeGreaterThan(0);
    expect(r.body.locales).toContain('fr');
    const app = Object.values(em.world.applications)[0]!;
    for (const secret of [app.botToken, app.clientSecret, app.privateKey, em.controlToken])
      if (secret) expect(r.text).not.toContain(secret);
  });

  test('activity: requests are logged by route pattern, never by path (paths hold webhook tokens)', async () => {
    const channel = Object.values(em.world.guilds)[0]!.channels.find((c) => c.type === 0)!;
    const hook = await call(em, 'POST', `/channels/${channel.id}/webhooks`, { auth: bot(em), body: { name: 'log' } });
    expect(hook.status).toBe(200);
    const sent = await call(em, 'POST', `/webhooks/${hook.body.id}/${hook.body.token}?wait=true`, {
      body: { content: 'hi' },
    });
    expect(sent.status).toBe(200);
    const bad = await call(em, 'POST', `/webhooks/${hook.body.id}/${hook.body.token}`, { body: { content: '' } });
    expect(bad.status).toBe(400);
    const r = await get('/__emulator/view/activity', em.controlToken);
    expect(r.text).not.toContain(hook.body.token);
    const requests = r.body.entries.filter((e: { kind: string }) => e.kind === 'request');
    expect(
      requests.map((e: { method: string; route: string; status: number }) => `${e.method} ${e.route} ${e.status}`),
    ).toEqual([
      'POST /channels/:channelId/webhooks 200',
      'POST /webhooks/:webhookId/:webhookToken 200',
      'POST /webhooks/:webhookId/:webhookToken 400',
    ]);
    expect(requests[2].code).toBe(50006);
    const messages = r.body.entries.filter((e: { kind: string }) => e.kind === 'message');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      action: 'create',
      channelId: channel.id,
      messageId: sent.body.id,
      source: 'webhook',
    });
    expect(messages[0].message).toBeUndefined();
    const after = await get(`/__emulator/view/activity?after=${r.body.entries.at(-1).seq}`, em.controlToken);
    // Only the activity request's own log line can follow… and control requests are not logged.
    expect(after.body.entries).toEqual([]);
  });

  test('the stream sends entries as they happen, with the message for message entries', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base()}/__emulator/view/stream`, {
      headers: { 'x-cmdsync-control': em.controlToken },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const channel = Object.values(em.world.guilds)[0]!.channels.find((c) => c.type === 0)!;
    const hook = await call(em, 'POST', `/channels/${channel.id}/webhooks`, { auth: bot(em), body: { name: 'live' } });
    await call(em, 'POST', `/webhooks/${hook.body.id}/${hook.body.token}`, { body: { content: 'streamed **bold**' } });
    let text = '';
    while (!text.includes('"kind":"message"')) text += (await reader.read()).value ?? '';
    controller.abort();
    const entry = text
      .split('\n\n')
      .map((b) =>
        b
          .split('\n')
          .find((l) => l.startsWith('data: '))
          ?.slice(6),
      )
      .filter((d): d is string => d !== undefined)
      .map((d) => JSON.parse(d))
      .find((e) => e.kind === 'message');
    expect(entry.message.content).toBe('streamed **bold**');
    expect(text).not.toContain(hook.body.token);
  });

  test('at most 16 streams are open at a time', async () => {
    // The responses stay referenced: undici cancels the body of a response
    // that is garbage collected, which would close a stream mid-test and let
    // the 17th open (a stream that never ends).
    const controllers: AbortController[] = [];
    const responses: Response[] = [];
    const open = async () => {
      const c = new AbortController();
      controllers.push(c);
      const r = await fetch(`${base()}/__emulator/view/stream`, {
        headers: { 'x-cmdsync-control': em.controlToken },
        signal: c.signal,
      });
      responses.push(r);
      return r.status;
    };
    try {
      for (let i = 0; i < 16; i++) expect(await open()).toBe(200);
      expect(await open()).toBe(429);
    } finally {
      for (const c of controllers) c.abort();
    }
    expect(responses).toHaveLength(17);
  });
});
