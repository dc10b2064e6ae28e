import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBin, STACK } from '../helpers/cli.js';
import { startHttpBot, type HttpBot, type HttpBotOptions } from '../helpers/http-bot.js';
import { BOB, GENERAL, interactionSeed } from '../helpers/interaction-seed.js';

/** `cmdsync emulator` as a real process, with the bot's URL as the interactions endpoint; resolves with what it printed. */
function spawnEmulator(
  dir: string,
  interactionsUrl: string,
): Promise<{ proc: ChildProcess; vars: Record<string, string>; stderr: () => string }> {
  const seed = join(dir, 'seed.json');
  writeFileSync(seed, JSON.stringify(interactionSeed()));
  const proc = spawn(
    process.execPath,
    [BIN, 'emulator', '--port', '0', '--seed', seed, '--no-rate-limits', '--interactions-url', interactionsUrl],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '' },
    },
  );
  let out = '';
  let err = '';
  proc.stderr!.on('data', (c) => (err += c));
  return new Promise((resolve, reject) => {
    proc.on('exit', (code) => reject(new Error(`emulator exited ${code}: ${err}`)));
    proc.stdout!.on('data', (c) => {
      out += c;
      if (!out.includes('Press Ctrl+C')) return;
      const vars = Object.fromEntries(
        out
          .split('\n')
          .filter((l) => /^[A-Z_]+=/.test(l))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      resolve({ proc, vars, stderr: () => err });
    });
  });
}

