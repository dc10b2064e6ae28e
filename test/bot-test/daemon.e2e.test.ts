/**
 * `cmdsync test` ends what the bot started in sessions of its own (issue 40
 * item 5): a `setsid` process that ignores TERM and a Node child spawned
 * `detached` and unref'd (fixtures/bot-test/bots/daemon/) are gone once the
 * runner returns, and once a runner interrupted by SIGINT has exited. Linux:
 * elsewhere only the bot's process group is ended (docs/bot-test.md).
 * (`npm run build` first.)
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { BIN, runBin } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

const DAEMON = join(FIXTURES, 'bot-test/bots/daemon');
const LEFT = ['setsid.pid', 'detached.pid'];

/** Running: in the process table and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The pids the bot's leftovers wrote, once both are there. */
async function leftPids(dir: string): Promise<number[]> {
  const until = Date.now() + 10_000;
  while (!LEFT.every((f) => existsSync(join(dir, f))) && Date.now() < until)
    await new Promise((r) => setTimeout(r, 20));
  const pids = LEFT.map((f) => Number(readFileSync(join(dir, f), 'utf8')));
  seen.push(...pids);
  return pids;
}

/** What a failing run left is ended by the test, not left on the machine. */
const seen: number[] = [];
afterEach(() => {
  for (const pid of seen.splice(0).filter(alive)) process.kill(pid, 'SIGKILL');
});

/** Those still running a moment later: a KILL lands at once, but the kernel ends a process (and init reaps it) a little later under load. */
async function stillRunning(pids: number[]): Promise<number[]> {
  const until = Date.now() + 3_000;
  while (pids.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return pids.filter(alive);
}

describe.runIf(process.platform === 'linux')('what the bot started in sessions of its own', () => {
  test('is gone once the run is over', async () => {
    const pids = testdir();
    const r = await runBin(['test', 'daemon.test.yaml'], {
      cwd: DAEMON,
      env: { DAEMON_PIDS: pids },
      timeoutMs: 60_000,
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const left = await leftPids(pids);
    expect(left.every((pid) => pid > 0)).toBe(true);
    expect(await stillRunning(left)).toEqual([]);
  }, 90_000);

  test('is gone once a runner interrupted by SIGINT has exited', async () => {
    const pids = testdir();
    const child = spawn(process.execPath, [BIN, 'test', 'never-ready.test.yaml'], {
      cwd: DAEMON,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DAEMON_PIDS: pids },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Both are running while the runner waits for a ready line that never comes (30 s).
    const left = await leftPids(pids);
    expect(left.filter(alive)).toEqual(left);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(await stillRunning(left)).toEqual([]);
  }, 90_000);
});
