import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, slash, start } from './helpers.js';

let em: RunningEmulator;
let app: string;

const OTHER_APP = '1100000000000000001';
const NO_SCOPE_GUILD = '1100000000000000002';

beforeEach(async () => {
  em = await start({
    seed: {
      applications: [{ name: 'main' }, { id: OTHER_APP, name: 'other', bot_token: 'other-bot-token' }],
      guilds: [{ name: 'main guild' }, { id: NO_SCOPE_GUILD, name: 'no scope', apps: {} }],
    },
  });
  app = em.credentials.applicationId;
});
afterEach(() => em.close());

async function clientCredentials(
  scope: string,
  auth?: string,
  contentType = 'application/x-www-form-urlencoded',
  body?: string,
) {
  const basic =
    auth ?? `Basic ${Buffer.from(`${em.credentials.clientId}:${em.credentials.clientSecret}`).toString('base64')}`;
  return call(em, 'POST', '/oauth2/token', {
    auth: basic,
    raw: body ?? new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
    contentType,
  });
}

describe('credentials', () => {
  test('missing, malformed or unknown token → 401 code 0', async () => {
    for (const auth of [undefined, 'Bot nope', 'Bearer nope', 'Token abc']) {
      const r = await call(em, 'GET', `/applications/${app}/commands`, { auth });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: '401: Unauthorized', code: 0 });
    }
  });

  test("another application's token → 403 20012", async () => {
    const r = await call(em, 'GET', `/applications/${app}/commands`, { auth: 'Bot other-bot-token' });
    expect(r).toMatchObject({ status: 403, body: { code: 20012 } });
  });

  test('unknown guild → 404 10004; guild without applications.commands → 403 50001', async () => {
    expect(
      (await call(em, 'GET', `/applications/${app}/guilds/999999999999999999/commands`, { auth: bot(em) })).body,
    ).toEqual({ message: 'Unknown Guild', code: 10004 });
    const r = await call(em, 'POST', `/applications/${app}/guilds/${NO_SCOPE_GUILD}/commands`, {
      auth: bot(em),
      body: slash('x'),
    });
    expect(r).toMatchObject({ status: 403, body: { message: 'Missing Access', code: 50001 } });
  });

  test('a user bearer cannot manage commands (401 code 0)', async () => {
    const r = await call(em, 'GET', `/applications/${app}/commands`, { auth: `Bearer ${em.credentials.bearerToken}` });
    expect(r).toMatchObject({ status: 401, body: { code: 0 } });
  });
});

