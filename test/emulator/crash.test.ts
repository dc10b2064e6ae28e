/**
 * Crash safety: a child process runs the built emulator on a data file; the
 * test sends writes and SIGKILLs it at random moments, many times. After each
 * kill the data file must load and hold every write acknowledged (2xx) before
 * the kill. Needs `npm run build` first (the test suite runs after the build).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { describe, expect, onTestFinished, test } from 'vitest';
import { Store } from '../../src/emulator/state/store.js';
import { seededRandom } from '../helpers/random.js';

const DIST = resolve(__dirname, '../../dist/emulator/index.js');
const ROUNDS = 20;
/** The kill moments come from this seed (CMDSYNC_CRASH_SEED replays a run); every failure message names it. */
const SEED = Number(process.env.CMDSYNC_CRASH_SEED ?? 20261124);

type Started = { proc: ChildProcess; url: string; token: string; app: string; guild: string };

/**
 * A child process that has imported the built emulator and starts it on a
 * data file when told. The import is most of a child's start-up: the next
 * round's child makes it while this round writes, and reads the data file
 * only once told, after this round's kill.
 */
function warmChild(): { start(dataFile: string, extra?: Record<string, unknown>): Promise<Started>; discard(): void } {
  const script = `
    const { startEmulator } = await import(${JSON.stringify(DIST)});
    const { createInterface } = await import('node:readline');
    createInterface({ input: process.stdin }).once('line', async (line) => {
      const em = await startEmulator(JSON.parse(line));
      process.stdout.write(JSON.stringify({ url: em.url, token: em.credentials.botToken, app: em.credentials.applicationId, guild: em.credentials.guildId }) + '\\n');
    });
  `;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const started = new Promise<Started>((resolveStart, reject) => {
    const rl = createInterface({ input: proc.stdout! });
    rl.once('line', (line) => resolveStart({ proc, ...JSON.parse(line) }));
    proc.once('exit', (code) => reject(new Error(`emulator child exited early (${code})`)));
  });
  started.catch(() => {}); // a discarded child's early exit is no failure; start() awaits the same promise
  return {
    start(dataFile, extra = {}) {
      const options = {
        dataFile,
        rateLimits: false,
        limits: { daily_creates: 1000000, chat_input_commands: 1000000 },
        ...extra,
      };
      proc.stdin!.write(`${JSON.stringify(options)}\n`);
      return started;
    },
    discard: () => proc.kill('SIGKILL'),
  };
}

/** Round after round, each started by a child warmed during the round before. */
function children(): { next(dataFile: string, extra?: Record<string, unknown>): Promise<Started>; close(): void } {
  let warm = warmChild();
  return {
    next(dataFile, extra) {
      const started = warm.start(dataFile, extra);
      warm = warmChild();
      return started;
    },
    close: () => warm.discard(),
  };
}

/**
 * Waits until the round has an acknowledged write (so every round kills a
 * writing emulator, however slow a loaded machine starts it), then a random
 * moment more before the kill.
 */
async function killMoment(ackedThisRound: () => number, random: (n: number) => number): Promise<void> {
  const giveUp = Date.now() + 20_000;
  while (ackedThisRound() === 0 && Date.now() < giveUp) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, random(180)));
}

describe('crash safety (SIGKILL at random moments)', () => {
  test('the build exists (run `npm run build` first)', () => {
    expect(existsSync(DIST), `${DIST} is missing: run npm run build`).toBe(true);
  });

  test(`${ROUNDS} kill/restart rounds lose no acknowledged write`, async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cmdsync-crash-')), 'world.json');
    const acked = new Set<string>();
    const random = seededRandom(SEED);
    let seq = 0;
    const spawner = children();
    onTestFinished(() => spawner.close());
    for (let round = 0; round < ROUNDS; round++) {
      const { proc, url, token, app } = await spawner.next(file);
      let alive = true;
      const writer = async () => {
        while (alive) {
          const name = `c${seq++}`;
          try {
            const res = await request(`${url}/applications/${app}/commands`, {
              method: 'POST',
              headers: { authorization: `Bot ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ name, description: `round ${round}` }),
            });
            await res.body.text();
            if (res.statusCode >= 200 && res.statusCode < 300) acked.add(name);
          } catch {
            return; // the connection died with the process
          }
        }
      };
      const before = acked.size;
      const writers = Array.from({ length: 4 }, writer);
      await killMoment(() => acked.size - before, random);
      proc.kill('SIGKILL');
      alive = false;
      await new Promise((r) => proc.once('exit', r));
      await Promise.all(writers);

      const loaded = Store.load(file);
      expect(loaded, `round ${round} (seed ${SEED}): data file missing`).toBeDefined();
      const names = new Set(Object.values(loaded!.world.commands).map((c) => c.name));
      const lost = [...acked].filter((n) => !names.has(n));
      expect(lost, `round ${round} (seed ${SEED}): acknowledged writes lost`).toEqual([]);
      expect(acked.size, `round ${round} (seed ${SEED}): no write was acknowledged before the kill`).toBeGreaterThan(
        before,
      );
    }
  }, 120_000);

  test(`${ROUNDS} kill/restart rounds of webhook executes with a small journal (compactions mid-run) lose no acknowledged message`, async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cmdsync-crash-journal-')), 'world.json');
    const acked = new Set<string>();
    let hook: { id: string; token: string } | undefined;
    const random = seededRandom(SEED);
    let seq = 0;
    const spawner = children();
    onTestFinished(() => spawner.close());
    for (let round = 0; round < ROUNDS; round++) {
      // 8 KiB: a compaction every dozen writes, so kills land in them too.
      const { proc, url, token, guild } = await spawner.next(file, {
        journalLimitBytes: 8192,
        maxMessagesPerChannel: 0,
      });
      if (!hook) {
        const loaded = Store.load(file)!;
        const channel = loaded.world.guilds[guild]!.channels.find((c) => c.type === 0)!.id;
        const res = await request(`${url}/channels/${channel}/webhooks`, {
          method: 'POST',
          headers: { authorization: `Bot ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'crash' }),
        });
        hook = (await res.body.json()) as { id: string; token: string };
      }
      let alive = true;
      const writer = async () => {
        while (alive) {
          try {
            const res = await request(`${url}/webhooks/${hook!.id}/${hook!.token}?wait=true`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ content: `message ${seq++} ${'x'.repeat(300)}` }),
            });
            const body = (await res.body.json()) as { id?: string };
            if (res.statusCode === 200 && body.id) acked.add(body.id);
          } catch {
            return;
          }
        }
      };
      const before = acked.size;
      const writers = Array.from({ length: 4 }, writer);
      await killMoment(() => acked.size - before, random);
      proc.kill('SIGKILL');
      alive = false;
      await new Promise((r) => proc.once('exit', r));
      await Promise.all(writers);

      const loaded = Store.load(file);
      expect(loaded, `round ${round} (seed ${SEED}): data file missing`).toBeDefined();
      const lost = [...acked].filter((id) => !loaded!.world.messages[id]);
      expect(lost, `round ${round} (seed ${SEED}): acknowledged messages lost`).toEqual([]);
      expect(acked.size, `round ${round} (seed ${SEED}): no message was acknowledged before the kill`).toBeGreaterThan(
        before,
      );
    }
  }, 120_000);
});
