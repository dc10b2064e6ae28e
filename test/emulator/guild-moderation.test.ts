/**
 * Bans, kicks and timeouts through the bot's REST (issue 41, item 1), over
 * real HTTP and a real gateway session: what the world keeps, what each
 * session is told under its intents, the audit log's reason, and the
 * service's refusals (permissions, the role hierarchy, the owner).
 */
import { afterEach, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { say } from './channel-messages-setup.js';
import { type RawGateway, readyClient } from './gateway-client.js';
import { viewCommands } from '../../src/emulator/view/command-picker.js';
import type { PickerAnswer } from '../../src/emulator/view/picker-types.js';
import { ANN, APP, BOB, CAROL, DAVE, GENERAL, GUILD, moderationSeed } from './guild-moderation-setup.js';
import { bot, call, start } from './helpers.js';

const GUILDS = 1 << 0;
const GUILD_MEMBERS = 1 << 1;
const GUILD_MODERATION = 1 << 2;

let em: RunningEmulator;
let t = Date.parse('2026-03-01T12:00:00Z');
const gateways: RawGateway[] = [];

afterEach(async () => {
  for (const g of gateways.splice(0)) g.ws.terminate();
  await em?.close();
});

async function open(seed = moderationSeed()) {
  t = Date.parse('2026-03-01T12:00:00Z');
  em = await start({ seed, now: () => t });
}

async function session(intents: number): Promise<RawGateway> {
  const { c } = await readyClient(em.gatewayUrl, em.credentials.botToken, intents);
  gateways.push(c);
  return c;
}

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call(em, method, path, { auth: bot(em), ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) });
const members = () => em.world.guilds[GUILD]!.members.map((m) => m.username);

test('a ban removes the member, deletes their recent messages, keeps the reason, and tells GUILD_MODERATION and GUILD_MEMBERS sessions', async () => {
  await open();
  const moderation = await session(GUILDS | GUILD_MODERATION | GUILD_MEMBERS);
  const blind = await session(GUILDS);
  const old = await say(em, { channelId: GENERAL, userId: BOB, content: 'old' });
  t += 2 * 3600_000;
  const recent = await say(em, { channelId: GENERAL, userId: BOB, content: 'recent' });
  const banned = await api(
    'PUT',
    `/guilds/${GUILD}/bans/${BOB}`,
    { delete_message_seconds: 3600 },
    { 'x-audit-log-reason': encodeURIComponent('spam, twice') },
  );
  expect(banned.status).toBe(204);
  expect(members()).not.toContain('bob');
  expect(em.world.messages[recent.body.id]).toBeUndefined();
  expect(em.world.messages[old.body.id]).toBeDefined();
  expect((await moderation.dispatch('GUILD_MEMBER_REMOVE')).d).toMatchObject({ guild_id: GUILD, user: { id: BOB } });
  expect((await moderation.dispatch('GUILD_BAN_ADD')).d).toEqual({
    guild_id: GUILD,
    user: expect.objectContaining({ id: BOB, username: 'bob' }),
  });
  expect((await api('GET', `/guilds/${GUILD}/bans/${BOB}`)).body).toEqual({
    reason: 'spam, twice',
    user: expect.objectContaining({ id: BOB, username: 'bob' }),
  });
  expect((await api('GET', `/guilds/${GUILD}/bans`)).body).toHaveLength(1);
  expect(em.world.guilds[GUILD]!.auditLog).toEqual([
    expect.objectContaining({
      actionType: 22,
      targetId: BOB,
      reason: 'spam, twice',
      userId: em.world.applications[em.credentials.applicationId]!.botUserId,
    }),
  ]);
  // A member request after them proves the GUILDS-only session was sent neither.
  blind.send({ op: 8, d: { guild_id: GUILD, user_ids: [ANN], nonce: 'end' } });
  await blind.dispatch('GUILD_MEMBERS_CHUNK');
  expect(blind.seen('GUILD_BAN_ADD')).toEqual([]);
  expect(blind.seen('GUILD_MEMBER_REMOVE')).toEqual([]);

  expect((await api('DELETE', `/guilds/${GUILD}/bans/${BOB}`)).status).toBe(204);
  expect((await moderation.dispatch('GUILD_BAN_REMOVE')).d).toMatchObject({ guild_id: GUILD, user: { id: BOB } });
  expect(await api('DELETE', `/guilds/${GUILD}/bans/${BOB}`)).toMatchObject({ status: 404, body: { code: 10026 } });
  expect(await api('GET', `/guilds/${GUILD}/bans/${BOB}`)).toMatchObject({ status: 404, body: { code: 10026 } });
});

