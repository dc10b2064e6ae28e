/**
 * GET /__emulator/view/state: the web view's state panel reads what shapes the
 * next answers (rate-limit windows, the daily allowance, fault rules with their
 * counters, gateway sessions), over real HTTP, and never a secret.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { identify, RawGateway } from './gateway-client.js';
import { bot, call, slash } from './helpers.js';
import { rawCall } from './raw-http.js';

let em: RunningEmulator | undefined;
let gw: RawGateway | undefined;
afterEach(async () => {
  gw?.ws.close();
  gw = undefined;
  await em?.close();
  em = undefined;
});

const base = () => em!.url.replace('/api/v10', '');
const control = (method: string, path: string, body?: unknown) =>
  rawCall(base(), {
    method,
    path: `/__emulator${path}`,
    headers: {
      'x-cmdsync-control': em!.controlToken,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
const state = async () => {
  const r = await control('GET', '/view/state');
  expect(r.status).toBe(200);
  return r;
};

describe('view state panel', () => {
  test('rate-limit buckets appear after requests, with the caller as a hash label', async () => {
    em = await startEmulator({ limits: { daily_creates: 3 } });
    const before = (await state()).body;
    expect(before.rateLimits).toMatchObject({ enabled: true, global: { limit: 50 }, buckets: [] });
    const { applicationId: app, guildId: guild } = em.credentials;
    const created = await call(em, 'POST', `/applications/${app}/guilds/${guild}/commands`, {
      auth: bot(em),
      body: slash('ping'),
    });
    expect(created.status).toBe(201);
    await call(em, 'GET', `/applications/${app}/commands`, { auth: bot(em) });
    const buckets = (await state()).body.rateLimits.buckets as Array<Record<string, any>>;
    const create = buckets.find((b) => b.bucket === 'commands.create');
    expect(create).toMatchObject({
      bucketId: created.headers['x-ratelimit-bucket'],
      key: `POST guild:${guild}`,
      limit: 5,
      remaining: 4,
    });
    expect(create!.resetAfterMs).toBeGreaterThan(0);
    expect(create!.resetAfterMs).toBeLessThanOrEqual(20_000);
    expect(create!.caller).toMatch(/^caller [0-9a-f]{6}$/);
    expect(buckets.find((b) => b.bucket === 'commands.list')).toMatchObject({
      key: `GET application:${app}`,
      limit: 50,
      remaining: 49,
    });
    expect(buckets.find((b) => b.bucket === 'global')).toMatchObject({
      key: 'all routes',
      limit: 50,
      remaining: 48,
      caller: create!.caller,
    });
  });

  test('rate limits off: enabled is false and no buckets', async () => {
    em = await startEmulator({ rateLimits: false });
    await call(em, 'GET', `/applications/${em.credentials.applicationId}/commands`, { auth: bot(em) });
    expect((await state()).body.rateLimits).toEqual({ enabled: false, global: { limit: null }, buckets: [] });
  });

  test('a fault rule appears with its counters', async () => {
    em = await startEmulator({ rateLimits: false });
    const app = em.credentials.applicationId;
    const added = await control('POST', '/faults', {
      add: { method: 'GET', path: '/applications/*/commands', kind: 'error', status: 503, times: 1 },
    });
    expect(added.status).toBe(200);
    expect((await call(em, 'GET', `/applications/${app}/commands`, { auth: bot(em) })).status).toBe(503);
    expect((await call(em, 'GET', `/applications/${app}/commands`, { auth: bot(em) })).status).toBe(200);
    expect((await state()).body.faults).toEqual([
      {
        method: 'GET',
        path: '/applications/*/commands',
        kind: 'error',
        status: 503,
        times: 1,
        matched: 2,
        injected: 1,
      },
    ]);
  });

  test('daily creates count as the daily-creates control route does', async () => {
    em = await startEmulator({ rateLimits: false, limits: { daily_creates: 3 } });
    const { applicationId: app, guildId: guild } = em.credentials;
    for (const name of ['a', 'b'])
      expect(
        (await call(em, 'POST', `/applications/${app}/guilds/${guild}/commands`, { auth: bot(em), body: slash(name) }))
          .status,
      ).toBe(201);
    const daily = (await state()).body.dailyCreates;
    expect(daily).toEqual((await control('GET', '/daily-creates')).body);
    expect(daily.scopes).toContainEqual({ application_id: app, scope: guild, used: 2, left: 1 });
  });

  test('gateway sessions and live interactions are counted', async () => {
    em = await startEmulator({ rateLimits: false });
    gw = new RawGateway(em.gatewayUrl);
    await gw.opened;
    gw.send(identify(em.credentials.botToken, 1));
    await gw.dispatch('READY');
    const { sessions } = (await state()).body.gateway;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      applicationId: em.credentials.applicationId,
      intents: 1,
      shard: [0, 1],
      resumable: true,
    });
    expect(sessions[0].guilds).toBe(
      Object.values(em.world.guilds).filter((g) => g.apps[em!.credentials.applicationId]).length,
    );
    expect(typeof sessions[0].connectedSinceMs).toBe('number');
    expect((await state()).body.interactions).toEqual({
      live: 0,
      endpoints: [{ applicationId: em.credentials.applicationId }],
    });
  });

  test('the answer never holds a token', async () => {
    em = await startEmulator({ limits: { daily_creates: 3 } });
    const { applicationId: app, guildId: guild } = em.credentials;
    await control('POST', '/faults', { add: { path: '/nothing', kind: 'slow' } });
    await call(em, 'POST', `/applications/${app}/guilds/${guild}/commands`, { auth: bot(em), body: slash('ping') });
    await call(em, 'GET', '/users/@me', { auth: `Bearer ${em.credentials.bearerToken}` });
    gw = new RawGateway(em.gatewayUrl);
    await gw.opened;
    gw.send(identify(em.credentials.botToken, 1));
    const ready = await gw.dispatch('READY');
    const text = (await state()).text;
    expect(text).toContain('commands.create');
    for (const secret of [
      em.credentials.botToken,
      em.credentials.bearerToken,
      em.credentials.clientSecret,
      em.controlToken,
      ready.d.session_id as string,
    ]) {
      expect(secret.length).toBeGreaterThan(8);
      expect(text).not.toContain(secret);
    }
  });

  test('the endpoint needs the control token', async () => {
    em = await startEmulator({ rateLimits: false });
    expect((await rawCall(base(), { method: 'GET', path: '/__emulator/view/state' })).status).toBe(401);
  });
});
