/**
 * Slow peers cannot hold the emulator: headers and whole requests have time
 * limits (Node's headersTimeout / requestTimeout, checked often enough to
 * matter), idle keep-alive connections are closed, and one client address
 * holds a bounded number of connections. The limits are options, so the test
 * runs them at 1–2 s on a bounded number of loopback sockets; it asserts that
 * the sockets are closed, not how fast.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { bot, call } from './helpers.js';

let em: RunningEmulator | undefined;
const sockets: Socket[] = [];
const timers: NodeJS.Timeout[] = [];
afterEach(async () => {
  for (const t of timers.splice(0)) clearInterval(t);
  for (const s of sockets.splice(0)) s.destroy();
  await em?.close();
  em = undefined;
});

function open(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => {});
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Writes `text` one byte every `ms`, like a slow-loris client. */
function dribble(socket: Socket, text: string, ms: number): void {
  let i = 0;
  const t = setInterval(() => {
    if (i >= text.length || socket.destroyed) return clearInterval(t);
    socket.write(text[i++]!);
  }, ms);
  timers.push(t);
}

const within = <T>(p: Promise<T>, ms: number) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('slow clients', () => {
  test('connections that dribble headers or a body are closed by the time limits', async () => {
    em = await startEmulator({ rateLimits: false, timeouts: { headersMs: 1000, requestMs: 1500, keepAliveMs: 500, checkIntervalMs: 100 } });
    const port = Number(new URL(em.url).port);
    const path = `/api/v10/applications/${em.credentials.applicationId}/commands`;
    const slow: Array<Promise<void>> = [];
    for (let i = 0; i < 10; i++) {
      const { socket, closed } = await open(port);
      dribble(socket, `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${bot(em)}\r\n\r\n`, 500);
      slow.push(closed);
    }
    for (let i = 0; i < 10; i++) {
      const { socket, closed } = await open(port);
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${bot(em)}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`);
      dribble(socket, `{"name":"slow","description":"${'x'.repeat(990)}"}`, 500);
      slow.push(closed);
    }
    // Bounded wait for correctness (every socket closed), far above the configured limits.
    expect(await within(Promise.all(slow), 15_000)).toBe(true);
    expect((await call(em, 'GET', `/applications/${em.credentials.applicationId}/commands`, { auth: bot(em) })).body).toEqual([]);
  }, 30_000);

  test('one client address holds a bounded number of connections', async () => {
    em = await startEmulator({ rateLimits: false, timeouts: { maxConnectionsPerClient: 5 } });
    const port = Number(new URL(em.url).port);
    const opened = [];
    for (let i = 0; i < 8; i++) opened.push(await open(port));
    const refused = await Promise.all(opened.map((o) => within(o.closed, 3_000)));
    expect(refused.filter(Boolean)).toHaveLength(3);
    for (const o of opened) o.socket.destroy();
    await Promise.all(opened.map((o) => o.closed));
    // Closed connections give their places back.
    expect((await call(em, 'GET', `/applications/${em.credentials.applicationId}/commands`, { auth: bot(em) })).status).toBe(200);
  }, 30_000);
});
