/**
 * Members' roles and nicknames, member search, and roles created, edited,
 * moved and deleted through the bot's REST (issue 41, item 2), over real
 * HTTP and a real gateway session. A role the bot gives changes at once
 * what the member may invoke (wire/access evaluates from the world's roles).
 */
import { afterEach, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { type RawGateway, readyClient } from './gateway-client.js';
import { BOB, BOSS, CAROL, DAVE, GENERAL, GUILD, MODS, moderationSeed } from './guild-moderation-setup.js';
import { bot, call, start } from './helpers.js';

const GUILDS = 1 << 0;
const GUILD_MEMBERS = 1 << 1;

let em: RunningEmulator;
const gateways: RawGateway[] = [];

afterEach(async () => {
  for (const g of gateways.splice(0)) g.ws.terminate();
  await em?.close();
});

async function session(intents: number): Promise<RawGateway> {
  const { c } = await readyClient(em.gatewayUrl, em.credentials.botToken, intents);
  gateways.push(c);
  return c;
}

const api = (method: string, path: string, body?: unknown) =>
  call(em, method, path, { auth: bot(em), ...(body === undefined ? {} : { body }) });
const rolesOf = (id: string) => em.world.guilds[GUILD]!.members.find((m) => m.id === id)!.roles ?? [];

test('a role the bot gives lets the member invoke a command its permissions gate, at once; taking it back locks it again', async () => {
  em = await start({ seed: moderationSeed() });
  expect(await em.invoke({ line: '/manage', channelId: GENERAL, userId: BOB })).toMatchObject({ outcome: 'refused' });
  expect((await api('PUT', `/guilds/${GUILD}/members/${BOB}/roles/${MODS}`)).status).toBe(204);
  expect(rolesOf(BOB)).toEqual([MODS]);
  const allowed = await em.invoke({ line: '/manage', channelId: GENERAL, userId: BOB });
  expect(allowed.outcome).not.toBe('refused');
  expect((await api('DELETE', `/guilds/${GUILD}/members/${BOB}/roles/${MODS}`)).status).toBe(204);
  expect(await em.invoke({ line: '/manage', channelId: GENERAL, userId: BOB })).toMatchObject({ outcome: 'refused' });
});

test('giving and taking roles: GUILD_MEMBER_UPDATE to GUILD_MEMBERS sessions; a role at or above the bot, an unknown role or member refused', async () => {
  em = await start({ seed: moderationSeed() });
  const watcher = await session(GUILDS | GUILD_MEMBERS);
  expect((await api('PUT', `/guilds/${GUILD}/members/${BOB}/roles/${MODS}`)).status).toBe(204);
  expect((await watcher.dispatch('GUILD_MEMBER_UPDATE')).d).toMatchObject({
    guild_id: GUILD,
    user: { id: BOB },
    roles: [MODS],
  });
  expect((await api('PUT', `/guilds/${GUILD}/members/${BOB}/roles/${BOSS}`)).body).toMatchObject({ code: 50013 });
  expect((await api('DELETE', `/guilds/${GUILD}/members/${DAVE}/roles/${BOSS}`)).body).toMatchObject({ code: 50013 });
  expect((await api('PUT', `/guilds/${GUILD}/members/${BOB}/roles/1599999999999999999`)).body).toMatchObject({
    code: 10011,
  });
  expect((await api('PUT', `/guilds/${GUILD}/members/1599999999999999999/roles/${MODS}`)).body).toMatchObject({
    code: 10007,
  });
  expect(rolesOf(BOB)).toEqual([MODS]);
  expect(rolesOf(DAVE)).toEqual([BOSS]);
});

test('PATCH a member: nick (MANAGE_NICKNAMES, above the member) and roles (each moved role below the bot)', async () => {
  em = await start({ seed: moderationSeed() });
  const r = await api('PATCH', `/guilds/${GUILD}/members/${CAROL}`, { nick: 'Caz', roles: [] });
  expect(r).toMatchObject({ status: 200, body: { nick: 'Caz', roles: [], user: { id: CAROL } } });
  expect((await api('PATCH', `/guilds/${GUILD}/members/${DAVE}`, { nick: 'D' })).body).toMatchObject({ code: 50013 });
  expect((await api('PATCH', `/guilds/${GUILD}/members/${BOB}`, { roles: [BOSS] })).body).toMatchObject({
    code: 50013,
  });
  expect((await api('PATCH', `/guilds/${GUILD}/members/${BOB}`, { nick: 'x'.repeat(33) })).body).toMatchObject({
    code: 50035,
  });
  expect((await api('PATCH', `/guilds/${GUILD}/members/${CAROL}`, { nick: null })).body).toMatchObject({ nick: null });
});

test('member search matches the start of a username or nickname, up to limit', async () => {
  em = await start({ seed: moderationSeed() });
  await api('PATCH', `/guilds/${GUILD}/members/${DAVE}`, {}); // nothing to change: still answered
  const found = async (q: string) =>
    (await api('GET', `/guilds/${GUILD}/members/search?${q}`)).body.map((m: any) => m.user.username);
  expect(await found('query=CA&limit=10')).toEqual(['carol']);
  expect(await found('query=&limit=10')).toHaveLength(5);
  expect(await found('query=')).toHaveLength(1);
  expect((await api('GET', `/guilds/${GUILD}/members/search`)).body).toMatchObject({ code: 50035 });
});

test('roles: create at the bottom, edit, move and delete, each told as GUILD_ROLE_* to GUILDS sessions; what the bot may not do is refused', async () => {
  em = await start({ seed: moderationSeed() });
  const watcher = await session(GUILDS);
  const made = await api('POST', `/guilds/${GUILD}/roles`, { name: 'helpers', permissions: '0', hoist: true });
  expect(made).toMatchObject({ status: 200, body: { name: 'helpers', position: 1, hoist: true, managed: false } });
  const id = made.body.id as string;
  expect((await watcher.dispatch('GUILD_ROLE_CREATE')).d).toMatchObject({ guild_id: GUILD, role: { id, position: 1 } });
  // The new role went in at the bottom: the roles above it moved up one.
  const positions = (await api('GET', `/guilds/${GUILD}/roles`)).body.map((r: any) => [r.name, r.position]);
  expect(positions).toEqual(
    expect.arrayContaining([
      ['helpers', 1],
      ['mods', 2],
      ['boss', 4],
    ]),
  );

  expect((await api('PATCH', `/guilds/${GUILD}/roles/${id}`, { name: 'helpers2', color: 255 })).body).toMatchObject({
    name: 'helpers2',
    color: 255,
  });
  expect((await watcher.dispatch('GUILD_ROLE_UPDATE')).d).toMatchObject({ role: { id, name: 'helpers2' } });
  const moved = await api('PATCH', `/guilds/${GUILD}/roles`, [{ id, position: 2 }]);
  expect(moved.status).toBe(200);
  expect((await watcher.dispatch('GUILD_ROLE_UPDATE')).d).toMatchObject({ role: { id, position: 2 } });

  expect((await api('PATCH', `/guilds/${GUILD}/roles/${BOSS}`, { name: 'x' })).body).toMatchObject({ code: 50013 });
  expect((await api('PATCH', `/guilds/${GUILD}/roles`, [{ id, position: 4 }])).body).toMatchObject({ code: 50013 });
  expect((await api('POST', `/guilds/${GUILD}/roles`, { permissions: '8' })).body).toMatchObject({ code: 50013 });
  expect((await api('PATCH', `/guilds/${GUILD}/roles/1599999999999999999`, {})).body).toMatchObject({ code: 10011 });

  await api('PUT', `/guilds/${GUILD}/members/${BOB}/roles/${id}`);
  expect((await api('DELETE', `/guilds/${GUILD}/roles/${id}`)).status).toBe(204);
  expect((await watcher.dispatch('GUILD_ROLE_DELETE')).d).toEqual({ guild_id: GUILD, role_id: id });
  expect(rolesOf(BOB)).toEqual([]);
  expect(em.world.guilds[GUILD]!.auditLog!.map((e) => e.actionType)).toEqual([30, 31, 31, 25, 32]);
});
