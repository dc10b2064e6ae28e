import { existsSync, readFileSync } from 'node:fs';
import { request } from 'undici';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { describe, expect, test } from './context.js';
import type { TempDir } from './context.js';
import { TestClock } from './clock.js';

// Values kept from one test to the next, to see what the fixtures left behind.
let dirOfFirst: TempDir | undefined;
let emulatorOfFirst: RunningEmulator | undefined;
let stubOfFirst: string | undefined;

describe('the shared fixtures', () => {
  test('tmp writes files; emulator answers; restStub answers as told', async ({ tmp, emulator, restStub }) => {
    tmp.write({ 'a/b.txt': 'x' });
    expect(readFileSync(tmp.join('a/b.txt'), 'utf8')).toBe('x');
    dirOfFirst = tmp;
    const res = await request(`${emulator.url}/applications/@me`, {
      headers: { authorization: `Bot ${emulator.credentials.botToken}` },
    });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
    emulatorOfFirst = emulator;
    const stub = await restStub((_req, res) => res.writeHead(418).end());
    stubOfFirst = stub.origin;
    expect((await request(`${stub.origin}/x`)).statusCode).toBe(418);
  });

  test('after a test its temp dir is removed, its emulator and stub closed', async () => {
    expect(dirOfFirst && existsSync(dirOfFirst.path)).toBe(false);
    await expect(request(emulatorOfFirst!.url)).rejects.toThrow();
    await expect(request(stubOfFirst!)).rejects.toThrow();
  });

  test('cli runs the built binary in the temp dir', async ({ cli, tmp }) => {
    tmp.write({ 'cmdsync.yaml': 'commands:\n  - name: ping\n    description: Replies with pong\n' });
    const r = await cli(['lint']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  test('clock moves only when told', ({ clock }) => {
    const t = clock.now();
    expect(clock.now()).toBe(t);
    clock.advance(15 * 60_000);
    expect(clock.now() - t).toBe(15 * 60_000);
  });

  test("clock's timers fire in order as it passes them, at their moment, and never on their own", async ({ clock }) => {
    const fired: Array<[string, number]> = [];
    const start = clock.now();
    const waiting = clock.waiting();
    clock.setTimeout(() => fired.push(['b', clock.now() - start]), 300);
    await waiting;
    clock.setTimeout(() => fired.push(['a', clock.now() - start]), 100);
    clock.clearTimeout(clock.setTimeout(() => fired.push(['cleared', 0]), 50));
    await new Promise((r) => setTimeout(r, 20));
    expect(fired).toEqual([]);
    clock.advance(299);
    expect(fired).toEqual([['a', 100]]);
    clock.advance(1);
    expect(fired).toEqual([
      ['a', 100],
      ['b', 300],
    ]);
    expect(clock.pending).toBe(0);
  });
});

describe('a running clock', () => {
  test('moves with real time, its timers fire on their own, and advance jumps ahead', async () => {
    const clock = new TestClock(Date.now(), { running: true });
    const t = clock.now();
    await new Promise<void>((r) => clock.setTimeout(r, 30));
    expect(clock.now() - t).toBeGreaterThanOrEqual(29);
    let fired = false;
    clock.setTimeout(() => (fired = true), 60_000);
    clock.advance(60_000);
    expect(fired).toBe(true);
    expect(clock.now() - t).toBeGreaterThanOrEqual(60_000);
  });
});

describe('emulatorOptions overridden for a describe', () => {
  test.override('emulatorOptions', { limits: { user_commands: 7 } });
  test('the emulator starts with them', ({ emulator }) => {
    expect(emulator.limits.user_commands).toBe(7);
  });
});
