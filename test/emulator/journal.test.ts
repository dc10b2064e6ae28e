/**
 * The data file as a snapshot plus an append-only journal: a write costs the
 * bytes of what it changed, not the world's size; a torn last record is
 * ignored; a file from the version before the journal still loads.
 */
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { EmulatorDataError, startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { encodeRecord, readRecords, replay } from '../../src/emulator/state/journal.js';
import { Store } from '../../src/emulator/state/store.js';
import type { World } from '../../src/emulator/state/world.js';
import { bot, call, start } from './helpers.js';

let em: RunningEmulator | undefined;
afterEach(async () => {
  await em?.close();
  em = undefined;
});
const dir = () => mkdtempSync(join(tmpdir(), 'cmdsync-journal-'));
const journalOf = (file: string) => `${file}.journal`;
/** Bytes of every file next to the data file (snapshot, journal, temp files). */
const bytesIn = (d: string) => readdirSync(d).reduce((n, f) => n + statSync(join(d, f)).size, 0);

async function webhookIn(e: RunningEmulator): Promise<{ id: string; token: string; channel: string }> {
  const channel = e.world.guilds[e.credentials.guildId]!.channels.find((c) => c.type === 0)!.id;
  const r = await call(e, 'POST', `/channels/${channel}/webhooks`, { auth: bot(e), body: { name: 'journal' } });
  expect(r.status).toBe(200);
  return { id: r.body.id, token: r.body.token, channel };
}

async function send(e: RunningEmulator, hook: { id: string; token: string }, content: string): Promise<string> {
  const r = await call(e, 'POST', `/webhooks/${hook.id}/${hook.token}?wait=true`, { body: { content } });
  expect(r.status).toBe(200);
  return r.body.id;
}

/** A data file holding `count` messages of one webhook, written as the snapshot (no API round trips). */
async function fileWithMessages(
  count: number,
): Promise<{ file: string; d: string; hook: { id: string; token: string; channel: string } }> {
  const d = dir();
  const file = join(d, 'world.json');
  const e = await start({ dataFile: file });
  const hook = await webhookIn(e);
  const first = await send(e, hook, 'template');
  await e.close();
  const loaded = Store.load(file)!;
  const template = loaded.world.messages[first]!;
  let id = BigInt(first);
  for (let i = 0; i < count; i++) {
    id += 1n;
    const key = String(id);
    loaded.world.messages[key] = {
      ...template,
      id: key,
      message: { ...template.message, id: key, content: `seeded ${i}` },
    };
  }
  writeFileSync(file, JSON.stringify({ format: 1, meta: loaded.meta, world: loaded.world }), { mode: 0o600 });
  // The snapshot now holds what the journal held.
  rmSync(journalOf(file), { force: true });
  return { file, d, hook };
}

describe('journal: a write costs what it changed', () => {
  test('one execute after 3000 stored messages appends under 4 KiB and leaves the snapshot alone', async () => {
    const { file, d, hook } = await fileWithMessages(3000);
    em = await start({ dataFile: file, maxMessagesPerChannel: 0 });
    const before = statSync(file);
    expect(before.size).toBeGreaterThan(500_000);
    const total = bytesIn(d);
    const id = await send(em, hook, 'one more');
    const after = statSync(file);
    expect({ ino: after.ino, size: after.size, mtime: after.mtimeMs }).toEqual({
      ino: before.ino,
      size: before.size,
      mtime: before.mtimeMs,
    });
    expect(bytesIn(d) - total).toBeGreaterThan(0);
    expect(bytesIn(d) - total).toBeLessThan(4096);
    // …and the journal is what a restart reads.
    expect(Store.load(file)!.world.messages[id]!.message.content).toBe('one more');
  });

  test('the journal is folded into the snapshot once it outgrows the limit, and nothing is lost', async () => {
    const d = dir();
    const file = join(d, 'w.json');
    em = await start({ dataFile: file, journalLimitBytes: 16 * 1024 });
    const hook = await webhookIn(em);
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) ids.push(await send(em, hook, `message ${i} ${'x'.repeat(200)}`));
    // 120 records of ~700 bytes went through a 16 KiB journal: it was compacted at least once.
    expect(statSync(journalOf(file)).size).toBeLessThan(120 * 700);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).world.messages).length).toBeGreaterThan(0);
    await em.close();
    em = await start({ dataFile: file });
    for (const id of [ids[0]!, ids[60]!, ids[119]!]) {
      expect((await call(em, 'GET', `/webhooks/${hook.id}/${hook.token}/messages/${id}`)).status).toBe(200);
    }
  });

  test('every acknowledged write is in the journal before the answer', async () => {
    const file = join(dir(), 'w.json');
    em = await start({ dataFile: file });
    const hook = await webhookIn(em);
    const id = await send(em, hook, 'now');
    expect(readFileSync(journalOf(file), 'utf8')).toContain(`"${id}"`);
    expect(statSync(journalOf(file)).mode & 0o777).toBe(0o600);
  });
});

