// `cmdsync test`'s own cost (not a test). Run after `npm run build`:
//   node bench/bot-test.mjs [scenarios] [rounds] [--compare DIR]
// A trivial HTTP-interactions bot (bench/servers/ping-bot.mjs: node:http +
// discord-interactions' verifyKey, answers every command at once) is tested
// by the runner's library entry (dist/bot-test/run/run-files.js) from one
// file of N scenarios (default 100) of one or two steps each, and driven bare
// (a signed POST of a command interaction straight to the same bot), in
// interleaved rounds in the same run. Prints, as medians over the rounds:
//   - the runner's own cost per step: each step's time from its start to
//     checked, minus the bot's time to answer that step (kept by the bot
//     itself, from the request's arrival to the response's end); goal for
//     issue 28: <= 50 ms;
//   - a step's time as a ratio to the bare signed round trip;
//   - the wall time of the N scenarios (per-scenario reset included), and of
//     the whole run (emulator, manifest, bot start and stop included).
// Then where a step's time goes, with this build's emulator harness driven
// directly (the runner's calls, without the file): the invocation (the
// emulator's delivery and the bot's answer) and settling after it.
// --compare DIR adds the runner of another build's dist/ (e.g. main's) to the
// same rounds: that is how the before/after in bench/bot-test.md was measured.
// See bench/bot-test.md.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const at = args.indexOf('--compare');
const compareDir = at >= 0 ? args.splice(at, 2)[1] : undefined;
const SCENARIOS = Number(args[0] ?? 100);
const ROUNDS = Number(args[1] ?? 5);
const runnerOf = async (dist) =>
  (await import(pathToFileURL(join(dist, 'bot-test/run/run-files.js')).href)).runTestFiles;
const runners = [{ name: 'this build', run: await runnerOf(join(import.meta.dirname, '../dist')) }];
if (compareDir) runners.push({ name: compareDir, run: await runnerOf(compareDir) });
const BOT = join(import.meta.dirname, 'servers/ping-bot.mjs');

const median = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};
const ms = (x) => `${x.toFixed(1)} ms`;

// The test file: odd scenarios one step (/ping), even ones two (/ping, /hello).
function testFile(n) {
  const lines = [
    'bot:',
    `  run: ${JSON.stringify(`exec node ${JSON.stringify(BOT)}`)}`, // exec: the bot itself gets the TERM and writes its times
    '  interactions: "http://127.0.0.1:${PORT}/interactions"',
    'world:',
    '  guilds:',
    '    - name: Bench',
    '      roles: [{ name: "@everyone", permissions: [VIEW_CHANNEL, SEND_MESSAGES, USE_APPLICATION_COMMANDS] }]',
    '      channels: [{ name: general, type: 0 }]',
    '      members: [{ username: alice }, { username: bob }]',
    'scenarios:',
  ];
  for (let i = 0; i < n; i++) {
    lines.push(
      `  - name: scenario ${i}`,
      '    as: alice',
      '    in: general',
      '    steps:',
      '      - invoke: /ping',
      '        expect: { reply: { content: pong } }',
    );
    if (i % 2 === 1) lines.push('      - invoke: /hello', '        expect: { reply: { content: hello alice } }');
  }
  return `${lines.join('\n')}\n`;
}

const dir = mkdtempSync(join(tmpdir(), 'cmdsync-bench-bot-test-'));
writeFileSync(
  join(dir, 'cmdsync.yaml'),
  'application_id: ${DISCORD_APPLICATION_ID}\ncommands:\n  - { name: ping, description: Ping }\n  - { name: hello, description: Hello }\n',
);
const file = join(dir, 'bench.test.yaml');
const timesFile = join(dir, 'bot-times.json');

/** One run of the file through the runner: per-step own cost, wall times. */
async function viaRunner(runTestFiles, n) {
  writeFileSync(file, testFile(n));
  rmSync(timesFile, { force: true });
  const seen = [];
  const run = () =>
    runTestFiles({
      files: [file],
      env: { ...process.env, BENCH_BOT_TIMES: timesFile },
      onScenario: () => seen.push(performance.now()),
    });
  let result = await run();
  // The port the runner chose can be taken before the bot listens (another process, or a client socket's local port): run again.
  for (let tries = 0; tries < 3 && result.files[0].problems?.some((p) => p.message.includes('EADDRINUSE')); tries++) {
    seen.length = 0;
    result = await run();
  }
  const f = result.files[0];
  const bad =
    f.problems ?? f.scenarios.filter((s) => s.status !== 'passed').map((s) => ({ name: s.name, steps: s.steps }));
  if (bad.length) throw new Error(`bench setup: the runner did not pass: ${JSON.stringify(bad).slice(0, 2000)}`);
  const steps = f.scenarios.flatMap((s) => s.steps.map((st) => st.durationMs));
  const botTimes = JSON.parse(readFileSync(timesFile, 'utf8'));
  if (botTimes.length !== steps.length)
    throw new Error(`bench: ${steps.length} steps but the bot answered ${botTimes.length} times`);
  const first = f.scenarios[0];
  const scenariosWall = seen.at(-1) - (seen[0] - first.durationMs);
  const reset = f.scenarios.map((s) => s.durationMs - s.steps.reduce((t, st) => t + st.durationMs, 0));
  return {
    step: median(steps),
    own: median(steps.map((d, i) => d - botTimes[i])),
    bot: median(botTimes),
    reset: median(reset),
    scenariosWall,
    wall: result.durationMs,
    steps: steps.length,
  };
}

