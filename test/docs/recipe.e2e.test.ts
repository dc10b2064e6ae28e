import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { actionCheckout, type ActionRun } from '../helpers/action-runner.js';
import { runBin } from '../helpers/cli.js';
import { FAKE_GITHUB_TOKEN, startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { ROOT } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';
import { runWorkflowJob, type StepResult, type Workflow } from '../helpers/workflow-job.js';

/*
 * A user's first day: a new repository with `cmdsync init`'s starter
 * manifest and the README's CI recipe copied as written into
 * .github/workflows/, the repository variable and secret it names set. Its
 * job run under the simulated runner (test/helpers/workflow-job.ts) for a
 * pull request and then for a release, with the action as the runner
 * downloads it, the emulator as Discord (found through CMDSYNC_API_URL, as
 * the CLI reads it: the recipe itself is not changed) and a local server as
 * GitHub's API. Runs clean: no warning, no error, and a step summary that is
 * this repository's lint and plan (or apply) and nothing else.
 */

const APP = '500000000000000001';
const BOT_TOKEN = 'MTIzNDU2Nzg5.recipe-bot-token-value.abcdefghij';
const REPO = 'someone/my-bot';
const PR = 3;
const HEAD_SHA = '1111111111111111111111111111111111111111';
const MERGE_SHA = '2222222222222222222222222222222222222222';

let github: FakeGitHub | undefined;
let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await github?.close();
  await emulator?.close();
  github = emulator = undefined;
});

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const recipe = /## CI recipe[\s\S]*?```yaml\n([\s\S]*?)```/.exec(readme)![1];

/** A new repository: the starter manifest from the real `cmdsync init`, the recipe as a workflow, a git directory. */
async function newRepository(): Promise<string> {
  const repo = testdir({ '.github/workflows/commands.yml': recipe });
  expect(spawnSync('git', ['init', '-q'], { cwd: repo }).status).toBe(0);
  const init = await runBin(['init'], { cwd: repo });
  expect(init.code, init.stderr).toBe(0);
  return repo;
}

interface Event {
  name: string;
  payload: unknown;
  sha: string;
  ref: string;
}

/** One run of the workflow's job on a fresh runner for `event`. */
async function runJob(repo: string, event: Event, gh: FakeGitHub, discord: RunningEmulator) {
  const temp = testdir();
  const summary = join(temp, 'job-summary.md');
  writeFileSync(summary, '');
  writeFileSync(join(temp, 'event.json'), JSON.stringify(event.payload));
  const action = actionCheckout();
  const steps = await runWorkflowJob({
    workflow: parse(readFileSync(join(repo, '.github/workflows/commands.yml'), 'utf8')) as Workflow,
    job: 'sync',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: repo,
      GITHUB_REPOSITORY: REPO,
      GITHUB_API_URL: gh.url,
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_RUN_ID: '77',
      GITHUB_EVENT_NAME: event.name,
      GITHUB_EVENT_PATH: join(temp, 'event.json'),
      GITHUB_SHA: event.sha,
      GITHUB_REF: event.ref,
      RUNNER_TEMP: temp,
      CMDSYNC_API_URL: discord.url,
    },
    vars: { DISCORD_APPLICATION_ID: APP },
    secrets: { DISCORD_TOKEN: BOT_TOKEN },
    githubToken: FAKE_GITHUB_TOKEN,
    actionPath: (uses) => {
      if (uses.startsWith('cmdsync/cmdsync@')) {
        expect(uses).toBe('cmdsync/cmdsync@main');
        return action;
      }
      return undefined;
    },
    jobSummary: summary,
  });
  return { steps, summary: readFileSync(summary, 'utf8') };
}

const ran = (steps: StepResult[]): ActionRun[] => steps.flatMap((s) => (s.run ? [s.run] : []));
const outcomes = (steps: StepResult[]) =>
  steps.map((s) => `${s.step.uses?.replace(/@.*/, '')} ${s.with.command ?? ''}: ${s.outcome}`.replace(' :', ':'));
const workflowCommands = (runs: ActionRun[]) =>
  runs
    .flatMap((r) => (r.stdout + r.stderr).split('\n'))
    .filter((line) => line.startsWith('::') && !line.startsWith('::add-mask::'));

async function deployed(discord: RunningEmulator): Promise<string[]> {
  const res = await fetch(`${discord.url}/applications/${APP}/commands`, {
    headers: { authorization: `Bot ${BOT_TOKEN}` },
  });
  return ((await res.json()) as Array<{ name: string }>).map((c) => c.name).sort();
}

