/**
 * The REST client's rate limits against a real HTTP server that enforces
 * them. Whatever compares times runs on a controlled clock (`onControlledClock`):
 * Date and timers are vitest's fake ones, real I/O runs, and the clock moves
 * on to the next timer only once nothing is in transit (every request the
 * client sent has reached the server, every answer the server finished has
 * reached the client). Times the server stamps and the client waits are then
 * exact, however loaded the machine, and no test waits in real time.
 */
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { RestClient } from '../../src/remote/http/client.js';
import { DiscordAPIError, InvalidRequestLimitError, RateLimitError } from '../../src/remote/errors.js';
import { InvalidRequestCounter } from '../../src/remote/http/invalid-requests.js';
import { GlobalPacer } from '../../src/remote/http/pacer.js';
import {
  BOT_TOKEN,
  type Handler,
  json,
  rejectionOf,
  sleep,
  startServer as startRealServer,
  type TestServer,
} from './helpers/server.js';

const APP = '111111111111111111';
let server: TestServer | undefined;
let client: RestClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
  traffic.sent = traffic.answered = traffic.back = 0;
});

/** Requests and answers on their way: sent by the client (its `→` debug line), answered by the server, received back (`←` or `✗`). */
const traffic = { sent: 0, answered: 0, back: 0 };

function startServer(handler: Handler): Promise<TestServer> {
  return startRealServer((req, res, i) => {
    res.once('finish', () => traffic.answered++);
    return handler(req, res, i);
  });
}

function newClient(extra: ConstructorParameters<typeof RestClient>[0] = {}): RestClient {
  client = new RestClient({
    apiUrl: server!.base,
    credentials: { botToken: BOT_TOKEN },
    backoffBaseMs: 10,
    rateLimitOffsetMs: 10,
    onDebug: (line) => {
      if (line.startsWith('→')) traffic.sent++;
      else if (line.startsWith('←') || line.startsWith('✗')) traffic.back++;
    },
    ...extra,
  });
  return client;
}

/** Puts this test on the controlled clock (see the top of the file), from `now`. */
function onControlledClock(now = 1_750_000_000_000): void {
  vi.useFakeTimers({ now, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  onTestFinished(() => void vi.useRealTimers());
}

/** Real event-loop turns until nothing is in transit and nothing changed for three turns (setImmediate is not faked). */
async function settleIo(): Promise<void> {
  let last = '';
  for (let stable = 0; stable < 3; ) {
    await new Promise((resolve) => setImmediate(resolve));
    const state = `${traffic.sent}/${server?.seen.length ?? 0}/${traffic.answered}/${traffic.back}`;
    const inTransit = traffic.sent !== (server?.seen.length ?? 0) || traffic.answered !== traffic.back;
    stable = !inTransit && state === last ? stable + 1 : 0;
    last = state;
  }
}

/** Runs `work` to its end on the controlled clock: real I/O, then the next timer, until it settles. */
async function drive<T>(work: Promise<T>, until?: () => boolean): Promise<T> {
  let done = false;
  work.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  for (let moves = 0; ; moves++) {
    await settleIo();
    if (done || until?.()) return until ? (undefined as T) : work;
    if (moves > 10_000) throw new Error('the controlled clock moved 10,000 times and the work did not end');
    vi.advanceTimersToNextTimer();
  }
}

/** Moves the controlled clock until `condition` holds. */
const driveUntil = (condition: () => boolean) => drive(new Promise<never>(() => {}), condition);

/** A server that enforces `limit` requests per `windowMs` per (bucket, major) and answers 429 beyond it. */
function enforcingHandler(
  limit: number,
  windowMs: number,
  bucketOf: (path: string) => string,
  majorOf: (path: string) => string,
  delayMs = 0,
) {
  const windows = new Map<string, { start: number; used: number }>();
  const violations: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const handler = async (req: { path: string; at: number }, res: Parameters<typeof json>[0]) => {
    const key = `${bucketOf(req.path)}:${majorOf(req.path)}`;
    let w = windows.get(key);
    if (!w || req.at >= w.start + windowMs) {
      w = { start: req.at, used: 0 };
      windows.set(key, w);
    }
    w.used++;
    const resetAfter = Math.max(0, w.start + windowMs - Date.now()) / 1000;
    const headers = {
      'x-ratelimit-bucket': bucketOf(req.path),
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - w.used)),
      'x-ratelimit-reset-after': resetAfter.toFixed(3),
    };
    if (w.used > limit) {
      violations.push(`${key} at ${req.at}`);
      return json(
        res,
        429,
        { message: 'You are being rate limited.', retry_after: resetAfter, global: false },
        { ...headers, 'x-ratelimit-scope': 'user', 'retry-after': String(Math.ceil(resetAfter)) },
      );
    }
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    if (delayMs) await sleep(delayMs);
    inFlight--;
    json(res, 200, { ok: true }, headers);
  };
  return { handler, violations, maxInFlight: () => maxInFlight };
}

