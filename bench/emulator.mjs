// Emulator throughput benchmark (not a test). Run after `npm run build`:
//   node bench/emulator.mjs [seconds-per-round] [--dist DIR] [--compare DIR] [--rounds N]
// Requests per second, loopback, rate limits off, for
//   1. GET /applications/{id}/commands with 100 commands,
//   2. webhook execute (POST /webhooks/{id}/{token}, wait=false),
// each as a ratio to a bare node:http server doing the same parse and answer
// (bench/servers/bare-server.mjs). The emulator and the bare server each run
// in their own process; this process is the client for both, with the same
// connection pool. Rounds alternate between the two so a busy machine slows
// both alike; the best round of each is kept (requests a second, and CPU per
// request, which a busy machine disturbs less). --dist measures another build
// instead of this one; --compare DIR adds a second emulator from another build
// (e.g. main's), measured in the same rounds against the same baseline.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const DIST = flag('--dist', undefined);
const COMPARE = flag('--compare', undefined);
const ROUNDS = Number(flag('--rounds', 3));
const SECONDS = Number(args[0] ?? 3);
const CONNECTIONS = 16;

async function load(origin, request) {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const res = await pool.request(request);
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

/**
 * A server script as a child process, resolved with the JSON line it prints
 * once listening; `cpuUs()` asks it for the CPU time it has used so far.
 */
function server(script, scriptArgs) {
  const child = spawn(process.execPath, [new URL(script, import.meta.url).pathname, ...scriptArgs], { stdio: ['pipe', 'pipe', 'inherit'] });
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

const emu = await server('./servers/emulator-server.mjs', DIST ? [DIST] : []);
const other = COMPARE ? await server('./servers/emulator-server.mjs', [COMPARE]) : undefined;
const dir = mkdtempSync(join(tmpdir(), 'cmdsync-bench-'));
writeFileSync(join(dir, 'commands.json'), JSON.stringify(emu.info.commands));
const bare = await server('./servers/bare-server.mjs', [join(dir, 'commands.json')]);

const body = JSON.stringify({ content: 'hello from the benchmark' });
/** Each emulator's own paths (ids and tokens differ); the bare server answers the first one's. */
const requests = (info) => ({
  get: { method: 'GET', ...info.get },
  execute: { method: 'POST', path: info.execute.path, headers: { 'content-type': 'application/json' }, body },
});
const CASES = [
  { key: 'get', name: `GET commands (100, ${(JSON.stringify(emu.info.commands).length / 1024).toFixed(0)} KiB)` },
  { key: 'execute', name: 'webhook execute (wait=false)' },
];
const servers = [
  { label: 'bare', s: bare, request: requests(emu.info) },
  { label: DIST ?? 'this build', s: emu, request: requests(emu.info) },
  ...(other ? [{ label: COMPARE, s: other, request: requests(other.info) }] : []),
];

const results = [];
for (const c of CASES) {
  // A first round of each warms it up (JIT); it is not counted.
  for (const x of servers) await load(x.s.info.origin, x.request[c.key]);
  const best = servers.map(() => ({ rps: 0, failed: 0, cpuPerReq: Infinity }));
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, x] of servers.entries()) {
      const m = await measure(x.s, x.s.info.origin, x.request[c.key]);
      best[i] = { rps: Math.max(best[i].rps, m.rps), failed: best[i].failed + m.failed, cpuPerReq: Math.min(best[i].cpuPerReq, m.cpuPerReq) };
    }
  }
  results.push({ name: c.name, best });
}
await Promise.all(servers.map((x) => x.s.stop()));
rmSync(dir, { recursive: true, force: true });

const fmt = (n) => n.toFixed(0).padStart(8);
console.log(`\n${SECONDS}s a round, best of ${ROUNDS}, ${CONNECTIONS} connections, loopback, rate limits off, each server in its own process\n`);
// The CPU ratio is the throughput ratio each would reach with a core to itself: bare CPU per request / the emulator's.
console.log('case                            server                req/s   ratio   CPU µs/req   CPU ratio');
for (const { name, best } of results) {
  const [b] = best;
  best.forEach((e, i) => {
    const label = String(servers[i].label).slice(-20).padEnd(20);
    console.log(
      `${(i === 0 ? name : '').padEnd(31)} ${label} ${fmt(e.rps)}   ${(e.rps / b.rps).toFixed(2)}   ${fmt(e.cpuPerReq)}      ${(b.cpuPerReq / e.cpuPerReq).toFixed(2)}${e.failed ? `  (failed: ${e.failed})` : ''}`,
    );
  });
}