describe("the README's CI recipe, copied into a new repository", () => {
  it('runs clean on a pull request (lint, plan, the plan comment) and on a release (lint, apply, the same comment)', async () => {
    const gh = (github = await startFakeGitHub({ repo: REPO }));
    const discord = (emulator = await startEmulator({
      seed: { applications: [{ id: APP, bot_token: BOT_TOKEN }], guilds: [] },
      rateLimits: false,
    }));
    const repo = await newRepository();

    const pr = await runJob(
      repo,
      {
        name: 'pull_request',
        payload: {
          action: 'opened',
          number: PR,
          pull_request: {
            number: PR,
            head: { sha: HEAD_SHA, ref: 'commands', repo: { full_name: REPO, fork: false } },
          },
        },
        sha: '3333333333333333333333333333333333333333',
        ref: `refs/pull/${PR}/merge`,
      },
      gh,
      discord,
    );
    expect(outcomes(pr.steps)).toEqual([
      'actions/checkout: done',
      'cmdsync/cmdsync lint: ran',
      'cmdsync/cmdsync plan: ran',
      'actions/upload-artifact: recorded',
      'cmdsync/cmdsync apply: skipped',
    ]);
    for (const run of ran(pr.steps)) expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(workflowCommands(ran(pr.steps))).toEqual([]);
    const plan = pr.steps[2].run!;
    expect(plan.outputs['exit-code']).toBe('2');
    expect(plan.outputs.summary).toMatch(/^Plan: 3 to add, 0 to change, 0 to destroy/);
    // The artifact step is given the saved plan, which is there to upload.
    expect(pr.steps[3].with.path).toBe(plan.outputs['plan-file']);
    expect(existsSync(plan.outputs['plan-file'])).toBe(true);
    // The job's summary: this repository's lint and plan, in order, and nothing else.
    expect(pr.summary).toBe(pr.steps[1].run!.summary + plan.summary);
    expect(pr.summary.match(/^## .*/gm)).toEqual(['## cmdsync lint', '## cmdsync plan']);
    for (const name of ['ping', 'echo', 'Show profile']) expect(pr.summary).toContain(name);
    expect(pr.summary).not.toMatch(/webhook|deploys/i);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('Plan: 3 to add');
    expect(await deployed(discord)).toEqual([]);

    // Merged and released: the release's commit is the pull request's merge commit.
    gh.pullsOfCommit.set(MERGE_SHA, [
      { number: PR, state: 'closed', merged_at: '2026-01-01T00:00:00Z', merge_commit_sha: MERGE_SHA },
    ]);
    const release = await runJob(
      repo,
      {
        name: 'release',
        payload: {
          action: 'published',
          release: { tag_name: 'v1.0.0', target_commitish: 'main' },
          repository: { full_name: REPO, default_branch: 'main' },
        },
        sha: MERGE_SHA,
        ref: 'refs/tags/v1.0.0',
      },
      gh,
      discord,
    );
    expect(outcomes(release.steps)).toEqual([
      'actions/checkout: done',
      'cmdsync/cmdsync lint: ran',
      'cmdsync/cmdsync plan: skipped',
      'actions/upload-artifact: skipped',
      'cmdsync/cmdsync apply: ran',
    ]);
    for (const run of ran(release.steps)) expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(workflowCommands(ran(release.steps))).toEqual([]);
    expect(release.steps[4].run!.outputs.summary).toMatch(/^Apply complete! 3 created/);
    expect(release.summary.match(/^## .*/gm)).toEqual(['## cmdsync lint', '## cmdsync apply']);
    expect(release.summary).not.toMatch(/webhook|deploys/i);
    expect(await deployed(discord)).toEqual(['Show profile', 'echo', 'ping']);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toContain('Apply complete! 3 created');

    // The secrets reached no output, summary, comment or log (the log as shown: the runner consumes ::add-mask:: lines).
    const shown = (r: ActionRun) => `${r.stdout}${r.stderr}`.replace(/^::add-mask::.*$/gm, '');
    for (const text of [
      pr.summary,
      release.summary,
      ...gh.comments.map((c) => c.body),
      ...ran([...pr.steps, ...release.steps]).map((r) => shown(r) + r.outputFile),
    ]) {
      expect(text).not.toContain(BOT_TOKEN);
      expect(text).not.toContain(FAKE_GITHUB_TOKEN);
    }
  }, 120_000);
});
