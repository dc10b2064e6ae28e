// Emulator throughput benchmark (not a test). Run after `npm run build`:
//   node bench/emulator.mjs [seconds-per-round] [--dist DIR] [--compare DIR] [--rounds N]
//                           [--connections N] [--cases get,execute,embed,embed-wait]
// Requests per second, loopback, rate limits off, for
//   1. GET /applications/{id}/commands with 100 commands,
//   2. webhook execute (POST /webhooks/{id}/{token}, wait=false) with a content only,
//   3. the same with an embed (title, description, fields, footer, color, timestamp), 204,
//   4. the same with wait=true: the stored message answered as JSON,
// each as a ratio to a bare node:http server doing the same parse and answer
// (bench/servers/bare-server.mjs). The emulator and the bare server each run
// in their own process; this process is the client for both, with the same
// connection pool. Rounds alternate between the servers so a busy machine
// slows them alike; each round gives a ratio to the bare server's requests a
// second in the same round, and the median of those is printed (also for the
// CPU time per request, which a busy machine disturbs less). --dist measures
// another build instead of this one; --compare DIR adds a second emulator
// from another build (e.g. main's), measured in the same rounds against the
// same baseline. See bench/emulator.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { EMBED_MESSAGE } from './servers/embed-message.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const DIST = flag('--dist', undefined);
const COMPARE = flag('--compare', undefined);
const ROUNDS = Number(flag('--rounds', 5));
const SECONDS = Number(args[0] ?? 3);
// As issue 40 measured: 32 connections, one request in flight on each.
const CONNECTIONS = Number(flag('--connections', 32));
const ONLY = flag('--cases', undefined)?.split(',');

async function load(origin, request) {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const latencies = [];
  const worker = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      const res = await pool.request(request);
      await res.body.dump();
      latencies.push(performance.now() - sent);
      if (res.statusCode < 300) done++;
      else failed++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  return { rps: done / elapsed, done, failed, p99 };
}

/**
 * A server script as a child process, resolved with the JSON line it prints
 * once listening; `cpuUs()` asks it for the CPU time it has used so far.
 */
function server(script, scriptArgs, nodeFlags = []) {
  const child = spawn(process.execPath, [...nodeFlags, new URL(script, import.meta.url).pathname, ...scriptArgs], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // A bench that fails must not leave its servers running (they hold its output open).
  process.once('exit', () => child.kill('SIGTERM'));
  const waiting = [];
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
    for (let nl = out.indexOf('\n'); nl >= 0; nl = out.indexOf('\n')) {
      const line = JSON.parse(out.slice(0, nl));
      out = out.slice(nl + 1);
      waiting.shift()?.(line);
    }
  });
  const next = () => new Promise((r) => waiting.push(r));
  return new Promise((resolve, reject) => {
    next().then((info) =>
      resolve({
        info,
        cpuUs: () => {
          child.stdin.write('cpu\n');
          return next().then((l) => l.cpuUs);
        },
        stop: () =>
          new Promise((r) => {
            child.once('exit', r);
            child.kill('SIGTERM');
          }),
      }),
    );
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

/** Requests a second, and the server's CPU time per request (µs): on a busy machine the second says more. */
async function measure(s, origin, request) {
  const cpu0 = await s.cpuUs();
  const r = await load(origin, request);
  const cpu = (await s.cpuUs()) - cpu0;
  return { ...r, cpuPerReq: cpu / Math.max(1, r.done + r.failed) };
}

// BENCH_EMULATOR_FLAGS: node flags for the emulators only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
const emulatorFlags = process.env.BENCH_EMULATOR_FLAGS?.split(' ').filter(Boolean) ?? [];
const emu = await server('./servers/emulator-server.mjs', DIST ? [DIST] : [], emulatorFlags);
const other = COMPARE ? await server('./servers/emulator-server.mjs', [COMPARE]) : undefined;
const dir = mkdtempSync(join(tmpdir(), 'cmdsync-bench-'));
// What the bare server checks: the same list, the bot's credential, the webhook's path (id and token).
// With wait=true it answers JSON of the emulator's answer's size: the message the emulator answered, with
// the request's content and embeds put in and serialised per request.
const expected = {
  commands: emu.info.commands,
  authorization: emu.info.get.headers.authorization,
  executePath: emu.info.execute.path,
  message: emu.info.message,
};
writeFileSync(join(dir, 'bare.json'), JSON.stringify(expected));
const bare = await server('./servers/bare-server.mjs', [join(dir, 'bare.json')]);

const body = JSON.stringify({ content: 'hello from the benchmark' });
const embedBody = JSON.stringify(EMBED_MESSAGE);
const post = (path, b) => ({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: b });
/** Each emulator's own paths (ids and tokens differ); the bare server answers the first one's. */
const requests = (info) => ({
  get: { method: 'GET', ...info.get },
  execute: post(info.execute.path, body),
  embed: post(info.execute.path, embedBody),
  'embed-wait': post(`${info.execute.path}?wait=true`, embedBody),
});
const CASES = [
  { key: 'get', name: `GET commands (100, ${(JSON.stringify(emu.info.commands).length / 1024).toFixed(0)} KiB)` },
  { key: 'execute', name: 'execute, content (204)' },
  { key: 'embed', name: `execute, embed ${embedBody.length} B (204)` },
  { key: 'embed-wait', name: 'execute, embed, wait=true' },
].filter((c) => !ONLY || ONLY.includes(c.key));
const servers = [
  { label: 'bare', s: bare, request: requests(emu.info) },
  { label: DIST ?? 'this build', s: emu, request: requests(emu.info) },
  ...(other ? [{ label: COMPARE, s: other, request: requests(other.info) }] : []),
];

const median = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};
const results = [];
for (const c of CASES) {
  // A first round of each warms it up (JIT); it is not counted.
  for (const x of servers) await load(x.s.info.origin, x.request[c.key]);
  const rounds = servers.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, x] of servers.entries()) rounds[i].push(await measure(x.s, x.s.info.origin, x.request[c.key]));
  }
  results.push({ name: c.name, rounds });
}
await Promise.all(servers.map((x) => x.s.stop()));
rmSync(dir, { recursive: true, force: true });

const fmt = (n) => n.toFixed(0).padStart(8);
console.log(
  `\n${SECONDS}s a round, ${ROUNDS} rounds, ${CONNECTIONS} connections, loopback, rate limits off, each server in its own process`,
);
console.log('ratios: the median over rounds of this server against the bare one in the same round\n');
// The CPU ratio is the throughput ratio each would reach with a core to itself: bare CPU per request / the server's.
console.log('case                            server                req/s   ratio   CPU µs/req   CPU ratio   p99 ms');
for (const { name, rounds } of results) {
  const [b] = rounds;
  rounds.forEach((mine, i) => {
    const label = String(servers[i].label).slice(-20).padEnd(20);
    const rps = median(mine.map((m) => m.rps));
    const ratio = median(mine.map((m, r) => m.rps / b[r].rps));
    const cpu = median(mine.map((m) => m.cpuPerReq));
    const cpuRatio = median(mine.map((m, r) => b[r].cpuPerReq / m.cpuPerReq));
    const p99 = median(mine.map((m) => m.p99));
    const failed = mine.reduce((n, m) => n + m.failed, 0);
    console.log(
      `${(i === 0 ? name : '').padEnd(31)} ${label} ${fmt(rps)}   ${ratio.toFixed(2)}   ${fmt(cpu)}      ${cpuRatio.toFixed(2)}   ${p99.toFixed(1).padStart(6)}${failed ? `  (failed: ${failed})` : ''}`,
    );
  });
}
