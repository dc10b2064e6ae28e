// cmdsync test's whole run against the floor of an in-process runner (issue 37's speed goal). Not a test.
// Run after `npm run build`, with discord.py importable by the python3 first on PATH (or PYTHON=…):
//   node bench/bot-test-inprocess.mjs [rounds] [--compare REPO]
// Interleaved rounds, medians, ratios to the floor measured in the same rounds:
//   - floor: python3 bench/servers/inprocess-floor.py examples/discordpy-bot/bot.py — start
//     Python, import discord.py and the bot's module; what any in-process runner does before its
//     first handler (SimCord itself cannot be installed here: no PyPI, only npm and Debian);
//   - cmdsync: `cmdsync test bot.test.yaml` in examples/discordpy-bot as a user runs it (the
//     built CLI, its six scenarios: emulator, manifest, bot start, steps, stop);
//   - with --compare REPO: another checkout's bin/cmdsync.js (its dist/ built), the same way.
// See bench/bot-test.md ("Against an in-process runner").
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';

const args = process.argv.slice(2);
const at = args.indexOf('--compare');
const compareRepo = at >= 0 ? args.splice(at, 2)[1] : undefined;
const ROUNDS = Number(args[0] ?? 5);
const ROOT = join(import.meta.dirname, '..');
const EXAMPLE_DIR = join(ROOT, 'examples/discordpy-bot');
const PYTHON = process.env.PYTHON ?? 'python3';
// The example's file runs `python3 bot.py`: the python that has discord.py must come first on PATH.
const env = {
  ...process.env,
  PATH: `${dirname(spawnSync(PYTHON, ['-c', 'import sys; print(sys.executable)']).stdout.toString().trim())}:${process.env.PATH}`,
};

const median = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};

function timed(cmd, argv, cwd) {
  const t = performance.now();
  const r = spawnSync(cmd, argv, { cwd, env, encoding: 'utf8' });
  const ms = performance.now() - t;
  if (r.status !== 0)
    throw new Error(`bench setup: ${cmd} ${argv.join(' ')} exited ${r.status}:\n${r.stdout}${r.stderr}`);
  return ms;
}

const subjects = [
  {
    name: 'in-process floor (python, discord.py, the bot module)',
    run: () =>
      timed(PYTHON, [join(ROOT, 'bench/servers/inprocess-floor.py'), join(EXAMPLE_DIR, 'bot.py')], EXAMPLE_DIR),
  },
  {
    name: 'cmdsync test (this build)',
    run: () => timed(process.execPath, [join(ROOT, 'bin/cmdsync.js'), 'test', 'bot.test.yaml'], EXAMPLE_DIR),
  },
  ...(compareRepo
    ? [
        {
          name: `cmdsync test (${compareRepo})`,
          run: () =>
            timed(process.execPath, [join(compareRepo, 'bin/cmdsync.js'), 'test', 'bot.test.yaml'], EXAMPLE_DIR),
        },
      ]
    : []),
];

const times = subjects.map(() => []);
for (let round = 0; round < ROUNDS; round++) for (const [k, s] of subjects.entries()) times[k].push(s.run());
const floor = median(times[0]);
console.log(`examples/discordpy-bot, 6 scenarios, medians of ${ROUNDS} interleaved rounds (Node ${process.version})`);
console.log('| run | median wall | ratio to the floor |\n|---|---:|---:|');
for (const [k, s] of subjects.entries())
  console.log(`| ${s.name} | ${(median(times[k]) / 1000).toFixed(2)} s | ${(median(times[k]) / floor).toFixed(2)}x |`);
