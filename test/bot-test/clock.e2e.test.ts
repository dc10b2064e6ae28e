/**
 * `advance` on the test's clock (issue 38 items 2 and 3): bots written as
 * their libraries document timers, run unchanged (`node cooldown.js`,
 * `python3 timers.py`, discord.py's own view examples), see the time the
 * test advances: a collector's minute, a View's timeout, a cooldown, a
 * reminder, a tasks.loop. Each file simulates minutes and runs in seconds.
 * With `bot.clock: real` only the emulator's clock moves, and the report
 * says so. (fixtures/bot-test/bots/clock/, guild/; `npm run build` first.)
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { startBotTest } from '../../src/index.js';
import { runBin, type RunResult } from '../helpers/cli.js';
import { discordPyAvailable, discordPyTitle, PYTHON } from '../helpers/discord-py.js';
import { FIXTURES } from '../helpers/fixtures.js';

const CLOCK = join(FIXTURES, 'bot-test/bots/clock');
const passed = (out: string, file: string, name: string) =>
  expect(out, out).toMatch(new RegExp(`^✓ ${file.replace('.', '\\.')} › ${name.replace(/[/()?.]/g, '\\$&')} \\(`, 'm'));

test("discord.js, the guide's cooldowns and a reminder 10 minutes later, with no changed line", async () => {
  const r = await runBin(['test', 'cooldown.test.yaml', '--json'], { cwd: CLOCK, timeoutMs: 60_000 });
  const doc = JSON.parse(r.stdout);
  expect(doc.ok, r.stdout).toBe(true);
  expect(doc.passed).toBe(2);
  const [file] = doc.files;
  // The simulated 11 minutes took a few seconds, and the report says which shims did it.
  expect(file.scenarios.reduce((t: number, s: { durationMs: number }) => t + s.durationMs, 0)).toBeLessThan(60_000);
  expect(file.shims).toEqual(
    expect.arrayContaining([
      '@discordjs/rest (discord.js) points at the emulator',
      "the bot's timers and Date follow the test's advance (Node)",
    ]),
  );
  expect(file.clockNotMoved).toBeUndefined();
}, 90_000);

test("from code, advance() moves the bot's timers too: the reminder comes, and reset() keeps the clocks together", async () => {
  const world = parse(readFileSync(join(CLOCK, 'world.yaml'), 'utf8'));
  const t = await startBotTest({ world, bot: 'node cooldown.js', cwd: CLOCK, as: 'bob', in: 'general' });
  try {
    expect(await t.invoke('/remind')).toMatchObject({ reply: { content: 'I will remind you in 10 minutes' } });
    expect((await t.advance('10m')).messages.map((m) => m.content)).toEqual(['Time is up!']);
    // After a reset the emulator's clock stands beside the bot's (10 minutes on), not back at real time.
    const before = t.emulator.harness!.now();
    t.reset();
    expect(t.emulator.harness!.now()).toBeGreaterThanOrEqual(before);
  } finally {
    await t.stop();
  }
}, 60_000);

describe.runIf(discordPyAvailable())('discord.py on the test clock', () => {
  let timers: RunResult;
  let examples: RunResult;
  let persistent: RunResult;
  let real: RunResult;
  beforeAll(async () => {
    const run = (file: string, bot: string) =>
      runBin(['test', file, '--bot', `${PYTHON} ${bot}`], { cwd: CLOCK, timeoutMs: 90_000 });
    [timers, examples, persistent, real] = await Promise.all([
      run('timers.test.yaml', 'timers.py'),
      run('examples.test.yaml', 'confirm.py'),
      run('persistent.test.yaml', 'persistent.py'),
      run('real-clock.test.yaml', 'timers.py'),
    ]);
  }, 150_000);

  test.each([
    "a View's timeout disables its buttons",
    'a cooldown refuses a second use, and allows it once the minute has passed',
    'a loop every 10 minutes posts three times in 30',
  ])(discordPyTitle('%s'), (name) => {
    passed(timers.stdout, 'timers.test.yaml', name);
  });

  test(
    discordPyTitle("discord.py's confirm example: a click answers, and after 180 s the view no longer listens"),
    () => {
      passed(examples.stdout, 'examples.test.yaml', 'the confirm view answers a click');
      passed(examples.stdout, 'examples.test.yaml', 'after its 180 seconds the view no longer listens');
      expect(examples.code).toBe(0);
    },
  );

  test(discordPyTitle("discord.py's persistent example: the view answers after the bot is restarted"), () => {
    passed(persistent.stdout, 'persistent.test.yaml', 'the view answers after the bot is restarted');
    expect(persistent.code).toBe(0);
  });

  test(
    discordPyTitle('bot.clock: real: the View never times out, and the report says advance moved only the emulator'),
    () => {
      expect(real.code).toBe(1);
      expect(real.stdout).toMatch(/^✗ real-clock\.test\.yaml › the bot's clock stays real/m);
      expect(real.stdout).toContain(
        "real-clock.test.yaml: advance moved only the emulator's clock, not the bot's timers: the file says bot.clock: real",
      );
    },
  );
});
