// Emulator throughput benchmark (not a test). Run after `npm run build`:
//   node bench/emulator.mjs [seconds-per-case]
// Measures requests per second, rate limits off, loopback only, for
//   1. GET /applications/{id}/commands with 100 commands,
//   2. webhook execute (POST /webhooks/{id}/{token}, wait=false), when the webhook routes exist,
// against a bare node:http server answering a fixed body, in the same run, and prints the ratios.
import { createServer } from 'node:http';
import { Pool } from 'undici';
import { startEmulator } from '../dist/emulator/index.js';

const SECONDS = Number(process.argv[2] ?? 3);
const CONNECTIONS = 16;

async function load(origin, makeRequest) {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const res = await pool.request(makeRequest());
      await res.body.dump();
      if (res.statusCode < 300) done++;
      else failed++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS * 2 }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  await pool.close();
  return { rps: done / elapsed, failed };
}

async function bareServer(body, status) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (status === 204) res.writeHead(204).end();
      else res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }).end(payload);
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => { server.close(r); server.closeAllConnections(); }) };
}

const fmt = (n) => n.toFixed(0).padStart(8);

const em = await startEmulator({ rateLimits: false });
const { applicationId, botToken, guildId } = em.credentials;
const origin = new URL(em.url).origin;
const auth = { authorization: `Bot ${botToken}` };
const api = (path) => `/api/v10${path}`;

// 100 global commands, one bulk overwrite.
const defs = Array.from({ length: 100 }, (_, i) => ({
  name: `command-${i}`,
  description: `Benchmark command number ${i}`,
  options: [{ type: 3, name: 'text', description: 'Some text', required: true }, { type: 5, name: 'flag', description: 'A flag' }],
}));
const put = await fetch(`${em.url}/applications/${applicationId}/commands`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(defs) });
if (put.status !== 200) throw new Error(`bulk overwrite failed: ${put.status} ${await put.text()}`);
const listBody = await (await fetch(`${em.url}/applications/${applicationId}/commands`, { headers: auth })).text();

const results = [];

{
  const bare = await bareServer(listBody, 200);
  const bareRps = await load(bare.origin, () => ({ path: '/', method: 'GET' }));
  await bare.close();
  const emu = await load(origin, () => ({ path: api(`/applications/${applicationId}/commands`), method: 'GET', headers: auth }));
  results.push(['GET commands (100, ' + (listBody.length / 1024).toFixed(0) + ' KiB)', emu, bareRps]);
}

// Webhook execute, when the webhook routes are there.
const channel = Object.values(em.world.guilds[guildId].channels).find((c) => c.type === 0);
const created = await fetch(`${em.url}/channels/${channel.id}/webhooks`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench' }) });
if (created.status === 200 || created.status === 201) {
  const hook = await created.json();
  const body = JSON.stringify({ content: 'hello from the benchmark' });
  const bare = await bareServer('', 204);
  const bareRps = await load(bare.origin, () => ({ path: '/', method: 'POST', headers: { 'content-type': 'application/json' }, body }));
  await bare.close();
  const emu = await load(origin, () => ({ path: api(`/webhooks/${hook.id}/${hook.token}`), method: 'POST', headers: { 'content-type': 'application/json' }, body }));
  results.push(['webhook execute (wait=false)', emu, bareRps]);
} else {
  console.log(`(webhook routes not available: create answered ${created.status}; skipping execute)`);
}
await em.close();

console.log(`\n${SECONDS}s per case, ${CONNECTIONS} connections, loopback, rate limits off\n`);
console.log('case                                   emulator req/s   bare http req/s   ratio');
for (const [name, emu, bare] of results) {
  console.log(`${name.padEnd(38)} ${fmt(emu.rps)}         ${fmt(bare.rps)}         ${(emu.rps / bare.rps).toFixed(2)}${emu.failed || bare.failed ? `  (failed: ${emu.failed}/${bare.failed})` : ''}`);
}
