/** GET /users/@me/guilds over real HTTP: the guilds the bot is in, as partial guilds, paged by id; a bearer is no bot user. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, start, userBearer } from './helpers.js';

const APP = '1400000000000000001';
const [A, B, C, D] = ['1400000000000000011', '1400000000000000022', '1400000000000000033', '1400000000000000044'];

let em: RunningEmulator;
beforeAll(async () => {
  em = await start({
    seed: {
      applications: [{ id: APP }],
      guilds: [
        { id: B, name: 'Bravo', members: [{ username: 'bob' }] },
        { id: A, name: 'Alpha', apps: { [APP]: { permissions: '8' } } },
        // Commands only: the bot is not a member, so the guild is not in its list.
        { id: C, name: 'Charlie', apps: { [APP]: { scopes: ['applications.commands'] } } },
        { id: D, name: 'Delta', apps: {} },
      ],
    },
  });
});
afterAll(() => em.close());

const get = (path: string) => call(em, 'GET', path, { auth: bot(em) });

test('lists the guilds the bot is in, lowest id first, with its permissions there', async () => {
  const res = await get('/users/@me/guilds');
  expect(res.status).toBe(200);
  expect(res.body).toEqual([
    { id: A, name: 'Alpha', icon: null, banner: null, owner: false, permissions: expect.any(String), features: [] },
    { id: B, name: 'Bravo', icon: null, banner: null, owner: false, permissions: expect.any(String), features: [] },
  ]);
  const [alpha, bravo] = res.body as Array<{ permissions: string }>;
  // ADMINISTRATOR holds every bit; the default install holds MANAGE_WEBHOOKS (1 << 29) over @everyone's.
  expect(BigInt(alpha!.permissions) & (1n << 3n)).toBe(1n << 3n);
  expect(BigInt(bravo!.permissions) & (1n << 29n)).toBe(1n << 29n);
  expect(BigInt(bravo!.permissions) & (1n << 3n)).toBe(0n);
});

test('pages with limit, after and before; with_counts adds the approximate counts', async () => {
  const ids = async (query: string) =>
    ((await get(`/users/@me/guilds${query}`)).body as Array<{ id: string }>).map((g) => g.id);
  expect(await ids('?limit=1')).toEqual([A]);
  expect(await ids(`?limit=1&after=${A}`)).toEqual([B]);
  expect(await ids(`?after=${B}`)).toEqual([]);
  expect(await ids(`?before=${B}`)).toEqual([A]);
  expect(await ids(`?limit=1&before=${D}`)).toEqual([B]);
  const counted = (await get('/users/@me/guilds?with_counts=true')).body as Array<Record<string, unknown>>;
  expect(counted[1]).toMatchObject({ id: B, approximate_member_count: 2, approximate_presence_count: 0 });
  expect((await get('/users/@me/guilds')).body[0]).not.toHaveProperty('approximate_member_count');
});

test('a bad limit or cursor is 50035; a bearer token is 401', async () => {
  for (const query of ['?limit=0', '?limit=201', '?limit=two', '?after=alpha']) {
    const res = await get(`/users/@me/guilds${query}`);
    expect(res.status, query).toBe(400);
    expect(res.body.code, query).toBe(50035);
  }
  expect((await call(em, 'GET', '/users/@me/guilds', { auth: userBearer(em) })).status).toBe(401);
  expect((await call(em, 'GET', '/users/@me/guilds')).status).toBe(401);
});
