/**
 * A bot that registers its own commands as it starts (issue 37 item 8):
 * `cmdsync test` says how they differ from the manifest's, command by
 * command in the plan's words, as a warning (exit 0), or an error with
 * `--strict` (exit 1); `--json` carries the same. Real bots: discord.js's
 * `application.commands.set()` on ready, discord.py's `tree.sync(guild=)` in
 * its setup hook (fixtures/bot-test/bots/own-commands/README.md). The built
 * binary (`npm run build` first).
 */
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runBin, STACK } from '../helpers/cli.js';
import { discordPyAvailable, discordPyTitle, PYTHON } from '../helpers/discord-py.js';
import { FIXTURES } from '../helpers/fixtures.js';

const DIR = join(FIXTURES, 'bot-test/bots/own-commands');

/** The drift block: from its headline to the line before the summary. */
function driftBlock(out: string): string[] {
  const lines = out.split('\n');
  const start = lines.findIndex((l) => /The bot registered its own commands/.test(l));
  expect(start, out).toBeGreaterThan(-1);
  return lines.slice(start, lines.indexOf('', start));
}

test("discord.js's application.commands.set(): each difference in the plan's words, a warning; the tests ran against the bot's commands", async () => {
  const r = await runBin(['test', 'drift-js.test.yaml'], { cwd: DIR, timeoutMs: 90_000 });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(driftBlock(r.stdout)).toEqual([
    '⚠ The bot registered its own commands as it started (PUT /applications/:applicationId/commands), and they differ from cmdsync.yaml:',
    "  ~ global/chat_input/ping: changed (cmdsync.yaml:5:5), the manifest's → the bot's",
    '      ~ description: "Replies with pong" → "Replies with Pong!"',
    '  - global/chat_input/user: removed, the manifest declares it (cmdsync.yaml:6:5)',
    '  + global/chat_input/server: added by the bot, not in the manifest',
    expect.stringMatching(/^ {2}The tests ran against the bot's commands.*--strict makes this an error/),
  ]);
  expect(r.stdout.trimEnd().split('\n').at(-1)).toBe("1 passed, 0 failed, 1 bot's commands differ from the manifest");
  expect(r.stderr).not.toMatch(STACK);

  const strict = await runBin(['test', 'drift-js.test.yaml', '--strict', '--json'], { cwd: DIR, timeoutMs: 90_000 });
  expect(strict.code, strict.stderr).toBe(1);
  const doc = JSON.parse(strict.stdout);
  expect(doc).toMatchObject({ format_version: '1.6', ok: false, passed: 1, failed: 0, drifted: 1 });
  expect(doc.files[0].commandDrift).toEqual({
    manifest: 'cmdsync.yaml',
    requests: [{ method: 'PUT', route: '/applications/:applicationId/commands', status: 200 }],
    differences: [
      {
        kind: 'changed',
        address: 'global/chat_input/ping',
        at: { file: 'cmdsync.yaml', line: 5, column: 5 },
        fields: [{ path: 'description', manifest: 'Replies with pong', bot: 'Replies with Pong!' }],
      },
      { kind: 'removed', address: 'global/chat_input/user', at: { file: 'cmdsync.yaml', line: 6, column: 5 } },
      { kind: 'added', address: 'global/chat_input/server' },
    ],
    severity: 'error',
  });
}, 180_000);

test.runIf(discordPyAvailable())(
  discordPyTitle(
    "discord.py's tree.sync(guild=) in setup_hook: a guild the manifest declares through ${DISCORD_GUILD_ID}, an error with --strict",
  ),
  async () => {
    const r = await runBin(['test', 'drift.test.yaml', '--bot', `${PYTHON} bot.py`, '--strict'], {
      cwd: DIR,
      timeoutMs: 90_000,
    });
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^✓ drift\.test\.yaml › \/hello answers as the bot registered it/);
    const block = driftBlock(r.stdout).map((l) => l.replace(/guild:\d+/, 'guild:G'));
    expect(block).toEqual([
      '✗ The bot registered its own commands as it started (PUT /applications/:applicationId/guilds/:guildId/commands), and they differ from cmdsync.yaml:',
      "  ~ guild:G/chat_input/hello: changed (cmdsync.yaml:10:9), the manifest's → the bot's",
      '      ~ description: "Says hi" → "Says hello!"',
      '  - guild:G/chat_input/send: removed, the manifest declares it (cmdsync.yaml:11:9)',
      '  + guild:G/chat_input/add: added by the bot, not in the manifest',
      expect.stringMatching(/^ {2}--strict: a bot's own commands must be the manifest's/),
    ]);
    expect(r.stderr).not.toMatch(STACK);
  },
  120_000,
);
