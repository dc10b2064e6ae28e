/**
 * A connected bot keeps its gateway session, and a new bot gets one, while
 * another local client misbehaves (issue 40, items 2 and 3): one holding more
 * HTTP connections than the per-address cap, one holding 100+ gateway sockets
 * that heartbeat and never identify, and another bot at its session cap.
 * Each test checks the well-behaved bot is still served (a dispatch reaches it).
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { GatewayClose } from '../../src/wire/gateway.js';
import { bot, call, start } from './helpers.js';
import { identify, RawGateway } from './gateway-client.js';

const GUILDS = 1 << 0;
const GUILD_WEBHOOKS = 1 << 5;
/** DEFAULT_TIMEOUTS.maxConnectionsPerClient: the test runs at the emulator's own cap. */
const HTTP_CAP = 256;

let em: RunningEmulator;
const clients: RawGateway[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate();
  for (const s of sockets.splice(0)) s.destroy();
  await em?.close();
});

function gateway(): RawGateway {
  const c = new RawGateway(`${em.gatewayUrl}?v=10&encoding=json`);
  clients.push(c);
  return c;
}

/** A bot with a session: Hello, Identify, READY and its GUILD_CREATEs. */
async function readyBot(token = em.credentials.botToken): Promise<RawGateway> {
  const c = gateway();
  await c.waitFor((f) => f.op === 10);
  c.send(identify(token, GUILDS | GUILD_WEBHOOKS));
  const r = await c.dispatch('READY');
  for (let i = 0; i < r.d.guilds.length; i++) await c.dispatch('GUILD_CREATE');
  return c;
}

/** The bot is served: a heartbeat is acknowledged and a webhook created over REST reaches it as WEBHOOKS_UPDATE. */
async function expectServed(c: RawGateway): Promise<void> {
  c.send({ op: 1, d: null });
  await c.waitFor((f) => f.op === 11);
  const channel = em.world.guilds[em.credentials.guildId]!.channels.find((ch) => ch.type === 0)!;
  const hook = await call(em, 'POST', `/channels/${channel.id}/webhooks`, { auth: bot(em), body: { name: 'still' } });
  expect(hook.status).toBe(200);
  expect((await c.dispatch('WEBHOOKS_UPDATE')).d).toEqual({ guild_id: em.credentials.guildId, channel_id: channel.id });
}

/** A silent TCP connection to the emulator, once open; `closed` settles when the server closes it. */
function silentSocket(port: number): Promise<{ closed: Promise<void> }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => undefined);
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ closed }));
    socket.once('close', () => resolve({ closed }));
  });
}

/** Resolves with the first `n` of `promises` to settle. */
function firstOf(n: number, promises: Array<Promise<unknown>>): Promise<void> {
  let settled = 0;
  return new Promise((resolve) => {
    for (const p of promises) void p.then(() => ++settled === n && resolve());
  });
}

describe('a connected bot and an HTTP flood from the same machine', () => {
  test(`another local client opening more than ${HTTP_CAP} HTTP connections closes its own, never the bot's session`, async () => {
    em = await start();
    const c = await readyBot();
    const port = Number(new URL(em.url).port);
    const extra = 44;
    const closes: Array<Promise<void>> = [];
    for (let i = 0; i < HTTP_CAP + extra; i++) closes.push((await silentSocket(port)).closed);
    // Past the cap each new connection closes one: the flood's own oldest, or (the defect) the bot's.
    const outcome = await Promise.race([
      c.closed.then(({ code }) => `the bot's session was closed (${code})`),
      firstOf(extra, closes).then(() => 'the flood lost its oldest connections'),
    ]);
    expect(outcome).toBe('the flood lost its oldest connections');
    for (const s of sockets.splice(0)) s.destroy();
    await Promise.all(closes);
    await expectServed(c);
  }, 60_000);
});

describe('gateway sockets that never identify', () => {
  test('120 sockets that heartbeat and never identify: a bot still gets a session; the oldest idle ones are closed with 4003', async () => {
    em = await start({ gateway: { maxUnidentified: 100 } });
    const idle: RawGateway[] = [];
    for (let i = 0; i < 120; i++) {
      const c = gateway();
      await c.waitFor((f) => f.op === 10);
      c.send({ op: 1, d: null });
      await c.waitFor((f) => f.op === 11);
      idle.push(c);
    }
    // Over 100 waiting, each new one closed the one that had waited longest.
    const closed = await Promise.all(idle.slice(0, 20).map((c) => c.closed));
    expect(closed.map((x) => x.code)).toEqual(Array(20).fill(GatewayClose.NOT_AUTHENTICATED));
    const c = await readyBot();
    await expectServed(c);
    // The newest idle ones are still open: only what made room was closed.
    expect(idle.at(-1)!.ws.readyState).toBe(idle.at(-1)!.ws.OPEN);
  }, 60_000);

  test('a socket that does not identify in time is closed with 4003 though it heartbeats; one that identified is not', async () => {
    em = await start({ gateway: { identifyTimeoutMs: 300 } });
    const c = await readyBot();
    const idle = gateway();
    await idle.waitFor((f) => f.op === 10);
    const beat = setInterval(() => idle.ws.readyState === idle.ws.OPEN && idle.send({ op: 1, d: null }), 50);
    try {
      expect(await idle.closed).toEqual({ code: GatewayClose.NOT_AUTHENTICATED, reason: 'Not authenticated.' });
    } finally {
      clearInterval(beat);
    }
    await expectServed(c);
  });
});

describe('sessions are limited per bot token, not per machine', () => {
  const OTHER = '110000000000000099';
  test('a bot at its session cap is refused a further session (4000, saying why); another bot still gets one', async () => {
    em = await start({
      gateway: { maxSessions: 2 },
      seed: { applications: [{ name: 'main' }, { id: OTHER, name: 'other', bot_token: 'other-bot-token' }] },
    });
    const first = await readyBot();
    await readyBot();
    const third = gateway();
    await third.waitFor((f) => f.op === 10);
    third.send(identify(em.credentials.botToken, GUILDS));
    expect(await third.closed).toEqual({
      code: GatewayClose.UNKNOWN_ERROR,
      reason: 'Too many sessions of this bot at once.',
    });
    const other = gateway();
    await other.waitFor((f) => f.op === 10);
    other.send(identify('other-bot-token', GUILDS));
    expect((await other.dispatch('READY')).d.application.id).toBe(OTHER);
    await expectServed(first);
  });
});
