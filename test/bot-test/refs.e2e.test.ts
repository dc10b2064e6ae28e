/**
 * `cmdsync test` on bots written as their libraries document them
 * (fixtures/bot-test/bots/refs/): steps that name what they act on — an
 * earlier step's reply or message (`id:`), a message by its content,
 * buttons by position — and everything a step causes (`messages:`,
 * `message:` after a command, reactions, `no-answer` after `say`). A
 * reference that names nothing is an error in the test at its line.
 * (`npm run build` first.)
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { runBin, STACK, type RunResult } from '../helpers/cli.js';
import { discordPyAvailable, discordPyTitle, PYTHON } from '../helpers/discord-py.js';
import { FIXTURES } from '../helpers/fixtures.js';

const REFS = join(FIXTURES, 'bot-test/bots/refs');

/** The report's lines from the one that begins with `head` to the next blank line. */
function block(out: string, head: string): string {
  const lines = out.split('\n');
  const from = lines.findIndex((l) => l.startsWith(head));
  if (from < 0) throw new Error(`no line starting ${head} in:\n${out}`);
  const to = lines.indexOf('', from);
  return lines.slice(from, to < 0 ? undefined : to).join('\n');
}

describe('a discord.js bot with collectors (collector.mjs)', () => {
  let json: { format_version: string; files: Array<{ scenarios: Array<Record<string, unknown>> }> };
  let r: RunResult;
  beforeAll(async () => {
    r = await runBin(['test', 'collector.test.yaml', '--json'], { cwd: REFS, timeoutMs: 90_000 });
    json = JSON.parse(r.stdout);
  }, 120_000);

  test('a menu on an older message, named by the step that showed it, by content, by index; a button by row and column', () => {
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/✓ collector\.test\.yaml › a collector that replies leaves its menu on an older message/);
    expect(r.stderr).toMatch(/✓ collector\.test\.yaml › awaitMessageComponent, answered with a reply/);
    expect(r.stderr).toMatch(/✓ collector\.test\.yaml › what a step causes a second later is waited for/);
    expect(json).toMatchObject({ passed: 5, failed: 0, errors: 0 });
  });

  test("--json (format 1.3): every message a slash command caused, in order, each with its reactions; a say's own message with the bot's reaction", () => {
    expect(json.format_version).toBe('1.6');
    const [, , announce, wave] = json.files[0]!.scenarios as Array<{
      steps: Array<{ observed: { messages: Array<{ content: string; reactions: string[] }>; acted?: unknown } }>;
    }>;
    expect(announce!.steps[0]!.observed.messages.map((m) => [m.content, m.reactions])).toEqual([
      ['Posting the announcement', []],
      ['Announcement: the bot has news', ['📣']],
      ['(that was the news)', []],
    ]);
    expect(wave!.steps[0]!.observed).toMatchObject({ messages: [], acted: { content: '!wave', reactions: ['👋'] } });
  });
});

test('failing: the latest message has no menu (an error in the test), fewer messages written than posted, a missing reaction, a say nobody answers, a position off the message', async () => {
  const r = await runBin(['test', 'failing.test.yaml'], { cwd: REFS, timeoutMs: 90_000 });
  expect(r.code).toBe(1);
  expect(block(r.stdout, '✗ Error in the test: failing.test.yaml › the second choice')).toMatch(
    /step 3 \(select\) at failing\.test\.yaml:15:9\n {2}error in the test, not the bot: no select "Pick a fruit" on the message \(it has no select\)/,
  );
  const caused = block(r.stdout, '✗ Failed: failing.test.yaml › what the announcement caused');
  expect(caused).toMatch(
    /messages \(line 24\)\n\s+expected: 2 messages\n\s+actual: {3}3 messages: "Posting the announcement", "Announcement: the bot has news", "\(that was the news\)"/,
  );
  expect(caused).toMatch(/messages\[1\]\.reactions \(line 26\)\n\s+expected: \["👍"\]\n\s+actual: {3}\["📣"\]/);
  expect(block(r.stdout, '✗ Failed: failing.test.yaml › a say nobody answers')).toMatch(
    /message \(line 33\)\s+a message from the bot "hello"\s+no answer: the bot posted no message and added no reaction/,
  );
  expect(block(r.stdout, '✗ Error in the test: failing.test.yaml › a button off the message')).toMatch(
    /no component at \{ row: 0, column: 5 \} \(the message has 1 row; row 0 has 2\)/,
  );
  expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 2 failed, 2 errors');
  expect(r.stderr).not.toMatch(STACK);
}, 120_000);

test('a reference that names no earlier step, or what that step cannot have, is a problem at its line; the file does not run', async () => {
  const r = await runBin(['test', 'bad-refs.test.yaml'], { cwd: REFS, timeoutMs: 30_000 });
  expect(r.code).toBe(1);
  expect(r.stdout.split('\n').slice(0, 6)).toEqual([
    'Error in the test file bad-refs.test.yaml (it did not run):',
    '  bad-refs.test.yaml:10:18: step menu comes after this one: a step can name only an earlier step of its scenario',
    '  bad-refs.test.yaml:14:18: step menu is an invoke step: it has no said',
    '  bad-refs.test.yaml:16:9: two steps of this scenario have id: menu',
    '  bad-refs.test.yaml:21:18: no earlier step of this scenario has id: nobody (ids so far: menu, hi)',
    "  bad-refs.test.yaml:23:17: step hi is a say step: it has no update (write hi.message, the bot's first message, or hi.said)",
  ]);
}, 60_000);

test.runIf(discordPyAvailable())(
  discordPyTitle("discord.py's tic-tac-toe: nine buttons labelled \\u200b played by position until X wins"),
  async () => {
    const r = await runBin(['test', 'views.test.yaml', '--bot', `${PYTHON} tic_tac_toe.py`], {
      cwd: REFS,
      timeoutMs: 60_000,
    });
    expect(r.stdout, r.stdout).toMatch(/^✓ views\.test\.yaml › nine buttons/m);
    expect(r.code).toBe(0);
  },
  90_000,
);

test.runIf(discordPyAvailable())(
  discordPyTitle("discord.py's persistent view clicked twice by one member, an ephemeral answer between"),
  async () => {
    const r = await runBin(['test', 'persistent.test.yaml', '--bot', `${PYTHON} persistent.py`], {
      cwd: REFS,
      timeoutMs: 60_000,
    });
    expect(r.stdout, r.stdout).toMatch(/^✓ persistent\.test\.yaml › two clicks on one view/m);
    expect(r.code).toBe(0);
  },
  90_000,
);
