import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DISCORD_TOKEN,
  expectNoSecrets,
  HEAD_SHA,
  MANIFEST,
  MERGE_SHA,
  newJob,
  PR,
  pullRequestEvent,
  pushEvent,
  REPO,
  runAction,
  shownLog,
  summaryOf,
} from '../helpers/action-job.js';
import { STACK } from '../helpers/cli.js';
import type { ActionRun } from '../helpers/action-runner.js';
import { FAKE_GITHUB_TOKEN, startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

/*
 * The action as GitHub runs it: action.yml's committed bundle started by
 * the runner's Node with nothing installed, with the variables and files of
 * a workflow run (event payload, $GITHUB_OUTPUT, $GITHUB_STEP_SUMMARY),
 * against the bundle's embedded emulator,
 * and a local server playing GitHub's REST API that records every request.
 */

let github: FakeGitHub | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

describe('the GitHub Action (action.yml run as the runner does)', () => {
  it('plan on a pull request creates one comment, updates it on each push, says "No changes" once applied; apply on push reports on the merged PR', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob();
    const runs: ActionRun[] = [];

    // 1. First push to the PR: a comment is created.
    const first = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    runs.push(first);
    expect(first.code, first.stderr).toBe(0);
    expect(first.outputs['has-changes']).toBe('true');
    expect(first.outputs['exit-code']).toBe('2');
    expect(first.outputs.summary).toContain('Plan: 3 to add');
    expect(first.outputs['plan-file']).not.toBe('');
    expect(JSON.parse(readFileSync(first.outputs['plan-file'], 'utf8'))).toMatchObject({ request_count: 1 });
    expect(gh.comments).toHaveLength(1);
    const comment = gh.comments[0];
    expect(comment.issue).toBe(PR);
    expect(comment.body).toMatch(/^<!-- cmdsync-action:/);
    expect(comment.body).toContain('Plan: 3 to add');
    expect(comment.body).toContain('<details>');
    expect(comment.body).toContain(HEAD_SHA.slice(0, 7));
    expect(comment.body).toContain('https://github.example/acme/bot/actions/runs/4242');
    // The summary is this manifest's plan and nothing else: no install or build of the action writes to it.
    expect(summaryOf(job)).toBe(first.summary);
    expect(summaryOf(job).match(/^## .*/gm)).toEqual(['## cmdsync plan: bot']);
    expect(summaryOf(job)).toContain('Plan: 3 to add');
    const post = gh.requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe(`/repos/${REPO}/issues/${PR}/comments`);
    expect(post.headers.authorization).toBe(`Bearer ${FAKE_GITHUB_TOKEN}`);
    expect(post.headers.accept).toBe('application/vnd.github+json');
    expect(post.headers['x-github-api-version']).toBe('2022-11-28');

    // 2. Another push changes the manifest: the same comment is updated in place.
    writeFileSync(
      join(job.workspace, 'bot/cmdsync.yaml'),
      MANIFEST.replace('description: Ping', 'description: Ping the bot'),
    );
    const second = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    runs.push(second);
    expect(second.code, second.stderr).toBe(0);
    expect(gh.comments).toHaveLength(1);
    expect(gh.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    const patch = gh.requests.filter((r) => r.method === 'PATCH');
    expect(patch).toHaveLength(1);
    expect(patch[0].path).toBe(`/repos/${REPO}/issues/comments/${comment.id}`);
    expect(gh.comments[0].body).toContain('Ping the bot');

    // 3. Merged: apply on push to main finds the PR of the merge commit and reports on its comment.
    gh.pullsOfCommit.set(MERGE_SHA, [
      { number: PR, state: 'closed', merged_at: '2025-01-01T00:00:00Z', merge_commit_sha: MERGE_SHA },
    ]);
    const summaryBefore = summaryOf(job).length;
    const applied = await runAction(job, pushEvent(job), { command: 'apply' }, gh);
    runs.push(applied);
    // One section for the apply: its outcome, with the plan folded under it.
    expect(
      summaryOf(job)
        .slice(summaryBefore)
        .match(/^## cmdsync apply/gm),
    ).toHaveLength(1);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.outputs['exit-code']).toBe('0');
    expect(applied.outputs['has-changes']).toBe('true');
    expect(applied.outputs.summary).toMatch(/^Apply complete! 3 created/);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('Apply complete! 3 created');
    expect(gh.comments[0].body).toContain(MERGE_SHA.slice(0, 7));
    expect(summaryOf(job)).toContain('Apply complete! 3 created');

    // 3b. Applied again with nothing to do: the comment keeps the apply that changed something, under "No changes since".
    const again = await runAction(job, pushEvent(job), { command: 'apply' }, gh);
    runs.push(again);
    expect(again.code, again.stderr).toBe(0);
    expect(again.outputs['has-changes']).toBe('false');
    expect(again.outputs.summary).toBe('No changes. Remote commands match the manifest.');
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('No changes since');
    expect(gh.comments[0].body).toContain('Apply complete! 3 created');
    const againAgain = await runAction(job, pushEvent(job), { command: 'apply' }, gh);
    runs.push(againAgain);
    expect(gh.comments[0].body.match(/No changes since/g)).toHaveLength(1);
    expect(gh.comments[0].body).toContain('Apply complete! 3 created');

    // 4. A later plan with nothing to do says so in the same comment.
    const third = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    runs.push(third);
    expect(third.code, third.stderr).toBe(0);
    expect(third.outputs['has-changes']).toBe('false');
    expect(third.outputs['exit-code']).toBe('0');
    expect(third.outputs.summary).toBe('No changes. Remote commands match the manifest.');
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('No changes. Remote commands match the manifest.');
    expect(gh.comments[0].body).not.toContain('Apply complete');

    // 5. Emptying the scope: the warning is in the comment.
    writeFileSync(join(job.workspace, 'bot/cmdsync.yaml'), 'application_id: "500000000000000001"\ncommands: []\n');
    const emptied = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    runs.push(emptied);
    expect(emptied.code, emptied.stderr).toBe(0);
    expect(gh.comments[0].body).toContain('[!CAUTION]');
    expect(gh.comments[0].body).toMatch(/3 to delete/);

    expectNoSecrets(gh, job, runs);
    for (const run of runs) expect(run.stdout + run.stderr).not.toMatch(STACK);
  }, 120_000);

  it('a token without pull-requests: write gives a warning, not a failed job; the summary and outputs are still written', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    gh.failAlways('POST', `/repos/${REPO}/issues/`, 403);
    const job = newJob();
    const run = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/::warning title=cmdsync::.*pull-requests: write/);
    expect(shownLog(run).match(/^::warning /gm)).toHaveLength(1);
    expect(run.outputs['has-changes']).toBe('true');
    expect(summaryOf(job)).toContain('Plan: 3 to add');
    expect(gh.comments).toHaveLength(0);
    expectNoSecrets(gh, job, [run]);
  }, 60_000);

  it("GitHub's transient errors are retried by cmdsync's HTTP client", async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    gh.failNext('GET', `/repos/${REPO}/issues/${PR}/comments`, 502);
    const job = newJob();
    const run = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    expect(run.code, run.stderr).toBe(0);
    expect(gh.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
    expect(gh.comments).toHaveLength(1);
  }, 60_000);

  it('finds its comment past the first page of comments, and leaves a quoted marker alone', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO, pageSize: 2 }));
    const job = newJob();
    const first = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    expect(first.code, first.stderr).toBe(0);
    const marker = gh.comments[0].body.split('\n')[0];
    // Older comments come first in GitHub's order, so the marked one is on the third page of two.
    for (let i = 0; i < 4; i++)
      gh.comments.push({
        id: 1 + i,
        issue: PR,
        body: i === 0 ? `> ${marker}\n> quoted by a reviewer` : `comment ${i}`,
        user: { login: 'octocat', type: 'User' },
      });
    const second = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    expect(second.code, second.stderr).toBe(0);
    expect(gh.comments.filter((c) => c.body.startsWith(marker))).toHaveLength(1);
    expect(gh.comments[1].body).toMatch(/^> /);
    expect(gh.requests.filter((r) => r.method === 'GET' && r.path.includes('page=3'))).toHaveLength(1);
    expect(gh.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(gh.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  }, 60_000);

  it('lint: annotations on the diff and a step summary; no request at all outside a pull request', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob(MANIFEST.replace('name: echo', 'name: Echo'));
    const run = await runAction(job, pushEvent(job), { command: 'lint', args: '' }, gh);
    expect(run.code).toBe(1);
    expect(run.outputs['exit-code']).toBe('1');
    expect(run.outputs.summary).toMatch(/1 error/);
    // Annotations name files from the repository root, where GitHub looks for them, not from the working directory.
    expect(run.stdout).toMatch(/^::error file=bot\/cmdsync\.yaml,line=5,/m);
    expect(summaryOf(job)).toContain('cmdsync lint');
    expect(summaryOf(job)).toMatch(/bot\/cmdsync\.yaml:5:/);
    expect(gh.requests).toHaveLength(0);
  }, 60_000);

  it('bad input is a clear error and a failed step, never a stack trace', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob();
    const run = await runAction(job, pullRequestEvent(job), { command: 'deploy' }, gh);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/command.*must be one of lint, plan, apply/);
    expect(run.stdout + run.stderr).not.toMatch(STACK);
    const nowhere = await runAction(
      job,
      pullRequestEvent(job),
      { command: 'plan', 'working-directory': 'bots/missing' },
      gh,
    );
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toMatch(/working-directory: no such directory: bots\/missing/);
    expect(nowhere.stdout + nowhere.stderr).not.toMatch(STACK);
    expect(gh.requests).toHaveLength(0);
  }, 60_000);

  it('a plan that cannot be made fails the step and says why in the comment, without a stack trace', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob(MANIFEST.replace('name: echo', 'name: Echo'));
    const run = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    expect(run.code).toBe(1);
    expect(run.outputs['exit-code']).toBe('1');
    expect(run.outputs['has-changes']).toBe('false');
    expect(run.outputs['plan-file']).toBe('');
    expect(run.outputs.summary).toMatch(/cmdsync\.yaml:5:11: error: Name "Echo" must be lowercase/);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('cmdsync plan failed');
    expect(gh.comments[0].body).toContain(run.outputs.summary);
    expect(run.stdout + run.stderr).not.toMatch(STACK);
    expectNoSecrets(gh, job, [run]);
  }, 60_000);

  it('a credential pasted into the manifest is masked in the comment, the step summary, the outputs and the plan and apply logs, and ::add-mask::ed', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob(MANIFEST.replace('description: Statistics', `description: "${DISCORD_TOKEN}"`));
    const run = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    expect(run.code, run.stderr).toBe(0);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('[REDACTED]');
    expect(summaryOf(job)).toContain('[REDACTED]');
    // Before anything else is written, so the runner masks it in this step's log and every later step's.
    expect(run.stdout.split('\n')[0]).toMatch(/^::add-mask::/);
    expect(run.stdout).toContain(`::add-mask::${DISCORD_TOKEN}\n`);
    gh.pullsOfCommit.set(MERGE_SHA, [
      { number: PR, state: 'closed', merged_at: '2025-01-01T00:00:00Z', merge_commit_sha: MERGE_SHA },
    ]);
    const applied = await runAction(job, pushEvent(job), { command: 'apply' }, gh);
    expect(applied.code, applied.stderr).toBe(0);
    expect(shownLog(applied)).toContain('[REDACTED]');
    expectNoSecrets(gh, job, [run, applied]);
  }, 60_000);

  it('comment: false posts nothing', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob();
    const run = await runAction(job, pullRequestEvent(job), { command: 'plan', comment: 'false' }, gh);
    expect(run.code, run.stderr).toBe(0);
    expect(gh.requests).toHaveLength(0);
    expect(run.outputs['has-changes']).toBe('true');
  }, 60_000);
});
