/**
 * `cmdsync say` as a spawned process against a spawned `cmdsync emulator`: a
 * member's post is a channel message a bot reads (and sees as MESSAGE_CREATE:
 * test/emulator/channel-messages-events.test.ts), and a refusal is the
 * service's, with exit 1.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, CH, GUILD, messageSeed } from '../emulator/channel-messages-setup.js';
import { runBin, spawnEmulatorCli } from '../helpers/cli.js';

describe('cmdsync say against a running emulator', () => {
  let dir: string;
  let proc: ChildProcess;
  let env: Record<string, string>;
  let api: string;
  let botToken: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cmdsync-say-'));
    writeFileSync(join(dir, 'seed.json'), JSON.stringify(messageSeed));
    const em = await spawnEmulatorCli(['--port', '0', '--seed', 'seed.json', '--no-rate-limits'], { cwd: dir });
    proc = em.proc;
    api = em.vars.CMDSYNC_API_URL!;
    botToken = em.vars.DISCORD_TOKEN ?? em.vars.DISCORD_BOT_TOKEN!;
    env = { CMDSYNC_API_URL: api, CMDSYNC_EMULATOR_CONTROL_TOKEN: em.vars.CMDSYNC_EMULATOR_CONTROL_TOKEN! };
  }, 30_000);
  afterAll(() => {
    proc?.kill('SIGTERM');
  });

  it('posts as the member and prints the message; the bot reads it in the channel', async () => {
    const r = await runBin(['say', CH.general, '!ping', '--user', ALICE], { cwd: dir, env });
    expect(r.stderr).toBe('');
    const said = /^alice said \(message (\d+)\):\n {2}!ping\n$/.exec(r.stdout);
    expect(said, r.stdout).not.toBeNull();
    expect(r.code).toBe(0);
    const res = await fetch(`${api}/channels/${CH.general}/messages/${said![1]}`, {
      headers: { authorization: `Bot ${botToken}` },
    });
    expect(await res.json()).toMatchObject({
      id: said![1],
      content: '!ping',
      author: { id: ALICE, username: 'alice' },
      type: 0,
    });
  });

  it("--json prints the message; a refusal is the service's, exit 1", async () => {
    const ok = await runBin(['say', CH.general, 'hello', '--user', ALICE, '--json'], { cwd: dir, env });
    expect(JSON.parse(ok.stdout)).toMatchObject({
      outcome: 'posted',
      message: { content: 'hello', channel_id: CH.general },
    });
    const quiet = await runBin(['say', CH.quiet, 'hello', '--user', ALICE, '--json'], { cwd: dir, env });
    expect(quiet.code).toBe(1);
    expect(JSON.parse(quiet.stdout)).toMatchObject({ outcome: 'refused', status: 403, code: 50013 });
    const text = await runBin(['say', CH.quiet, 'hello', '--user', ALICE], { cwd: dir, env });
    expect(text).toMatchObject({ code: 1, stdout: '', stderr: 'refused: Missing Permissions (50013)\n' });
  });

  it('takes the channel and the member by name, as invoke does; an unknown name lists the known ones, exit 1', async () => {
    const r = await runBin(['say', '#general', 'by name', '--user', '@alice'], { cwd: dir, env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const said = /^alice said \(message (\d+)\):/.exec(r.stdout);
    const res = await fetch(`${api}/channels/${CH.general}/messages/${said![1]}`, {
      headers: { authorization: `Bot ${botToken}` },
    });
    expect(await res.json()).toMatchObject({ content: 'by name', channel_id: CH.general, author: { id: ALICE } });
    const typo = await runBin(['say', 'genral', 'hi', '--user', 'alice'], { cwd: dir, env });
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(
      `no channel named "#genral" in guild Messages (${GUILD}); channels: #general (${CH.general})`,
    );
    expect(typo.stderr).toContain('did you mean #general?');
    const who = await runBin(['say', 'general', 'hi', '--user', 'alcie'], { cwd: dir, env });
    expect(who.code).toBe(1);
    expect(who.stderr).toContain(`no user named "@alcie" in guild Messages (${GUILD}); users: @alice (${ALICE})`);
  });

  it('checks its arguments before it talks to the emulator', async () => {
    const noUser = await runBin(['say', CH.general, 'hi'], { cwd: dir, env });
    expect(noUser.code).toBe(1);
    expect(noUser.stderr).toContain('say needs --user ID|NAME');
    const badChannel = await runBin(['say', ' ', 'hi', '--user', ALICE], { cwd: dir, env });
    expect(badChannel.code).toBe(1);
    expect(badChannel.stderr).toContain('CHANNEL takes an id or a name');
    expect(badChannel.stderr).not.toMatch(/\n\s+at /);
  });
});
