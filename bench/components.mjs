// Component interactions (a member's button click) per second, over signed
// HTTP and over the gateway, against the bare signed loopback round trip of
// bench/interactions-http.mjs, in the same run, rounds interleaved, one
// click at a time (not a test). Run after `npm run build`:
//   node bench/components.mjs [seconds-in-all]
// The emulator's path per click: find the message and the button, refuse what
// the client would not send, build MESSAGE_COMPONENT, deliver it (sign and
// POST, or dispatch over the gateway and wait for the bot's callback POST),
// apply the answer (7: the message updated in place, through the message
// rules and the journal). The bare path: the same payload, signed, POSTed to
// the same bot. Prints the rates and the ratios (issue 27). See bench/emulator.md.
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { createServer } from 'node:http';
import WebSocket from 'ws';
import { startEmulator } from '../dist/emulator/index.js';

const SECONDS = Number(process.argv[2] ?? 6);
const ROUNDS = 6;
const APP = '110000000000000001';
const GUILD = '120000000000000001';
const CHANNEL = '130000000000000001';
const USER = '140000000000000001';
const PANEL = {
  content: 'Go?',
  components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }] }],
};
const ANSWER = { command: JSON.stringify({ type: 4, data: PANEL }), click: JSON.stringify({ type: 7, data: PANEL }) };

const em = await startEmulator({
  rateLimits: false,
  seed: {
    applications: [{ id: APP, name: 'Bench' }],
    guilds: [
      { id: GUILD, name: 'g', members: [{ id: USER, username: 'u' }], channels: [{ id: CHANNEL, name: 'general' }] },
    ],
    commands: [{ application_id: APP, name: 'panel', description: 'Buttons' }],
  },
});
const pub = createPublicKey({
  key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(em.credentials.publicKey, 'hex').toString('base64url') },
  format: 'jwk',
});
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
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.parse(body).type === 3 ? ANSWER.click : ANSWER.command);
  });
});
await new Promise((r) => bot.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${bot.address().port}/`;
const app = em.world.applications[APP];

// The gateway bot: answers every component interaction with 7 through the REST callback, as a library does.
const ws = new WebSocket(`${em.gatewayUrl}?v=10&encoding=json`);
ws.on('close', (code, reason) => console.error(`gateway closed: ${code} ${reason}`));
const ready = new Promise((r) => ws.on('message', (raw) => JSON.parse(raw).t === 'READY' && r()));
// Listening from the start: the emulator's HELLO can arrive with the upgrade, before an awaited 'open' resumes.
ws.on('message', (raw) => {
  const f = JSON.parse(raw);
  if (f.op === 10)
    ws.send(
      JSON.stringify({
        op: 2,
        d: { token: app.botToken, intents: 1, properties: { os: 'linux', browser: 'bench', device: 'bench' } },
      }),
    );
  if (f.t === 'INTERACTION_CREATE' && f.d.type === 3) {
    void fetch(`${em.url}/interactions/${f.d.id}/${f.d.token}/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: ANSWER.click,
    });
  }
  if (f.t === 'INTERACTION_CREATE' && f.d.type === 2) {
    void fetch(`${em.url}/interactions/${f.d.id}/${f.d.token}/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: ANSWER.command,
    });
  }
});
await ready;

/** A panel message answered over HTTP (endpoint set) or the gateway (none), and a click on it that must be answered. */
async function panel(over) {
  app.interactionsEndpointUrl = over === 'http' ? url : undefined;
  const out = await em.invoke({ line: '/panel', channelId: CHANNEL, userId: USER });
  if (out.outcome !== 'answered') throw new Error(`bench setup (${over}): ${out.outcome}`);
  return out.original.id;
}
const clickOn = (messageId) => async () => {
  const out = await em.click({ messageId, button: 'go', userId: USER });
  if (out.outcome !== 'answered')
    throw new Error(`click: ${out.outcome} ${JSON.stringify(out.refusal ?? out.cause ?? '')}`);
};

const httpMessage = await panel('http');
app.interactionsEndpointUrl = url;
const first = await em.click({ messageId: httpMessage, button: 'go', userId: USER });
if (first.outcome !== 'answered') throw new Error(`bench setup: ${JSON.stringify(first)}`);
const payload = JSON.stringify(first.interaction);
const seed = Buffer.from(app.privateKey, 'hex');
const key = createPrivateKey({
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
  format: 'der',
  type: 'pkcs8',
});
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
const gatewayMessage = await panel('gateway');
const overHttp = clickOn(httpMessage);
const overGateway = clickOn(gatewayMessage);

async function rate(fn, ms, endpoint) {
  app.interactionsEndpointUrl = endpoint;
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    await fn();
    n++;
  }
  return n / (ms / 1000);
}
const median = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};

try {
  for (let i = 0; i < 30; i++) {
    await bare();
    app.interactionsEndpointUrl = url;
    await overHttp();
    app.interactionsEndpointUrl = undefined;
    await overGateway();
  }
  const rates = { bare: [], http: [], gateway: [] };
  const slice = (SECONDS * 1000) / ROUNDS / 3;
  for (let round = 0; round < ROUNDS; round++) {
    rates.bare.push(await rate(bare, slice, url));
    rates.http.push(await rate(overHttp, slice, url));
    rates.gateway.push(await rate(overGateway, slice, undefined));
  }
  const ratio = (xs) => median(xs.map((r, i) => r / rates.bare[i]));
  console.log(
    `bare signed loopback round trip: ${median(rates.bare).toFixed(0)}/s; clicks answered (7) over HTTP: ${median(rates.http).toFixed(0)}/s; over the gateway: ${median(rates.gateway).toFixed(0)}/s`,
  );
  console.log(
    `ratios (emulator/bare, median of ${ROUNDS} rounds): HTTP ${ratio(rates.http).toFixed(2)}x, gateway ${ratio(rates.gateway).toFixed(2)}x`,
  );
} finally {
  ws.terminate();
  bot.close();
  bot.closeAllConnections();
  await em.close();
}
