/**
 * Threads archived by inactivity on the emulator's clock (issue 41 item 4):
 * a thread whose last activity is older than its auto_archive_duration is
 * archived when the clock is advanced past it, with THREAD_UPDATE; a new
 * thread that names no duration gets its parent's default_auto_archive_duration.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { TestClock } from '../helpers/clock.js';
import { readyClient, type RawGateway } from './gateway-client.js';
import { bot, call, start } from './helpers.js';
import { BOB, channelSeed, GENERAL, GUILD } from './guild-channels-setup.js';

let em: RunningEmulator;
let gw: RawGateway;
const MINUTE = 60_000;

beforeAll(async () => {
  const seed = channelSeed();
  seed.guilds![0]!.channels![0]!.default_auto_archive_duration = 60;
  // A clock that moves only when advanced: the times below are exact.
  em = await start({ seed, harness: true, now: new TestClock().now });
  gw = (await readyClient(em.gatewayUrl, em.credentials.botToken, 1)).c;
});
afterAll(async () => {
  gw?.ws.close();
  await em?.close();
});

const api = (method: string, path: string, body?: unknown) => call(em, method, path, { auth: bot(em), body });
const archived = (id: string) => em.world.guilds[GUILD]!.channels.find((c) => c.id === id)!.archived === true;

test('a seeded default_auto_archive_duration is returned, kept by PATCH, checked, and given to a new thread', async () => {
  expect((await api('GET', `/channels/${GENERAL}`)).body.default_auto_archive_duration).toBe(60);
  const bad = await api('PATCH', `/channels/${GENERAL}`, { default_auto_archive_duration: 61 });
  expect([bad.status, bad.body.code, Object.keys(bad.body.errors)]).toEqual([
    400,
    50035,
    ['default_auto_archive_duration'],
  ]);
  const thread = await api('POST', `/channels/${GENERAL}/threads`, { name: 'defaulted', type: 11 });
  expect(thread.body.thread_metadata.auto_archive_duration).toBe(60);
  expect((await api('PATCH', `/channels/${GENERAL}`, { default_auto_archive_duration: 4320 })).status).toBe(200);
  const later = await api('POST', `/channels/${GENERAL}/threads`, { name: 'three-days', type: 11 });
  expect(later.body.thread_metadata.auto_archive_duration).toBe(4320);
  expect((await api('GET', `/channels/${GENERAL}`)).body.default_auto_archive_duration).toBe(4320);
});

test('advancing the clock past a thread’s inactivity archives it with THREAD_UPDATE; a message keeps it active', async () => {
  const quiet = (
    await api('POST', `/channels/${GENERAL}/threads`, { name: 'quiet', type: 11, auto_archive_duration: 60 })
  ).body.id as string;
  const daily = (
    await api('POST', `/channels/${GENERAL}/threads`, { name: 'daily', type: 11, auto_archive_duration: 1440 })
  ).body.id as string;
  em.harness!.advance(30 * MINUTE);
  const said = em.say({ channelId: quiet, userId: BOB, content: 'still here' });
  expect(said.status).toBe(200);
  const spoke = Date.parse((said.body as { timestamp: string }).timestamp);
  em.harness!.advance(45 * MINUTE);
  // 75 minutes after it started, 45 after its last message: still active.
  expect([archived(quiet), archived(daily)]).toEqual([false, false]);
  em.harness!.advance(20 * MINUTE);
  expect([archived(quiet), archived(daily)]).toEqual([true, false]);
  const update = await gw.waitFor((f) => f.t === 'THREAD_UPDATE' && f.d.id === quiet);
  expect(update.d.thread_metadata).toMatchObject({ archived: true, auto_archive_duration: 60 });
  // Archived when its hour ran out, not when the clock was next moved.
  expect(Date.parse(update.d.thread_metadata.archive_timestamp)).toBe(spoke + 60 * MINUTE);
  const listed = (await api('GET', `/channels/${GENERAL}/threads/archived/public`)).body.threads;
  expect(listed.map((t: { id: string }) => t.id)).toContain(quiet);
  em.harness!.advance(24 * 60 * MINUTE);
  expect(archived(daily)).toBe(true);
});