const guildOf = (path: string) => /guilds\/(\d+)/.exec(path)?.[1] ?? 'none';

describe('bucket queues', () => {
  it('learns the bucket and waits for Reset-After when Remaining hits 0, with no 429', async () => {
    const model = enforcingHandler(
      2,
      300,
      () => 'cmd-bucket',
      () => 'app',
    );
    onControlledClock();
    server = await startServer(model.handler);
    const c = newClient();
    const path = `/applications/${APP}/commands`;
    const started = Date.now();
    await drive(Promise.all(Array.from({ length: 5 }, () => c.request({ method: 'GET', path }))));
    const elapsed = Date.now() - started;
    expect(model.violations).toEqual([]);
    expect(c.stats.rateLimited).toBe(0);
    // 5 requests at 2 per 300 ms need two refills.
    expect(elapsed).toBeGreaterThanOrEqual(550);
    const at = server.seen.map((r) => r.at);
    expect(at[2] - at[0]).toBeGreaterThanOrEqual(280);
    expect(at[4] - at[2]).toBeGreaterThanOrEqual(280);
  });

  it('routes that share a learned bucket share one queue', async () => {
    const model = enforcingHandler(
      1,
      250,
      () => 'same-bucket',
      () => 'app',
    );
    onControlledClock();
    server = await startServer(model.handler);
    const c = newClient();
    // Learn the bucket on both routes first. Before its first answer a route cannot be known to share a
    // bucket, so the test lets the window pass between the two.
    await drive(c.request({ method: 'GET', path: `/applications/${APP}/commands` }));
    await drive(sleep(270));
    await drive(c.request({ method: 'GET', path: `/applications/${APP}/commands/5` }));
    await drive(
      Promise.all([
        c.request({ method: 'GET', path: `/applications/${APP}/commands` }),
        c.request({ method: 'GET', path: `/applications/${APP}/commands/5` }),
        c.request({ method: 'GET', path: `/applications/${APP}/commands` }),
      ]),
    );
    expect(model.violations).toEqual([]);
    expect(c.stats.rateLimited).toBe(0);
  });

  it('runs different guilds concurrently, and one guild sequentially', async () => {
    onControlledClock();
    const model = enforcingHandler(5, 5000, () => 'guild-put', guildOf, 150);
    server = await startServer(model.handler);
    const c = newClient();
    const guilds = ['301', '302', '303', '304', '305', '306'];
    const started = Date.now();
    await drive(
      Promise.all(
        guilds.map((g) => c.request({ method: 'PUT', path: `/applications/${APP}/guilds/${g}/commands`, body: [] })),
      ),
    );
    const concurrentElapsed = Date.now() - started;
    expect(model.maxInFlight()).toBeGreaterThanOrEqual(4);

    const sameStart = Date.now();
    const before = model.maxInFlight();
    await drive(
      Promise.all([1, 2, 3].map(() => c.request({ method: 'GET', path: `/applications/${APP}/guilds/999/commands` }))),
    );
    const sameElapsed = Date.now() - sameStart;
    expect(sameElapsed).toBeGreaterThanOrEqual(3 * 150 - 20);
    expect(model.maxInFlight()).toBe(before);
    // Six guilds side by side take less than three requests of one guild in turn (measured in the same run).
    expect(concurrentElapsed).toBeLessThan(sameElapsed);
  });

  it('caps requests in flight at client.concurrency', async () => {
    const model = enforcingHandler(50, 5000, () => 'x', guildOf, 80);
    server = await startServer(model.handler);
    const c = newClient({ concurrency: 3 });
    expect(c.concurrency).toBe(3);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        c.request({ method: 'GET', path: `/applications/${APP}/guilds/${400 + i}/commands` }),
      ),
    );
    expect(model.maxInFlight()).toBe(3);
  });
});

