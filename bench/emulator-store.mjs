// Emulator store benchmark (not a test). Run after `npm run build`:
//   node bench/emulator-store.mjs [seconds-per-case] [messages-for-memory]
// Takes about 1.5 minutes with the defaults (10 s per case, 100,000 messages).
// (a) webhook execute throughput with a data file holding 100 stored messages
//     and holding 100,000, in the same run: the ratio says whether a write's
//     cost grows with the world (1.0x = it does not);
// (b) heap growth over N webhook executes (default 100,000), in bytes per
//     message after a full GC, with the per-channel cap on (default 1000) and
//     off: with the cap on it should stay near 0.
// Everything over real HTTP on loopback, rate limits off.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Pool } from 'undici';
import { startEmulator } from '../dist/emulator/index.js';

const SECONDS = Number(process.argv[2] ?? 10);
const MEMORY_MESSAGES = Number(process.argv[3] ?? 100_000);
const CONNECTIONS = 8;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

const body = JSON.stringify({ content: 'hello from the store benchmark' });

/** Webhook executes (wait=false) for `seconds`, or until `count` are done; answers per second. */
async function load(em, hook, { seconds = Infinity, count = Infinity }) {
  const pool = new Pool(new URL(em.url).origin, { connections: CONNECTIONS, pipelining: 1 });
  const path = `/api/v10/webhooks/${hook.id}/${hook.token}`;
  const deadline = performance.now() + seconds * 1000;
  let started = 0;
  let done = 0;
  let failed = 0;
  const worker = async () => {
    while (performance.now() < deadline && started < count) {
      started++;
      const res = await pool.request({ path, method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await res.body.dump();
      if (res.statusCode < 300) done++;
      else failed++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS * 2 }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  await pool.close();
  return { rps: done / elapsed, done, failed };
}

async function createHook(em) {
  const { botToken, guildId } = em.credentials;
  const channel = em.world.guilds[guildId].channels.find((c) => c.type === 0);
  const res = await fetch(`${em.url}/channels/${channel.id}/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bot ${botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  });
  if (res.status !== 200) throw new Error(`webhook create failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A data file whose snapshot holds `count` messages of one webhook (written directly: seeding 100k through the API would take longer than the measurement). */
async function dataFileWith(count) {
  const dir = mkdtempSync(join(tmpdir(), 'cmdsync-bench-store-'));
  const file = join(dir, 'world.json');
  const em = await startEmulator({ dataFile: file, rateLimits: false, maxMessagesPerChannel: 0 });
  const hook = await createHook(em);
  const sent = await fetch(`${em.url}/webhooks/${hook.id}/${hook.token}?wait=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const template = await sent.json();
  await em.close();
  // Folding the journal: start and close once more reads it into the snapshot.
  const again = await startEmulator({ dataFile: file, rateLimits: false, maxMessagesPerChannel: 0 });
  await again.close();
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  const stored = doc.world.messages[template.id];
  let id = BigInt(template.id);
  for (let i = 1; i < count; i++) {
    id += 1n;
    const key = String(id);
    doc.world.messages[key] = {
      ...stored,
      id: key,
      message: { ...stored.message, id: key, content: `seeded message ${i}` },
    };
  }
  writeFileSync(file, JSON.stringify(doc), { mode: 0o600 });
  return { dir, file, hook };
}

/**
 * Both worlds run side by side and take turns in 1-second slices, so the
 * disk and the other tenants of a shared machine weigh on both alike.
 */
async function throughputs(counts) {
  const cases = [];
  for (const count of counts) {
    const { dir, file, hook } = await dataFileWith(count);
    const em = await startEmulator({ dataFile: file, rateLimits: false, maxMessagesPerChannel: 0 });
    await load(em, hook, { seconds: 1 }); // warm-up
    cases.push({ count, dir, em, hook, bytes: statSync(file).size, done: 0, failed: 0, elapsed: 0 });
  }
  for (let slice = 0; slice < SECONDS; slice++) {
    for (const c of slice % 2 ? [...cases].reverse() : cases) {
      const t0 = performance.now();
      const r = await load(c.em, c.hook, { seconds: 1 });
      c.elapsed += (performance.now() - t0) / 1000;
      c.done += r.done;
      c.failed += r.failed;
    }
  }
  for (const c of cases) {
    await c.em.close();
    rmSync(c.dir, { recursive: true, force: true });
  }
  return cases.map((c) => ({ rps: c.done / c.elapsed, failed: c.failed, bytes: c.bytes }));
}

function heapAfterGc() {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

async function memory(cap) {
  const em = await startEmulator({ rateLimits: false, maxMessagesPerChannel: cap });
  const hook = await createHook(em);
  await load(em, hook, { count: 2000 }); // warm-up: JIT, pools, and (cap on) a full channel
  const before = heapAfterGc();
  const r = await load(em, hook, { count: MEMORY_MESSAGES });
  const after = heapAfterGc();
  const kept = Object.keys(em.world.messages).length;
  await em.close();
  return { perMessage: (after - before) / r.done, kept, failed: r.failed };
}

const [small, large] = await throughputs([100, 100_000]);
const capped = await memory(1000);
const uncapped = await memory(0);

const mib = (n) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
console.log(
  `\n(a) webhook execute with --data, ${SECONDS}s per case in alternating 1s slices, ${CONNECTIONS} connections, loopback, rate limits off`,
);
console.log(`    100 stored messages (snapshot ${mib(small.bytes)}):      ${small.rps.toFixed(0).padStart(6)} req/s`);
console.log(`    100,000 stored messages (snapshot ${mib(large.bytes)}): ${large.rps.toFixed(0).padStart(6)} req/s`);
console.log(
  `    ratio 100k / 100: ${(large.rps / small.rps).toFixed(2)}x (1.00x = a write's cost does not grow with the world)${small.failed || large.failed ? `  (failed: ${small.failed}/${large.failed})` : ''}`,
);
console.log(
  `\n(b) heap growth over ${MEMORY_MESSAGES.toLocaleString('en')} webhook executes (heap used after GC, in memory)`,
);
console.log(`    cap off: ${uncapped.perMessage.toFixed(0).padStart(6)} bytes/message (${uncapped.kept} kept)`);
console.log(`    cap 1000: ${capped.perMessage.toFixed(0).padStart(5)} bytes/message (${capped.kept} kept)`);
console.log(
  `    ratio on / off: ${(capped.perMessage / uncapped.perMessage).toFixed(3)}x${capped.failed || uncapped.failed ? `  (failed: ${capped.failed}/${uncapped.failed})` : ''}`,
);
