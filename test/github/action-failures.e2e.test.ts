import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  commandLines,
  expectNoSecrets,
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
  type Job,
} from '../helpers/action-job.js';
import { STACK } from '../helpers/cli.js';
import type { ActionRun } from '../helpers/action-runner.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';

/*
 * The action when a plan or apply cannot be made: the step fails with the
 * reason in one ::error line, the step summary and the pull request's one
 * comment, and outputs that say it failed. The Discord side is the emulator
 * on a loopback port (or the action's embedded one, with --emulator).
 */

const APP = '500000000000000001';
let github: FakeGitHub | undefined;
let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await github?.close();
  await emulator?.close();
  github = emulator = undefined;
});

async function discord(): Promise<RunningEmulator> {
  emulator = await startEmulator({ seed: { applications: [{ id: APP }], guilds: [] }, rateLimits: false });
  return emulator;
}

/** The outputs, summary and log of a run that failed with `reason`. */
function expectFailed(run: ActionRun, job: Job, command: string, reason: RegExp): void {
  expect(run.code).toBe(1);
  expect(run.outputs['exit-code']).toBe('1');
  expect(run.outputs['has-changes']).toBe('false');
  expect(run.outputs['plan-file']).toBe('');
  expect(run.outputs.summary).toMatch(new RegExp(`^cmdsync ${command} failed: `));
  expect(run.outputs.summary).toMatch(reason);
  const failures = commandLines(run, 'error').filter((l) => l.startsWith(`::error title=cmdsync ${command} failed::`));
  expect(failures).toHaveLength(1);
  expect(failures[0]).toMatch(reason);
  expect(summaryOf(job)).toContain(`cmdsync ${command} failed`);
  expect(summaryOf(job)).toMatch(reason);
  expect(shownLog(run)).not.toMatch(STACK);
  expect(shownLog(run)).not.toMatch(/internal error/);
}

describe('the GitHub Action when the plan or apply fails', () => {
  it('a pull request from a fork (no secrets, a read-only token): the step summary says why the plan failed; no comment is tried, and no warning', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob();
    const forked = await runAction(job, pullRequestEvent(job, { fork: true }), { command: 'plan', args: '' }, gh, {
      DISCORD_TOKEN: undefined,
      CMDSYNC_API_URL: (await discord()).url,
    });
    expectFailed(forked, job, 'plan', /secrets are not available to pull requests from forks/);
    expect(summaryOf(job)).toContain('push the branch to this repository');
    expect(gh.requests).toHaveLength(0);
    expect(commandLines(forked, 'warning')).toHaveLength(0);
    expect(forked.stderr).toContain(
      'Not commenting: pull request #7 comes from a fork, and GitHub gives such a run a read-only token',
    );

    // Lint on the fork's pull request tries no comment either, pass or fail.
    writeFileSync(join(job.workspace, 'bot/cmdsync.yaml'), MANIFEST.replace('name: echo', 'name: Echo'));
    const lint = await runAction(job, pullRequestEvent(job, { fork: true }), { command: 'lint', args: '' }, gh, {
      DISCORD_TOKEN: undefined,
    });
    expect(lint.code).toBe(1);
    expect(gh.requests).toHaveLength(0);
    expect(commandLines(lint, 'warning')).toHaveLength(0);

    // The same branch pushed to the repository itself: the plan is commented.
    writeFileSync(join(job.workspace, 'bot/cmdsync.yaml'), MANIFEST);
    const good = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    expect(good.code, good.stderr).toBe(0);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('Plan: 3 to add');
    expectNoSecrets(gh, job, [forked, lint, good]);
  }, 90_000);

  it('a wrong token: the service refused the credentials, said once; the token appears nowhere', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob();
    const wrong = 'MTk5OTk5OTk5.wrong-token-value.zyxwvutsrqponm';
    const run = await runAction(job, pullRequestEvent(job), { command: 'plan', args: '' }, gh, {
      DISCORD_TOKEN: wrong,
      CMDSYNC_API_URL: (await discord()).url,
    });
    expectFailed(run, job, 'plan', /refused the credentials \(401 Unauthorized\)/);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('refused the credentials');
    expectNoSecrets(gh, job, [run], [wrong]);
  }, 60_000);

  it('a network error (nothing listens at the API address): the step fails saying it could not connect, never the reduce crash', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob();
    // A loopback port that was just free: connections to it are refused.
    const closed = createServer();
    await new Promise<void>((res) => closed.listen(0, '127.0.0.1', () => res()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((res) => closed.close(() => res()));
    const run = await runAction(job, pullRequestEvent(job), { command: 'plan', args: '' }, gh, {
      CMDSYNC_API_URL: `http://127.0.0.1:${port}/api/v10`,
    });
    expectFailed(run, job, 'plan', /network error after \d+ attempts: ECONNREFUSED/);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('cmdsync plan failed');
    expect(gh.comments[0].body).toMatch(/network error after \d+ attempts: ECONNREFUSED/);
    expectNoSecrets(gh, job, [run]);
  }, 90_000);

  it('a missing manifest fails the step and says where it looked', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob(null);
    const run = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    expectFailed(run, job, 'plan', /No cmdsync\.yaml, cmdsync\.yml or cmdsync\.json in/);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('No cmdsync.yaml');
    expectNoSecrets(gh, job, [run]);
  }, 60_000);

  it("apply's mass-delete refusal fails the step, says why on the merged pull request's comment, and deletes nothing", async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    gh.pullsOfCommit.set(MERGE_SHA, [
      { number: PR, state: 'closed', merged_at: '2025-01-01T00:00:00Z', merge_commit_sha: MERGE_SHA },
    ]);
    const job = newJob();
    const first = await runAction(job, pushEvent(job), { command: 'apply' }, gh);
    expect(first.code, first.stderr).toBe(0);
    writeFileSync(join(job.workspace, 'bot/cmdsync.yaml'), `application_id: "${APP}"\ncommands: []\n`);
    const refused = await runAction(job, pushEvent(job), { command: 'apply' }, gh);
    expectFailed(refused, job, 'apply', /Refusing to delete 3 of the 3 commands of global without approval/);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('cmdsync apply failed');
    expect(gh.comments[0].body).toContain('--allow-mass-delete');
    // The commands are all still there: the manifest that declares them plans nothing.
    writeFileSync(join(job.workspace, 'bot/cmdsync.yaml'), MANIFEST);
    const after = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    expect(after.outputs.summary).toBe('No changes. Remote commands match the manifest.');
    expectNoSecrets(gh, job, [first, refused, after]);
  }, 120_000);

  it('a saved plan is applied exactly; applied a second time it is stale, and the step fails saying so', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob();
    const planned = await runAction(job, pullRequestEvent(job), { command: 'plan', comment: 'false' }, gh);
    const planFile = planned.outputs['plan-file'];
    expect(planFile).not.toBe('');
    const applied = await runAction(
      job,
      pushEvent(job),
      { command: 'apply', args: `--emulator ${planFile}`, comment: 'false' },
      gh,
    );
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.outputs.summary).toMatch(/^Apply complete! 3 created/);
    const again = await runAction(
      job,
      pushEvent(job),
      { command: 'apply', args: `--emulator ${planFile}`, comment: 'false' },
      gh,
    );
    expectFailed(again, job, 'apply', /Saved plan is stale: the remote changed since it was made \(global\)/);
    expectNoSecrets(gh, job, [planned, applied, again]);
  }, 90_000);

  it('client credentials with webhooks in the manifest: webhooks need DISCORD_TOKEN, said before any request', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const job = newJob(
      `${MANIFEST}\nwebhooks:\n  - channel_id: "700000000000000001"\n    name: Deploys\n    key: deploys\n`,
    );
    const secret = 'client-secret-value-0123456789';
    const run = await runAction(job, pullRequestEvent(job), { command: 'plan', args: '' }, gh, {
      DISCORD_TOKEN: undefined,
      DISCORD_CLIENT_ID: APP,
      DISCORD_CLIENT_SECRET: secret,
      CMDSYNC_API_URL: (await discord()).url,
    });
    expectFailed(run, job, 'plan', /declares webhooks, and managing webhooks needs a bot token: set DISCORD_TOKEN/);
    expectNoSecrets(gh, job, [run], [secret]);
  }, 60_000);
});

