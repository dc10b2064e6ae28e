/** Members joining, changing and leaving through the control routes, told over the gateway as GUILD_MEMBER_ADD / _UPDATE / _REMOVE (GUILD_MEMBERS intent). */
import { Client, Events, GatewayIntentBits, type GuildMember } from 'discord.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { start } from './helpers.js';
import { type RawGateway, readyClient } from './gateway-client.js';

const GUILDS = 1 << 0;
const GUILD_MEMBERS = 1 << 1;
const GUILD = '900000000000000001';
const MODS = '900000000000000002';

let em: RunningEmulator;
let client: Client | undefined;
const clients: RawGateway[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate();
  await client?.destroy();
  client = undefined;
  await em?.close();
});

const seed = () => ({
  applications: [{ flags: ['GATEWAY_GUILD_MEMBERS_LIMITED'] }],
  guilds: [
    { id: GUILD, roles: [{ id: MODS, name: 'mods' }], members: [{ id: '800000000000000001', username: 'ann' }] },
  ],
});

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const r = await fetch(`${new URL(em.url).origin}/__emulator${path}`, {
    method,
    headers: {
      'x-cmdsync-control': em.controlToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: r.status, body: await r.json().catch(() => undefined) };
}

async function ready(intents: number) {
  const r = await readyClient(em.gatewayUrl, em.credentials.botToken, intents);
  clients.push(r.c);
  return r.c;
}

describe('member control routes', () => {
  test('a join, a role and nickname change, a leave: the world changes and GUILD_MEMBERS sessions are told, others not', async () => {
    em = await start({ seed: seed() });
    const watcher = await ready(GUILDS | GUILD_MEMBERS);
    const blind = await ready(GUILDS);
    const added = await control('POST', `/guilds/${GUILD}/members`, {
      id: '800000000000000002',
      username: 'bob',
      roles: ['mods'],
    });
    expect(added.status).toBe(201);
    const add = await watcher.dispatch('GUILD_MEMBER_ADD');
    expect(add.d).toMatchObject({
      guild_id: GUILD,
      user: { id: '800000000000000002', username: 'bob' },
      roles: [MODS],
      nick: null,
    });
    expect(add.d.joined_at).toEqual(expect.any(String));
    expect(em.world.guilds[GUILD]!.members.map((m) => m.id)).toContain('800000000000000002');

    expect(
      (await control('PATCH', `/guilds/${GUILD}/members/800000000000000002`, { nick: 'Bobby', roles: [] })).status,
    ).toBe(200);
    expect((await watcher.dispatch('GUILD_MEMBER_UPDATE')).d).toMatchObject({
      guild_id: GUILD,
      user: { id: '800000000000000002' },
      nick: 'Bobby',
      roles: [],
    });

    expect((await control('DELETE', `/guilds/${GUILD}/members/800000000000000002`)).status).toBe(204);
    expect((await watcher.dispatch('GUILD_MEMBER_REMOVE')).d).toEqual({
      guild_id: GUILD,
      user: expect.objectContaining({ id: '800000000000000002', username: 'bob' }),
    });
    expect(em.world.guilds[GUILD]!.members.map((m) => m.id)).toEqual(['800000000000000001']);

    // A member request after the three proves the blind session was sent none of them before it.
    blind.send({ op: 8, d: { guild_id: GUILD, user_ids: ['800000000000000001'], nonce: 'end' } });
    await blind.dispatch('GUILD_MEMBERS_CHUNK');
    expect(blind.frames.filter((f) => f.t?.startsWith('GUILD_MEMBER_'))).toEqual([]);
  });

  test('refusals change nothing and tell no one: unknown guild or member, a role not in the guild, a member twice', async () => {
    em = await start({ seed: seed() });
    expect((await control('POST', '/guilds/1/members', { username: 'x' })).status).toBe(404);
    expect((await control('PATCH', `/guilds/${GUILD}/members/123456789012345678`, { nick: 'x' })).status).toBe(404);
    const badRole = await control('POST', `/guilds/${GUILD}/members`, { username: 'x', roles: ['admins'] });
    expect(badRole).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('"admins" is not a role') },
    });
    expect(
      (await control('POST', `/guilds/${GUILD}/members`, { id: '800000000000000001', username: 'ann' })).status,
    ).toBe(409);
    expect((await control('POST', `/guilds/${GUILD}/members`, {})).status).toBe(400);
    expect(em.world.guilds[GUILD]!.members).toHaveLength(1);
  });
});

test('a member change is journaled: a restart from the data file keeps it', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'cmdsync-members-')), 'world.json');
  em = await start({ dataFile: file, seed: seed() });
  expect(
    (await control('POST', `/guilds/${GUILD}/members`, { id: '800000000000000005', username: 'dee', roles: [MODS] }))
      .status,
  ).toBe(201);
  expect((await control('PATCH', `/guilds/${GUILD}/members/800000000000000001`, { nick: 'Annie' })).status).toBe(200);
  await em.close();
  em = await start({ dataFile: file });
  expect(em.world.guilds[GUILD]!.members).toEqual([
    { id: '800000000000000001', username: 'ann', nick: 'Annie' },
    { id: '800000000000000005', username: 'dee', roles: [MODS], joinedAt: expect.any(String) },
  ]);
});

test('a discord.js bot with GuildMembers sees a member join and leave', async () => {
  em = await start({ seed: seed() });
  client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers],
    rest: { api: em.restBase },
  });
  const readyEvent = new Promise<void>((resolve) => client!.once(Events.ClientReady, () => resolve()));
  await client.login(em.credentials.botToken);
  await readyEvent;
  const joined = new Promise<GuildMember>((resolve) => client!.once(Events.GuildMemberAdd, resolve));
  await control('POST', `/guilds/${GUILD}/members`, { id: '800000000000000003', username: 'cat' });
  const member = await joined;
  expect(member.user.username).toBe('cat');
  expect(member.guild.id).toBe(GUILD);
  const left = new Promise<string>((resolve) => client!.once(Events.GuildMemberRemove, (m) => resolve(m.id)));
  await control('DELETE', `/guilds/${GUILD}/members/800000000000000003`);
  expect(await left).toBe('800000000000000003');
});