describe('OAuth2 client credentials', () => {
  test('issues a bearer that can create commands with applications.commands.update', async () => {
    const t = await clientCredentials('applications.commands.update identify');
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 604800,
      scope: 'applications.commands.update identify',
    });
    expect(typeof t.body.access_token).toBe('string');
    const r = await call(em, 'POST', `/applications/${app}/commands`, {
      auth: `Bearer ${t.body.access_token}`,
      body: slash('ping'),
    });
    expect(r.status).toBe(201);
  });

  test('a bearer without applications.commands.update may read but not write (401 40001)', async () => {
    const t = await clientCredentials('applications.commands');
    const auth = `Bearer ${t.body.access_token}`;
    expect((await call(em, 'GET', `/applications/${app}/commands`, { auth })).status).toBe(200);
    const r = await call(em, 'POST', `/applications/${app}/commands`, { auth, body: slash('ping') });
    expect(r).toMatchObject({ status: 401, body: { code: 40001 } });
  });

  test('the token endpoint is also served unversioned', async () => {
    const basic = `Basic ${Buffer.from(`${em.credentials.clientId}:${em.credentials.clientSecret}`).toString('base64')}`;
    const res = await request(em.url.replace('/api/v10', '/api/oauth2/token'), {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&scope=applications.commands.update',
    });
    expect(res.statusCode).toBe(200);
    await res.body.text();
  });

  test('a Basic credential that is not valid percent-encoding is an unknown client (401), not a 500', async () => {
    const unknown = await clientCredentials(
      'identify',
      `Basic ${Buffer.from(`${em.credentials.clientId}:nope`).toString('base64')}`,
    );
    for (const pair of [
      `%E0%A4%A:${em.credentials.clientSecret}`,
      `${em.credentials.clientId}:%`,
      `${em.credentials.clientId}%zz:${em.credentials.clientSecret}%C3%28`,
    ]) {
      const r = await clientCredentials('identify', `Basic ${Buffer.from(pair).toString('base64')}`);
      expect(r, pair).toEqual({ ...unknown, headers: r.headers });
    }
    // The same credential well encoded still works: the refusal is about the encoding.
    const encoded = `${encodeURIComponent(em.credentials.clientId)}:${encodeURIComponent(em.credentials.clientSecret)}`;
    expect((await clientCredentials('identify', `Basic ${Buffer.from(encoded).toString('base64')}`)).status).toBe(200);
  });

  test('OAuth errors use { error, error_description }', async () => {
    const wrongSecret = await clientCredentials(
      'identify',
      `Basic ${Buffer.from(`${em.credentials.clientId}:nope`).toString('base64')}`,
    );
    expect(wrongSecret).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(typeof wrongSecret.body.error_description).toBe('string');
    const json = await clientCredentials(
      'identify',
      undefined,
      'application/json',
      JSON.stringify({ grant_type: 'client_credentials', scope: 'identify' }),
    );
    expect(json).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
    const grant = await clientCredentials('identify', undefined, undefined, 'grant_type=password&scope=identify');
    expect(grant.body.error).toBe('unsupported_grant_type');
    // The authorization-code grant is the webhook.incoming flow's (webhooks-followers.test.ts): no code, no grant.
    const code = await clientCredentials(
      'identify',
      undefined,
      undefined,
      'grant_type=authorization_code&scope=identify',
    );
    expect(code).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const scope = await clientCredentials('applications.commands.permissions.update');
    expect(scope).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
  });
});

describe('request errors', () => {
  test('malformed JSON → 400 50109; wrong content type → 50035', async () => {
    const bad = await call(em, 'POST', `/applications/${app}/commands`, {
      auth: bot(em),
      raw: '{"name": ',
      contentType: 'application/json',
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { code: 50109, message: 'The request body contains invalid JSON.' },
    });
    const ct = await call(em, 'POST', `/applications/${app}/commands`, {
      auth: bot(em),
      raw: 'name=x',
      contentType: 'text/plain',
    });
    expect(ct).toMatchObject({ status: 400, body: { code: 50035, message: 'Invalid Form Body' } });
    expect(ct.body.errors._errors[0].code).toBe('CONTENT_TYPE_INVALID');
  });

  test('unknown route 404 code 0; wrong method 405 code 0; outside /api/v10 404', async () => {
    expect((await call(em, 'GET', '/nothing/here', { auth: bot(em) })).body).toEqual({
      message: '404: Not Found (GET /nothing/here is not emulated)',
      code: 0,
    });
    expect((await call(em, 'POST', `/applications/${app}/commands/123`, { auth: bot(em) })).body).toEqual({
      message: '405: Method Not Allowed',
      code: 0,
    });
    const res = await request(em.url.replace('/api/v10', '/elsewhere'));
    expect(res.statusCode).toBe(404);
    await res.body.text();
  });

  test('JSON bodies are sent with application/json', async () => {
    const r = await call(em, 'GET', `/applications/${app}/commands`, { auth: bot(em) });
    expect(r.headers['content-type']).toBe('application/json');
  });

  test('multipart/form-data with payload_json works for command create', async () => {
    // The body written out, as a client's form encoder sends it: what is tested is the emulator's reading of it
    // (undici's own FormData encoder failed once, intermittently, under Node 24 with "action is not a function").
    const boundary = '----cmdsync-test-boundary';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="payload_json"',
      'Content-Type: application/json',
      '',
      JSON.stringify(slash('multi')),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await request(`${em.url}/applications/${app}/commands`, {
      method: 'POST',
      headers: { authorization: bot(em), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.statusCode).toBe(201);
    expect(((await res.body.json()) as any).name).toBe('multi');
  });
});
