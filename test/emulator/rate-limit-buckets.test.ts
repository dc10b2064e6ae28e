/**
 * Each route declares its rate-limit bucket (issue 36 item 7), and the
 * declarations follow the service's model (facts discord-api.md §2): buckets
 * differ by method, routes that share a limit share a bucket, the top-level
 * resource (channel, guild, webhook id + token) splits a bucket, webhook
 * executes of every format count in one per-webhook bucket, command creates
 * in one per-application bucket, and interaction callbacks in none, not even
 * the global limit.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { DEFAULT_ROUTE_LIMITS } from '../../src/emulator/http/buckets.js';
import { majorParameter, RateLimiter } from '../../src/emulator/http/rate-limit.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { bot, call } from './helpers.js';
import { API_ROUTES, declaredBucket } from './route-table.js';

let em: RunningEmulator | undefined;
afterEach(async () => {
  await em?.close();
  em = undefined;
});

/** A path of the pattern with each parameter given a value of its kind. */
const samplePath = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_m, name: string) =>
    name === 'webhookToken' || name === 'interactionToken'
      ? 'tok'
      : name === 'emoji'
        ? '%F0%9F%91%8D'
        : `1${name.length}00000000000000000`,
  );

describe('the route table declares a bucket on every route', () => {
  test('every route names a bucket the limiter knows, or is exempt', () => {
    expect(API_ROUTES.length).toBeGreaterThan(50);
    const unknown = API_ROUTES.filter((r) => r.bucket !== 'exempt' && !(r.bucket in DEFAULT_ROUTE_LIMITS)).map(
      (r) => `${r.method} ${r.pattern}: ${r.bucket}`,
    );
    expect(unknown).toEqual([]);
  });

  test('buckets differ by method (facts §2.1): the same bucket name under two methods is two X-RateLimit-Bucket ids', () => {
    const rl = new RateLimiter();
    const id = (method: string, bucket: 'webhooks') =>
      (rl.check('c', method, bucket, '/webhooks/1', 0) as { headers: Record<string, string> }).headers[
        'X-RateLimit-Bucket'
      ];
    expect(id('GET', 'webhooks')).toMatch(/^[0-9a-f]{32}$/);
    expect(id('GET', 'webhooks')).not.toBe(id('PATCH', 'webhooks'));
  });

  test("the service's shared limits (facts §2.3-2.5)", () => {
    const of = (pattern: RegExp, method?: string) =>
      new Set(
        API_ROUTES.filter((r) => pattern.test(r.pattern) && (!method || r.method === method)).map((r) => r.bucket),
      );
    // Webhook execute, in every format and as an interaction follow-up: one bucket, 5 per 2 s per webhook.
    expect(of(/^\/webhooks\/:webhookId\/:webhookToken(\/slack|\/github)?$/, 'POST')).toEqual(
      new Set(['webhook.execute']),
    );
    expect(DEFAULT_ROUTE_LIMITS['webhook.execute']).toEqual({ limit: 5, windowMs: 2000 });
    // Nothing else counts as an execute.
    expect(
      API_ROUTES.filter((r) => r.bucket === 'webhook.execute').every(
        (r) => r.method === 'POST' && r.pattern.startsWith('/webhooks/:webhookId/:webhookToken'),
      ),
    ).toBe(true);
    // Command creates: about 5 per 20 s, global and guild alike.
    expect(of(/\/commands$/, 'POST')).toEqual(new Set(['commands.create']));
    expect(DEFAULT_ROUTE_LIMITS['commands.create']).toEqual({ limit: 5, windowMs: 20_000 });
    // Interaction callbacks: exempt.
    expect(declaredBucket('POST', '/interactions/:interactionId/:interactionToken/callback')).toBe('exempt');
    // The token endpoint's bucket is its own: /oauth2/applications/@me is an ordinary read.
    expect(API_ROUTES.filter((r) => r.bucket === 'oauth.token').map((r) => `${r.method} ${r.pattern}`)).toEqual([
      'POST /oauth2/token',
    ]);
    expect(declaredBucket('GET', '/oauth2/applications/@me')).toBe('default');
  });

  test('each route is split by the top-level resource the facts name (§2.1, §2.5): channel, guild, webhook id + token', () => {
    const expected = (pattern: string): RegExp => {
      if (pattern.startsWith('/channels/:channelId')) return /^channel:1/;
      if (pattern.includes('/guilds/:guildId')) return /^guild:1/;
      if (pattern.startsWith('/webhooks/:webhookId/:webhookToken')) return /^webhook:1\d+:[0-9a-f]{16}$/;
      if (pattern.startsWith('/webhooks/:webhookId')) return /^webhook:1\d+$/;
      if (pattern.startsWith('/applications/:applicationId')) return /^application:1/;
      return /^none$/;
    };
    const wrong = API_ROUTES.filter((r) => !expected(r.pattern).test(majorParameter(samplePath(r.pattern)))).map(
      (r) => `${r.method} ${r.pattern}: ${majorParameter(samplePath(r.pattern))}`,
    );
    expect(wrong).toEqual([]);
  });
});

describe('the declared buckets over HTTP', () => {
  test('interaction callbacks are not counted in the global limit (facts §2.3)', async () => {
    em = await startEmulator({ rateLimits: { global: 1 } });
    const path = '/interactions/1300000000000000001/not-a-token/callback';
    for (let i = 0; i < 3; i++) {
      const r = await call(em, 'POST', path, { body: { type: 1 } });
      expect([r.status, r.body.code]).toEqual([404, 10062]);
      expect(r.headers['x-ratelimit-bucket']).toBeUndefined();
    }
  });

  test("GET /oauth2/applications/@me counts in the default bucket, not the token endpoint's 5 per second", async () => {
    em = await startEmulator({ rateLimits: { global: false } });
    for (let i = 0; i < 6; i++) {
      const r = await call(em, 'GET', '/oauth2/applications/@me', { auth: bot(em) });
      expect(r.status).toBe(200);
      expect(r.headers['x-ratelimit-limit']).toBe(String(DEFAULT_ROUTE_LIMITS.default.limit));
    }
  });
});
