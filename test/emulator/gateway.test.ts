import { afterEach, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, start, userBearer } from './helpers.js';
import { identify, RawGateway } from './gateway-client.js';

const GUILDS = 1 << 0;
const GUILD_WEBHOOKS = 1 << 5;

let em: RunningEmulator;
const clients: RawGateway[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate();
  await em?.close();
});

async function connect(query = '?v=10&encoding=json'): Promise<RawGateway> {
  const c = new RawGateway(em.gatewayUrl + query);
  clients.push(c);
  await c.opened;
  return c;
}

/** Connected, identified, READY and GUILD_CREATEs read. */
async function ready(intents = GUILDS | GUILD_WEBHOOKS): Promise<{ c: RawGateway; ready: any }> {
  const c = await connect();
  await c.waitFor((f) => f.op === 10);
  c.send(identify(em.credentials.botToken, intents));
  const r = await c.dispatch('READY');
  if (intents & GUILDS) for (let i = 0; i < r.d.guilds.length; i++) await c.dispatch('GUILD_CREATE');
  return { c, ready: r };
}

describe('GET /gateway and /gateway/bot', () => {
  test('point at the emulator itself; /gateway/bot needs a bot token', async () => {
    em = await start();
    const open = await call(em, 'GET', '/gateway');
    expect(open.status).toBe(200);
    expect(open.body).toEqual({ url: em.gatewayUrl });
    expect(em.gatewayUrl).toBe(em.url.replace(/^http/, 'ws').replace(/\/api\/v10$/, ''));
    expect((await call(em, 'GET', '/gateway/bot')).status).toBe(401);
    const b = await call(em, 'GET', '/gateway/bot', { auth: bot(em) });
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({
      url: em.gatewayUrl,
      shards: 1,
      session_start_limit: { total: 1000, max_concurrency: 1 },
    });
    expect(b.body.session_start_limit.remaining).toBe(1000);
  });
});

describe('handshake and close codes', () => {
  test('Hello, then READY with the bot user, guilds and application, then GUILD_CREATE with channels, roles, the bot as member', async () => {
    em = await start({ gateway: { heartbeatIntervalMs: 5000 } });
    const c = await connect();
    const hello = await c.waitFor((f) => f.op === 10);
    expect(hello.d).toEqual({ heartbeat_interval: 5000 });
    c.send(identify(em.credentials.botToken, GUILDS));
    const r = await c.dispatch('READY');
    const app = em.world.applications[em.credentials.applicationId]!;
    expect(r.s).toBe(1);
    expect(r.d).toMatchObject({
      v: 10,
      user: { id: app.botUserId, username: app.name, bot: true },
      guilds: [{ id: em.credentials.guildId, unavailable: true }],
      application: { id: app.id, flags: expect.any(Number) },
    });
    expect(r.d.session_id).toMatch(/^[0-9a-f]{32}$/);
    expect(r.d.resume_gateway_url).toBe(em.gatewayUrl);
    const g = await c.dispatch('GUILD_CREATE');
    expect(g.s).toBe(2);
    const guild = em.world.guilds[em.credentials.guildId]!;
    expect(g.d).toMatchObject({ id: guild.id, name: guild.name, unavailable: false });
    const threads = guild.channels.filter((ch) => ch.parentId !== undefined && [10, 11, 12].includes(ch.type));
    expect(g.d.channels.map((ch: any) => ch.id).sort()).toEqual(
      guild.channels
        .filter((ch) => !threads.includes(ch))
        .map((ch) => ch.id)
        .sort(),
    );
    expect(g.d.threads.map((t: any) => t.id)).toEqual(threads.map((t) => t.id));
    expect(g.d.roles.map((x: any) => x.id)).toEqual(guild.roles.map((x) => x.id));
    // Without GUILD_PRESENCES only the bot is listed; the count is the whole guild's (facts §7.5).
    expect(g.d.members.map((m: any) => m.user.id)).toEqual([app.botUserId]);
    expect(g.d.member_count).toBe(guild.members.length + (guild.members.some((m) => m.id === app.botUserId) ? 0 : 1));
  });

  test('Identify with a bad token → 4004', async () => {
    em = await start();
    const c = await connect();
    c.send(identify('not-a-token', GUILDS));
    expect((await c.closed).code).toBe(4004);
  });

  test('undefined intent bits → 4013; a bad API version → 4012', async () => {
    em = await start();
    const c = await connect();
    c.send(identify(em.credentials.botToken, 1 << 30));
    expect((await c.closed).code).toBe(4013);
    const old = await connect('?v=6&encoding=json');
    expect((await old.closed).code).toBe(4012);
  });

  test('a second Identify → 4005; an unknown opcode → 4001; not JSON → 4002', async () => {
    em = await start();
    const { c } = await ready();
    c.send(identify(em.credentials.botToken, GUILDS));
    expect((await c.closed).code).toBe(4005);
    const u = await connect();
    u.send({ op: 99, d: null });
    expect((await u.closed).code).toBe(4001);
    const d = await connect();
    d.send('{nope');
    expect((await d.closed).code).toBe(4002);
  });

  test('a heartbeat before Identify is answered; any other op first → 4003', async () => {
    em = await start();
    const c = await connect();
    c.send({ op: 1, d: null });
    await c.waitFor((f) => f.op === 11);
    c.send({ op: 3, d: { since: null, activities: [], status: 'online', afk: false } });
    expect((await c.closed).code).toBe(4003);
  });

  test('heartbeats carry ACKs; stopping them ends the session with 4009', async () => {
    em = await start({ gateway: { heartbeatIntervalMs: 150 } });
    const { c } = await ready();
    c.send({ op: 1, d: 2 });
    await c.waitFor((f) => f.op === 11);
    const t0 = Date.now();
    expect((await c.closed).code).toBe(4009);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
  });
});

