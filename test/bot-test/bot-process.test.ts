/**
 * The bot's process (run/bot-process.ts), real processes: what an exit
 * leaves (its code, its first error with the place relative to the bot's
 * directory, else its last lines), its output read to the end before it is
 * judged, every secret of its environment redacted, stopping it leaves
 * no timer behind to hold the runner's exit, and a group of zombies is over.
 */
import { createHook } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { BotProcess } from '../../src/bot-test/run/bot-process.js';
import { groupAlive } from '../../src/bot-test/run/process-group.js';
import { testdir } from '../helpers/tmp.js';

const ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

/** The bot once its process has exited by itself. */
async function exited(
  command: string,
  env: NodeJS.ProcessEnv = ENV,
  files: Record<string, string> = {},
): Promise<BotProcess> {
  const bot = new BotProcess(command, testdir(files), env);
  while (bot.exitedWith === undefined) await tick();
  return bot;
}

test("a crash's first error, not its last lines: the place relative to the bot's directory", async () => {
  const bot = await exited('node crash.mjs', ENV, {
    'crash.mjs': 'console.log("starting");\nfunction boot() {\n  throw new Error("no config");\n}\nboot();\n',
  });
  const facts = await bot.exitFacts();
  expect(facts).toMatchObject({
    code: 1,
    error: { at: { file: 'crash.mjs', line: 3 }, message: 'Error: no config' },
    lastLines: [],
  });
  expect(facts!.error!.lines.slice(0, 4)).toEqual([
    expect.stringMatching(/crash\.mjs:3$/),
    '  throw new Error("no config");',
    '        ^',
    'Error: no config',
  ]);
});

test('with no error in its output: its code and last lines; nothing printed: none', async () => {
  expect(await (await exited('echo one; echo two >&2; exit 3')).exitFacts()).toEqual({
    code: 3,
    lastLines: ['one', 'two'],
  });
  expect(await (await exited('exit 4')).exitFacts()).toEqual({ code: 4, lastLines: [] });
});

test('the error after a mark: the one of this step, not an earlier one the bot survived', async () => {
  const dir = testdir();
  const script =
    'echo "Error: first"; echo "    at a (/x/a.js:1:1)"; while [ ! -f go ]; do sleep 0.02; done; echo "Error: second"; echo "    at b (/x/b.js:2:2)"; exit 1';
  const bot = new BotProcess(script, dir, ENV);
  while (bot.outputMark() < 2) await tick();
  expect(await bot.exitFacts()).toBeUndefined();
  const mark = bot.outputMark();
  writeFileSync(join(dir, 'go'), '');
  while (bot.exitedWith === undefined) await tick();
  expect((await bot.exitFacts(mark))?.error?.message).toBe('Error: second');
  expect((await bot.exitFacts())?.error?.message).toBe('Error: first');
});

test("every secret-named variable of the bot's environment is redacted from its output, its token first", async () => {
  const env = {
    ...ENV,
    DISCORD_TOKEN: 'MTIz.fake-bot-token.value',
    MY_API_KEY: 'sk-live-secret-9876',
    DISCORD_PUBLIC_KEY: 'abcdef0123456789',
  };
  const bot = await exited('echo "token $DISCORD_TOKEN key $MY_API_KEY public $DISCORD_PUBLIC_KEY"; exit 1', env);
  expect((await bot.exitFacts())!.lastLines).toEqual(['token [REDACTED] key [REDACTED] public abcdef0123456789']);
});

test('stopping the bot leaves no timer running to hold the runner after its summary', async () => {
  // The timers created from here on that are still pending (neither fired nor cleared).
  const pending = new Set<number>();
  const hook = createHook({
    init: (id, type) => void (type === 'Timeout' && pending.add(id)),
    destroy: (id) => void pending.delete(id),
  }).enable();
  try {
    const bot = new BotProcess('sleep 30', testdir(), ENV);
    await bot.stop();
    expect(bot.exitedWith).not.toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(pending.size).toBe(0);
  } finally {
    hook.disable();
  }
});

/**
 * A process group left with only a zombie: its member exited, and its parent (outside the group, as the machine's
 * init is to a bot whose shell is gone) has not reaped it yet. Signalling the group still succeeds; nothing runs.
 */
test.runIf(process.platform === 'linux')(
  'a group whose only member is a zombie is gone; a running one is not',
  async () => {
    // The parent forks a child that leaves for a group of its own and exits; the parent never waits for it.
    const parent = spawn(
      'python3',
      [
        '-c',
        'import os,time\npid=os.fork()\nif pid==0:\n  os.setpgid(0,0)\n  os._exit(0)\nprint(pid,flush=True)\ntime.sleep(30)',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const zombie = Number(
        await new Promise<string>((resolve) => parent.stdout.once('data', (d) => resolve(String(d)))),
      );
      const state = () => readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]!.split(' ');
      while (state()[0] !== 'Z' || Number(state()[2]) !== zombie) await tick();
      expect(() => process.kill(-zombie, 0)).not.toThrow();
      expect(groupAlive(zombie)).toBe(false);
      expect(groupAlive(parent.pid!)).toBe(false); // not a group leader: no group of that id
      const running = new BotProcess('sleep 30', testdir(), ENV);
      expect(groupAlive(running.pid!)).toBe(true);
      await running.stop();
      expect(groupAlive(running.pid!)).toBe(false);
    } finally {
      parent.kill('SIGKILL');
    }
  },
);
