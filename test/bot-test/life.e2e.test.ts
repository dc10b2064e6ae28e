/**
 * The bot's life across a test file (issue 37 items 5-7), with bots written
 * as their libraries document (fixtures/bot-test/bots/life/): `bot.ready:`
 * holds the first scenario until discord.py's on_ready line (its
 * background task has run by then); an error discord.py logs and carries on
 * from fails the step that caused it, with its traceback, unless the file
 * says `errors: ignore`; a discord.js collector's editReply after its
 * timeout lands while the next scenario runs, works (its token is valid for
 * 15 minutes), and is shown in the transcript of the scenario it answers.
 * (`npm run build` first.)
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ScenarioResult } from '../../src/bot-test/model.js';
import { runBin, STACK, type RunResult } from '../helpers/cli.js';
import { discordPyAvailable, PYTHON } from '../helpers/discord-py.js';
import { FIXTURES } from '../helpers/fixtures.js';

const LIFE = join(FIXTURES, 'bot-test/bots/life');

/** The report's lines from the one that begins with `head` to the next blank line. */
function block(out: string, head: string): string[] {
  const lines = out.split('\n');
  const from = lines.findIndex((l) => l.startsWith(head));
  if (from < 0) throw new Error(`no line starting ${head} in:\n${out}`);
  const to = lines.indexOf('', from);
  return lines.slice(from, to < 0 ? undefined : to);
}

describe.runIf(discordPyAvailable())('a discord.py bot with a background task and an audit that raises', () => {
  let r: RunResult;
  beforeAll(async () => {
    const files = ['ready.test.yaml', 'not-ready.test.yaml', 'errors.test.yaml', 'errors-ignored.test.yaml'];
    r = await runBin(['test', ...files, '--bot', `${PYTHON} loop_bot.py`], { cwd: LIFE, timeoutMs: 150_000 });
  }, 180_000);

  test('ready: the first scenario waits for on_ready, so the task started there has run; without it the step is too early', () => {
    expect(r.stdout).toMatch(/^✓ ready\.test\.yaml › the background task has run once/m);
    const early = block(r.stdout, '✗ Failed: not-ready.test.yaml › the background task has run once');
    expect(early.join('\n')).toMatch(/reply\.content \(line 11\)\s+"counter: 1"\s+"counter: 0"/);
  });

  test("an error discord.py logs and carries on from fails the step that caused it, with the traceback placed in the bot's code", () => {
    expect(r.stdout).toMatch(
      /^✗ errors\.test\.yaml › ping answers, then its audit raises \(\d+ ms\) — the bot logged an error and carried on$/m,
    );
    const b = block(r.stdout, '✗ Failed: errors.test.yaml › ping answers, then its audit raises');
    expect(b.slice(1, 4)).toEqual([
      '  step 1 (invoke) at errors.test.yaml:12:9',
      '  the bot logged an error and carried on, at loop_bot.py:63 (bot.errors: ignore to allow it):',
      '    Traceback (most recent call last):',
    ]);
    expect(b).toContain("    AttributeError: 'NoneType' object has no attribute 'send'");
    // The reply itself matched: the error is the only reason the step failed.
    expect(b.join('\n')).not.toMatch(/expected/);
    // The bot carried on: the next scenario passes with the same process.
    expect(r.stdout).toMatch(/^✓ errors\.test\.yaml › the bot carried on/m);
  });

  test('errors: ignore lets the same step pass', () => {
    expect(r.stdout).toMatch(/^✓ errors-ignored\.test\.yaml › ping answers, then its audit raises/m);
    expect(r.stdout).toMatch(/^✓ errors-ignored\.test\.yaml › the bot carried on/m);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('4 passed, 2 failed');
    expect(r.stderr).not.toMatch(STACK);
  });
});

test("a discord.js collector's editReply after its timeout works in the next scenario and is shown in the first one's transcript", async () => {
  const r = await runBin(['test', 'late-edit.test.yaml', '--json'], { cwd: LIFE, timeoutMs: 60_000 });
  expect(r.code, r.stderr).toBe(0);
  const doc = JSON.parse(r.stdout) as { format_version: string; files: Array<{ scenarios: ScenarioResult[] }> };
  const [first, second] = doc.files[0]!.scenarios;
  expect([first!.status, second!.status]).toEqual(['passed', 'passed']);
  const late = first!.transcript.filter((e) => 'late' in e && e.late);
  expect(late).toContainEqual(
    expect.objectContaining({
      kind: 'request',
      method: 'PATCH',
      route: '/webhooks/:webhookId/:webhookToken/messages/@original',
      status: 200,
    }),
  );
  // Never the next scenario's: not in its transcript, and no refusal of the old token anywhere.
  const requests = second!.transcript.filter((e) => e.kind === 'request');
  expect(requests.every((e) => e.kind === 'request' && e.code === undefined && !e.late)).toBe(true);
  expect(
    second!.transcript.filter((e) => e.kind === 'request' && e.route.endsWith('@original')).map((e) => e.kind),
  ).toHaveLength(1);
  expect(doc.format_version).toBe('1.6');
}, 90_000);
