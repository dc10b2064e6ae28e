/**
 * Slow peers cannot hold the emulator: headers and whole requests have time
 * limits (Node's headersTimeout / requestTimeout, checked often enough to
 * matter), idle keep-alive connections are closed, and one client address
 * holds a bounded number of connections. The limits are options, so the test
 * runs them at 1–2 s on a bounded number of loopback sockets; it asserts that
 * the sockets are closed, not how fast.
 */
import { connect, type Socket } from 'node:net';
import { Pool } from 'undici';
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

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('slow clients', () => {
  test('connections that dribble headers or a body are closed by the time limits', async () => {
    em = await startEmulator({
      rateLimits: false,
      timeouts: { headersMs: 1000, requestMs: 1500, keepAliveMs: 500, checkIntervalMs: 100 },
    });
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
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${bot(em)}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`,
      );
      dribble(socket, `{"name":"slow","description":"${'x'.repeat(990)}"}`, 500);
      slow.push(closed);
    }
    // Bounded wait for correctness (every socket closed), far above the configured limits.
    expect(await within(Promise.all(slow), 15_000)).toBe(true);
    expect(
      (await call(em, 'GET', `/applications/${em.credentials.applicationId}/commands`, { auth: bot(em) })).body,
    ).toEqual([]);
  }, 30_000);

  test('one client address holds a bounded number of connections (the silent ones close first)', async () => {
    em = await startEmulator({ rateLimits: false, timeouts: { maxConnectionsPerClient: 5 } });
    const port = Number(new URL(em.url).port);
    const opened = [];
    for (let i = 0; i < 8; i++) opened.push(await open(port));
    const refused = await Promise.all(opened.map((o) => within(o.closed, 3_000)));
    expect(refused.filter(Boolean)).toHaveLength(3);
    for (const o of opened) o.socket.destroy();
    await Promise.all(opened.map((o) => o.closed));
    // Closed connections give their places back.
    expect(
      (await call(em, 'GET', `/applications/${em.credentials.applicationId}/commands`, { auth: bot(em) })).status,
    ).toBe(200);
  }, 30_000);

  test('a slow client holding every connection of the address does not shut out a well-behaved one', async () => {
    // Loopback: both clients are 127.0.0.1. Default head timeout (10 s): the cap alone must keep room.
    em = await startEmulator({ rateLimits: false, timeouts: { maxConnectionsPerClient: 20 } });
    const port = Number(new URL(em.url).port);
    const app = em.credentials.applicationId;
    const head = `GET /api/v10/applications/${app}/commands HTTP/1.1\r\nHost: x\r\nAuthorization: ${bot(em)}\r\n\r\n`;
    // The slow client keeps 40 connections dribbling their heads, reopening each one closed (at most 2,000 opens).
    let opens = 0;
    let stop = false;
    const slowOne = async (): Promise<void> => {
      while (!stop && opens < 2_000) {
        opens++;
        // Not waiting for 'connect': the server may close a connection before the client sees it open.
        const socket = connect(port, '127.0.0.1');
        sockets.push(socket);
        socket.on('error', () => {});
        dribble(socket, head, 200);
        await new Promise((done) => socket.once('close', done));
      }
    };
    const attack = Array.from({ length: 40 }, slowOne);
    await new Promise((r) => setTimeout(r, 300));
    // The well-behaved client: 50 requests, 5 at a time, fresh and reused connections alike.
    const pool = new Pool(new URL(em.url).origin, { connections: 5 });
    const outcomes: Array<number | string> = [];
    const path = `/api/v10/applications/${app}/commands`;
    await Promise.all(
      Array.from({ length: 5 }, async (_, w) => {
        for (let i = 0; i < 10; i++) {
          try {
            const r = await pool.request(
              i % 2
                ? { method: 'GET', path, headers: { authorization: bot(em!) } }
                : {
                    method: 'POST',
                    path,
                    headers: { authorization: bot(em!), 'content-type': 'application/json' },
                    body: JSON.stringify({ name: `c${w}-${i}`, description: 'd' }),
                  },
            );
            await r.body.dump();
            outcomes.push(r.statusCode);
          } catch (err) {
            outcomes.push((err as Error).message);
          }
        }
      }),
    );
    await pool.close();
    stop = true;
    for (const s of sockets) s.destroy();
    await Promise.all(attack);
    expect(outcomes.filter((o) => o !== 200 && o !== 201)).toEqual([]);
    expect(outcomes).toHaveLength(50);
    // The slow client was really at the cap: its connections were being closed to make room.
    expect(opens).toBeGreaterThan(40);
  }, 60_000);
});
