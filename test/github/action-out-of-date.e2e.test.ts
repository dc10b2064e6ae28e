import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  commandLines,
  expectNoSecrets,
  HEAD_SHA,
  MANIFEST,
  newJob,
  PR,
  pullRequestEvent,
  REPO,
  runAction,
  shownLog,
  type Job,
} from '../helpers/action-job.js';
import { STACK } from '../helpers/cli.js';
import type { ActionRun } from '../helpers/action-runner.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

/*
 * The pull request's comment never shows an old plan as current. Each push
 * runs the lint step first: a comment holding the plan of an earlier commit
 * is marked out of date there, before anything later in the job can fail,
 * and a lint failure says why no plan for this commit will come. The plan
 * step, when it runs, replaces it all. Each push is a new head commit.
 */

const PUSH_2 = '2222222222222222222222222222222222222222';
const PUSH_3 = '3333333333333333333333333333333333333333';
const short = (sha: string) => sha.slice(0, 7);

let github: FakeGitHub | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

/** The pull request event of a push whose head is `sha`. */
function pushedAt(job: Job, sha: string): Record<string, string> {
  const env = pullRequestEvent(job);
  const event = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as { pull_request: { head: { sha: string } } };
  event.pull_request.head.sha = sha;
  writeFileSync(env.GITHUB_EVENT_PATH, JSON.stringify(event));
  return env;
}

/** The comment's text above the folded last plan: what a reader takes as its current state. */
function shownAsCurrent(body: string): string {
  const fold = body.indexOf('<details>');
  return fold >= 0 ? body.slice(0, fold) : body;
}

/** The folded last plan: its summary line and what it holds. */
function foldedPlan(body: string): { summary: string; content: string } | undefined {
  const m = /<details><summary>([^\n]*)<\/summary>\n\n([\s\S]*)\n<\/details>/.exec(body);
  return m ? { summary: m[1], content: m[2] } : undefined;
}

const writes = (gh: FakeGitHub) => gh.requests.filter((r) => r.method === 'POST' || r.method === 'PATCH');