describe('global pacer', () => {
  it('never starts more than N requests in any second across buckets', async () => {
    onControlledClock();
    server = await startServer((_req, res) => json(res, 200, {}));
    const c = newClient({ globalRequestsPerSecond: 20, concurrency: 50 });
    const started = Date.now();
    await drive(
      Promise.all(
        Array.from({ length: 45 }, (_, i) =>
          c.request({ method: 'GET', path: `/applications/${APP}/guilds/${500 + i}/commands` }),
        ),
      ),
    );
    const at = server.seen.map((r) => r.at).sort((a, b) => a - b);
    for (let i = 0; i + 20 < at.length; i++) expect(at[i + 20] - at[i]).toBeGreaterThanOrEqual(950);
    // 45 requests at 20/s: the 41st cannot start before 2 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1950);
  });

  it('holds a slot past its window by a margin (the service counts arrivals), longer in the burst after an idle window', async () => {
    // The pacer alone (no I/O): on vitest's fake clock the slots free at exactly the times asked for, however loaded the machine.
    vi.useFakeTimers({ now: 0 });
    onTestFinished(() => void vi.useRealTimers());
    const pacer = new GlobalPacer(2, 200, { steady: 20, cold: 100 });
    const t0 = Date.now();
    const startOf = async () => {
      const took = pacer.take();
      await vi.runAllTimersAsync();
      await took;
      return Date.now() - t0;
    };
    // Idle at first: the first window's two slots free at 200 + 100 (cold: its requests open connections).
    const first = [await startOf(), await startOf()];
    const second = [await startOf(), await startOf()];
    // Held back by the pacer, not idle: these slots only get the steady margin.
    const third = await startOf();
    expect(first[1]).toBeLessThan(50);
    expect(second[0]).toBeGreaterThanOrEqual(299);
    expect(second[1]).toBeGreaterThanOrEqual(299);
    expect(third - second[0]).toBeGreaterThanOrEqual(219);
    expect(third - second[0]).toBeLessThan(300);
  });
});

describe('429 handling', () => {
  it('waits retry_after on a route 429 and succeeds without counting a failure', async () => {
    onControlledClock();
    server = await startServer((_req, res, i) =>
      i === 0
        ? json(
            res,
            429,
            { message: 'You are being rate limited.', retry_after: 0.25, global: false },
            {
              'x-ratelimit-scope': 'user',
              'x-ratelimit-bucket': 'b',
              'x-ratelimit-remaining': '0',
              'x-ratelimit-reset-after': '0.25',
              'retry-after': '1',
            },
          )
        : json(res, 200, { ok: 1 }),
    );
    const c = newClient({ retries: 0 });
    expect(
      await drive(c.request({ method: 'POST', path: `/applications/${APP}/commands`, body: { name: 'a' } })),
    ).toEqual({ ok: 1 });
    expect(server.seen[1].at - server.seen[0].at).toBeGreaterThanOrEqual(240);
    expect(c.stats).toMatchObject({ rateLimited: 1, retried: 0 });
    expect(c.invalidRequestCount).toBe(1);
  });

  it('a global 429 holds back every bucket', async () => {
    onControlledClock();
    let first = true;
    server = await startServer((req, res) => {
      if (first) {
        first = false;
        return json(
          res,
          429,
          { message: 'You are being rate limited.', retry_after: 0.4, global: true },
          { 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global', 'retry-after': '1' },
        );
      }
      json(res, 200, { path: req.path });
    });
    const c = newClient();
    const a = c.request({ method: 'GET', path: `/applications/${APP}/guilds/1/commands` });
    await driveUntil(() => server!.seen.length > 0);
    await drive(sleep(50));
    const b = c.request({ method: 'GET', path: `/channels/77/webhooks` });
    await drive(Promise.all([a, b]));
    const t429 = server.seen[0].at;
    for (const req of server.seen.slice(1)) expect(req.at - t429).toBeGreaterThanOrEqual(380);
  });

  it('a shared-scope 429 is waited out and not counted as invalid', async () => {
    onControlledClock();
    server = await startServer((_req, res, i) =>
      i === 0
        ? json(
            res,
            429,
            { message: 'The resource is being rate limited.', retry_after: 0.1, global: false },
            { 'x-ratelimit-scope': 'shared', 'retry-after': '1' },
          )
        : json(res, 200, {}),
    );
    const c = newClient();
    await drive(c.request({ method: 'PUT', path: `/applications/${APP}/commands`, body: [] }));
    expect(server.seen[1].at - server.seen[0].at).toBeGreaterThanOrEqual(90);
    expect(c.invalidRequestCount).toBe(0);
  });

  it('uses Retry-After when the body has no retry_after', async () => {
    onControlledClock();
    server = await startServer((_req, res, i) =>
      i === 0 ? json(res, 429, { message: 'x', global: false }, { 'retry-after': '0.2' }) : json(res, 200, {}),
    );
    const c = newClient();
    await drive(c.request({ method: 'GET', path: '/guilds/5/webhooks' }));
    expect(server.seen[1].at - server.seen[0].at).toBeGreaterThanOrEqual(190);
  });

  it('gives up after too many consecutive 429s with RateLimitError', async () => {
    server = await startServer((_req, res) =>
      json(
        res,
        429,
        { message: 'You are being rate limited.', retry_after: 0.01, global: false },
        { 'x-ratelimit-scope': 'user' },
      ),
    );
    const c = newClient({ maxRateLimitRetries: 3 });
    const error = await rejectionOf(c.request({ method: 'GET', path: '/guilds/5/webhooks' }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'too-many-429s',
      route: 'GET /guilds/:id/webhooks',
      scope: 'user',
      global: false,
    });
    expect(server.seen).toHaveLength(4);
  });

  it('refuses a wait beyond the cap instead of sleeping', async () => {
    onControlledClock();
    server = await startServer((_req, res) =>
      json(
        res,
        429,
        { message: 'The resource is being rate limited.', retry_after: 432, global: false },
        { 'x-ratelimit-scope': 'shared' },
      ),
    );
    const c = newClient({ maxRateLimitWaitMs: 5_000 });
    const started = Date.now();
    const error = await rejectionOf(
      drive(c.request({ method: 'PUT', path: `/applications/${APP}/commands`, body: [] })),
    );
    // Not even the cap's 5 s were slept.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', reason: 'wait-cap-exceeded', retryAfterMs: 432_000 });
    expect(error.message).toContain('432s');
  });

  it('treats a 429 without retry information as a ban and stops at once', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(429, { 'content-type': 'text/html' });
      res.end('error code: 1015');
    });
    const c = newClient();
    const error = await rejectionOf(c.request({ method: 'GET', path: '/guilds/5/webhooks' }));
    expect(error).toMatchObject({ code: 'RATE_LIMITED', reason: 'blocked' });
    expect(server.seen).toHaveLength(1);
  });
});