test('the ban list pages by user id with limit, before and after', async () => {
  await open();
  for (const id of [CAROL, BOB]) expect((await api('PUT', `/guilds/${GUILD}/bans/${id}`)).status).toBe(204);
  const ids = async (q: string) => (await api('GET', `/guilds/${GUILD}/bans${q}`)).body.map((b: any) => b.user.id);
  expect(await ids('')).toEqual([BOB, CAROL]);
  expect(await ids('?limit=1')).toEqual([BOB]);
  expect(await ids(`?after=${BOB}`)).toEqual([CAROL]);
  expect(await ids(`?before=${CAROL}`)).toEqual([BOB]);
  expect(await api('GET', `/guilds/${GUILD}/bans?limit=0`)).toMatchObject({ status: 400, body: { code: 50035 } });
});

test('refusals: the owner, a member at or above the bot, an unknown user or member, a missing permission, too long a window', async () => {
  await open();
  const refused = async (method: string, path: string, code: number, body?: unknown) =>
    expect((await api(method, path, body)).body).toMatchObject({ code });
  await refused('PUT', `/guilds/${GUILD}/bans/${ANN}`, 50013);
  await refused('PUT', `/guilds/${GUILD}/bans/${DAVE}`, 50013);
  await refused('DELETE', `/guilds/${GUILD}/members/${DAVE}`, 50013);
  await refused('DELETE', `/guilds/${GUILD}/members/${ANN}`, 50013);
  await refused('PUT', `/guilds/${GUILD}/bans/1599999999999999999`, 10013);
  await refused('DELETE', `/guilds/${GUILD}/members/1599999999999999999`, 10007);
  await refused('PUT', `/guilds/${GUILD}/bans/${BOB}`, 50035, { delete_message_seconds: 604_801 });
  expect(members()).toEqual(['ann', 'bob', 'carol', 'dave']);
  expect(em.world.guilds[GUILD]!.bans ?? []).toEqual([]);
  await em.close();
  await open(moderationSeed(['VIEW_CHANNEL']));
  await refused('PUT', `/guilds/${GUILD}/bans/${BOB}`, 50013);
  await refused('DELETE', `/guilds/${GUILD}/members/${BOB}`, 50013);
  await refused('GET', `/guilds/${GUILD}/bans`, 50013);
});

test('a kick removes a member below the bot, with GUILD_MEMBER_REMOVE and the reason in the audit log', async () => {
  await open();
  const watcher = await session(GUILDS | GUILD_MEMBERS);
  const kicked = await api('DELETE', `/guilds/${GUILD}/members/${CAROL}`, undefined, { 'x-audit-log-reason': 'rude' });
  expect(kicked.status).toBe(204);
  expect(members()).toEqual(['ann', 'bob', 'dave']);
  expect((await watcher.dispatch('GUILD_MEMBER_REMOVE')).d).toMatchObject({ user: { id: CAROL } });
  expect(em.world.guilds[GUILD]!.auditLog).toEqual([
    expect.objectContaining({ actionType: 20, targetId: CAROL, reason: 'rude' }),
  ]);
});

