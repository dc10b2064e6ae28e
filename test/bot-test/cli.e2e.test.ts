/**
 * `cmdsync test` as a user runs it: the built binary, real bots. A failing
 * expectation exits 1 with the mismatch side by side; an unknown member is
 * an error in the test, said so; the junit and JSON reports; a bot that
 * never gets ready is the file's problem, with its output, and neither it
 * nor the child it started is left running; a usage error exits 2.
 * (`npm run build` first.)
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { BIN, runBin, STACK } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

const GATEWAY = join(FIXTURES, 'bot-test/bots/gateway');
const HTTP = join(FIXTURES, 'bot-test/bots/http');

function running(fragment: string): string[] {
  return execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(fragment) && !l.includes('ps -eo'));
}

test('a failing expectation exits 1 with expected and actual; an unknown member is an error in the test; the others still run', async () => {
  const r = await runBin(['test', 'failing.test.yaml'], { cwd: GATEWAY, timeoutMs: 90_000 });
  expect(r.code).toBe(1);
  const lines = r.stdout.split('\n');
  expect(lines[0]).toMatch(/^✗ failing\.test\.yaml › ping is expected to say hello \(\d+ ms\)$/);
  expect(lines[1]).toMatch(/a member nobody declared .*error in the test/);
  expect(lines[2]).toMatch(/^✓ failing\.test\.yaml › ping still answers/);
  expect(r.stdout).toMatch(/reply\.content \(line 11\)\s+"hello"\s+"pong"/);
  expect(r.stdout).toMatch(/error in the test, not the bot: no user named "@?carol"/);
  // A failing scenario's transcript keeps the bot's own output, in order.
  expect(r.stdout).toMatch(/bot stdout: command \/ping from alice/);
  expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed, 1 error');
  expect(r.stderr).not.toMatch(STACK);
}, 120_000);

test('--reporter junit --output FILE writes the XML and still streams the lines; --json prints the run', async () => {
  const dir = testdir();
  const out = join(dir, 'junit.xml');
  const r = await runBin(['test', join(HTTP, 'passing.test.yaml'), '--reporter', 'junit', '--output', out], {
    cwd: dir,
    timeoutMs: 90_000,
  });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/✓ .*passing\.test\.yaml › ping answers/);
  expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('5 passed, 0 failed');
  const xml = readFileSync(out, 'utf8');
  expect(xml).toMatch(/<testsuites/);
  expect(xml).toMatch(/tests="5"/);

  const j = await runBin(['test', join(HTTP, 'passing.test.yaml'), '--json'], { cwd: dir, timeoutMs: 90_000 });
  expect(j.code, j.stderr).toBe(0);
  const doc = JSON.parse(j.stdout);
  expect(doc).toMatchObject({ passed: 5, failed: 0 });
}, 180_000);

test('a bot that never gets ready: the file cannot run (exit 1), its output is shown, and no process of it is left', async () => {
  const r = await runBin(['test', 'never-ready.test.yaml', '--ready-timeout', '2'], {
    cwd: GATEWAY,
    timeoutMs: 60_000,
  });
  expect(r.code).toBe(1);
  expect(r.stdout).toMatch(/not ready within 2 s \(no gateway session identified\)/);
  expect(r.stdout).toMatch(/starting, never ready/);
  expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 0 failed, 1 error');
  expect(running('never-ready')).toEqual([]);
}, 90_000);

test('usage errors exit 2: an unknown reporter, no test file', async () => {
  const bad = await runBin(['test', '--reporter', 'xml'], { cwd: GATEWAY });
  expect(bad.code).toBe(2);
  const none = await runBin(['test'], { cwd: testdir({ 'README.md': 'nothing here' }) });
  expect(none.code).toBe(2);
  expect(none.stderr).toMatch(/no \*\.test\.yaml files/);
});

test('interrupted (SIGINT) mid-run, the runner stops the bot before it exits', async () => {
  const dir = testdir();
  const pidFile = join(dir, 'bot.pid');
  const child = spawn(
    process.execPath,
    [BIN, 'test', 'passing.test.yaml', '--bot', `node bot.mjs & echo $! > ${pidFile}; wait`],
    {
      cwd: GATEWAY,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const firstLine = new Promise<void>((resolve) =>
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve();
    }),
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await firstLine;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  expect(alive(pid)).toBe(true);
  child.kill('SIGINT');
  expect(await exited).toBe(130);
  // SIGKILL went to the group before the exit; the kernel finishes the bot (and init reaps it) a moment later under load.
  const until = Date.now() + 5_000;
  while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(alive(pid)).toBe(false);
}, 90_000);

/** Running: in the process table and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
