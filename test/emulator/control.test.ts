/**
 * The control routes (/__emulator/…) change how every request is answered,
 * so a web page the developer visits must not reach them (CSRF): they take a
 * control token the emulator prints, in a custom header (which a cross-site
 * page cannot send without a preflight the emulator never approves), and only
 * JSON bodies.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, start } from './helpers.js';
import { rawCall } from './raw-http.js';

let em: RunningEmulator;
beforeEach(async () => {
  em = await start();
});
afterEach(() => em.close());

const base = () => em.url.replace('/api/v10', '');
const FAULT = JSON.stringify({ faults: [{ kind: 'error' }] });

async function stillServes(): Promise<void> {
  const r = await call(em, 'GET', `/applications/${em.credentials.applicationId}/commands`, { auth: bot(em) });
  expect(r.status).toBe(200);
}

describe('control routes', () => {
  test('startEmulator returns a control token; with it (and JSON) a fault can be set', async () => {
    expect(em.controlToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const r = await rawCall(base(), {
      method: 'POST',
      path: '/__emulator/faults',
      headers: { 'x-cmdsync-control': em.controlToken, 'content-type': 'application/json' },
      body: FAULT,
    });
    expect(r.status).toBe(200);
    expect(
      (await call(em, 'GET', `/applications/${em.credentials.applicationId}/commands`, { auth: bot(em) })).status,
    ).toBe(500);
  });

  test('a cross-site form post (text/plain, no credential) is refused and changes nothing', async () => {
    const r = await rawCall(base(), {
      method: 'POST',
      path: '/__emulator/faults',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      body: FAULT,
    });
    expect(r.status).toBe(401);
    expect(em.faults.list()).toEqual([]);
    await stillServes();
  });

  test('a wrong token, or the token with a text/plain or form body, is refused', async () => {
    const wrong = await rawCall(base(), {
      method: 'POST',
      path: '/__emulator/faults',
      headers: { 'x-cmdsync-control': 'guess', 'content-type': 'application/json' },
      body: FAULT,
    });
    expect(wrong.status).toBe(401);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const r = await rawCall(base(), {
        method: 'POST',
        path: '/__emulator/faults',
        headers: { 'x-cmdsync-control': em.controlToken, 'content-type': type },
        body: FAULT,
      });
      expect(r.status, type).toBe(415);
    }
    const del = await rawCall(base(), { method: 'DELETE', path: '/__emulator/faults' });
    expect(del.status).toBe(401);
    expect(em.faults.list()).toEqual([]);
    await stillServes();
  });

  test('a CORS preflight is not approved', async () => {
    const r = await rawCall(base(), {
      method: 'OPTIONS',
      path: '/__emulator/faults',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-cmdsync-control, content-type',
      },
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(r.headers['access-control-allow-headers']).toBeUndefined();
  });
});
