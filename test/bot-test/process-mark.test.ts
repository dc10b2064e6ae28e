/**
 * The mark the bot's processes carry (run/process-mark.ts), real processes:
 * found by the exact entry in their environment and nothing near it, never
 * a process without it; a group named as signalled already is left out; and
 * BotProcess.stop ends what the bot started with `setsid`, also after the
 * bot itself has exited. Linux only: elsewhere no mark is read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { BotProcess } from '../../src/bot-test/run/bot-process.js';
import { MARK_VARIABLE, ProcessMark } from '../../src/bot-test/run/process-mark.js';
import { testdir } from '../helpers/tmp.js';

const ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0).filter(running)) process.kill(pid, 'SIGKILL');
});

/** A `sleep` with `env`, in a group of its own when `detached`. */
function sleeper(env: NodeJS.ProcessEnv, detached = false): ChildProcess {
  const child = spawn('sleep', ['30'], { env: { ...ENV, ...env }, detached, stdio: 'ignore' });
  started.push(child.pid!);
  return child;
}

/** In the process table and not a zombie. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function gone(pid: number): Promise<boolean> {
  const until = performance.now() + 3_000;
  while (running(pid) && performance.now() < until) await tick();
  return !running(pid);
}

describe.runIf(process.platform === 'linux')('the mark', () => {
  test('only the processes whose environment holds the exact entry carry it, and only they are signalled', async () => {
    const mark = new ProcessMark();
    const marked = sleeper(mark.add({}));
    const others = [
      sleeper({ [MARK_VARIABLE]: `${mark.value}0` }),
      sleeper({ [MARK_VARIABLE]: mark.value.slice(0, -1) }),
      sleeper({ [`${MARK_VARIABLE}_X`]: mark.value }),
      sleeper({ [`X${MARK_VARIABLE}`]: mark.value }),
      sleeper({ X: `${MARK_VARIABLE}=${mark.value}` }),
      sleeper({ [MARK_VARIABLE]: new ProcessMark().value }),
    ];
    // A spawned child's environment is in place once it has exec'd: seen on the next looks.
    const until = performance.now() + 3_000;
    while (mark.pids().length === 0 && performance.now() < until) await tick();
    expect(mark.pids()).toEqual([marked.pid]);
    expect(mark.signal('SIGKILL')).toBe(true);
    expect(await gone(marked.pid!)).toBe(true);
    expect(others.filter((c) => running(c.pid!))).toEqual(others);
    expect(mark.signal('SIGKILL')).toBe(false);
  });

  test('a marked process of the group said to be signalled already is left out', async () => {
    const mark = new ProcessMark();
    const leader = sleeper(mark.add({}), true);
    const until = performance.now() + 3_000;
    while (mark.pids().length === 0 && performance.now() < until) await tick();
    expect(mark.pids()).toEqual([leader.pid]);
    expect(mark.pids(leader.pid)).toEqual([]);
  });

  test('stopping the bot ends what it started with setsid, after the bot itself has exited', async () => {
    const dir = testdir();
    const bot = new BotProcess(
      `setsid sh -c 'echo $$ > daemon.pid; exec sleep 30' </dev/null >/dev/null 2>&1 &`,
      dir,
      ENV,
    );
    while (bot.exitedWith === undefined || !existsSync(join(dir, 'daemon.pid'))) await tick();
    const daemon = Number(readFileSync(join(dir, 'daemon.pid'), 'utf8'));
    started.push(daemon);
    expect(running(daemon)).toBe(true);
    await bot.stop();
    expect(await gone(daemon)).toBe(true);
  });
});