describe('dispatches from the event bus', () => {
  test('only to sessions of that application, filtered by intent', async () => {
    em = await start();
    const withHooks = (await ready(GUILDS | GUILD_WEBHOOKS)).c;
    const without = (await ready(GUILDS)).c;
    const appId = em.credentials.applicationId;
    const guildId = em.credentials.guildId;
    em.events.emit({ applicationId: '1', name: 'INTERACTION_CREATE', data: { id: 'other' } });
    em.events.emit({
      applicationId: appId,
      name: 'WEBHOOKS_UPDATE',
      data: { guild_id: guildId, channel_id: '5' },
      guildId,
    });
    em.events.emit({ applicationId: appId, name: 'INTERACTION_CREATE', data: { id: 'mine' }, guildId });
    const a = await withHooks.dispatch('WEBHOOKS_UPDATE');
    expect(a.d).toEqual({ guild_id: guildId, channel_id: '5' });
    expect((await withHooks.dispatch('INTERACTION_CREATE')).d).toEqual({ id: 'mine' });
    const b = await without.dispatch('INTERACTION_CREATE');
    expect(b.d).toEqual({ id: 'mine' });
    expect(without.seen('WEBHOOKS_UPDATE')).toEqual([]);
    expect(b.s).toBe(3);
  });

  test('a permissions PUT sends APPLICATION_COMMAND_PERMISSIONS_UPDATE; webhook create, edit, delete send WEBHOOKS_UPDATE', async () => {
    em = await start();
    const { c } = await ready();
    const guildId = em.credentials.guildId;
    const cmd = await call(em, 'POST', `/applications/${em.credentials.applicationId}/guilds/${guildId}/commands`, {
      auth: bot(em),
      body: { name: 'ping', description: 'Ping' },
    });
    const put = await call(
      em,
      'PUT',
      `/applications/${em.credentials.applicationId}/guilds/${guildId}/commands/${cmd.body.id}/permissions`,
      {
        auth: userBearer(em),
        body: { permissions: [{ id: guildId, type: 1, permission: false }] },
      },
    );
    expect(put.status).toBe(200);
    expect((await c.dispatch('APPLICATION_COMMAND_PERMISSIONS_UPDATE')).d).toEqual(put.body);

    const channel = em.world.guilds[guildId]!.channels.find((ch) => ch.type === 0)!;
    const hook = await call(em, 'POST', `/channels/${channel.id}/webhooks`, {
      auth: bot(em),
      body: { name: 'deploys' },
    });
    expect(hook.status).toBe(200);
    expect((await c.dispatch('WEBHOOKS_UPDATE')).d).toEqual({ guild_id: guildId, channel_id: channel.id });
    expect(
      (await call(em, 'PATCH', `/webhooks/${hook.body.id}`, { auth: bot(em), body: { name: 'builds' } })).status,
    ).toBe(200);
    expect((await c.dispatch('WEBHOOKS_UPDATE')).d).toEqual({ guild_id: guildId, channel_id: channel.id });
    expect((await call(em, 'DELETE', `/webhooks/${hook.body.id}/${hook.body.token}`)).status).toBe(204);
    expect((await c.dispatch('WEBHOOKS_UPDATE')).d).toEqual({ guild_id: guildId, channel_id: channel.id });
  });

  test('a refused write sends nothing', async () => {
    em = await start();
    const { c } = await ready();
    expect((await call(em, 'POST', `/channels/1/webhooks`, { auth: bot(em), body: { name: 'x' } })).status).toBe(404);
    em.events.emit({ applicationId: em.credentials.applicationId, name: 'INTERACTION_CREATE', data: { id: 'marker' } });
    await c.dispatch('INTERACTION_CREATE');
    expect(c.seen('WEBHOOKS_UPDATE')).toEqual([]);
  });
});

