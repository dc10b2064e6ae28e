/** What a bot reads of its guilds over real HTTP (facts §5.2): channel, guild, channels, roles, members, users. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, start, userBearer } from './helpers.js';
import { ALICE, BOB, CH, GUILD, messageSeed } from './channel-messages-setup.js';

let em: RunningEmulator;
let botId: string;
beforeAll(async () => {
  em = await start({ seed: messageSeed });
  botId = em.world.applications[em.credentials.applicationId]!.botUserId;
});
afterAll(() => em.close());

const get = (path: string) => call(em, 'GET', path, { auth: bot(em) });

test('GET /channels/{id}: the channel as GUILD_CREATE lists it; hidden 50001, unknown 10003', async () => {
  expect((await get(`/channels/${CH.general}`)).body).toMatchObject({
    id: CH.general,
    type: 0,
    guild_id: GUILD,
    name: 'general',
    position: 0,
    parent_id: null,
  });
  expect((await get(`/channels/${CH.secret}`)).body.code).toBe(50001);
  expect((await get('/channels/1300000000000009999')).body.code).toBe(10003);
});

test('GET /guilds/{id} (with_counts), its channels and roles; a guild the bot is not in is 10004', async () => {
  const g = await get(`/guilds/${GUILD}?with_counts=true`);
  expect(g.body).toMatchObject({ id: GUILD, name: 'Messages', approximate_member_count: 3 });
  expect(g.body).not.toHaveProperty('channels');
  expect(g.body).not.toHaveProperty('members');
  expect(g.body.roles.map((r: { name: string }) => r.name)).toEqual(['@everyone', 'Moderator']);
  expect((await get(`/guilds/${GUILD}`)).body).not.toHaveProperty('approximate_member_count');
  expect(((await get(`/guilds/${GUILD}/channels`)).body as Array<{ id: string }>).map((c) => c.id)).toEqual(
    Object.values(CH),
  );
  expect((await get(`/guilds/${GUILD}/roles`)).body).toEqual(g.body.roles);
  expect((await get('/guilds/1300000000000009999')).body).toEqual({ code: 10004, message: 'Unknown Guild' });
  expect((await call(em, 'GET', `/guilds/${GUILD}`, { auth: userBearer(em) })).status).toBe(401);
});

test('GET /guilds/{id}/members/{user}: a member or the bot, 10007 otherwise; the list needs GUILD_MEMBERS enabled', async () => {
  expect((await get(`/guilds/${GUILD}/members/${ALICE}`)).body).toMatchObject({
    user: { id: ALICE, username: 'alice' },
    roles: [expect.any(String)],
  });
  expect((await get(`/guilds/${GUILD}/members/${botId}`)).body).toMatchObject({
    user: { id: botId, bot: true },
    roles: [],
  });
  expect((await get(`/guilds/${GUILD}/members/1300000000000009999`)).body).toEqual({
    code: 10007,
    message: 'Unknown Member',
  });

  expect((await get(`/guilds/${GUILD}/members?limit=10`)).body.code).toBe(50001);
  em.world.applications[em.credentials.applicationId]!.profile = { flags: 1 << 15 };
  const page1 = (await get(`/guilds/${GUILD}/members?limit=2`)).body as Array<{ user: { id: string } }>;
  const ids = page1.map((m) => m.user.id);
  expect(ids).toEqual([ALICE, BOB].sort().slice(0, 2));
  const rest = (await get(`/guilds/${GUILD}/members?limit=1000&after=${ids[1]}`)).body as Array<{
    user: { id: string };
  }>;
  expect(rest.map((m) => m.user.id)).toEqual([botId]);
  expect(((await get(`/guilds/${GUILD}/members`)).body as unknown[]).length).toBe(1);
  expect((await get(`/guilds/${GUILD}/members?limit=1001`)).body.code).toBe(50035);
});

test('GET /users/{id}: a member or a bot user, 10013 otherwise; /users/@me still answers the bot itself', async () => {
  expect((await get(`/users/${BOB}`)).body).toMatchObject({ id: BOB, username: 'bob', discriminator: '0' });
  const me = (await get('/users/@me')).body;
  const asOther = (await get(`/users/${botId}`)).body;
  expect(asOther).toMatchObject({ id: botId, bot: true, username: me.username });
  expect(asOther).not.toHaveProperty('mfa_enabled');
  expect((await get('/users/1300000000000009999')).body).toEqual({ code: 10013, message: 'Unknown User' });
});

test('GET /users/@me/guilds: the guilds the bot is in, as partial guilds; paged by after/before/limit; a bearer is 401', async () => {
  const mine = (await get('/users/@me/guilds')).body as Array<Record<string, unknown>>;
  expect(mine).toEqual([
    {
      id: GUILD,
      name: 'Messages',
      icon: null,
      banner: null,
      owner: false,
      permissions: expect.stringMatching(/^\d+$/),
      features: [],
    },
  ]);
  // A guild the bot was never added to is not listed.
  const other = structuredClone(em.world.guilds[GUILD]!);
  em.world.guilds['1300000000000000002'] = { ...other, id: '1300000000000000002', name: 'Elsewhere', apps: {} };
  try {
    expect(((await get('/users/@me/guilds')).body as Array<{ id: string }>).map((g) => g.id)).toEqual([GUILD]);
  } finally {
    delete em.world.guilds['1300000000000000002'];
  }
  expect((await get(`/users/@me/guilds?after=${GUILD}`)).body).toEqual([]);
  expect(
    (
      (await get(`/users/@me/guilds?before=1300000000000000009&with_counts=true`)).body as Array<
        Record<string, unknown>
      >
    )[0],
  ).toMatchObject({
    id: GUILD,
    approximate_member_count: 3,
  });
  expect((await get('/users/@me/guilds?limit=201')).body.code).toBe(50035);
  expect((await call(em, 'GET', '/users/@me/guilds', { auth: userBearer(em) })).status).toBe(401);
});
