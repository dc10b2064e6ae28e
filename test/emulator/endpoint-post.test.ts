import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EndpointPostError, postToEndpoint } from '../../src/emulator/interactions/endpoint-post.js';

/** The bound on an answer's bytes, larger than any answer these tests send. */
const MAX = 1024 * 1024;

/** A real node:http server on loopback; `sockets` counts the connections it accepted. */
async function serve(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<{ url: string; server: Server; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => handler(req, res, body));
  });
  server.on('connection', (s) => sockets.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions`, server, sockets };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('resolved'),
    (err: unknown) => err as EndpointPostError,
  );

describe('postToEndpoint: the interaction POST over node:http', () => {
  it('sends the body and headers, reads the answer, and reuses one connection for the next POST', async () => {
    const seen: Array<{ body: string; sig: string | undefined; length: string | undefined }> = [];
    const bot = await serve((req, res, body) => {
      seen.push({
        body,
        sig: req.headers['x-signature-ed25519'] as string | undefined,
        length: req.headers['content-length'],
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":4,"data":{"content":"é"}}');
    });
    const body = JSON.stringify({ type: 2, data: { name: 'ping', value: 'ü' } });
    const first = await postToEndpoint(
      bot.url,
      body,
      { 'Content-Type': 'application/json', 'X-Signature-Ed25519': 'ab' },
      3000,
      MAX,
    );
    const second = await postToEndpoint(
      bot.url,
      body,
      { 'Content-Type': 'application/json', 'X-Signature-Ed25519': 'cd' },
      3000,
      MAX,
    );
    expect(first).toEqual({ status: 200, contentType: 'application/json', text: '{"type":4,"data":{"content":"é"}}' });
    expect(second.status).toBe(200);
    expect(seen).toEqual([
      { body, sig: 'ab', length: String(Buffer.byteLength(body)) },
      { body, sig: 'cd', length: String(Buffer.byteLength(body)) },
    ]);
    expect(bot.sockets).toHaveLength(1);
  });

  it('sends a POST again on a new connection when the kept-alive one was closed by the endpoint before answering', async () => {
    let calls = 0;
    const bot = await serve((req, res) => {
      calls++;
      // The second request arrives on the first connection, which the endpoint drops as if its idle timeout had just fired.
      if (calls === 2) return req.socket.destroy();
      res.writeHead(200).end(`answer ${calls}`);
    });
    expect((await postToEndpoint(bot.url, '{}', {}, 3000, MAX)).text).toBe('answer 1');
    expect(await postToEndpoint(bot.url, '{}', {}, 3000, MAX)).toEqual({ status: 200, text: 'answer 3' });
    expect(bot.sockets).toHaveLength(2);
  });

  it('a fresh connection reset before the answer is not sent again: the endpoint may have acted on it', async () => {
    let calls = 0;
    const bot = await serve((req) => {
      calls++;
      req.socket.destroy();
    });
    const err = await failure(postToEndpoint(bot.url, '{}', {}, 3000, MAX));
    expect(err).toBeInstanceOf(EndpointPostError);
    expect(err.failure).toBe('unreachable');
    expect(calls).toBe(1);
  });

  it('gives up after the time allowed, as timed out', async () => {
    const bot = await serve(() => {});
    const started = performance.now();
    const err = await failure(postToEndpoint(bot.url, '{}', {}, 200, MAX));
    expect(err.failure).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('an answer cut off in the middle of its body is a failure, not a hang', async () => {
    const bot = await serve((req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('{"type":');
      setTimeout(() => req.socket.destroy(), 20);
    });
    const err = await failure(postToEndpoint(bot.url, '{}', {}, 3000, MAX));
    expect(err.failure).toBe('unreachable');
  });

  it('names why an endpoint could not be reached: refused, or not a URL', async () => {
    const closed = await serve(() => {});
    const url = closed.url;
    await new Promise((r) => closed.server.close(r));
    expect((await failure(postToEndpoint(url, '{}', {}, 3000, MAX))).code).toBe('ECONNREFUSED');
    expect((await failure(postToEndpoint('', '{}', {}, 3000, MAX))).code).toBe('ERR_INVALID_URL');
    expect((await failure(postToEndpoint('ftp://127.0.0.1/x', '{}', {}, 3000, MAX))).message).toContain('ftp:');
  });
});
