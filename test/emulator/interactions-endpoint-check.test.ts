/**
 * The service's check of an interactions endpoint URL (facts §9: a signed
 * PING must get {"type":1}, a forged one 401), against real signature-verifying
 * endpoints: when the URL is saved through PATCH /applications/@me (a failing
 * URL is refused and not saved), on demand through the control route (its
 * result shown in the web view's state), and at start for a seeded URL,
 * re-run until the bot is up with the right key.
 */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { EndpointWatchReport, RunningEmulator } from '../../src/emulator/index.js';
import { startHttpBot, startSignedEndpoint, type HttpBot, type SignedEndpoint } from '../helpers/http-bot.js';
import { APP, interactionSeed } from '../helpers/interaction-seed.js';
import { rawCall } from './raw-http.js';
import { bot, call, start } from './helpers.js';

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

async function emulator(options: Parameters<typeof start>[0] = {}): Promise<RunningEmulator> {
  const em = await start({ seed: interactionSeed(), ...options });
  closers.push(() => em.close());
  return em;
}

async function httpBot(publicKey: string, apiBase: string, insecure = false): Promise<HttpBot> {
  const b = await startHttpBot({ publicKey, apiBase, insecure });
  closers.push(() => b.close());
  return b;
}

/** A loopback port with nothing listening on it (taken, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const OTHER_KEY = 'a'.repeat(64);

describe('PATCH /applications/@me checks a new interactions endpoint URL before saving it', () => {
  it('refuses a URL nothing listens on, one that fails the signed PING (wrong key) and one that accepts a forged signature; nothing is saved', async () => {
    const em = await emulator();
    const wrongKey = await httpBot(OTHER_KEY, em.url);
    const careless = await httpBot(em.credentials.publicKey, em.url, true);
    const cases = [
      { url: `http://127.0.0.1:${await freePort()}/interactions`, says: 'refused the connection' },
      { url: wrongKey.url, says: 'a signed PING got 401' },
      { url: careless.url, says: 'accepts forged requests' },
      { url: 'ftp://example.invalid/x', says: 'not an http:// or https:// URL' },
    ];
    for (const c of cases) {
      const r = await call(em, 'PATCH', '/applications/@me', {
        auth: bot(em),
        body: { interactions_endpoint_url: c.url, description: 'changed' },
      });
      expect(r.status, c.url).toBe(400);
      expect(r.body.code).toBe(50035);
      const [error] = r.body.errors.interactions_endpoint_url._errors;
      expect(error.code).toBe('APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID');
      expect(error.message).toMatch(/^The specified interactions endpoint url could not be verified\./);
      expect(error.message).toContain(c.says);
    }
    const app = await call(em, 'GET', '/applications/@me', { auth: bot(em) });
    // The whole PATCH was refused: neither the URL nor the other field changed.
    expect(app.body).toMatchObject({ interactions_endpoint_url: null, description: '' });
    expect(em.world.applications[APP]!.interactionsEndpointUrl).toBeUndefined();
  });

  it('saves a URL that passes, and interactions then go there', async () => {
    const em = await emulator();
    const good = await httpBot(em.credentials.publicKey, em.url);
    const r = await call(em, 'PATCH', '/applications/@me', {
      auth: bot(em),
      body: { interactions_endpoint_url: good.url },
    });
    expect(r.status).toBe(200);
    expect(r.body.interactions_endpoint_url).toBe(good.url);
    // The check sent one forged PING, which the bot refused.
    expect(good.forged).toBe(1);
    const out = await em.invoke({ line: '/hello' });
    expect(out).toMatchObject({ outcome: 'answered', delivery: 'http' });
    // Clearing the URL needs no check.
    expect(
      (await call(em, 'PATCH', '/applications/@me', { auth: bot(em), body: { interactions_endpoint_url: null } }))
        .status,
    ).toBe(200);
    expect(em.world.applications[APP]!.interactionsEndpointUrl).toBeUndefined();
  });
});

describe('the check on demand: POST /__emulator/interactions/endpoint-check', () => {
  it('runs the check now and the state view shows its result with the URL', async () => {
    const em = await emulator();
    const wrongKey = await httpBot(OTHER_KEY, em.url);
    em.world.applications[APP]!.interactionsEndpointUrl = wrongKey.url;
    const base = em.url.replace('/api/v10', '');
    const headers = { 'x-cmdsync-control': em.controlToken, 'content-type': 'application/json' };
    const r = await rawCall(base, {
      method: 'POST',
      path: '/__emulator/interactions/endpoint-check',
      headers,
      body: JSON.stringify({ applicationId: APP }),
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ url: wrongKey.url, ok: false, answered: true });
    expect(r.body.problems[0]).toBe(
      'a signed PING got 401; it must get 200 {"type":1} (401: the bot\'s DISCORD_PUBLIC_KEY is not this emulator\'s public key)',
    );
    const state = await rawCall(base, {
      method: 'GET',
      path: '/__emulator/view/state',
      headers: { 'x-cmdsync-control': em.controlToken },
    });
    expect(state.body.interactions.endpoints).toEqual([
      {
        applicationId: APP,
        url: wrongKey.url,
        lastCheck: { ok: false, problems: r.body.problems, at: expect.any(Number) },
      },
    ]);

    const unknown = await rawCall(base, {
      method: 'POST',
      path: '/__emulator/interactions/endpoint-check',
      headers,
      body: JSON.stringify({ applicationId: '199999999999999999' }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('unknown application 199999999999999999');
  });
});

describe('the check at start, re-run until the endpoint passes', () => {
  it('a seeded URL whose bot is not up yet, then up with a wrong key, then right: reported as each changes, last as passing', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/interactions`;
    const reports: EndpointWatchReport[] = [];
    const seed = interactionSeed();
    seed.applications = [{ ...seed.applications![0]!, interactions_endpoint_url: url }];
    let passed!: () => void;
    const done = new Promise<void>((resolve) => (passed = resolve));
    const em = await emulator({
      seed,
      watchEndpoints: (appId, r) => {
        expect(appId).toBe(APP);
        reports.push(r);
        if (r.final) passed();
      },
    });
    // Not up yet: the first check cannot connect.
    await expect.poll(() => reports.length, { timeout: 5000 }).toBe(1);
    expect(reports[0]).toMatchObject({ final: false, check: { ok: false, answered: false } });
    // Up, with the key of an earlier run.
    let key = OTHER_KEY;
    const endpoint: SignedEndpoint = await startSignedEndpoint({
      publicKey: () => key,
      port,
      answer: (_i, reply) => reply({ type: 1 }),
    });
    closers.push(() => endpoint.close());
    await expect.poll(() => reports.length, { timeout: 5000 }).toBe(2);
    expect(reports[1]).toMatchObject({ final: false, check: { ok: false, answered: true } });
    // Restarted with this emulator's key.
    key = em.credentials.publicKey;
    await done;
    expect(reports.at(-1)).toEqual({ final: true, check: { url, ok: true, problems: [], answered: true } });
    // A repeated failure is not reported again.
    expect(reports).toHaveLength(3);
  }, 20_000);
});