describe('journal recovery', () => {
  test('a torn last record is ignored; the start succeeds and later writes are kept', async () => {
    const d = dir();
    const file = join(d, 'w.json');
    em = await start({ dataFile: file });
    const hook = await webhookIn(em);
    const kept = await send(em, hook, 'kept');
    await em.close();
    expect(existsSync(journalOf(file))).toBe(true);
    // What a kill in the middle of an append leaves: part of a record, no newline.
    appendFileSync(journalOf(file), '{"s":999,"c":[["messages","1","torn');
    em = await start({ dataFile: file });
    expect((await call(em, 'GET', `/webhooks/${hook.id}/${hook.token}/messages/${kept}`)).body.content).toBe('kept');
    const later = await send(em, hook, 'later');
    await em.close();
    em = await start({ dataFile: file });
    expect((await call(em, 'GET', `/webhooks/${hook.id}/${hook.token}/messages/${later}`)).body.content).toBe('later');
    expect(em.world.serial).toBeLessThan(999);
  });

  test('a damaged record before the last is refused with a clear error, not a stack', async () => {
    const file = join(dir(), 'w.json');
    em = await start({ dataFile: file });
    const hook = await webhookIn(em);
    await send(em, hook, 'a');
    await em.close();
    em = undefined;
    const lines = readFileSync(journalOf(file), 'utf8').split('\n');
    writeFileSync(journalOf(file), ['{"s":', ...lines].join('\n'));
    const err = await startEmulator({ dataFile: file }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmulatorDataError);
    expect((err as Error).message).toMatch(/journal .*w\.json\.journal.* line 1/);
  });

  test('values that JSON escapes (newlines, U+2028, lone surrogates, NUL) survive a restart', async () => {
    const file = join(dir(), 'w.json');
    em = await start({ dataFile: file });
    const hook = await webhookIn(em);
    const content = 'line\nbreak \u2028 sep \ud800 lone \u0000 nul "quoted" \\ back';
    const id = await send(em, hook, content);
    await em.close();
    em = await start({ dataFile: file });
    expect((await call(em, 'GET', `/webhooks/${hook.id}/${hook.token}/messages/${id}`)).body.content).toBe(content);
  });
});

test('a data file written by the version before the journal loads, and keeps working', async () => {
  const d = dir();
  const file = join(d, 'old.json');
  copyFileSync(resolve(__dirname, '../../fixtures/emulator/previous-version-world.json'), file);
  const old = JSON.parse(readFileSync(file, 'utf8'));
  const hook = Object.values(old.world.webhooks)[0] as { id: string; token: string };
  const messages = Object.keys(old.world.messages);
  em = await start({ dataFile: file });
  const app = em.credentials.applicationId;
  expect(
    (await call(em, 'GET', `/applications/${app}/commands`, { auth: bot(em) })).body.map((c: any) => c.name),
  ).toEqual(['kept']);
  const contents = [];
  for (const id of messages)
    contents.push((await call(em, 'GET', `/webhooks/${hook.id}/${hook.token}/messages/${id}`)).body.content);
  expect(contents).toEqual(['first', 'second', 'third']);
  const added = await send(em, hook, 'fourth');
  await em.close();
  em = await start({ dataFile: file });
  expect((await call(em, 'GET', `/webhooks/${hook.id}/${hook.token}/messages/${added}`)).body.content).toBe('fourth');
});