describe('the lock file survives the job', () => {
  it('apply commits cmdsync.lock.json to the branch; a later checkout plans a keyed rename as an edit, not delete + create', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const hooks = (name: string) =>
      `${MANIFEST}\nwebhooks:\n  - channel_id: "700000000000000001"\n    name: ${name}\n    key: deploys\n`;
    const job = newJob(hooks('Deploys'));
    const applied = await runAction(job, pushEvent(job), { command: 'apply', comment: 'false' }, gh);
    expect(applied.code, applied.stderr).toBe(0);
    const lockOnRunner = readFileSync(join(job.workspace, 'bot/cmdsync.lock.json'), 'utf8');
    expect(gh.files).toHaveLength(1);
    expect(gh.files[0]).toMatchObject({ branch: 'main', path: 'bot/cmdsync.lock.json', text: lockOnRunner });
    expect(lockOnRunner).toContain('"key": "deploys"');

    // Without the lock file (the runner's disk is gone), the renamed webhook would be matched by name: delete + create, a new URL.
    rmSync(join(job.workspace, 'bot/cmdsync.lock.json'));
    writeFileSync(join(job.workspace, 'bot/cmdsync.yaml'), hooks('Releases'));
    const lost = await runAction(job, pullRequestEvent(job), { command: 'plan', comment: 'false' }, gh);
    expect(lost.outputs.summary).toMatch(/; 2 webhooks\. 2 requests\.$/);

    // The next job checks out the branch, where the lock file was committed: the rename is an edit of the same webhook.
    writeFileSync(join(job.workspace, 'bot/cmdsync.lock.json'), gh.files[0].text);
    const plan = await runAction(job, pullRequestEvent(job), { command: 'plan' }, gh);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.outputs.summary).toMatch(/; 1 webhook\. 1 request\.$/);
    expect(gh.comments[0].body).toContain('will be updated in place');
    expect(gh.comments[0].body).not.toContain('will be created');

    // Applied: the lock file did not change (same id, same key), so nothing more is committed.
    const puts = gh.requests.filter((r) => r.method === 'PUT').length;
    const renamed = await runAction(job, pushEvent(job), { command: 'apply', comment: 'false' }, gh);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(gh.requests.filter((r) => r.method === 'PUT')).toHaveLength(puts);
    expectNoSecrets(gh, job, [applied, lost, plan, renamed]);
  }, 120_000);

  it('without contents: write the lock file is in the step summary, with one warning saying to commit it', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    gh.failAlways('PUT', `/repos/${REPO}/contents/`, 403);
    const job = newJob(
      `${MANIFEST}\nwebhooks:\n  - channel_id: "700000000000000001"\n    name: Deploys\n    key: deploys\n`,
    );
    const run = await runAction(job, pushEvent(job), { command: 'apply', comment: 'false' }, gh);
    expect(run.code, run.stderr).toBe(0);
    const warnings = commandLines(run, 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /Could not commit bot\/cmdsync\.lock\.json to main: GitHub answered 403.*contents: write/,
    );
    expect(summaryOf(job)).toContain('"key": "deploys"');
    expectNoSecrets(gh, job, [run]);
  }, 60_000);
});
