import { afterEach, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { majorParameter, RateLimiter } from '../../src/emulator/http/rate-limit.js';
import { declaredBucket as bucketOf } from './route-table.js';
import { TestClock } from '../helpers/clock.js';
import { bot, call, slash } from './helpers.js';

let em: RunningEmulator | undefined;
afterEach(async () => {
  await em?.close();
  em = undefined;
});

describe('per-route buckets', () => {
  test('headers on every answer; the 6th create in 20 s is refused with a 429 and Retry-After', async () => {
    em = await startEmulator({ rateLimits: {} });
    const url = `/applications/${em.credentials.applicationId}/commands`;
    const first = await call(em, 'POST', url, { auth: bot(em), body: slash('c0') });
    expect(first.headers['x-ratelimit-limit']).toBe('5');
    expect(first.headers['x-ratelimit-remaining']).toBe('4');
    expect(first.headers['x-ratelimit-bucket']).toMatch(/^[0-9a-f]{32}$/);
    expect(Number(first.headers['x-ratelimit-reset-after'])).toBeGreaterThan(19);
    expect(first.headers['x-ratelimit-reset-after']).toMatch(/^\d+\.\d{3}$/);
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    for (let i = 1; i < 5; i++)
      expect((await call(em, 'POST', url, { auth: bot(em), body: slash(`c${i}`) })).status).toBe(201);
    const limited = await call(em, 'POST', url, { auth: bot(em), body: slash('c5') });
    expect(limited.status).toBe(429);
    expect(limited.body.global).toBe(false);
    expect(limited.body.message).toBe('You are being rate limited.');
    expect(limited.body.retry_after).toBeGreaterThan(19);
    expect(Number.isInteger(limited.body.retry_after * 1000)).toBe(true);
    expect(limited.headers['retry-after']).toBe('20');
    expect(limited.headers['x-ratelimit-scope']).toBe('user');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    // The refused create did not happen; another bucket (GET) is unaffected.
    const list = await call(em, 'GET', url, { auth: bot(em) });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(5);
  });

  test('guild routes are split by guild: parallel work across guilds is not one queue', async () => {
    em = await startEmulator({
      seed: { guilds: [{ name: 'a' }, { name: 'b' }] },
      rateLimits: { routes: { 'commands.create': { limit: 2, windowMs: 10_000 } } },
    });
    const app = em.credentials.applicationId;
    const [ga, gb] = Object.keys(em.world.guilds);
    for (let i = 0; i < 2; i++)
      expect(
        (await call(em, 'POST', `/applications/${app}/guilds/${ga}/commands`, { auth: bot(em), body: slash(`x${i}`) }))
          .status,
      ).toBe(201);
    expect(
      (await call(em, 'POST', `/applications/${app}/guilds/${ga}/commands`, { auth: bot(em), body: slash('x2') }))
        .status,
    ).toBe(429);
    const other = await call(em, 'POST', `/applications/${app}/guilds/${gb}/commands`, {
      auth: bot(em),
      body: slash('x0'),
    });
    expect(other.status).toBe(201);
    // Same bucket id (it excludes the top-level resource), separate counters.
    expect(other.headers['x-ratelimit-remaining']).toBe('1');
  });

  test("buckets reset after their window, on the emulator's clock", async () => {
    const clock = new TestClock();
    em = await startEmulator({
      rateLimits: { routes: { 'commands.list': { limit: 1, windowMs: 200 } } },
      now: clock.now,
    });
    const url = `/applications/${em.credentials.applicationId}/commands`;
    expect((await call(em, 'GET', url, { auth: bot(em) })).status).toBe(200);
    expect((await call(em, 'GET', url, { auth: bot(em) })).status).toBe(429);
    clock.advance(199);
    expect((await call(em, 'GET', url, { auth: bot(em) })).status).toBe(429);
    clock.advance(51);
    expect((await call(em, 'GET', url, { auth: bot(em) })).status).toBe(200);
  });

  test('classification of routes (the bucket each declares) and top-level resources', () => {
    expect(bucketOf('POST', '/applications/:applicationId/commands')).toBe('commands.create');
    expect(bucketOf('PUT', '/applications/:applicationId/guilds/:guildId/commands')).toBe('commands.bulk');
    expect(bucketOf('PUT', '/applications/:applicationId/guilds/:guildId/commands/:commandId/permissions')).toBe(
      'permissions.edit',
    );
    expect(bucketOf('POST', '/webhooks/:webhookId/:webhookToken')).toBe('webhook.execute');
    expect(bucketOf('POST', '/webhooks/:webhookId/:webhookToken/slack')).toBe('webhook.execute');
    expect(bucketOf('PATCH', '/webhooks/:webhookId/:webhookToken/messages/:messageId')).toBe('webhooks');
    expect(majorParameter('/applications/1/guilds/22/commands')).toBe('guild:22');
    expect(majorParameter('/applications/1/commands')).toBe('application:1');
    expect(majorParameter('/webhooks/5/secret')).toMatch(/^webhook:5:[0-9a-f]{16}$/);
    expect(majorParameter('/webhooks/5/secret')).not.toContain('secret');
  });
});

describe('global limit', () => {
  test('over N requests per second → 429 global with X-RateLimit-Global', async () => {
    em = await startEmulator({ rateLimits: { global: 3 } });
    const url = `/applications/${em.credentials.applicationId}/commands`;
    const replies = await Promise.all(Array.from({ length: 5 }, () => call(em!, 'GET', url, { auth: bot(em!) })));
    const limited = replies.filter((r) => r.status === 429);
    expect(limited).toHaveLength(2);
    expect(limited[0]!.body).toMatchObject({ message: 'You are being rate limited.', global: true });
    expect(typeof limited[0]!.body.retry_after).toBe('number');
    expect(limited[0]!.headers['x-ratelimit-global']).toBe('true');
    expect(limited[0]!.headers['x-ratelimit-scope']).toBe('global');
    expect(limited[0]!.headers['retry-after']).toBe('1');
  });

  test('rate limits off: no headers, no 429', async () => {
    em = await startEmulator({ rateLimits: false });
    const url = `/applications/${em.credentials.applicationId}/commands`;
    for (let i = 0; i < 8; i++) {
      const r = await call(em, 'POST', url, { auth: bot(em), body: slash(`n${i}`) });
      expect(r.status).toBe(201);
      expect(r.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});

describe('latency', () => {
  test('latencyMs delays every API answer', async () => {
    em = await startEmulator({ rateLimits: false, latencyMs: 120 });
    const t = Date.now();
    await call(em, 'GET', `/applications/${em.credentials.applicationId}/commands`, { auth: bot(em) });
    expect(Date.now() - t).toBeGreaterThanOrEqual(110);
  });
});

describe("snapshot (the web view's state panel)", () => {
  test('reads the open windows without touching them, busiest first, and at most `max` of them', () => {
    const rl = new RateLimiter();
    const now = 1_000_000;
    for (let i = 0; i < 300; i++)
      expect(
        rl.check(`caller${String(i).padStart(4, '0')}`, 'GET', 'commands.list', '/applications/1/commands', now).ok,
      ).toBe(true);
    for (let i = 0; i < 3; i++) rl.check('busyone', 'GET', 'commands.list', '/applications/1/commands', now);
    const snap = rl.snapshot(now + 10);
    expect(snap).toHaveLength(200);
    expect(snap[0]!.caller).toBe('caller busyon');
    expect(snap[0]!.remaining).toBeLessThan(snap[snap.length - 1]!.remaining);
    expect(rl.snapshot(now + 10, 5)).toHaveLength(5);
    // Reading changed nothing: the busy caller's next request is still counted from 3.
    expect(rl.snapshot(now + 10, 1)[0]!.remaining).toBe(snap[0]!.remaining);
    expect(rl.snapshot(now + 3_600_000)).toHaveLength(0);
  });
});
