/**
 * Fetches that do not go to the service (a webhook avatar given as a URL, the
 * --notify webhook) against a loopback server that never answers, or answers
 * with a body that never ends: each gives up after its timeout or size cap,
 * with a clear message, and the run ends.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { BIN, STACK, type RunResult } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

const APP = '500000000000000001';
const GUILD = '600000000000000001';
const A = '610000000000000001';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).reverse()) await r.close();
});

/** A loopback HTTP server that misbehaves: `silent` never answers; `endless` sends an image that never ends. */
async function badServer(kind: 'silent' | 'endless'): Promise<{ url: string; bytesSent: () => number }> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let sent = 0;
  const server: Server = createServer((_req, res: ServerResponse) => {
    if (kind === 'silent') return;
    res.writeHead(200, { 'content-type': 'image/png' });
    const chunk = Buffer.alloc(64 * 1024, 1);
    const pump = () => {
      while (res.write(chunk)) sent += chunk.length;
      sent += chunk.length;
    };
    res.on('drain', pump);
    res.on('close', () => res.off('drain', pump));
    pump();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
  running.push({
    close: () => {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      return new Promise((res) => server.close(() => res()));
    },
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bytesSent: () => sent };
}

/** The built CLI, killed after `limitMs` if it has not ended by itself (code null then: a hang). */
function runWithLimit(
  args: string[],
  cwd: string,
  env: Record<string, string>,
  limitMs: number,
): Promise<RunResult & { ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

async function emulator(): Promise<RunningEmulator> {
  const em = await startEmulator({
    port: 0,
    seed: { applications: [{ id: APP }], guilds: [{ id: GUILD, channels: [{ id: A, type: 0, name: 'a' }] }] },
    rateLimits: false,
  });
  running.push(em);
  return em;
}

// Short limits so the test is quick; the defaults are 10 s and the service's avatar size.
const LIMITS = { CMDSYNC_FETCH_TIMEOUT_MS: '400' };
/**
 * An endless body must be stopped by the size cap, not the clock: with 400 ms
 * a loaded machine (CI's 2 cores) did not move 10 MiB in time and the timeout
 * answered instead. The cap still ends it well inside these (the avatar's
 * 10 MiB, the notify answer's 64 KiB), and the run's own limit still catches a hang.
 */
const ENDLESS_LIMITS = { avatar: { CMDSYNC_FETCH_TIMEOUT_MS: '15000' }, notify: { CMDSYNC_FETCH_TIMEOUT_MS: '5000' } };

describe('a webhook avatar URL', () => {
  for (const kind of ['silent', 'endless'] as const) {
    it(`that ${kind === 'silent' ? 'never answers' : 'streams forever'}: apply stops with the avatar's file:line:col, exit 1, and creates nothing`, async () => {
      const em = await emulator();
      const server = await badServer(kind);
      const cwd = testdir({
        'cmdsync.yaml': `application_id: "${APP}"\nwebhooks:\n  - channel_id: "${A}"\n    name: Deploys\n    avatar: ${server.url}/logo.png\n`,
      });
      const env = {
        DISCORD_TOKEN: em.credentials.botToken,
        CMDSYNC_API_URL: em.url,
        ...(kind === 'silent' ? LIMITS : ENDLESS_LIMITS.avatar),
      };
      const r = await runWithLimit(['apply', '--auto-approve'], cwd, env, 25_000);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        kind === 'silent'
          ? /cmdsync\.yaml:5:13: .*avatar.*no answer within 400 ms/
          : /cmdsync\.yaml:5:13: .*avatar.*larger than 10 MiB/,
      );
      expect(r.stderr).not.toMatch(STACK);
      expect(Object.keys(em.world.webhooks)).toEqual([]);
      // Nothing was sent, so nothing is left to recognise.
      expect(
        existsSync(join(cwd, 'cmdsync.lock.json'))
          ? JSON.parse(readFileSync(join(cwd, 'cmdsync.lock.json'), 'utf8')).intents
          : undefined,
      ).toBeUndefined();
      if (kind === 'endless') expect(server.bytesSent()).toBeLessThan(64 * 1024 * 1024);
    });
  }
});

describe('the --notify webhook', () => {
  for (const kind of ['silent', 'endless'] as const) {
    it(`that ${kind === 'silent' ? 'never answers' : 'streams forever'}: plan ends with a warning, within the timeout`, async () => {
      const em = await emulator();
      const server = await badServer(kind);
      const cwd = testdir({
        'cmdsync.yaml': `application_id: "${APP}"\ncommands:\n  - { name: ping, description: Ping }\n`,
      });
      const env = {
        DISCORD_TOKEN: em.credentials.botToken,
        CMDSYNC_API_URL: em.url,
        ...(kind === 'silent' ? LIMITS : ENDLESS_LIMITS.notify),
      };
      const r = await runWithLimit(
        ['plan', '--detailed-exitcode', '--notify', `${server.url}/api/v10/webhooks/123/secret-token`],
        cwd,
        env,
        20_000,
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        kind === 'silent'
          ? /warning: could not post the deploy report .*no answer within 400 ms/
          : /warning: could not post the deploy report .*larger than/,
      );
      expect(r.ms).toBeLessThan(8_000);
      expect(r.stderr).not.toContain('secret-token');
      expect(r.stderr).not.toMatch(STACK);
    });
  }
});