test('a timeout: the member keeps reading but cannot talk or use commands until it ends on the emulator clock', async () => {
  await open();
  const watcher = await session(GUILDS | GUILD_MEMBERS);
  const until = new Date(t + 3600_000).toISOString();
  const timed = await api('PATCH', `/guilds/${GUILD}/members/${BOB}`, { communication_disabled_until: until });
  expect(timed).toMatchObject({ status: 200, body: { user: { id: BOB }, communication_disabled_until: until } });
  expect((await watcher.dispatch('GUILD_MEMBER_UPDATE')).d).toMatchObject({ communication_disabled_until: until });
  expect(await say(em, { channelId: GENERAL, userId: BOB, content: 'hi' })).toMatchObject({
    status: 403,
    body: { code: 50013 },
  });
  expect(await em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB })).toMatchObject({
    outcome: 'refused',
    refusal: { reason: expect.stringContaining(`bob is timed out until ${until}`) },
  });
  // The web view's command picker locks it the same way.
  const hello = () => {
    const picker = viewCommands(
      em.world,
      new URLSearchParams({ guild_id: GUILD, channel_id: GENERAL, member_id: BOB }),
      { applicationId: APP, guildId: GUILD },
      t,
    );
    return (picker.body as PickerAnswer).commands.find((c) => c.name === 'hello')!.access.allowed;
  };
  expect(hello()).toBe(false);
  t += 3600_001;
  expect(hello()).toBe(true);
  expect((await say(em, { channelId: GENERAL, userId: BOB, content: 'back' })).status).toBe(200);
  expect(
    await api('PATCH', `/guilds/${GUILD}/members/${BOB}`, {
      communication_disabled_until: new Date(t + 29 * 86_400_000).toISOString(),
    }),
  ).toMatchObject({ status: 400, body: { code: 50035, errors: { communication_disabled_until: expect.anything() } } });
  expect(
    (await api('PATCH', `/guilds/${GUILD}/members/${DAVE}`, { communication_disabled_until: until })).body,
  ).toMatchObject({ code: 50013 });
  expect(
    (await api('PATCH', `/guilds/${GUILD}/members/${BOB}`, { communication_disabled_until: null })).body,
  ).toMatchObject({
    communication_disabled_until: null,
  });
});

test('voice fields of a member change are not emulated: a loud 404 naming them, nothing changed', async () => {
  await open();
  const r = await api('PATCH', `/guilds/${GUILD}/members/${BOB}`, { mute: true, nick: 'x' });
  expect(r).toMatchObject({ status: 404, body: { message: expect.stringContaining('mute not emulated') } });
  expect(em.world.guilds[GUILD]!.members.find((m) => m.id === BOB)!.nick).toBeUndefined();
});

test("the web view's world shows bans with their reason, whose timeout runs on the emulator clock, role positions and the audit log", async () => {
  await open();
  await api('PUT', `/guilds/${GUILD}/bans/${CAROL}`, undefined, { 'x-audit-log-reason': 'spam' });
  const until = new Date(t + 60_000).toISOString();
  await api('PATCH', `/guilds/${GUILD}/members/${BOB}`, { communication_disabled_until: until });
  const world = async () => {
    const r = await fetch(`${new URL(em.url).origin}/__emulator/view/world`, {
      headers: { 'x-cmdsync-control': em.controlToken },
    });
    return ((await r.json()) as any).guilds.find((g: any) => g.id === GUILD);
  };
  const g = await world();
  expect(g.bans).toEqual([{ userId: CAROL, username: 'carol', reason: 'spam' }]);
  expect(g.members.find((m: any) => m.id === BOB)).toMatchObject({ timedOutUntil: until });
  expect(g.roles.map((r: any) => [r.name, r.position])).toEqual([
    ['@everyone', 0],
    ['mods', 1],
    ['boss', 3],
  ]);
  expect(g.auditLog.map((e: any) => [e.actionType, e.targetId, e.reason])).toEqual([
    [22, CAROL, 'spam'],
    [24, BOB, undefined],
  ]);
  t += 60_001;
  expect((await world()).members.find((m: any) => m.id === BOB).timedOutUntil).toBeUndefined();
});
