/** A route the emulator does not implement answers 404 naming it as not emulated, and the event log lists it (never with a token from the path). */
import { request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, start } from './helpers.js';

let em: RunningEmulator;
beforeAll(async () => {
  em = await start();
});
afterAll(() => em.close());

async function activity(): Promise<Array<Record<string, unknown>>> {
  const res = await request(`${em.url.replace(/\/api\/v10$/, '')}/__emulator/view/activity`, {
    headers: { 'x-cmdsync-control': em.controlToken },
  });
  return ((await res.body.json()) as { entries: Array<Record<string, unknown>> }).entries;
}

test('GET /channels/{id}/invites is not emulated: 404 code 0 naming the route, and listed in the event log', async () => {
  const channel = em.world.guilds[em.credentials.guildId]!.channels[0]!.id;
  const r = await call(em, 'GET', `/channels/${channel}/invites`, { auth: bot(em) });
  expect(r.status).toBe(404);
  expect(r.body).toEqual({ code: 0, message: '404: Not Found (GET /channels/:id/invites is not emulated)' });
  const entry = (await activity()).find((e) => e.kind === 'request' && e.route === '/channels/:id/invites');
  expect(entry).toMatchObject({ method: 'GET', status: 404, refusedBy: 'not-emulated' });
});

test('a path holding a token is named by its shape: the token reaches neither the answer nor the log', async () => {
  const hook = await call(
    em,
    'POST',
    `/channels/${em.world.guilds[em.credentials.guildId]!.channels[0]!.id}/webhooks`,
    { auth: bot(em), body: { name: 'h' } },
  );
  const token = hook.body.token as string;
  const r = await call(em, 'POST', `/webhooks/${hook.body.id}/${token}/unknown-thing`, { body: {} });
  expect(r.body.message).toBe('404: Not Found (POST /webhooks/:id/:value/unknown-thing is not emulated)');
  const log = JSON.stringify(await activity());
  expect(log).toContain('/webhooks/:id/:value/unknown-thing');
  expect(log).not.toContain(token);
});

test('a known path with another method is still 405, not "not emulated"', async () => {
  expect((await call(em, 'GET', '/users/@me', { auth: bot(em) })).status).toBe(200);
  expect((await call(em, 'DELETE', '/users/@me', { auth: bot(em) })).body).toEqual({
    message: '405: Method Not Allowed',
    code: 0,
  });
});

test('a method the service has on a path the emulator serves only in part is not emulated (404 naming it), not a 405', async () => {
  const guild = em.credentials.guildId;
  const member = em.world.guilds[guild]!.members[0]!.id;
  expect((await call(em, 'GET', `/guilds/${guild}/members/${member}`, { auth: bot(em) })).status).toBe(200);
  // PATCH and DELETE (a member's change, a kick) are emulated; PUT (adding a member with their OAuth2 token) is not.
  for (const method of ['PUT'] as const) {
    const r = await call(em, method, `/guilds/${guild}/members/${member}`, { auth: bot(em), body: {} });
    expect(r).toMatchObject({
      status: 404,
      body: { code: 0, message: `404: Not Found (${method} /guilds/:id/members/:id is not emulated)` },
    });
  }
  // One the service lacks there too stays its own 405, and the log names what was asked, by its shape.
  expect((await call(em, 'POST', `/guilds/${guild}/members/${member}`, { auth: bot(em) })).status).toBe(405);
  const refused = (await activity()).filter((e) => e.method === 'POST' && e.status === 405);
  expect(refused.at(-1)).toMatchObject({ route: '/guilds/:id/members/:id' });
});
