/**
 * Listing threads over real HTTP (issue 41 item 4): a guild's active threads,
 * a channel's public and private archived threads and the private ones the
 * bot joined, with their permission rules, `before`/`limit` paging and the
 * `{ threads, members, has_more }` shape.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { TestClock } from '../helpers/clock.js';
import { bot, call, start } from './helpers.js';
import { BOT_PERMISSIONS, channelSeed, GENERAL, GUILD } from './guild-channels-setup.js';

let em: RunningEmulator;
let limited: RunningEmulator;
let botId: string;
const clock = new TestClock();
const ids: Record<string, string> = {};

const api = (method: string, path: string, body?: unknown) => call(em, method, path, { auth: bot(em), body });

async function thread(name: string, type: number): Promise<string> {
  const r = await api('POST', `/channels/${GENERAL}/threads`, { name, type });
  expect(r.status).toBe(201);
  ids[name] = r.body.id;
  return r.body.id;
}

beforeAll(async () => {
  em = await start({ seed: channelSeed(), now: clock.now, timers: clock });
  botId = em.world.applications[em.credentials.applicationId]!.botUserId;
  // Three public threads archived an hour apart, two private ones archived, one of them left by the bot, one active each.
  for (const name of ['old', 'middle', 'recent']) {
    await thread(name, 11);
    clock.advance(3_600_000);
    await api('PATCH', `/channels/${ids[name]}`, { archived: true });
  }
  await thread('secret', 12);
  await api('PATCH', `/channels/${ids.secret}`, { archived: true });
  await thread('left', 12);
  await api('DELETE', `/channels/${ids.left}/thread-members/@me`);
  await api('PATCH', `/channels/${ids.left}`, { archived: true });
  await thread('open', 11);
  await thread('open-private', 12);
  // The same guild, the bot without MANAGE_THREADS nor READ_MESSAGE_HISTORY.
  limited = await start({
    seed: channelSeed(BOT_PERMISSIONS.filter((p) => p !== 'MANAGE_THREADS' && p !== 'READ_MESSAGE_HISTORY')),
  });
  const everyone = limited.world.guilds[GUILD]!.roles.find((r) => r.id === GUILD)!;
  everyone.permissions = String(BigInt(everyone.permissions ?? '0') & ~(1n << 16n));
});
afterAll(async () => {
  await em?.close();
  await limited?.close();
});

const names = (threads: Array<{ id: string }>) => threads.map((t) => Object.keys(ids).find((n) => ids[n] === t.id));

test('GET /guilds/{id}/threads/active: the unarchived threads, newest first, with the bot’s thread members', async () => {
  const r = await api('GET', `/guilds/${GUILD}/threads/active`);
  expect(r.status).toBe(200);
  expect(names(r.body.threads)).toEqual(['open-private', 'open']);
  expect(r.body.threads[0]).toMatchObject({ type: 12, parent_id: GENERAL, thread_metadata: { archived: false } });
  expect(r.body.members.map((m: { id: string; user_id: string }) => [m.id, m.user_id])).toEqual([
    [ids['open-private'], botId],
    [ids.open, botId],
  ]);
  expect(r.body).not.toHaveProperty('has_more');
});

test('public archived: most recently archived first; before and limit page through them', async () => {
  const all = await api('GET', `/channels/${GENERAL}/threads/archived/public`);
  expect(all.status).toBe(200);
  expect(names(all.body.threads)).toEqual(['recent', 'middle', 'old']);
  expect(all.body.has_more).toBe(false);
  const first = await api('GET', `/channels/${GENERAL}/threads/archived/public?limit=2`);
  expect([names(first.body.threads), first.body.has_more]).toEqual([['recent', 'middle'], true]);
  const before = first.body.threads[1].thread_metadata.archive_timestamp;
  const next = await api('GET', `/channels/${GENERAL}/threads/archived/public?limit=2&before=${before}`);
  expect([names(next.body.threads), next.body.has_more]).toEqual([['old'], false]);
  expect(next.body.members.map((m: { id: string }) => m.id)).toEqual([ids.old]);
});

test('private archived: every archived private thread; joined: only those the bot is in, paged by id', async () => {
  const priv = await api('GET', `/channels/${GENERAL}/threads/archived/private`);
  expect(names(priv.body.threads).sort()).toEqual(['left', 'secret']);
  const joined = await api('GET', `/channels/${GENERAL}/users/@me/threads/archived/private`);
  expect([names(joined.body.threads), joined.body.has_more]).toEqual([['secret'], false]);
  const beforeSecret = await api('GET', `/channels/${GENERAL}/users/@me/threads/archived/private?before=${ids.secret}`);
  expect(beforeSecret.body.threads).toEqual([]);
});

test('bad queries are 50035 naming the field', async () => {
  const limit = await api('GET', `/channels/${GENERAL}/threads/archived/public?limit=1`);
  expect([limit.status, limit.body.code, Object.keys(limit.body.errors)]).toEqual([400, 50035, ['limit']]);
  const before = await api('GET', `/channels/${GENERAL}/threads/archived/public?before=yesterday`);
  expect([before.body.code, Object.keys(before.body.errors)]).toEqual([50035, ['before']]);
  const id = await api('GET', `/channels/${GENERAL}/users/@me/threads/archived/private?before=2026-01-01T00:00:00Z`);
  expect([id.body.code, Object.keys(id.body.errors)]).toEqual([50035, ['before']]);
});

test('without READ_MESSAGE_HISTORY the archived lists are 50013; private archived needs MANAGE_THREADS too', async () => {
  const as = (path: string) => call(limited, 'GET', path, { auth: bot(limited) });
  for (const list of ['threads/archived/public', 'threads/archived/private', 'users/@me/threads/archived/private']) {
    const r = await as(`/channels/${GENERAL}/${list}`);
    expect([list, r.status, r.body.code]).toEqual([list, 403, 50013]);
  }
  // With history but not MANAGE_THREADS: public and joined are read, private is refused.
  const everyone = limited.world.guilds[GUILD]!.roles.find((r) => r.id === GUILD)!;
  everyone.permissions = String(BigInt(everyone.permissions ?? '0') | (1n << 16n));
  expect((await as(`/channels/${GENERAL}/threads/archived/public`)).status).toBe(200);
  expect((await as(`/channels/${GENERAL}/users/@me/threads/archived/private`)).status).toBe(200);
  expect((await as(`/channels/${GENERAL}/threads/archived/private`)).body.code).toBe(50013);
  // An unknown channel is 10003, an unknown guild 10004.
  expect((await as('/channels/1/threads/archived/public')).body.code).toBe(10003);
  expect((await as('/guilds/1/threads/active')).body.code).toBe(10004);
});
