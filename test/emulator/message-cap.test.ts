/**
 * The per-channel message cap: the emulator keeps the newest N messages of a
 * channel (thread) and drops the oldest; a dropped message is gone like a
 * deleted one (10008 Unknown Message), also after a restart.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, start } from './helpers.js';

let em: RunningEmulator | undefined;
afterEach(async () => {
  await em?.close();
  em = undefined;
});

async function hookIn(e: RunningEmulator, type: number): Promise<{ id: string; token: string }> {
  const channel = e.world.guilds[e.credentials.guildId]!.channels.find((c) => c.type === type)!.id;
  const r = await call(e, 'POST', `/channels/${channel}/webhooks`, { auth: bot(e), body: { name: `cap-${type}` } });
  expect(r.status).toBe(200);
  return r.body;
}

async function sendAll(
  e: RunningEmulator,
  hook: { id: string; token: string },
  n: number,
  query = '',
): Promise<string[]> {
  const ids = [];
  for (let i = 0; i < n; i++) {
    const r = await call(e, 'POST', `/webhooks/${hook.id}/${hook.token}?wait=true${query}`, {
      body: { content: `m${i}` },
    });
    expect(r.status).toBe(200);
    ids.push(r.body.id as string);
  }
  return ids;
}

const statusOf = async (e: RunningEmulator, hook: { id: string; token: string }, id: string, query = '') =>
  (await call(e, 'GET', `/webhooks/${hook.id}/${hook.token}/messages/${id}${query}`)).body?.code ?? 200;

describe('message cap per channel', () => {
  test('the oldest messages beyond the cap answer 10008 on get, edit and delete; the newest stay', async () => {
    em = await start({ maxMessagesPerChannel: 3 });
    const hook = await hookIn(em, 0);
    const ids = await sendAll(em, hook, 5);
    expect(await Promise.all(ids.map((id) => statusOf(em!, hook, id)))).toEqual([10008, 10008, 200, 200, 200]);
    const edit = await call(em, 'PATCH', `/webhooks/${hook.id}/${hook.token}/messages/${ids[0]}`, {
      body: { content: 'x' },
    });
    expect([edit.status, edit.body.code, edit.body.message]).toEqual([404, 10008, 'Unknown Message']);
    expect((await call(em, 'DELETE', `/webhooks/${hook.id}/${hook.token}/messages/${ids[1]}`)).body.code).toBe(10008);
    expect(Object.keys(em.world.messages)).toHaveLength(3);
  });

  test('channels are counted apart: a thread and another channel keep their own newest N', async () => {
    em = await start({ maxMessagesPerChannel: 2 });
    const text = await hookIn(em, 0);
    const news = await hookIn(em, 5);
    const thread = em.world.guilds[em.credentials.guildId]!.channels.find((c) => c.type === 11)!.id;
    const inText = await sendAll(em, text, 3);
    const inThread = await sendAll(em, text, 3, `&thread_id=${thread}`);
    const inNews = await sendAll(em, news, 1);
    expect(await Promise.all(inText.map((id) => statusOf(em!, text, id)))).toEqual([10008, 200, 200]);
    expect(await Promise.all(inThread.map((id) => statusOf(em!, text, id, `?thread_id=${thread}`)))).toEqual([
      10008, 200, 200,
    ]);
    expect(await statusOf(em, news, inNews[0]!)).toBe(200);
  });

  test('a deleted message frees its place: the next send drops nothing', async () => {
    em = await start({ maxMessagesPerChannel: 2 });
    const hook = await hookIn(em, 0);
    const [a, b] = await sendAll(em, hook, 2);
    expect((await call(em, 'DELETE', `/webhooks/${hook.id}/${hook.token}/messages/${b}`)).status).toBe(204);
    const [c] = await sendAll(em, hook, 1);
    expect([await statusOf(em, hook, a!), await statusOf(em, hook, c!)]).toEqual([200, 200]);
  });

  test('0 turns the cap off', async () => {
    em = await start({ maxMessagesPerChannel: 0 });
    const hook = await hookIn(em, 0);
    const ids = await sendAll(em, hook, 5);
    expect(await Promise.all(ids.map((id) => statusOf(em!, hook, id)))).toEqual([200, 200, 200, 200, 200]);
  });

  test('the default keeps 1000 per channel', async () => {
    em = await start();
    const hook = await hookIn(em, 0);
    const ids = await sendAll(em, hook, 1001);
    expect([
      await statusOf(em, hook, ids[0]!),
      await statusOf(em, hook, ids[1]!),
      await statusOf(em, hook, ids[1000]!),
    ]).toEqual([10008, 200, 200]);
  }, 30_000);

  test('dropped messages stay dropped across a restart, and a lower cap at start trims what was kept', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cmdsync-cap-')), 'w.json');
    em = await start({ dataFile: file, maxMessagesPerChannel: 3 });
    const hook = await hookIn(em, 0);
    const ids = await sendAll(em, hook, 4);
    await em.close();
    em = await start({ dataFile: file, maxMessagesPerChannel: 3 });
    expect(await Promise.all(ids.map((id) => statusOf(em!, hook, id)))).toEqual([10008, 200, 200, 200]);
    await em.close();
    em = await start({ dataFile: file, maxMessagesPerChannel: 1 });
    expect(await Promise.all(ids.map((id) => statusOf(em!, hook, id)))).toEqual([10008, 10008, 10008, 200]);
    await em.close();
    em = await start({ dataFile: file, maxMessagesPerChannel: 0 });
    expect(Object.keys(em.world.messages)).toEqual([ids[3]]);
  });

  test('a cap that is not a whole number ≥ 0 is refused at start', async () => {
    for (const bad of [-1, 1.5, Number.NaN]) {
      await expect(startEmulator({ maxMessagesPerChannel: bad })).rejects.toThrow(
        /maxMessagesPerChannel must be a whole number/,
      );
    }
  });
});

test('provisioning a data file for plan/apply --emulator drops no messages, whatever the cap', async () => {
  const { provisionDataFile } = await import('../../src/emulator/state/provision.js');
  const { Store } = await import('../../src/emulator/state/store.js');
  const file = join(mkdtempSync(join(tmpdir(), 'cmdsync-cap-')), 'w.json');
  em = await start({ dataFile: file, maxMessagesPerChannel: 0 });
  const hook = await hookIn(em, 0);
  await Promise.all(Array.from({ length: 4 }, () => sendAll(em!, hook, 255)));
  await em.close();
  em = undefined;
  const r = provisionDataFile(file, { guilds: [{ id: '2000000000000000099' }] });
  expect(r.changed).toBe(true);
  expect(Object.keys(Store.load(file)!.world.messages)).toHaveLength(1020);
}, 30_000);
