import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  commandLines,
  expectNoSecrets,
  newJob,
  pullRequestEvent,
  runAction,
  shownLog,
  summaryOf,
} from '../helpers/action-job.js';
import { STACK } from '../helpers/cli.js';
import { FIXTURES, ROOT } from '../helpers/fixtures.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

/*
 * The action's `command: test` as GitHub runs it (action.yml's bundle under the runner's Node):
 * the gateway fixture bot (discord.js) and its deliberately failing file in
 * the workspace; each failing step annotated at its line, the step summary,
 * the outputs, no pull request comment.
 */

const BOT = join(FIXTURES, 'bot-test/bots/gateway');
const copied = Object.fromEntries(
  ['bot.mjs', 'world.yaml', 'cmdsync.yaml', 'failing.test.yaml'].map((f) => [
    `bot/${f}`,
    readFileSync(join(BOT, f), 'utf8'),
  ]),
);

let github: FakeGitHub | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

it('command: test annotates the failing step and the test error at their lines, writes the summary and the outputs, and comments nothing', async () => {
  const gh = (github = await startFakeGitHub({ repo: 'acme/bot' }));
  const job = newJob(null, copied);
  // The bot imports discord.js as a workspace's bot would find it.
  symlinkSync(join(ROOT, 'node_modules'), join(job.workspace, 'node_modules'));
  const run = await runAction(job, pullRequestEvent(job), { command: 'test', args: 'failing.test.yaml' }, gh);
  expect(run.code, shownLog(run)).toBe(1);
  expect(run.outputs['exit-code']).toBe('1');
  expect(run.outputs.summary).toBe('1 passed, 1 failed, 1 error');
  const errors = commandLines(run, 'error');
  expect(errors).toHaveLength(2);
  expect(errors[0]).toMatch(
    /^::error file=bot\/failing\.test\.yaml,line=10,title=ping is expected to say hello%3A failed::/,
  );
  expect(errors[0]).toContain('reply.content: expected "hello", actual "pong"');
  expect(errors[1]).toMatch(
    /^::error file=bot\/failing\.test\.yaml,line=16,title=a member nobody declared%3A error in the test::/,
  );
  expect(shownLog(run)).toMatch(/✓ failing\.test\.yaml › ping still answers/);
  const summary = summaryOf(job);
  expect(summary).toContain('## cmdsync test: bot');
  expect(summary).toContain('1 passed, 1 failed, 1 error');
  expect(summary).toMatch(
    /\| failing\.test\.yaml:10 \| ping is expected to say hello \| failed \| reply\.content: expected "hello", actual "pong" \|/,
  );
  expect(summary).toMatch(
    /\| failing\.test\.yaml:16 \| a member nobody declared \| error in the test \| no user named/,
  );
  expect(gh.comments).toHaveLength(0);
  expect(shownLog(run)).not.toMatch(STACK);
  expectNoSecrets(gh, job, [run]);
}, 180_000);

it('command: test with a report flag in args is refused before any bot starts: one ::error, exit 1', async () => {
  const gh = (github = await startFakeGitHub({ repo: 'acme/bot' }));
  const job = newJob(null, copied);
  const run = await runAction(job, pullRequestEvent(job), { command: 'test', args: 'failing.test.yaml --json' }, gh);
  expect(run.code).toBe(1);
  expect(run.outputs['exit-code']).toBe('1');
  expect(commandLines(run, 'error')).toEqual([
    expect.stringMatching(/^::error title=cmdsync test failed::.*leave --json and --reporter out of args/),
  ]);
  expect(shownLog(run)).not.toMatch(/✓|✗/);
  expect(gh.comments).toHaveLength(0);
}, 60_000);
