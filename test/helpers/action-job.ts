import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { actionCheckout, runNodeAction, type ActionRun } from './action-runner.js';
import { FAKE_GITHUB_TOKEN, type FakeGitHub } from './fake-github.js';
import { testdir } from './tmp.js';

/*
 * One job of a workflow run for the action's tests: a workspace with the
 * bot's manifest, the runner's temp directory and step summary, the event
 * payloads of a pull request (from the repository or from a fork) and of a
 * push, and the action run as the runner runs it (action-runner.ts), from a
 * copy of what the runner downloads: action.yml and the committed bundle.
 */

export const DISCORD_TOKEN = 'MTIzNDU2Nzg5.discord-secret-token-value.abcdefghij';
export const REPO = 'acme/bot';
export const PR = 7;
export const HEAD_SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
export const MERGE_SHA = 'fedcba9876543210fedcba9876543210fedcba98';

export const MANIFEST = [
  'application_id: "500000000000000001"',
  'commands:',
  '  - name: ping',
  '    description: Ping',
  '  - name: echo',
  '    description: Echo a message',
  '  - name: stats',
  '    description: Statistics',
].join('\n');

export interface Job {
  workspace: string;
  summary: string;
  temp: string;
}

/** `files` are more files of the workspace; `manifest: null` leaves the bot's directory without one. */
export function newJob(manifest: string | null = MANIFEST, files: Record<string, string> = {}): Job {
  const workspace = testdir({
    ...(manifest === null ? { 'bot/README.md': 'no manifest here\n' } : { 'bot/cmdsync.yaml': manifest }),
    ...files,
  });
  const temp = join(workspace, '.runner-temp');
  mkdirSync(temp);
  return { workspace, summary: join(temp, 'step-summary.md'), temp };
}

/** A pull request event; `fork` makes its head another repository's branch (no secrets, a read-only token). */
export function pullRequestEvent(job: Job, opts: { fork?: boolean } = {}): Record<string, string> {
  const path = join(job.temp, 'event.json');
  const head = {
    sha: HEAD_SHA,
    ref: 'feature',
    repo: opts.fork ? { full_name: 'someone/bot', fork: true } : { full_name: REPO, fork: false },
  };
  writeFileSync(
    path,
    JSON.stringify({
      action: 'synchronize',
      number: PR,
      pull_request: { number: PR, head, base: { ref: 'main', repo: { full_name: REPO } } },
      repository: { full_name: REPO, default_branch: 'main' },
    }),
  );
  return {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: path,
    GITHUB_SHA: '0000000000000000000000000000000000000001',
    GITHUB_REF: `refs/pull/${PR}/merge`,
  };
}

export function pushEvent(job: Job): Record<string, string> {
  const path = join(job.temp, 'event.json');
  writeFileSync(
    path,
    JSON.stringify({
      ref: 'refs/heads/main',
      after: MERGE_SHA,
      repository: { full_name: REPO, default_branch: 'main' },
    }),
  );
  return { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: path, GITHUB_SHA: MERGE_SHA, GITHUB_REF: 'refs/heads/main' };
}

/**
 * The action's step with a runner's environment. `env` is the step's
 * `env:` (DISCORD_TOKEN by default; a key set to undefined is left out, as
 * a fork's run has no secrets).
 */
export function runAction(
  job: Job,
  event: Record<string, string>,
  inputs: Record<string, string>,
  gh: FakeGitHub,
  env: Record<string, string | undefined> = {},
): Promise<ActionRun> {
  const stepEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ DISCORD_TOKEN, ...env })) if (v !== undefined) stepEnv[k] = v;
  return runNodeAction({
    actionPath: actionCheckout(),
    githubToken: FAKE_GITHUB_TOKEN,
    jobSummary: job.summary,
    with: { 'working-directory': 'bot', args: '--emulator', ...inputs },
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: job.workspace,
      GITHUB_REPOSITORY: REPO,
      GITHUB_API_URL: gh.url,
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_RUN_ID: '4242',
      RUNNER_TEMP: job.temp,
      ...stepEnv,
      ...event,
    },
  });
}

export const summaryOf = (job: Job): string => (existsSync(job.summary) ? readFileSync(job.summary, 'utf8') : '');

/** The log as the runner shows it: `::add-mask::` lines are commands it consumes, never printed. */
export function shownLog(run: ActionRun): string {
  return (run.stdout + run.stderr)
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');
}

/** `::error` / `::warning` workflow command lines of a run's log. */
export const commandLines = (run: ActionRun, kind: 'error' | 'warning'): string[] =>
  shownLog(run)
    .split('\n')
    .filter((l) => l.startsWith(`::${kind} `));

/** Nothing a run left behind holds a credential: requests' bodies and paths, the comments, outputs, the summary, the log. */
export function expectNoSecrets(gh: FakeGitHub, job: Job, runs: ActionRun[], more: string[] = []): void {
  for (const secret of [FAKE_GITHUB_TOKEN, DISCORD_TOKEN, ...more]) {
    for (const r of gh.requests) {
      expect(r.body).not.toContain(secret);
      expect(r.path).not.toContain(secret);
    }
    for (const c of gh.comments) expect(c.body).not.toContain(secret);
    expect(summaryOf(job)).not.toContain(secret);
    for (const run of runs) {
      expect(shownLog(run)).not.toContain(secret);
      expect(run.outputFile).not.toContain(secret);
    }
  }
}
