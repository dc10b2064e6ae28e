// Interactions delivered over the emulator's gateway per second, against a
// bare `ws` loopback server sending the same JSON to the same kind of client,
// as ratios measured in the same run, rounds interleaved:
// - one at a time: an INTERACTION_CREATE emitted on the bus until the bot has
//   it, vs a bare server sending the frame until the client has it;
// - bursts of 1000: the same, all sent at once, until the last arrives.
// Target: at least 0.5x (the gateway adds a sequence number, the session's
// resume buffer and intent filtering per dispatch).
import WebSocket, { WebSocketServer } from 'ws';
import { startEmulator } from '../dist/emulator/index.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SINGLE = 2000;
const BURST = 1000;

const em = await startEmulator({ rateLimits: false });
const { applicationId, guildId, botToken } = em.credentials;
const interaction = {
  id: '1300000000000000001',
  application_id: applicationId,
  type: 2,
  token: 'x'.repeat(180),
  version: 1,
  guild_id: guildId,
  channel_id: '1300000000000000002',
  channel: { id: '1300000000000000002', type: 0, guild_id: guildId, name: 'general' },
  member: {
    user: { id: '1300000000000000003', username: 'someone', discriminator: '0', global_name: null, avatar: null },
    roles: [],
    permissions: '2147483648',
    joined_at: '2024-01-01T00:00:00.000Z',
    deaf: false,
    mute: false,
    flags: 0,
  },
  app_permissions: '536870912',
  locale: 'en-US',
  guild_locale: 'en-US',
  entitlements: [],
  authorizing_integration_owners: { 0: guildId },
  context: 0,
  data: {
    id: '1300000000000000004',
    name: 'remind',
    type: 1,
    guild_id: guildId,
    options: [{ name: 'what', type: 3, value: 'tea' }],
  },
};

/** A client that resolves `waitCount(n)` once n more messages have arrived. */
function counter(ws, filter) {
  let seen = 0;
  let target = Infinity;
  let done = () => {};
  ws.on('message', (data) => {
    if (filter && !filter(data)) return;
    if (++seen >= target) done();
  });
  return (n) =>
    new Promise((resolve) => {
      target = seen + n;
      done = resolve;
    });
}

// The gateway side: a bot identified with no intents (interactions need none).
const bot = new WebSocket(`${em.gatewayUrl}?v=10&encoding=json`);
await new Promise((r) => bot.once('message', r)); // Hello
bot.send(
  JSON.stringify({
    op: 2,
    d: { token: botToken, intents: 0, properties: { os: 'linux', browser: 'bench', device: 'bench' } },
  }),
);
await new Promise((r) => bot.once('message', r)); // READY
// The interval is 41 s: no heartbeat is due during the run.
const gatewayWait = counter(bot, (d) => d.includes('"INTERACTION_CREATE"'));
const emit = () => em.events.emit({ applicationId, name: 'INTERACTION_CREATE', data: interaction, guildId });

// The bare side: a ws server on loopback that sends the dispatch frame, built per message as a server would.
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
await new Promise((r) => wss.once('listening', r));
let serverSocket;
const connected = new Promise((r) => wss.once('connection', (s) => r((serverSocket = s))));
const client = new WebSocket(`ws://127.0.0.1:${wss.address().port}`);
await connected;
let seq = 0;
const bareWait = counter(client);
const bareSend = () => serverSocket.send(JSON.stringify({ op: 0, t: 'INTERACTION_CREATE', s: ++seq, d: interaction }));

async function oneAtATime(send, wait, n) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const got = wait(1);
    send();
    await got;
  }
  return n / ((performance.now() - t0) / 1000);
}

async function burst(send, wait, n) {
  const t0 = performance.now();
  const got = wait(n);
  for (let i = 0; i < n; i++) send();
  await got;
  return n / ((performance.now() - t0) / 1000);
}

const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { single: { gw: [], bare: [] }, burst: { gw: [], bare: [] } };
// Warm-up, then interleaved rounds.
await oneAtATime(emit, gatewayWait, 200);
await oneAtATime(bareSend, bareWait, 200);
for (let r = 0; r < ROUNDS; r++) {
  results.single.gw.push(await oneAtATime(emit, gatewayWait, SINGLE));
  results.single.bare.push(await oneAtATime(bareSend, bareWait, SINGLE));
  results.burst.gw.push(await burst(emit, gatewayWait, BURST));
  results.burst.bare.push(await burst(bareSend, bareWait, BURST));
}

const fmt = (n) => Math.round(n).toString().padStart(8);
console.log(`\n${ROUNDS} rounds, medians, loopback, ${JSON.stringify(interaction).length}-byte interaction\n`);
console.log('case                      gateway/s   bare ws/s   ratio');
for (const [name, r] of Object.entries({ 'one at a time': results.single, [`bursts of ${BURST}`]: results.burst })) {
  const gw = median(r.gw);
  const bare = median(r.bare);
  console.log(`${name.padEnd(24)} ${fmt(gw)}    ${fmt(bare)}    ${(gw / bare).toFixed(2)}x`);
}

bot.terminate();
client.terminate();
wss.close();
await em.close();
