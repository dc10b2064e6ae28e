/** Members over the gateway (facts §7.5): GUILD_CREATE's members by intent, REQUEST_GUILD_MEMBERS (op 8) answered with GUILD_MEMBERS_CHUNK, discord.js's guild.members.fetch(). */
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { afterEach, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { Seed } from '../../src/emulator/state/world.js';
import { start } from './helpers.js';
import { type RawGateway, readyClient } from './gateway-client.js';

const GUILDS = 1 << 0;
const GUILD_MEMBERS = 1 << 1;
const GUILD_PRESENCES = 1 << 8;

let em: RunningEmulator;
let client: Client | undefined;
const clients: RawGateway[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate();
  await client?.destroy();
  client = undefined;
  await em?.close();
});

const GUILD = '900000000000000001';
function seed(
  members: NonNullable<NonNullable<Seed['guilds']>[number]['members']>,
  flags = ['GATEWAY_GUILD_MEMBERS', 'GATEWAY_PRESENCE'],
): Seed {
  return {
    applications: [{ flags }],
    guilds: [{ id: GUILD, roles: [{ id: '900000000000000002', name: 'mods' }], members }],
  };
}
const named = (n: number, prefix = 'user') =>
  Array.from({ length: n }, (_, i) => ({ id: String(800000000000000000n + BigInt(i)), username: `${prefix}${i}` }));

async function ready(intents: number, extra: Record<string, unknown> = {}) {
  const r = await readyClient(em.gatewayUrl, em.credentials.botToken, intents, undefined, extra);
  clients.push(r.c);
  return r;
}

describe('GUILD_CREATE members', () => {
  test('with GUILD_PRESENCES every member up to large_threshold; above it only members with a role, and the bot', async () => {
    em = await start({ seed: seed([...named(3), { id: '700000000000000001', username: 'mod', roles: ['mods'] }]) });
    const { c } = await readyClient(em.gatewayUrl, em.credentials.botToken, GUILDS | GUILD_PRESENCES);
    clients.push(c);
    const small = c.seen('GUILD_CREATE')[0]!.d;
    expect(small.members).toHaveLength(5);
    expect(small).toMatchObject({ member_count: 5, large: false });
    await em.close();
    em = await start({ seed: seed([...named(60), { id: '700000000000000001', username: 'mod', roles: ['mods'] }]) });
    const { c: big } = await ready(GUILDS | GUILD_PRESENCES, { large_threshold: 50 });
    const g = big.seen('GUILD_CREATE')[0]!.d;
    expect(g).toMatchObject({ member_count: 62, large: true });
    expect(g.members.map((m: any) => m.user.id).sort()).toEqual(
      ['700000000000000001', em.credentials.applicationId].sort(),
    );
    expect(g.members[0]).toMatchObject({
      roles: ['900000000000000002'],
      nick: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      premium_since: null,
    });
  });
});