describe('invalid-request cap', () => {
  it('stops sending once 401/403/429 answers reach the limit', async () => {
    server = await startServer((_req, res) => json(res, 401, { message: '401: Unauthorized', code: 0 }));
    const c = newClient({ invalidRequestLimit: 5 });
    for (let i = 0; i < 5; i++) {
      expect(await rejectionOf(c.request({ method: 'GET', path: `/applications/${APP}/commands` }))).toBeInstanceOf(
        DiscordAPIError,
      );
    }
    const error = await rejectionOf(c.request({ method: 'GET', path: `/applications/${APP}/commands` }));
    expect(error).toBeInstanceOf(InvalidRequestLimitError);
    expect(error).toMatchObject({ code: 'INVALID_REQUEST_LIMIT', count: 5, limit: 5 });
    expect(server.seen).toHaveLength(5);
  });

  it('a shared counter counts across clients, and the window forgets', async () => {
    const counter = new InvalidRequestCounter(1000);
    counter.record(0);
    counter.record(500);
    expect(counter.count(900)).toBe(2);
    expect(counter.count(1200)).toBe(1);
    expect(counter.count(1600)).toBe(0);

    server = await startServer((_req, res) => json(res, 403, { message: 'Missing Permissions', code: 50013 }));
    const shared = new InvalidRequestCounter();
    const a = newClient({ invalidRequestCounter: shared, invalidRequestLimit: 2 });
    const b = new RestClient({
      apiUrl: server.base,
      credentials: { botToken: BOT_TOKEN },
      invalidRequestCounter: shared,
      invalidRequestLimit: 2,
    });
    await rejectionOf(a.request({ method: 'GET', path: '/guilds/1/webhooks' }));
    await rejectionOf(b.request({ method: 'GET', path: '/guilds/1/webhooks' }));
    expect(await rejectionOf(b.request({ method: 'GET', path: '/guilds/1/webhooks' }))).toBeInstanceOf(
      InvalidRequestLimitError,
    );
    await b.close();
  });
});
