import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RestClient } from '../../src/remote/http/client.js';
import { AbortedError, DiscordAPIError, HTTPError, NetworkError, TimeoutError } from '../../src/remote/errors.js';
import { BOT_TOKEN, json, rejectionOf, sleep, startServer, type TestServer } from './helpers/server.js';

let server: TestServer | undefined;
let client: RestClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

function newClient(extra: ConstructorParameters<typeof RestClient>[0] = {}): RestClient {
  client = new RestClient({
    apiUrl: server!.base,
    credentials: { botToken: BOT_TOKEN },
    backoffBaseMs: 40,
    backoffMaxMs: 200,
    ...extra,
  });
  return client;
}

describe('retries', () => {
  it('retries 5xx with growing backoff, then succeeds', async () => {
    server = await startServer((_req, res, i) =>
      i < 2 ? json(res, 502, { message: '502 Bad Gateway', code: 0 }) : json(res, 200, { ok: true }),
    );
    const lines: string[] = [];
    const c = newClient({ retries: 3, onDebug: (l) => lines.push(l) });
    expect(await c.request({ method: 'GET', path: '/guilds/1/webhooks' })).toEqual({ ok: true });
    expect(server.seen).toHaveLength(3);
    expect(c.stats.retried).toBe(2);
    const [a, b, d] = server.seen.map((r) => r.at);
    // Equal jitter: the first wait is at least base/2, the second at least base.
    expect(b - a).toBeGreaterThanOrEqual(18);
    expect(d - b).toBeGreaterThanOrEqual(38);
    expect(lines.some((l) => l.includes('retry 1/3') && l.includes('status 502'))).toBe(true);
  });

  it('gives up after the retries with the typed error of the last answer', async () => {
    server = await startServer((_req, res) => json(res, 500, { message: '500: Internal Server Error', code: 0 }));
    const c = newClient({ retries: 2 });
    const error = await rejectionOf(c.request({ method: 'PUT', path: '/applications/1/commands', body: [] }));
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error.status).toBe(500);
    expect(server.seen).toHaveLength(3);
  });

  it('a bare 503 page becomes HTTPError after retries', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(503);
      res.end('upstream connect error');
    });
    const c = newClient({ retries: 1 });
    const error = await rejectionOf(c.request({ method: 'GET', path: '/guilds/1/webhooks' }));
    expect(error).toBeInstanceOf(HTTPError);
    expect(error.message).toContain('503 Service Unavailable: upstream connect error');
  });

  it('never retries a 4xx', async () => {
    server = await startServer((_req, res) => json(res, 404, { message: 'Unknown Webhook', code: 10015 }));
    const c = newClient({ retries: 3 });
    const error = await rejectionOf(c.request({ method: 'GET', path: '/webhooks/5' }));
    expect(error).toMatchObject({ apiCode: 10015, status: 404 });
    expect(server.seen).toHaveLength(1);
  });
});

describe('timeouts and network failures', () => {
  it('times out a silent server, retries, then throws TimeoutError', async () => {
    server = await startServer(() => undefined /* never answers */);
    const c = newClient({ timeoutMs: 150, retries: 1 });
    const started = Date.now();
    const error = await rejectionOf(c.request({ method: 'GET', path: '/guilds/1/webhooks' }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'TIMEOUT', timeoutMs: 150, attempts: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(server.seen).toHaveLength(2);
  });

  it('a timeout covers a slow body too', async () => {
    server = await startServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":');
      await sleep(400);
      res.end('1}');
    });
    const c = newClient({ timeoutMs: 150, retries: 0 });
    expect(await rejectionOf(c.request({ method: 'GET', path: '/guilds/1/webhooks' }))).toBeInstanceOf(TimeoutError);
  });

  it('retries a dropped connection and succeeds', async () => {
    server = await startServer((req, res, i) => {
      if (i === 0) {
        res.socket?.destroy();
        return;
      }
      json(res, 200, { ok: req.method });
    });
    const c = newClient({ retries: 2 });
    expect(await c.request({ method: 'GET', path: '/guilds/1/webhooks' })).toEqual({ ok: 'GET' });
    expect(server.seen).toHaveLength(2);
  });

  it('throws NetworkError when every attempt drops', async () => {
    server = await startServer((_req, res) => void res.socket?.destroy());
    const c = newClient({ retries: 2 });
    const error = await rejectionOf(c.request({ method: 'GET', path: '/guilds/1/webhooks' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', attempts: 3 });
    expect(server.seen).toHaveLength(3);
  });

  it('throws NetworkError with the system code on a refused connection', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    client = new RestClient({
      apiUrl: `http://127.0.0.1:${port}/api/v10`,
      credentials: { botToken: BOT_TOKEN },
      retries: 1,
      backoffBaseMs: 10,
    });
    const error = await rejectionOf(client.request({ method: 'GET', path: '/guilds/1/webhooks' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.errno).toBe('ECONNREFUSED');
  });

  it('stops at once when the caller aborts', async () => {
    server = await startServer(() => undefined);
    const c = newClient({ timeoutMs: 5000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 80);
    const started = Date.now();
    const error = await rejectionOf(
      c.request({ method: 'GET', path: '/guilds/1/webhooks', signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(AbortedError);
    expect(error.code).toBe('ABORTED');
    // Well before the 5 s timeout would have ended it.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('an injected request function replaces undici and cannot hang the client', async () => {
    const c = new RestClient({
      apiUrl: 'http://example.invalid/api/v10',
      credentials: { botToken: BOT_TOKEN },
      timeoutMs: 100,
      retries: 0,
      request: () => new Promise(() => undefined),
    });
    expect(await rejectionOf(c.request({ method: 'GET', path: '/guilds/1/webhooks' }))).toBeInstanceOf(TimeoutError);
    const seen: string[] = [];
    const ok = new RestClient({
      apiUrl: 'http://example.invalid/api/v10',
      credentials: { botToken: BOT_TOKEN },
      request: async (req) => {
        seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
        return { status: 200, headers: { 'content-type': 'application/json' }, body: new TextEncoder().encode('[1]') };
      },
    });
    expect(await ok.request({ method: 'GET', path: '/guilds/1/webhooks' })).toEqual([1]);
    expect(seen).toEqual([`GET http://example.invalid/api/v10/guilds/1/webhooks Bot ${BOT_TOKEN}`]);
  });
});
