import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

/**
 * The README's main command (`npm run demo`): the example manifest applied to
 * the embedded emulator, then nothing left to do. The example uses a
 * user-install command, an entry point-free global scope, guild permissions
 * and a webhook; its `application:` block says the application supports user
 * installs, and `--emulator` provisions that (only that: issue 24).
 */
describe('npm run demo, as the README promises', () => {
  it('applies fixtures/valid/example.yaml, and a second run has nothing to do', async () => {
    const cwd = testdir({});
    // Not the lock file a local `npm run demo` leaves beside the fixture: this run starts from nothing, as a fresh clone does.
    cpSync(join(FIXTURES, 'valid'), join(cwd, 'fixtures/valid'), {
      recursive: true,
      filter: (src) => !src.endsWith('cmdsync.lock.json'),
    });
    const args = ['apply', '--emulator', '--auto-approve', '-m', 'fixtures/valid/example.yaml'];
    const first = await runBin(args, { cwd });
    expect(first.stdout + first.stderr).not.toMatch(/error/i);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Apply complete! 7 created/m);
    const second = await runBin(args, { cwd });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('No changes.');
  });

  it('a lock file naming a webhook that is gone (an earlier emulator, a delete by hand) converges: one create, then nothing to do', async () => {
    const cwd = testdir({});
    cpSync(join(FIXTURES, 'valid'), join(cwd, 'fixtures/valid'), {
      recursive: true,
      filter: (src) => !src.endsWith('cmdsync.lock.json'),
    });
    const lock = join(cwd, 'fixtures/valid/cmdsync.lock.json');
    writeFileSync(lock, JSON.stringify({ format_version: 1, webhooks: { '1574747971835133952': { key: 'deploys' } } }));
    const args = ['apply', '--emulator', '--auto-approve', '-m', 'fixtures/valid/example.yaml'];
    const first = await runBin(args, { cwd });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('webhooks: 1 created, 0 updated, 0 deleted');
    const second = await runBin(args, { cwd });
    expect(second.stdout).toContain('No changes.');
    const keys = Object.values(
      (JSON.parse(readFileSync(lock, 'utf8')) as { webhooks: Record<string, { key?: string }> }).webhooks,
    ).map((w) => w.key);
    expect(keys).toEqual(['deploys']);
  });

  it('a command for user installs needs the application: block that says so; without it plan refuses it at its place and nothing is sent', async () => {
    const command =
      '  - { name: mine, description: Mine, integration_types: [guild_install, user_install], contexts: [guild, bot_dm, private_channel] }';
    const cwd = testdir({ 'cmdsync.yaml': `application_id: "500000000000000001"\ncommands:\n${command}\n` });
    const refused = await runBin(['apply', '--emulator', '--auto-approve'], { cwd });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /error: cmdsync\.yaml:3:\d+: The application does not support installation context 1/,
    );
    expect(refused.stdout).not.toContain('Apply complete');
    writeFileSync(
      join(cwd, 'cmdsync.yaml'),
      `application_id: "500000000000000001"\napplication: { integration_types: [guild_install, user_install] }\ncommands:\n${command}\n`,
    );
    const r = await runBin(['apply', '--emulator', '--auto-approve'], { cwd });
    expect(r.stdout).toMatch(/^Apply complete! 1 created/m);
    expect(r.code).toBe(0);
    expect((await runBin(['plan', '--emulator', '--detailed-exitcode'], { cwd })).code).toBe(0);
  });
});
