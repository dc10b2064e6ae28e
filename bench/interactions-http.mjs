// HTTP interactions delivered per second (not a test). Run after `npm run build`:
//   node bench/interactions-http.mjs [seconds-per-path] (three paths, interleaved)
// A trivial bot (node:http, verifies the Ed25519 signature with node:crypto,
// answers inline with a message) is driven two ways, one invocation at a time,
// interleaved in the same run:
//   1. bare: a loopback POST of the same payload, signed, straight to the bot,
//      sent two ways: with fetch, and with node:http and a keep-alive agent
//      (what the emulator itself uses since issue 26 item 8; the stricter
//      baseline, as it costs the client less than fetch);
//   2. emulator: invoke('/ping') — parse and check the line, refusals, build the
//      payload, sign, POST, apply the callback through the message rules.
// Prints the rates and the ratios emulator/bare (issue 26 item 8: at least
// 0.5x), the medians over interleaved rounds. See bench/emulator.md.
import { createPublicKey, sign, verify, createPrivateKey } from 'node:crypto';
import { Agent, createServer, request } from 'node:http';
import { startEmulator } from '../dist/emulator/index.js';

const SECONDS = Number(process.argv[2] ?? 4);
const ROUNDS = 8;
const APP = '110000000000000001';
const GUILD = '120000000000000001';
const CHANNEL = '130000000000000001';
const USER = '140000000000000001';

const em = await startEmulator({
  rateLimits: false,
  seed: {
    applications: [{ id: APP, name: 'Bench' }],
    guilds: [
      { id: GUILD, name: 'g', members: [{ id: USER, username: 'u' }], channels: [{ id: CHANNEL, name: 'general' }] },
    ],
    commands: [{ application_id: APP, name: 'ping', description: 'Ping' }],
  },
});
const pub = createPublicKey({
  key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(em.credentials.publicKey, 'hex').toString('base64url') },
  format: 'jwk',
});
const answer = JSON.stringify({ type: 4, data: { content: 'pong' } });
const bot = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const ok = verify(
      null,
      Buffer.concat([Buffer.from(String(req.headers['x-signature-timestamp'])), body]),
      pub,
      Buffer.from(String(req.headers['x-signature-ed25519']), 'hex'),
    );
    if (!ok) return res.writeHead(401).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
  });
});
await new Promise((r) => bot.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${bot.address().port}/`;
em.world.applications[APP].interactionsEndpointUrl = url;

// The bare client signs with the same key, as the emulator does.
const seed = Buffer.from(em.world.applications[APP].privateKey, 'hex');
const key = createPrivateKey({
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
  format: 'der',
  type: 'pkcs8',
});
const first = await em.invoke({ line: '/ping', channelId: CHANNEL, userId: USER });
if (first.outcome !== 'answered') throw new Error(`bench setup: ${JSON.stringify(first)}`);
const payload = JSON.stringify({ ...first.interaction });

async function bare() {
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = sign(null, Buffer.from(ts + payload), key).toString('hex');
  const res = await fetch(url, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'x-signature-ed25519': sig, 'x-signature-timestamp': ts },
  });
  await res.json();
}
const agent = new Agent({ keepAlive: true });
function bareHttp() {
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = sign(null, Buffer.from(ts + payload), key).toString('hex');
  const headers = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    'x-signature-ed25519': sig,
    'x-signature-timestamp': ts,
  };
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    });
    req.on('error', reject);
    req.end(payload);
  });
}
async function viaEmulator() {
  const out = await em.invoke({ line: '/ping', channelId: CHANNEL, userId: USER });
  if (out.outcome !== 'answered') throw new Error(out.outcome);
}

async function rate(fn, ms) {
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    await fn();
    n++;
  }
  return n / (ms / 1000);
}

try {
  for (let i = 0; i < 50; i++) await Promise.all([bare(), bareHttp(), viaEmulator()]); // warm-up
  const rates = { fetch: [], http: [], emulator: [] };
  // Interleaved rounds so drift (other load on the machine) hits all alike; each round gives a ratio.
  for (let round = 0; round < ROUNDS; round++) {
    rates.fetch.push(await rate(bare, (SECONDS * 1000) / ROUNDS));
    rates.http.push(await rate(bareHttp, (SECONDS * 1000) / ROUNDS));
    rates.emulator.push(await rate(viaEmulator, (SECONDS * 1000) / ROUNDS));
  }
  const median = (xs) => {
    const a = [...xs].sort((x, y) => x - y);
    return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
  };
  const ratio = (base) => median(rates.emulator.map((r, i) => r / base[i])).toFixed(2);
  console.log(
    `bare signed loopback round trip: ${median(rates.fetch).toFixed(0)}/s with fetch, ${median(rates.http).toFixed(0)}/s with node:http; through the emulator (invoke → signed POST → callback): ${median(rates.emulator).toFixed(0)}/s`,
  );
  console.log(
    `ratio (emulator/bare, median of ${ROUNDS} rounds): ${ratio(rates.http)}x against node:http, ${ratio(rates.fetch)}x against fetch`,
  );
} finally {
  agent.destroy();
  bot.close();
  bot.closeAllConnections();
  await em.close();
}