describe('REQUEST_GUILD_MEMBERS (op 8)', () => {
  test('the whole list in chunks of 1000, with the nonce; a second one within 30 s is RATE_LIMITED', async () => {
    em = await start({ seed: seed(named(1200)) });
    const { c } = await ready(GUILD_MEMBERS);
    c.send({ op: 8, d: { guild_id: GUILD, query: '', limit: 0, nonce: 'n1' } });
    const first = await c.dispatch('GUILD_MEMBERS_CHUNK');
    const second = await c.dispatch('GUILD_MEMBERS_CHUNK');
    expect(first.d).toMatchObject({ guild_id: GUILD, chunk_index: 0, chunk_count: 2, nonce: 'n1' });
    expect(second.d).toMatchObject({ chunk_index: 1, chunk_count: 2, nonce: 'n1' });
    expect(first.d.members).toHaveLength(1000);
    expect(second.d.members).toHaveLength(201);
    expect(first.d.members[0].user).toMatchObject({ id: '800000000000000000', username: 'user0', bot: false });
    expect(first.d).not.toHaveProperty('presences');
    c.send({ op: 8, d: { guild_id: GUILD, query: '', limit: 0, nonce: 'n2' } });
    const limited = await c.dispatch('RATE_LIMITED');
    expect(limited.d).toMatchObject({ opcode: 8, meta: { guild_id: GUILD, nonce: 'n2' } });
    expect(limited.d.retry_after).toBeGreaterThan(29);
    expect(limited.d.retry_after).toBeLessThanOrEqual(30);
  });

  test('by prefix (any case, at most limit), by ids with not_found, presences only with GUILD_PRESENCES', async () => {
    em = await start({
      seed: seed([...named(5, 'Alpha'), ...named(3, 'beta').map((m, i) => ({ ...m, id: `81000000000000000${i}` }))]),
    });
    const { c } = await ready(GUILD_PRESENCES);
    c.send({ op: 8, d: { guild_id: GUILD, query: 'alp', limit: 3, presences: true, nonce: 'q' } });
    const byPrefix = (await c.dispatch('GUILD_MEMBERS_CHUNK')).d;
    expect(byPrefix.members.map((m: any) => m.user.username)).toEqual(['Alpha0', 'Alpha1', 'Alpha2']);
    expect(byPrefix).toMatchObject({ chunk_index: 0, chunk_count: 1, presences: [], nonce: 'q' });
    c.send({
      op: 8,
      d: { guild_id: GUILD, user_ids: ['810000000000000001', '123456789012345678'], nonce: 'x'.repeat(33) },
    });
    const byIds = (await c.dispatch('GUILD_MEMBERS_CHUNK')).d;
    expect(byIds.members.map((m: any) => m.user.id)).toEqual(['810000000000000001']);
    expect(byIds.not_found).toEqual(['123456789012345678']);
    // A nonce over 32 bytes is ignored, not refused.
    expect(byIds).not.toHaveProperty('nonce');
  });

  test('snowflakes sent as JSON numbers (discord.py) are read exactly', async () => {
    em = await start({ seed: seed(named(2)) });
    const { c } = await ready(GUILD_MEMBERS);
    c.send(
      `{"op":8,"d":{"guild_id":${GUILD},"user_ids":[800000000000000001],"presences":false,"limit":0,"nonce":"py"}}`,
    );
    const chunk = (await c.dispatch('GUILD_MEMBERS_CHUNK')).d;
    expect(chunk.members.map((m: any) => m.user.id)).toEqual(['800000000000000001']);
    expect(chunk.guild_id).toBe(GUILD);
  });

  test('the whole list without GUILD_MEMBERS, or a guild the app is not in: no answer; neither query nor user_ids → 4001', async () => {
    em = await start({ seed: seed(named(2)) });
    const { c } = await ready(GUILDS);
    c.send({ op: 8, d: { guild_id: GUILD, query: '', limit: 0, nonce: 'full' } });
    c.send({ op: 8, d: { guild_id: '123456789012345678', user_ids: ['800000000000000001'], nonce: 'elsewhere' } });
    c.send({ op: 8, d: { guild_id: GUILD, query: 'user1', limit: 1, nonce: 'prefix' } });
    // Answers come in order: the prefix answer arriving first means the two before got none.
    expect((await c.dispatch('GUILD_MEMBERS_CHUNK')).d.nonce).toBe('prefix');
    expect(c.seen('GUILD_MEMBERS_CHUNK')).toHaveLength(1);
    c.send({ op: 8, d: { guild_id: GUILD, limit: 0 } });
    expect(await c.closed).toEqual({ code: 4001, reason: 'Invalid payload for REQUEST_GUILD_MEMBERS.' });
  });
});

test('discord.js guild.members.fetch(): every member with GuildMembers, and by id', async () => {
  em = await start({ seed: seed(named(30)) });
  client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers],
    rest: { api: em.restBase },
  });
  const readyEvent = new Promise<void>((resolve) => client!.once(Events.ClientReady, () => resolve()));
  await client.login(em.credentials.botToken);
  await readyEvent;
  const guild = client.guilds.cache.get(GUILD)!;
  expect(guild.members.cache.size).toBe(1);
  const all = await guild.members.fetch({ time: 5000 });
  expect(all.size).toBe(31);
  expect(all.get('800000000000000007')?.user.username).toBe('user7');
  const some = await guild.members.fetch({ user: ['800000000000000003', '800000000000000004'], time: 5000 });
  expect([...some.keys()].sort()).toEqual(['800000000000000003', '800000000000000004']);
});

describe('PRESENCE_UPDATE (op 3)', () => {
  test('the shapes discord.js and discord.py send are accepted (nothing sent back); a malformed one closes 4001', async () => {
    em = await start({ seed: seed(named(1)) });
    const { c } = await ready(GUILD_MEMBERS);
    c.send({ op: 3, d: { activities: [{ name: 'tests', type: 0 }], afk: false, since: null, status: 'dnd' } });
    c.send({ op: 3, d: { activities: [], afk: false, since: 0, status: 'idle' } });
    // Still open: a member request after them is answered.
    c.send({ op: 8, d: { guild_id: GUILD, user_ids: '800000000000000000', nonce: 'after' } });
    expect((await c.dispatch('GUILD_MEMBERS_CHUNK')).d.nonce).toBe('after');
    c.send({ op: 3, d: { activities: [], afk: false, since: null, status: 'busy' } });
    expect(await c.closed).toEqual({ code: 4001, reason: 'Invalid payload for PRESENCE_UPDATE.' });
  });
});