test('changes made in place (a webhook renamed, a message edited, a forum post pushed onto its guild) are journalled', async () => {
  const file = join(dir(), 'w.json');
  em = await start({ dataFile: file });
  const hook = await webhookIn(em);
  const id = await send(em, hook, 'before');
  expect((await call(em, 'PATCH', `/webhooks/${hook.id}/${hook.token}`, { body: { name: 'renamed' } })).status).toBe(
    200,
  );
  expect(
    (await call(em, 'PATCH', `/webhooks/${hook.id}/${hook.token}/messages/${id}`, { body: { content: 'after' } }))
      .status,
  ).toBe(200);
  const forum = em.world.guilds[em.credentials.guildId]!.channels.find((c) => c.type === 15)!;
  const forumHook = (
    await call(em, 'POST', `/channels/${forum.id}/webhooks`, { auth: bot(em), body: { name: 'poster' } })
  ).body;
  const post = await call(em, 'POST', `/webhooks/${forumHook.id}/${forumHook.token}?wait=true`, {
    body: { content: 'post', thread_name: 'A post' },
  });
  expect(post.status).toBe(200);
  // The snapshot was not rewritten for any of these: only the journal knows them.
  expect(JSON.parse(readFileSync(file, 'utf8')).world.messages[id]).toBeUndefined();
  await em.close();
  em = await start({ dataFile: file });
  expect((await call(em, 'GET', `/webhooks/${hook.id}/${hook.token}`)).body.name).toBe('renamed');
  expect((await call(em, 'GET', `/webhooks/${hook.id}/${hook.token}/messages/${id}`)).body.content).toBe('after');
  expect(em.world.guilds[em.credentials.guildId]!.channels.find((c) => c.id === post.body.channel_id)?.name).toBe(
    'A post',
  );
});

describe('journal records (pure)', () => {
  const empty = (): World => ({
    serial: 0,
    applications: {},
    guilds: {},
    commands: {},
    permissions: {},
    webhooks: {},
    messages: {},
    bearers: {},
    dailyCreates: {},
  });
  const message = (id: string, content: string) => ({ id, webhookId: '1', channel_id: '2', message: { id, content } });

  test('records hold values, so a record replayed onto a snapshot that already has it changes nothing', () => {
    const text =
      encodeRecord(1, [
        { collection: 'messages', key: '10', old: undefined, value: message('10', 'a'), json: undefined },
      ]) +
      encodeRecord(2, [
        { collection: 'messages', key: '10', old: undefined, value: message('10', 'b'), json: undefined },
        { collection: 'webhooks', key: '__proto__', old: undefined, value: { id: 'x' }, json: undefined },
      ]) +
      encodeRecord(3, [
        { collection: 'messages', key: '10', old: message('10', 'b'), value: undefined, json: undefined },
      ]);
    const { records, tornBytes } = readRecords(text);
    expect(tornBytes).toBe(0);
    const once = empty();
    expect(replay(once, records)).toBe(3);
    const twice = empty();
    replay(twice, records.slice(0, 2));
    twice.serial = 1; // a snapshot taken after record 1 but holding record 2's change too
    replay(twice, records);
    expect(twice).toEqual(once);
    expect(once.messages).toEqual({});
    expect(Object.hasOwn(once.webhooks, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(once.webhooks)).toBe(Object.prototype);
  });

  test('a torn tail is counted and left out; a zero-filled tail (a power cut) too', () => {
    const good = encodeRecord(1, []);
    expect(readRecords(`${good}{"s":2,"c":[`).tornBytes).toBe(12);
    expect(readRecords(`${good}\0\0\0\0`).records).toHaveLength(1);
  });
});
