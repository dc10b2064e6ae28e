/**
 * What members do besides posting, as steps (issue 37 item 4): `react`,
 * `unreact`, `edit`, `delete`, `join`, `leave`. The bot receives the
 * service's events and its answer is read as a `say`'s. Proven with
 * discord.py's own examples (edits.py, deleted.py, new_member.py) and a
 * discord.js bot after the guide's "Awaiting reactions"
 * (fixtures/bot-test/bots/members/). (`npm run build` first.)
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ScenarioResult } from '../../src/bot-test/model.js';
import { runBin, STACK, type RunResult } from '../helpers/cli.js';
import { discordPyAvailable, PYTHON } from '../helpers/discord-py.js';
import { FIXTURES } from '../helpers/fixtures.js';

const MEMBERS = join(FIXTURES, 'bot-test/bots/members');
const run = (args: string[]) => runBin(['test', ...args], { cwd: MEMBERS, timeoutMs: 90_000 });

describe('discord.js: reactions both ways, members joining and leaving', () => {
  let passing: RunResult;
  let mistakes: RunResult;
  beforeAll(async () => {
    [passing, mistakes] = await Promise.all([
      run(['members.test.yaml']),
      run(['mistakes.test.yaml', 'bad-steps.test.yaml']),
    ]);
  }, 120_000);

  test("a member's reaction reaches awaitReactions, and taking it back reaches messageReactionRemove", () => {
    expect(passing.stdout).toMatch(/^✓ members\.test\.yaml › a thumbs up on the poll is answered/m);
    expect(passing.stdout).toMatch(/^✓ members\.test\.yaml › a thumbs down is answered too/m);
    expect(passing.stdout).toMatch(/^✓ members\.test\.yaml › a reaction taken back is told/m);
    // bob's reaction is not the one awaited (no-answer once the bot is quiet); alice's on the step's reply is.
    expect(passing.stdout).toMatch(/^✓ members\.test\.yaml › a reaction of someone else is not the one awaited/m);
  });

  test('joining and leaving reach GuildMemberAdd and GuildMemberRemove, answered in the system channel', () => {
    expect(passing.stdout).toMatch(/^✓ members\.test\.yaml › joining and leaving are told in the system channel/m);
    expect(passing.stdout.trimEnd().split('\n').at(-1)).toBe('5 passed, 0 failed');
    expect(passing.code).toBe(0);
  });

  test("what the test names wrongly is the test's error at its step; a refusal is observed", () => {
    const out = mistakes.stdout;
    expect(out).toContain('error in the test, not the bot: nothing to edit: the member has no message in the channel');
    expect(out).toContain(
      "error in the test, not the bot: nothing to unreact: no message in the channel has the member's 👍",
    );
    expect(out).toMatch(
      /step 2 \(say\) at mistakes\.test\.yaml:22:9\n\s+error in the test, not the bot: no user named "@bob"/,
    );
    expect(out).toMatch(
      /step 1 \(leave\) at mistakes\.test\.yaml:27:9\n\s+error in the test, not the bot: leave: no user named "@zed"/,
    );
    expect(out).toMatch(/^✓ mistakes\.test\.yaml › a reaction the emulator does not know/m);
    expect(out).toContain('bad-steps.test.yaml:9:17: delete: true deletes the message; leave the step out to keep it');
    expect(out).toContain(
      'bad-steps.test.yaml:11:9: message: belongs to click and select and react and unreact and edit and delete and advance steps, not join',
    );
    expect(out).toContain('bad-steps.test.yaml:12:16: react must not be empty');
    expect(mistakes.code).not.toBe(0);
    expect(mistakes.stderr).not.toMatch(STACK);
  });
});

test("a collector's reply after its scenario ended lands in the world that scenario left, shown late in its transcript", async () => {
  // The guide's awaitReactions runs out five seconds after the first poll, while the second scenario runs; its
  // message.reply names the first poll, which the reset removed from the world: without the world left behind
  // the reply is refused (50035) and the unhandled rejection kills the bot.
  const r = await run(['late.test.yaml', '--json']);
  const report = JSON.parse(r.stdout) as { files: Array<{ scenarios: ScenarioResult[]; shims?: string[] }> };
  // The bot names no API base: the runner's Node shim pointed discord.js at the emulator, and the report says so.
  expect(report.files[0]!.shims).toEqual([
    "the bot's timers and Date follow the test's advance (Node)",
    '@discordjs/rest (discord.js) points at the emulator',
  ]);
  const [first, second] = report.files[0]!.scenarios;
  expect([first!.status, second!.status]).toEqual(['passed', 'passed']);
  // On a loaded machine the bot's own reactions on the poll may come after the scenario ended too: late as well.
  const late = first!.transcript.filter((e) => 'late' in e);
  expect(late).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'message', action: 'create', source: 'bot', late: true }),
      { kind: 'request', method: 'POST', route: '/channels/:channelId/messages', status: 200, late: true },
    ]),
  );
  expect(late.filter((e) => e.kind === 'request' && e.method !== 'PUT')).toHaveLength(1);
  expect(second!.transcript.some((e) => e.kind === 'request' && e.status >= 400)).toBe(false);
}, 60_000);

describe.runIf(discordPyAvailable())("discord.py's own examples: edits, deletes and new members", () => {
  let edits: RunResult;
  let deleted: RunResult;
  let joined: RunResult;
  beforeAll(async () => {
    [edits, deleted, joined] = await Promise.all([
      run(['edits.test.yaml', '--bot', `${PYTHON} edits.py`]),
      run(['deleted.test.yaml', '--bot', `${PYTHON} deleted.py`]),
      run(['new_member.test.yaml', '--bot', `${PYTHON} new_member.py`]),
    ]);
  }, 120_000);

  test("a member's edit reaches on_message_edit with the text before and after; the bot's own edit 3 s later is waited for", () => {
    expect(edits.stdout).toMatch(/^✓ edits\.test\.yaml › an edited message is told with its old and new text/m);
    expect(edits.stdout).toMatch(/^✓ edits\.test\.yaml › !editme: the bot says 10, then edits it to 40/m);
    expect(edits.stdout).toMatch(/^✓ edits\.test\.yaml › an earlier message, named by its step, is edited/m);
    expect(edits.code).toBe(0);
  });

  test("a member's delete reaches on_message_delete with the cached message", () => {
    expect(deleted.stdout).toMatch(/^✓ deleted\.test\.yaml › a deleted message is told with its text/m);
    expect(deleted.code).toBe(0);
  });

  test("someone who joins reaches on_member_join, and is welcomed in the guild's system channel", () => {
    expect(joined.stdout).toMatch(/^✓ new_member\.test\.yaml › carol joins and is welcomed in #welcome/m);
    expect(joined.code).toBe(0);
  });
});
