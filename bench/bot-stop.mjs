// Stopping the bot under test, and a gateway bot's step (not a test). Run after `npm run build`:
//   node bench/bot-stop.mjs [rounds] [--compare DIR]
// Two measures, this build and (with --compare) another build's dist/ in
// interleaved rounds of the same run, medians printed side by side with the
// ratio (this build / the other):
//   - stopping a bot started the way `bot.run` starts one, a shell running a
//     Node process that lives on (BotProcess: start, wait until it prints,
//     stop): from stop() called until no process of its group, nor any
//     carrying its mark outside it, runs;
//   - examples/discordjs-bot's bot.test.yaml through the runner
//     (runTestFiles): each passing step's time (median), the file's wall time
//     (bot start and stop included).
// See bench/bot-test.md ("Answers that come later, and stopping").
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const at = args.indexOf('--compare');
const compareDir = at >= 0 ? args.splice(at, 2)[1] : undefined;
const ROUNDS = Number(args[0] ?? 5);
const EXAMPLE = join(import.meta.dirname, '../examples/discordjs-bot/bot.test.yaml');

const median = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};
const builds = [join(import.meta.dirname, '../dist'), ...(compareDir ? [compareDir] : [])];
const load = async (dist) => ({
  name: dist,
  BotProcess: (await import(pathToFileURL(join(dist, 'bot-test/run/bot-process.js')).href)).BotProcess,
  runTestFiles: (await import(pathToFileURL(join(dist, 'bot-test/run/run-files.js')).href)).runTestFiles,
});
const runners = await Promise.all(builds.map(load));

async function stopMs(BotProcess) {
  const bot = new BotProcess(`node -e "console.log('up'); setInterval(() => {}, 1000)"`, process.cwd(), process.env);
  await new Promise((resolve) => bot.onOutput(resolve));
  const t = performance.now();
  await bot.stop();
  return performance.now() - t;
}

async function example(runTestFiles) {
  const r = await runTestFiles({ files: [EXAMPLE] });
  const scenarios = r.files[0].scenarios;
  if (r.failed || r.errors || scenarios.some((s) => s.status !== 'passed'))
    throw new Error(`bench setup: the example did not pass: ${JSON.stringify(r.files[0]).slice(0, 1500)}`);
  return { step: median(scenarios.flatMap((s) => s.steps.map((st) => st.durationMs))), wall: r.durationMs };
}

const rows = runners.map(() => ({ stop: [], step: [], wall: [] }));
for (let round = 0; round < ROUNDS; round++) {
  for (const [k, r] of runners.entries()) {
    rows[k].stop.push(await stopMs(r.BotProcess));
    const e = await example(r.runTestFiles);
    rows[k].step.push(e.step);
    rows[k].wall.push(e.wall);
  }
}
const m = (k, key) => median(rows[k][key]);
const line = (label, key) => {
  const cells = runners.map((_, k) => `${m(k, key).toFixed(1)} ms`);
  const ratio = runners.length > 1 ? `  (ratio ${(m(0, key) / m(1, key)).toPrecision(2)}x)` : '';
  console.log(`${label.padEnd(52)} ${cells.join('  |  ')}${ratio}`);
};
console.log(`medians of ${ROUNDS} interleaved rounds; columns: ${runners.map((r) => r.name).join('  |  ')}`);
line('stopping a bot (shell + node, TERM, group gone)', 'stop');
line('discord.js example: a passing step', 'step');
line('discord.js example: the whole file (start, steps, stop)', 'wall');
