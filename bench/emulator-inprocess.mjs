// The emulator's own work for one webhook execute with an embed, without
// sockets (not a test). Run after `npm run build`:
//   node bench/emulator-inprocess.mjs [--dist DIR] [--compare DIR] [--batches N] [--wait]
// The emulator's request listener (its whole pipeline: body, routing, the
// handler and its transaction, the notes, the answer's serialisation and
// headers) is driven with in-memory requests: a real IncomingMessage fed the
// body and a ServerResponse without a socket. What it leaves out is the
// kernel's part, the same for any server on loopback. With --compare, the two
// builds are loaded in this one process and alternated in batches, so a busy
// machine slows both alike; the median CPU µs a request of the batches is
// printed for each, and the ratio. See bench/emulator.md.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { Socket } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EMBED_MESSAGE } from './servers/embed-message.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const DIST = flag('--dist', undefined);
const COMPARE = flag('--compare', undefined);
const BATCHES = Number(flag('--batches', 15));
const WAIT = args.includes('--wait');
const PER_BATCH = 2000;

// The emulator keeps its http.Server to itself: catch the one it makes.
const http = createRequire(import.meta.url)('node:http');
const made = [];
const createServer = http.createServer;
http.createServer = (...a) => {
  const s = createServer(...a);
  made.push(s);
  return s;
};
syncBuiltinESMExports();

async function emulator(dist) {
  const { startEmulator } = await import(pathToFileURL(`${resolve(dist)}/emulator/index.js`).href);
  const em = await startEmulator({ rateLimits: false });
  const server = made.at(-1);
  const [listener] = server.listeners('request');
  const { botToken, guildId } = em.credentials;
  const channel = Object.values(em.world.guilds[guildId].channels).find((c) => c.type === 0);
  const created = await fetch(`${em.url}/channels/${channel.id}/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bot ${botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  });
  const hook = await created.json();
  const url = `${new URL(em.url).pathname}/webhooks/${hook.id}/${hook.token}${WAIT ? '?wait=true' : ''}`;
  return { label: dist, em, listener, url };
}

const body = Buffer.from(JSON.stringify(EMBED_MESSAGE));
const socket = new Socket();
/** One request through the listener; resolves when its answer was ended. */
function request(target) {
  const req = new http.IncomingMessage(socket);
  req.method = 'POST';
  req.url = target.url;
  req.headers = { host: 'x', 'content-type': 'application/json', 'content-length': String(body.length) };
  req.complete = true;
  const res = new http.ServerResponse(req);
  return new Promise((done) => {
    const end = res.end;
    res.end = function (...a) {
      end.apply(this, a);
      if (res.statusCode >= 300) throw new Error(`answered ${res.statusCode}`);
      done();
    };
    target.listener(req, res);
    req.push(body);
    req.push(null);
  });
}

async function batch(target) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < PER_BATCH; i++) await request(target);
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / PER_BATCH;
}

// --dist: another build first (with --compare naming the same build, the spread of an A/A comparison).
const targets = [await emulator(DIST ?? resolve(new URL('../dist', import.meta.url).pathname))];
if (COMPARE) targets.push(await emulator(COMPARE));
for (const t of targets) await batch(t); // warm-up (JIT), not counted
const results = targets.map(() => []);
for (let b = 0; b < BATCHES; b++) for (const [i, t] of targets.entries()) results[i].push(await batch(t));
await Promise.all(targets.map((t) => t.em.close()));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\nexecute with an embed${WAIT ? ', wait=true' : ''}: ${BATCHES} batches of ${PER_BATCH}, in process`);
for (const [i, t] of targets.entries()) {
  const m = median(results[i]);
  const vs = i > 0 ? `  (this build takes ${(median(results[0]) / m).toFixed(2)}x its CPU)` : '';
  console.log(
    `${t.label.slice(-30).padEnd(30)} ${m.toFixed(1).padStart(7)} µs a request (min ${Math.min(...results[i]).toFixed(1)})${vs}`,
  );
}