describe('the comment when the plan of this push is not made', () => {
  it('a lint failure after a plan: the comment says lint failed at the new commit, with the finding, and keeps the old plan only folded as out of date', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob();
    const runs: ActionRun[] = [];

    // Push 1: lint passes (no comment yet: nothing is posted), then the plan is the comment.
    const lint1 = await runAction(job, pushedAt(job, HEAD_SHA), { command: 'lint', args: '' }, gh);
    runs.push(lint1);
    expect(lint1.code, lint1.stderr).toBe(0);
    expect(writes(gh)).toHaveLength(0);
    const plan1 = await runAction(job, pushedAt(job, HEAD_SHA), { command: 'plan' }, gh);
    runs.push(plan1);
    expect(plan1.code, plan1.stderr).toBe(0);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('Plan: 3 to add');

    // Push 2 breaks the manifest: lint fails, and the job stops before the plan.
    writeFileSync(join(job.workspace, 'bot/cmdsync.yaml'), MANIFEST.replace('name: echo', 'name: Echo'));
    const lint2 = await runAction(job, pushedAt(job, PUSH_2), { command: 'lint', args: '' }, gh);
    runs.push(lint2);
    expect(lint2.code).toBe(1);
    expect(gh.comments).toHaveLength(1);
    const body = gh.comments[0].body;
    const current = shownAsCurrent(body);
    expect(current).toContain(`cmdsync lint failed at \`${short(PUSH_2)}\``);
    expect(current).toMatch(/1 error, 0 warnings/);
    expect(current).toContain('bot/cmdsync.yaml:5:11: error: Name "Echo" must be lowercase');
    expect(current).toContain(
      `The plan for \`${short(PUSH_2)}\` has not been made; the plan below was made at \`${short(HEAD_SHA)}\` and is **out of date**.`,
    );
    expect(current).not.toContain('Plan: 3 to add');
    const folded = foldedPlan(body)!;
    expect(folded.summary).toBe(`The last plan, made at <code>${short(HEAD_SHA)}</code>: out of date`);
    expect(folded.content).toContain('Plan: 3 to add');
    expect(body).toContain(`lint of \`${short(PUSH_2)}\``);
    expect(body).not.toContain(`plan of \`${short(HEAD_SHA)}\``);

    // Push 3 fixes it: lint passes and the comment still says out of date (the old plan kept), until the plan replaces it all.
    writeFileSync(
      join(job.workspace, 'bot/cmdsync.yaml'),
      MANIFEST.replace('description: Ping', 'description: Ping the bot'),
    );
    const lint3 = await runAction(job, pushedAt(job, PUSH_3), { command: 'lint', args: '' }, gh);
    runs.push(lint3);
    expect(lint3.code, lint3.stderr).toBe(0);
    expect(shownAsCurrent(gh.comments[0].body)).toContain(
      `The plan below was made at \`${short(HEAD_SHA)}\`; the plan for \`${short(PUSH_3)}\` has not been made yet.`,
    );
    expect(shownAsCurrent(gh.comments[0].body)).not.toContain('lint failed');
    expect(foldedPlan(gh.comments[0].body)?.content).toContain('Plan: 3 to add');
    const plan3 = await runAction(job, pushedAt(job, PUSH_3), { command: 'plan' }, gh);
    runs.push(plan3);
    expect(plan3.code, plan3.stderr).toBe(0);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('Ping the bot');
    expect(gh.comments[0].body).toContain(`plan of \`${short(PUSH_3)}\``);
    expect(gh.comments[0].body).not.toMatch(/out of date|has not been made|lint failed|<summary>The last plan/);
    expect(gh.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expectNoSecrets(gh, job, runs);
    for (const run of runs) expect(shownLog(run)).not.toMatch(STACK);
  }, 120_000);

  it('lint passes and a step after it fails (the plan never runs): the comment already says the plan is out of date; a re-run of a planned commit leaves it alone', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob();
    const plan1 = await runAction(job, pushedAt(job, HEAD_SHA), { command: 'plan' }, gh);
    expect(plan1.code, plan1.stderr).toBe(0);

    // The job run again for the same commit: the plan shown is this commit's, and lint does not touch it.
    const before = writes(gh).length;
    const rerun = await runAction(job, pushedAt(job, HEAD_SHA), { command: 'lint', args: '' }, gh);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(writes(gh)).toHaveLength(before);

    // Push 2: lint passes; then the workflow's own test step fails, so the plan step is skipped. Nothing after lint touches the comment.
    writeFileSync(
      join(job.workspace, 'bot/cmdsync.yaml'),
      MANIFEST.replace('description: Ping', 'description: Ping the bot'),
    );
    const lint2 = await runAction(job, pushedAt(job, PUSH_2), { command: 'lint', args: '' }, gh);
    expect(lint2.code, lint2.stderr).toBe(0);
    expect(commandLines(lint2, 'warning')).toHaveLength(0);
    const body = gh.comments[0].body;
    const current = shownAsCurrent(body);
    expect(current).toContain('**Out of date.**');
    expect(current).toContain(
      `The plan below was made at \`${short(HEAD_SHA)}\`; the plan for \`${short(PUSH_2)}\` has not been made yet.`,
    );
    expect(current).toContain('the plan step did not run: a step before it failed, or it was skipped');
    expect(current).toContain('[workflow run](https://github.example/acme/bot/actions/runs/4242)');
    expect(current).not.toContain('Plan: 3 to add');
    expect(foldedPlan(body)?.content).toContain('Plan: 3 to add');
    expectNoSecrets(gh, job, [plan1, rerun, lint2]);
  }, 90_000);

  it('a plan that fails after an earlier plan keeps that plan folded as out of date under the failure', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob();
    const plan1 = await runAction(job, pushedAt(job, HEAD_SHA), { command: 'plan' }, gh);
    expect(plan1.code, plan1.stderr).toBe(0);
    const plan2 = await runAction(job, pushedAt(job, PUSH_2), { command: 'plan', args: '' }, gh, {
      DISCORD_TOKEN: undefined,
    });
    expect(plan2.code).toBe(1);
    const body = gh.comments[0].body;
    expect(shownAsCurrent(body)).toContain('cmdsync plan failed');
    expect(shownAsCurrent(body)).not.toContain('Plan: 3 to add');
    expect(foldedPlan(body)).toMatchObject({
      summary: `The last plan, made at <code>${short(HEAD_SHA)}</code>: out of date`,
    });
    expect(foldedPlan(body)?.content).toContain('Plan: 3 to add');
    // Lint on the next push carries the same last plan forward, once.
    const lint3 = await runAction(job, pushedAt(job, PUSH_3), { command: 'lint', args: '' }, gh);
    expect(lint3.code, lint3.stderr).toBe(0);
    expect(gh.comments[0].body.match(/<details><summary>The last plan/g)).toHaveLength(1);
    expect(foldedPlan(gh.comments[0].body)?.content).toContain('Plan: 3 to add');
    expectNoSecrets(gh, job, [plan1, plan2, lint3]);
  }, 90_000);

  it('lint on a pull request with no comment: a pass posts nothing, a failure posts one saying lint failed', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob();
    const passed = await runAction(job, pushedAt(job, HEAD_SHA), { command: 'lint', args: '' }, gh);
    expect(passed.code, passed.stderr).toBe(0);
    expect(gh.requests.map((r) => r.method)).toEqual(['GET']);
    writeFileSync(join(job.workspace, 'bot/cmdsync.yaml'), MANIFEST.replace('name: echo', 'name: Echo'));
    const failed = await runAction(job, pushedAt(job, PUSH_2), { command: 'lint', args: '' }, gh);
    expect(failed.code).toBe(1);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].issue).toBe(PR);
    expect(gh.comments[0].body).toContain(`cmdsync lint failed at \`${short(PUSH_2)}\``);
    expect(gh.comments[0].body).toContain('bot/cmdsync.yaml:5:11: error: Name "Echo" must be lowercase');
    expect(gh.comments[0].body).not.toContain('<details>');
    expectNoSecrets(gh, job, [passed, failed]);
  }, 60_000);

  it('lint that cannot run (no manifest) says so on the comment, as a lint failure', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob(null);
    const run = await runAction(job, pushedAt(job, PUSH_2), { command: 'lint', args: '' }, gh);
    expect(run.code).toBe(1);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain(
      `cmdsync lint failed at \`${short(PUSH_2)}\`**: No cmdsync.yaml, cmdsync.yml or cmdsync.json in`,
    );
    expect(shownLog(run)).not.toMatch(STACK);
  }, 60_000);
});