// The baseline: the same bot, started here, sent a signed command interaction straight.
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const rawPublic = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
const port = await freePort();
const bareBot = spawn(process.execPath, [BOT], {
  env: { ...process.env, PORT: String(port), DISCORD_PUBLIC_KEY: rawPublic, BENCH_BOT_TIMES: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) => bareBot.stdout.once('data', resolve));
const url = `http://127.0.0.1:${port}/interactions`;
const payload = JSON.stringify({
  id: '150000000000000001',
  application_id: '110000000000000001',
  type: 2,
  token: 'a'.repeat(140),
  version: 1,
  guild_id: '120000000000000001',
  channel_id: '130000000000000001',
  member: {
    user: { id: '140000000000000001', username: 'alice', discriminator: '0', global_name: null, avatar: null },
    roles: [],
    permissions: '2147483647',
    joined_at: new Date().toISOString(),
  },
  data: { id: '160000000000000001', name: 'ping', type: 1 },
  locale: 'en-US',
  app_permissions: '0',
  entitlements: [],
});

async function bare(n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const ts = String(Math.floor(Date.now() / 1000));
    const sig = sign(null, Buffer.from(ts + payload), privateKey).toString('hex');
    const res = await fetch(url, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json', 'x-signature-ed25519': sig, 'x-signature-timestamp': ts },
    });
    const body = await res.json();
    if (body.type !== 4) throw new Error(`bench setup: the bare bot answered ${JSON.stringify(body)}`);
    times.push(performance.now() - start);
  }
  return median(times);
}

/** A step's two halves, as the runner does them: track(invoke) then settled(…, interaction). */
async function breakdown() {
  const { startEmulator } = await import('../dist/emulator/index.js');
  const [APP, GUILD, CHANNEL, USER] = [
    '110000000000000001',
    '120000000000000001',
    '130000000000000001',
    '140000000000000001',
  ];
  const em = await startEmulator({
    harness: true,
    rateLimits: false,
    seed: {
      applications: [{ id: APP, name: 'Bench' }],
      guilds: [
        {
          id: GUILD,
          name: 'g',
          members: [{ id: USER, username: 'alice' }],
          channels: [{ id: CHANNEL, name: 'general' }],
        },
      ],
      commands: [{ application_id: APP, name: 'ping', description: 'Ping' }],
    },
  });
  const bot = spawn(process.execPath, [BOT], {
    env: {
      ...process.env,
      PORT: String(await freePort()),
      DISCORD_PUBLIC_KEY: em.credentials.publicKey,
      BENCH_BOT_TIMES: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise((resolve) =>
      bot.stdout.once('data', (d) => resolve(/listening on (\d+)/.exec(String(d))[1])),
    );
    em.world.applications[APP].interactionsEndpointUrl = `http://127.0.0.1:${port}/interactions`;
    em.harness.save();
    const invokeMs = [];
    const settleMs = [];
    for (let i = 0; i < 20 + SCENARIOS; i++) {
      em.harness.restore();
      const t0 = performance.now();
      const out = await em.harness.track(
        em.invoke({ line: '/ping', channelId: CHANNEL, userId: USER, waitSeconds: 0 }),
      );
      const t1 = performance.now();
      if (!(await em.harness.settled(undefined, out.interaction.id))) throw new Error('bench: never settled');
      if (i >= 20) {
        invokeMs.push(t1 - t0);
        settleMs.push(performance.now() - t1);
      }
    }
    console.log(
      `\nwhere a step goes (this build's harness, ${SCENARIOS} steps, medians): the invocation (delivery, the bot's answer, the callback applied): ${ms(median(invokeMs))}; settling after it: ${ms(median(settleMs))}`,
    );
  } finally {
    bot.kill('SIGTERM');
    await em.close();
  }
}

try {
  await bare(50);
  for (const r of runners) await viaRunner(r.run, 10); // warm-up
  const rounds = runners.map(() => []);
  // Interleaved rounds so drift (other load on the machine) hits all alike; each runner's step is taken against the bare batch just before it.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [k, runner] of runners.entries()) {
      const bareMs = await bare(Math.ceil(SCENARIOS * 1.5));
      const r = await viaRunner(runner.run, SCENARIOS);
      rounds[k].push({ ...r, bare: bareMs, ratio: r.step / bareMs });
    }
  }
  for (const [k, runner] of runners.entries()) {
    const m = (key) => median(rounds[k].map((r) => r[key]));
    console.log(
      `\n${runner.name}: ${SCENARIOS} scenarios, ${rounds[k][0].steps} steps, trivial HTTP bot (node:http + discord-interactions), medians of ${ROUNDS} interleaved rounds:`,
    );
    console.log(
      `  bare signed round trip to the bot: ${ms(m('bare'))}; the bot's own time to answer, inside the runner: ${ms(m('bot'))}`,
    );
    console.log(
      `  a step through the runner (start to checked): ${ms(m('step'))}; the runner's own cost per step (minus the bot's time): ${ms(m('own'))} (goal <= 50 ms)`,
    );
    console.log(`  ratio (runner step / bare round trip, median of ${ROUNDS} rounds): ${m('ratio').toFixed(1)}x`);
    console.log(`  per-scenario reset and bookkeeping outside the steps: ${ms(m('reset'))}`);
    console.log(
      `  ${SCENARIOS} scenarios' wall time: ${ms(m('scenariosWall'))}; the whole run (emulator, manifest, bot start and stop included): ${ms(m('wall'))}`,
    );
  }
  await breakdown();
} finally {
  bareBot.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
