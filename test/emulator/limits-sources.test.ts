/**
 * The emulator's limits come from where the user says them: a seed's
 * `limits:`, `cmdsync emulator --limit KEY=N`, and for `--emulator` sessions
 * the manifest's `limits:` (lint accepts 15 USER commands there; the
 * emulator must too).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runBin, spawnEmulatorCli } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';
import { bot, call, start } from './helpers.js';

let em: RunningEmulator | undefined;
afterEach(async () => {
  await em?.close();
  em = undefined;
});

const users = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 2, name: `User ${i}` }));

describe('limits from the seed, the flags and the manifest', () => {
  test("a seed's limits: 6 USER commands where the spec says 5", async () => {
    em = await start({ seed: { limits: { user_commands: 15 } } });
    const r = await call(em, 'PUT', `/applications/${em.credentials.applicationId}/commands`, {
      auth: bot(em),
      body: users(6),
    });
    expect(r.status).toBe(200);
    expect(em.limits.user_commands).toBe(15);
    const over = await call(em, 'PUT', `/applications/${em.credentials.applicationId}/commands`, {
      auth: bot(em),
      body: users(16),
    });
    expect(over.body.code).toBe(30032);
  });

  test('an unknown limit or a bad value in a seed is a clear start error', async () => {
    await expect(start({ seed: { limits: { user_comands: 15 } as never } })).rejects.toThrow(/limits\.user_comands/);
    await expect(start({ seed: { limits: { user_commands: -1 } } })).rejects.toThrow(/limits\.user_commands/);
  });

  test('cmdsync emulator --limit user_commands=15', async () => {
    const { proc, out } = await spawnEmulatorCli([
      '--port',
      '0',
      '--no-rate-limits',
      '--limit',
      'user_commands=15',
      '--limit',
      'message_commands=7',
    ]);
    try {
      const url = /CMDSYNC_API_URL=(\S+)/.exec(out)![1]!;
      const token = /DISCORD_TOKEN=(\S+)/.exec(out)![1]!;
      const app = /DISCORD_APPLICATION_ID=(\d+)/.exec(out)![1]!;
      const r = await call({ url } as RunningEmulator, 'PUT', `/applications/${app}/commands`, {
        auth: `Bot ${token}`,
        body: users(6),
      });
      expect(r.status).toBe(200);
      expect(out).toContain('# limits: message_commands=7, user_commands=15');
    } finally {
      proc.kill('SIGTERM');
    }
  });

  test('cmdsync emulator --limit with a bad key or value: a clear error, exit 1 (as --port)', async () => {
    for (const [arg, says] of [
      ['user_comands=15', '"user_comands" is not a limit'],
      ['user_commands=x', '--limit takes KEY=N'],
    ]) {
      const r = await runBin(['emulator', '--port', '0', '--limit', arg!], { cwd: testdir() });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(says);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    }
  });

  test("apply --emulator takes the manifest's limits", async () => {
    const dir = testdir();
    const manifest = { application_id: '1000000000000000001', limits: { user_commands: 15 }, commands: users(6) };
    writeFileSync(join(dir, 'cmdsync.json'), JSON.stringify(manifest, null, 2));
    const r = await runBin(['apply', '--emulator', '--auto-approve', '-m', 'cmdsync.json'], { cwd: dir });
    expect(r.stderr).not.toContain('30032');
    expect(r.code).toBe(0);
  });
});