describe('resume', () => {
  test('after a dropped connection, missed dispatches are replayed in order, then RESUMED', async () => {
    em = await start();
    const { c, ready: r } = await ready();
    const lastSeq = c.frames.filter((f) => f.op === 0).at(-1)!.s!;
    c.ws.terminate();
    await c.closed;
    const appId = em.credentials.applicationId;
    em.events.emit({ applicationId: appId, name: 'INTERACTION_CREATE', data: { id: 'one' } });
    em.events.emit({ applicationId: appId, name: 'INTERACTION_CREATE', data: { id: 'two' } });
    const again = new RawGateway(`${r.d.resume_gateway_url}?v=10&encoding=json`);
    clients.push(again);
    await again.waitFor((f) => f.op === 10);
    again.send({ op: 6, d: { token: em.credentials.botToken, session_id: r.d.session_id, seq: lastSeq } });
    const one = await again.dispatch('INTERACTION_CREATE');
    const two = await again.dispatch('INTERACTION_CREATE');
    const resumed = await again.dispatch('RESUMED');
    expect([one.d.id, two.d.id]).toEqual(['one', 'two']);
    // discord.py stores its shard id in RESUMED's data: a null there kills the bot on its first resume.
    expect(resumed.d).toEqual({});
    expect([one.s, two.s, resumed.s]).toEqual([lastSeq + 1, lastSeq + 2, lastSeq + 3]);
    expect(again.seen('READY')).toEqual([]);
    // Live again: new events arrive on the resumed connection.
    em.events.emit({ applicationId: appId, name: 'INTERACTION_CREATE', data: { id: 'three' } });
    expect((await again.dispatch('INTERACTION_CREATE')).s).toBe(lastSeq + 4);
  });

  test('an unknown session → Invalid Session (d: false), and the client may Identify afresh', async () => {
    em = await start();
    const c = await connect();
    await c.waitFor((f) => f.op === 10);
    c.send({ op: 6, d: { token: em.credentials.botToken, session_id: 'f'.repeat(32), seq: 1 } });
    expect((await c.waitFor((f) => f.op === 9)).d).toBe(false);
    c.send(identify(em.credentials.botToken, GUILDS));
    await c.dispatch('READY');
  });

  test('a resume with a token of another application → 4004', async () => {
    em = await start();
    const { c, ready: r } = await ready();
    c.ws.terminate();
    const again = await connect();
    again.send({ op: 6, d: { token: 'wrong', session_id: r.d.session_id, seq: 1 } });
    expect((await again.closed).code).toBe(4004);
  });
});

describe('limits and shutdown', () => {
  test("an Identify beyond the bot's session cap is closed; closing the emulator closes live sessions", async () => {
    em = await start({ gateway: { maxSessions: 1 } });
    const { c } = await ready();
    const extra = await connect();
    await extra.waitFor((f) => f.op === 10);
    extra.send(identify(em.credentials.botToken, GUILDS));
    expect((await extra.closed).code).toBe(4000);
    const closing = c.closed;
    await em.close();
    expect((await closing).code).toBe(1001);
  });

  test('a plain HTTP request to the gateway path, or an upgrade elsewhere, is refused', async () => {
    em = await start();
    const other = new RawGateway(`${em.gatewayUrl}/api/v10/users?v=10`);
    clients.push(other);
    await expect(other.opened).rejects.toThrow(/404/);
  });
});
