/**
 * `cmdsync test` with bots that crash (fixtures/bot-test/bots/crash/): the
 * report leads with the bot's exit — as it started, before or during which
 * step, the next scenario starting it again — then its first error (where it was raised, its first lines: Node's
 * header and caret, the top of a stack, a Python traceback's last frames
 * and exception), bounded and redacted; never the runtime's last lines
 * alone, never `no answer: no answer:`. And once the summary is written,
 * nothing keeps the runner alive. (`npm run build` first.)
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { runBin, STACK, type RunResult } from '../helpers/cli.js';
import { discordPyAvailable, PYTHON } from '../helpers/discord-py.js';
import { FIXTURES } from '../helpers/fixtures.js';

const CRASH = join(FIXTURES, 'bot-test/bots/crash');
const HOOK = join(import.meta.dirname, 'pending-after-summary.cjs');

/** The report's lines from the one that begins with `head` to the next blank line. */
function block(out: string, head: string): string[] {
  const lines = out.split('\n');
  const from = lines.findIndex((l) => l.startsWith(head));
  if (from < 0) throw new Error(`no line starting ${head} in:\n${out}`);
  const to = lines.indexOf('', from);
  return lines.slice(from, to < 0 ? undefined : to);
}

describe('node bots', () => {
  let r: RunResult;
  beforeAll(async () => {
    r = await runBin(['test', 'syntax-error.test.yaml', 'throws-at-start.test.yaml', 'crashes-on-command.test.yaml'], {
      cwd: CRASH,
      nodeArgs: ['-r', HOOK],
      timeoutMs: 90_000,
    });
  }, 120_000);

  test('a syntax error: the exit as the bot started, then where (file:line), the source line and its caret; not the loader', () => {
    expect(r.code).toBe(1);
    const b = block(r.stdout, '✗ The bot exited as it started: syntax-error.test.yaml');
    expect(b.slice(1, 4)).toEqual([
      '  syntax-error.test.yaml:3:3: the bot exited (code 1) as it started, before step 1',
      '  its first error, at syntax-error.js:24:',
      expect.stringMatching(/^ {4}file:\/\/\/.*\/syntax-error\.js:24$/),
    ]);
    expect(b.slice(4)).toEqual([
      '          return i.reply(greeting(i.user););',
      '                                        ^',
      '    SyntaxError: missing ) after argument list',
    ]);
    expect(b.join('\n')).not.toMatch(/node:internal|Node\.js v\d/);
    expect(r.stdout).not.toMatch(/Error in the test file/);
  });

  test("an error thrown at start: its place in the bot's code and the top of its stack, the token it printed redacted", () => {
    const b = block(r.stdout, '✗ The bot exited as it started: throws-at-start.test.yaml');
    expect(b[1]).toBe('  throws-at-start.test.yaml:3:3: the bot exited (code 1) as it started, before step 1');
    expect(b[2]).toBe('  its first error, at throws-at-start.js:10:');
    const error = b.find((l) => l.includes('Error: owner is not set'));
    expect(error).toMatch(/\(settings: \{"token":"\[REDACTED\]"\}\)$/);
    expect(b).toContainEqual(expect.stringMatching(/^ {8}at setting \(file:\/\/\/.*\/throws-at-start\.js:10:30\)$/));
    expect(b.length).toBeLessThanOrEqual(3 + 12);
    // The emulator's bot token has three dot-separated parts; none reached the report.
    expect(r.stdout).not.toMatch(/"token":"[\w-]+\.[\w-]+\.[\w-]+"/);
  });

  test('a crash during a step: the exit first, then its error, then what the step saw; the next scenario starts the bot again and passes', () => {
    const lines = r.stdout.split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^✗ crashes-on-command\.test\.yaml › ping, then the order that crashes it \(\d+ ms\) — the bot exited \(code 1\)$/,
      ),
    );
    const during = block(r.stdout, '✗ Failed: crashes-on-command.test.yaml › ping, then the order that crashes it');
    expect(during.slice(1, 4)).toEqual([
      '  the bot exited (code 1) during step 2 (invoke, crashes-on-command.test.yaml:12)',
      '  its first error, at crashes-on-command.js:13:23:',
      "    TypeError: Cannot read properties of undefined (reading 'id')",
    ]);
    expect(during).toContainEqual(
      expect.stringMatching(/^ {8}at lastOrder \(file:\/\/\/.*\/crashes-on-command\.js:13:23\)$/),
    );
    // One crash fails one scenario: the bot is started again for the next, which passes.
    expect(lines).toContainEqual(expect.stringMatching(/^✓ crashes-on-command\.test\.yaml › ping after the crash/));
    expect(r.stdout).not.toMatch(/Failed: crashes-on-command\.test\.yaml › ping after the crash/);
  });

  test('no doubled prefix anywhere; the summary counts the crashed files as errors and the crashed scenario as failed', () => {
    expect(r.stdout).not.toMatch(/no answer: no answer/);
    expect(r.stdout).toMatch(/actual\s*\n.*no answer: no gateway session connected|no answer within 3 s/);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed, 2 errors');
    expect(r.stderr).not.toMatch(STACK);
  });

  test('once the summary is written nothing keeps the runner alive (no timer left running)', () => {
    const pending = /pending after the summary: (.*)/.exec(r.stderr)?.[1];
    expect(pending, r.stderr).toBeDefined();
    expect(JSON.parse(pending!)).not.toContain('Timeout');
  });
});

test.runIf(discordPyAvailable())(
  "a discord.py bot raising at start: the traceback's last frames, placed in the bot's code, and the exception",
  async () => {
    // The Python that has discord.py (Debian's, when a pyenv python3 comes first on PATH).
    const r = await runBin(['test', 'raises-at-start.test.yaml', '--bot', `${PYTHON} raises-at-start.py`], {
      cwd: CRASH,
      timeoutMs: 60_000,
    });
    expect(r.code).toBe(1);
    const b = block(r.stdout, '✗ The bot exited as it started: raises-at-start.test.yaml');
    expect(b.slice(1, 4)).toEqual([
      '  raises-at-start.test.yaml:3:3: the bot exited (code 1) as it started, before step 1',
      '  its first error, at raises-at-start.py:21:',
      '    Traceback (most recent call last):',
    ]);
    const frames = b.filter((l) => /^ {6}File "/.test(l));
    expect(frames.at(-2)).toMatch(/raises-at-start\.py", line 30, in setup_hook$/);
    expect(frames.at(-1)).toMatch(/raises-at-start\.py", line 21, in owner_id$/);
    expect(b).toContain('        return int(settings["owner_id"])');
    expect(b.at(-1)).toBe("    KeyError: 'owner_id'");
    expect(b.length).toBeLessThanOrEqual(3 + 12);
  },
  90_000,
);
