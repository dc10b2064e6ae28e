/** Transport compression (facts §8): zlib-stream, one context per connection, each message a binary frame ending 00 00 ff ff; other encodings and compressions refused by name. */
import { randomBytes } from 'node:crypto';
import { constants, createInflate, type Inflate } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { start } from './helpers.js';
import { identify, RawGateway } from './gateway-client.js';

let em: RunningEmulator;
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  await em?.close();
});

/** A client that inflates as discord.js and discord.py do: one zlib context, a message complete at each 00 00 ff ff suffix. */
class ZlibClient {
  readonly ws: WebSocket;
  readonly messages: any[] = [];
  readonly frames: Array<{ binary: boolean; bytes: Buffer }> = [];
  private readonly inflate: Inflate = createInflate();
  private waiters: Array<() => void> = [];

  constructor(url: string) {
    this.ws = new WebSocket(url);
    sockets.push(this.ws);
    this.ws.on('message', (data: Buffer, binary) => {
      this.frames.push({ binary, bytes: data });
      // Every frame carries one whole message here; the client still checks the suffix as the libraries do.
      expect([...data.subarray(-4)]).toEqual([0x00, 0x00, 0xff, 0xff]);
      this.inflate.write(data);
      this.inflate.flush(constants.Z_SYNC_FLUSH, () => undefined);
    });
    let text = '';
    this.inflate.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      // A flushed message inflates to whole JSON; one chunk may end before it does.
      try {
        this.messages.push(JSON.parse(text));
        text = '';
        for (const w of this.waiters.splice(0)) w();
      } catch {}
    });
  }

  async next(match: (m: any) => boolean, ms = 3000): Promise<any> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.messages.find(match);
      if (hit) return hit;
      if (Date.now() > deadline)
        throw new Error(`no such message; got ${JSON.stringify(this.messages.map((m) => [m.op, m.t]))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
}

describe('compress=zlib-stream', () => {
  test('Hello, READY, GUILD_CREATE and dispatches arrive as binary frames of one zlib stream', async () => {
    em = await start({
      seed: {
        guilds: [{ members: Array.from({ length: 200 }, (_, i) => ({ username: `member-with-a-long-name-${i}` })) }],
      },
    });
    const c = new ZlibClient(`${em.gatewayUrl}?v=10&encoding=json&compress=zlib-stream`);
    const hello = await c.next((m) => m.op === 10);
    expect(hello.d.heartbeat_interval).toBeGreaterThan(0);
    c.ws.send(JSON.stringify(identify(em.credentials.botToken, 1)));
    const ready = await c.next((m) => m.t === 'READY');
    expect(ready.d.user.id).toBe(em.world.applications[em.credentials.applicationId]!.botUserId);
    await c.next((m) => m.t === 'GUILD_CREATE');
    // Later messages use the same context: a repeated payload compresses to far fewer bytes than its first sending.
    const filler = randomBytes(1500).toString('base64');
    for (let i = 0; i < 3; i++)
      em.events.emit({ applicationId: em.credentials.applicationId, name: 'INTERACTION_CREATE', data: { filler, i } });
    const last = await c.next((m) => m.t === 'INTERACTION_CREATE' && m.d.i === 2);
    expect(last.s).toBe(5);
    expect(c.frames.every((f) => f.binary)).toBe(true);
    const sizes = c.frames.slice(-3).map((f) => f.bytes.length);
    expect(sizes[2]!).toBeLessThan(sizes[0]! / 2);
    // Heartbeat ACKs too.
    c.ws.send(JSON.stringify({ op: 1, d: 5 }));
    await c.next((m) => m.op === 11);
  });

  test('a refusal closes after the frames before it have gone out', async () => {
    em = await start();
    const c = new ZlibClient(`${em.gatewayUrl}?v=10&encoding=json&compress=zlib-stream`);
    await c.next((m) => m.op === 10);
    const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));
    // The ACK is still being compressed when the bad Identify is refused: it must reach the client first.
    c.ws.send(JSON.stringify({ op: 1, d: null }));
    c.ws.send(JSON.stringify(identify('not-a-token', 1)));
    expect(await closed).toBe(4004);
    expect(c.frames).toHaveLength(2);
    await c.next((m) => m.op === 11);
  });
});

describe('what the emulator does not speak is refused by name', () => {
  test.each([
    ['encoding=etf', 'The emulator speaks encoding=json only, not etf.'],
    ['encoding=json&compress=zstd-stream', 'The emulator compresses with compress=zlib-stream only, not zstd-stream.'],
  ])('%s → 4002 with the reason', async (query, reason) => {
    em = await start();
    const c = new RawGateway(`${em.gatewayUrl}?v=10&${query}`);
    sockets.push(c.ws);
    expect(await c.closed).toEqual({ code: 4002, reason });
  });
});
