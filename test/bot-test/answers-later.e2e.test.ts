/**
 * Answers that come later (issue 37 item 2), with bots written as their
 * libraries document them (fixtures/bots/answers-later/): discord.py's edit
 * after `asyncio.sleep(2)` and a `delete_after=2` reply, discord.js's guide
 * `deferReply` → `wait(4_000)` → `editReply` and a follow-up after slow
 * work. `cmdsync test` reads each expectation again as the world changes
 * until it holds — no sleep in the file — and a `within:` shorter than the
 * bot takes fails with what was last seen. (`npm run build` first.)
 */
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { RunResult as TestRun, StepResult } from '../../src/bot-test/model.js';
import { runBin } from '../helpers/cli.js';
import { discordPyAvailable, PYTHON } from '../helpers/discord-py.js';
import { FIXTURES } from '../helpers/fixtures.js';

const DIR = join(FIXTURES, 'bots/answers-later');

async function run(file: string, bot?: string): Promise<{ code: number | null; stdout: string; json: TestRun }> {
  const r = await runBin(['test', file, '--json', ...(bot ? ['--bot', bot] : [])], { cwd: DIR, timeoutMs: 60_000 });
  expect(r.stderr).not.toMatch(/^\s+at /m);
  return { code: r.code, stdout: r.stdout, json: JSON.parse(r.stdout) as TestRun };
}

const stepOf = (json: TestRun, scenario: number): StepResult => json.files[0]!.scenarios[scenario]!.steps[0]!;

test("discord.js: the guide's deferReply then editReply 4 s later, and a follow-up 2 s after the reply, pass without a sleep", async () => {
  const { code, json } = await run('later-js.test.yaml');
  expect(json.files[0]!.scenarios.map((s) => [s.name, s.status])).toEqual([
    ['deferReply, then editReply four seconds later', 'passed'],
    ['a follow-up two seconds after the reply', 'passed'],
  ]);
  expect(code).toBe(0);
  expect(stepOf(json, 1)).toMatchObject({
    observed: { reply: { content: 'Gathering the numbers' }, followups: [{ content: 'Here is the report' }] },
  });
}, 90_000);

test.runIf(discordPyAvailable())(
  'discord.py: an edit after asyncio.sleep(2) and a delete_after=2 reply are seen as they happen',
  async () => {
    const { code, json } = await run('later.test.yaml', `${PYTHON} bot.py`);
    expect(json.files[0]!.scenarios.map((s) => [s.name, s.status])).toEqual([
      ['an edit two seconds after the reply', 'passed'],
      ['a reply that deletes itself', 'passed'],
    ]);
    expect(code).toBe(0);
    expect(stepOf(json, 0)).toMatchObject({ observed: { reply: { content: 'Done, two seconds later' } } });
    expect(stepOf(json, 1)).toMatchObject({
      observed: { reply: { content: 'This message will self-destruct', deleted: true } },
    });
  },
  90_000,
);

test.runIf(discordPyAvailable())(
  'a within: shorter than the bot takes fails once it runs out, with what was last seen and how long it waited',
  async () => {
    const { code, json } = await run('too-soon.test.yaml', `${PYTHON} bot.py`);
    expect(code).toBe(1);
    const step = stepOf(json, 0);
    expect(step).toMatchObject({
      status: 'failed',
      withinMs: 1000,
      observed: { reply: { content: 'Working on it' } },
      mismatches: [{ path: 'reply.content', expected: '"Done, two seconds later"', actual: '"Working on it"' }],
    });
    const text = await runBin(['test', 'too-soon.test.yaml', '--bot', `${PYTHON} bot.py`], {
      cwd: DIR,
      timeoutMs: 60_000,
    });
    expect(text.stdout).toContain('step 1 (invoke) at too-soon.test.yaml:11:9, still so after 1 s (within)');
  },
  90_000,
);
