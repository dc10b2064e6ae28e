import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, slash, start } from './helpers.js';

let em: RunningEmulator;
let url: string;
beforeEach(async () => {
  em = await start();
  url = `/applications/${em.credentials.applicationId}/commands`;
});
afterEach(() => em.close());

async function control(method: string, body?: unknown) {
  const res = await request(em.url.replace('/api/v10', '/__emulator/faults'), {
    method: method as 'GET',
    headers: {
      'x-cmdsync-control': em.controlToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
}

describe('fault injection', () => {
  test('schedule: the 3rd POST to a route answers 500 and changes nothing', async () => {
    em.faults.set([{ method: 'POST', path: '/applications/:applicationId/commands', nth: 3, kind: 'error' }]);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call(em, 'POST', url, { auth: bot(em), body: slash(`c${i}`) })).status);
    expect(statuses).toEqual([201, 201, 500, 201]);
    const names = (await call(em, 'GET', url, { auth: bot(em) })).body.map((c: any) => c.name);
    expect(names).toEqual(['c0', 'c1', 'c3']);
  });

  test('injected 429 carries Retry-After and a float retry_after', async () => {
    em.faults.set([{ path: '/applications/*/commands', kind: 'rate-limit', retryAfter: 0.25, times: 1 }]);
    const r = await call(em, 'GET', url, { auth: bot(em) });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ message: 'You are being rate limited.', retry_after: 0.25, global: false });
    expect(r.headers['retry-after']).toBe('1');
    expect((await call(em, 'GET', url, { auth: bot(em) })).status).toBe(200);
  });

  test('probability 1 and 0', async () => {
    em.faults.set([{ kind: 'error', status: 502, probability: 1, method: 'GET' }]);
    expect((await call(em, 'GET', url, { auth: bot(em) })).status).toBe(502);
    em.faults.set([{ kind: 'error', probability: 0 }]);
    expect((await call(em, 'GET', url, { auth: bot(em) })).status).toBe(200);
  });

  test('slow answers', async () => {
    em.faults.set([{ kind: 'slow', delayMs: 150 }]);
    const t = Date.now();
    expect((await call(em, 'GET', url, { auth: bot(em) })).status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(140);
  });

  test('dropped connection before the request runs: nothing is stored', async () => {
    em.faults.set([{ kind: 'drop', method: 'POST', times: 1 }]);
    await expect(call(em, 'POST', url, { auth: bot(em), body: slash('lost') })).rejects.toThrow();
    expect((await call(em, 'GET', url, { auth: bot(em) })).body).toEqual([]);
  });

  test('drop-after: the write happens, the answer is lost', async () => {
    em.faults.set([{ kind: 'drop-after', method: 'POST', times: 1 }]);
    await expect(call(em, 'POST', url, { auth: bot(em), body: slash('kept') })).rejects.toThrow();
    expect((await call(em, 'GET', url, { auth: bot(em) })).body.map((c: any) => c.name)).toEqual(['kept']);
  });

  test('runtime control endpoint: set, add, list with counters, clear, validation', async () => {
    expect((await control('POST', { faults: [{ kind: 'error', method: 'GET', every: 2 }] })).status).toBe(200);
    const s = [];
    for (let i = 0; i < 4; i++) s.push((await call(em, 'GET', url, { auth: bot(em) })).status);
    expect(s).toEqual([200, 500, 200, 500]);
    await control('POST', { add: { kind: 'slow', delayMs: 1 } });
    const listed = await control('GET');
    expect(listed.body.faults).toHaveLength(2);
    expect(listed.body.faults[0]).toMatchObject({ matched: 4, injected: 2 });
    expect((await control('DELETE')).status).toBe(204);
    expect((await control('GET')).body.faults).toEqual([]);
    const bad = await control('POST', { faults: [{ kind: 'explode' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('kind');
  });

  test('faults can be given at start', async () => {
    await em.close();
    em = await start({ faults: [{ kind: 'error', nth: [1] }] });
    const u = `/applications/${em.credentials.applicationId}/commands`;
    expect((await call(em, 'GET', u, { auth: bot(em) })).status).toBe(500);
    expect((await call(em, 'GET', u, { auth: bot(em) })).status).toBe(200);
  });
});