describe('cmdsync invoke against a running emulator and an HTTP bot', () => {
  let dir: string;
  let bot: HttpBot;
  const botOpts: HttpBotOptions = { publicKey: '', apiBase: '' };
  let em: Awaited<ReturnType<typeof spawnEmulator>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cmdsync-invoke-'));
    bot = await startHttpBot(botOpts);
    em = await spawnEmulator(dir, bot.url);
    // The bot is configured the way a developer configures it: the printed public key and REST base.
    botOpts.publicKey = em.vars.DISCORD_PUBLIC_KEY!;
    botOpts.apiBase = em.vars.CMDSYNC_API_URL!;
    env = {
      CMDSYNC_API_URL: em.vars.CMDSYNC_API_URL!,
      CMDSYNC_EMULATOR_CONTROL_TOKEN: em.vars.CMDSYNC_EMULATOR_CONTROL_TOKEN!,
    };
  }, 20_000);
  afterAll(async () => {
    em?.proc.kill('SIGTERM');
    await bot?.close();
  });

  it('prints the public key, a 64-hex Ed25519 key', () => {
    expect(em.vars.DISCORD_PUBLIC_KEY).toMatch(/^[0-9a-f]{64}$/);
  });

  it("prints the bot's answer as the user sees it, exit 0", async () => {
    const r = await runBin(['invoke', '/hello', '--channel', GENERAL, '--user', BOB], { cwd: dir, env });
    // A plain answer: nothing on stderr, no hint (the bot gave no sign of sending more).
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`Helper answered:\n  Hello <@${BOB}>\n  [embed] Greeting\n`);
    expect(r.code).toBe(0);
  });

  it('an ephemeral answer says so', async () => {
    const r = await runBin(['invoke', '/secret', '--channel', GENERAL, '--user', BOB], { cwd: dir, env });
    expect(r.stdout).toBe('Helper answered:\n  only you\n  (only you can see this)\n');
  });

  it('a deferred answer with its edit and follow-up within --wait', async () => {
    const r = await runBin(['invoke', '/slow', '--channel', GENERAL, '--user', BOB, '--wait', '1'], { cwd: dir, env });
    expect(r.stdout).toBe('Helper deferred, then answered:\n  done thinking\nfollow-up:\n  and one more thing\n');
    expect(r.code).toBe(0);
  });

  it('a deferred answer without --wait: its edit and the follow-up sent right behind it are awaited, and the hint counts it', async () => {
    const r = await runBin(['invoke', '/slow', '--channel', GENERAL, '--user', BOB], { cwd: dir, env });
    expect(r.stdout).toBe('Helper deferred, then answered:\n  done thinking\nfollow-up:\n  and one more thing\n');
    // The bot is evidently not done (it deferred, and followed up): one line says how to see more.
    expect(r.stderr).toBe('hint: Helper may send more for 15 minutes; --wait SECONDS shows them\n');
    expect(r.code).toBe(0);
  });

  it('autocomplete choices', async () => {
    const r = await runBin(['invoke', '/search fruit:ap', '--autocomplete', '--channel', GENERAL, '--user', BOB], {
      cwd: dir,
      env,
    });
    expect(r.stdout).toBe('Helper offered 2 choices:\n  apple\n  apricot\n');
    expect(r.code).toBe(0);
  });

  it('--json: the interaction sent (token masked) and what came back', async () => {
    const r = await runBin(['invoke', '/bonjour', '--locale', 'fr', '--channel', GENERAL, '--user', BOB, '--json'], {
      cwd: dir,
      env,
    });
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({
      outcome: 'answered',
      delivery: 'http',
      interaction: { token: '[redacted]', locale: 'fr', data: { name: 'hello' } },
      callback: { type: 4 },
    });
    expect(r.stdout).not.toContain(bot.received.at(-1).token);
  });

  it('a command the member may not use is not in their picker: said with the reason, exit 1', async () => {
    const r = await runBin(['invoke', '/admin', '--channel', GENERAL, '--user', BOB], { cwd: dir, env });
    expect(r.stdout).toBe(
      "/admin is not in bob's command picker here.\n  why: default_member_permissions needs MANAGE_GUILD; the member lacks MANAGE_GUILD\n",
    );
    expect(r.code).toBe(1);
  });

  it('--dm: in a DM with the bot (context 1), the guild install authorizing it', async () => {
    const r = await runBin(['invoke', '/hello', '--dm', '--user', BOB, '--json'], { cwd: dir, env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).interaction).toMatchObject({
      context: 1,
      authorizing_integration_owners: { '0': '0' },
      user: { id: BOB },
    });
  });

  it('--private-channel: refused for an app installed in guilds only, exit 1', async () => {
    const r = await runBin(['invoke', '/hello', '--private-channel', '--user', BOB], { cwd: dir, env });
    expect(r.stdout).toContain("/hello is not in bob's command picker here.");
    expect(r.stdout).toContain('USER_INSTALL');
    expect(r.code).toBe(1);
    const both = await runBin(['invoke', '/hello', '--dm', '--guild', '120000000000000001'], { cwd: dir, env });
    expect(both.code).not.toBe(0);
    expect(both.stderr).toContain('leave out --guild');
    expect(both.stderr).not.toMatch(STACK);
  });

  it('a bad line: the caret under the bad token, exit 1, no stack trace', async () => {
    const r = await runBin(['invoke', '/search fruit:ap colour:red', '--channel', GENERAL, '--user', BOB], {
      cwd: dir,
      env,
    });
    expect(r.stderr).toBe(
      '/search fruit:ap colour:red\n                 ^^^^^^ unknown option "colour" (options: fruit)\n',
    );
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(STACK);
  });

  it('"The application did not respond" after 3 s, exit 1', async () => {
    const r = await runBin(['invoke', '/silent', '--channel', GENERAL, '--user', BOB], { cwd: dir, env });
    expect(r.stdout).toBe(
      'The application did not respond: no callback arrived within 3 s (the first answer must come within 3 s; defer with callback type 5 for slow work).\n',
    );
    expect(r.code).toBe(1);
  }, 15_000);

  it('a wrong control token: a clear error, the token not echoed', async () => {
    const r = await runBin(['invoke', '/hello', '--channel', GENERAL], {
      cwd: dir,
      env: { ...env, CMDSYNC_EMULATOR_CONTROL_TOKEN: 'wrong-secret' },
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('control token');
    expect(r.stderr + r.stdout).not.toContain('wrong-secret');
    expect(r.stderr).not.toMatch(STACK);
  });

  it('the emulator reported the endpoint check', () => {
    expect(em.stderr()).toContain('answers PING and refuses bad signatures');
  });
});
