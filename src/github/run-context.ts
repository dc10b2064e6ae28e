import { readFileSync } from 'node:fs';
import { CmdsyncError } from '../errors.js';

/**
 * What a workflow run tells a step about itself: the default environment
 * variables of GitHub Actions and the event payload at `GITHUB_EVENT_PATH`.
 */

export interface RunContext {
  eventName: string;
  /** `owner/name`. */
  repository: string;
  /** The commit the run is for (on a pull request, GitHub's test merge commit). */
  sha: string;
  /** `GITHUB_API_URL`: `https://api.github.com`, or a GitHub Enterprise Server's `/api/v3`. */
  apiUrl: string;
  serverUrl: string;
  runId?: string;
  /** `GITHUB_REF`: `refs/heads/main`, `refs/tags/v1`, `refs/pull/7/merge`. */
  ref: string;
  /** The repository's default branch, as the event payload names it. */
  defaultBranch?: string;
  /** Set on pull request events. `fromFork`: its head is another repository, so the run has no secrets and a read-only token. */
  pullRequest?: { number: number; headSha?: string; fromFork: boolean };
}

/** Events whose payload carries the pull request the run is for. */
const PULL_REQUEST_EVENTS = new Set([
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment',
]);

export function readRunContext(
  env: Readonly<Record<string, string | undefined>>,
  readFile: (path: string) => string = (p) => readFileSync(p, 'utf8'),
): RunContext {
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  const payload = readPayload(env.GITHUB_EVENT_PATH, readFile);
  return {
    eventName,
    repository: env.GITHUB_REPOSITORY ?? '',
    sha: env.GITHUB_SHA ?? '',
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    serverUrl: env.GITHUB_SERVER_URL || 'https://github.com',
    ...(env.GITHUB_RUN_ID ? { runId: env.GITHUB_RUN_ID } : {}),
    ref: env.GITHUB_REF ?? '',
    ...defaultBranchOf(payload),
    ...pullRequestOf(eventName, payload, env.GITHUB_REPOSITORY ?? ''),
  };
}

/** The workflow event's JSON (GITHUB_EVENT_PATH), read only by the keys below. */
type EventPayload = Record<string, unknown>;

function readPayload(path: string | undefined, readFile: (path: string) => string): EventPayload {
  if (!path) return {};
  let text: string;
  try {
    text = readFile(path);
  } catch {
    throw new CmdsyncError(
      'GITHUB_EVENT_UNREADABLE',
      `cannot read the event payload GITHUB_EVENT_PATH names (${path}).`,
    );
  }
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as EventPayload) : {};
  } catch {
    throw new CmdsyncError('GITHUB_EVENT_UNREADABLE', `the event payload at GITHUB_EVENT_PATH (${path}) is not JSON.`);
  }
}

function defaultBranchOf(payload: EventPayload): Pick<RunContext, 'defaultBranch'> {
  const branch = (payload.repository as { default_branch?: unknown } | undefined)?.default_branch;
  return typeof branch === 'string' && branch !== '' ? { defaultBranch: branch } : {};
}

function pullRequestOf(eventName: string, payload: EventPayload, repository: string): Pick<RunContext, 'pullRequest'> {
  if (!PULL_REQUEST_EVENTS.has(eventName)) return {};
  const pr = payload.pull_request as
    | { number?: unknown; head?: { sha?: unknown; repo?: { full_name?: unknown; fork?: unknown } | null } }
    | undefined;
  const number =
    typeof pr?.number === 'number' ? pr.number : typeof payload.number === 'number' ? payload.number : undefined;
  if (number === undefined) return {};
  const headSha = typeof pr?.head?.sha === 'string' ? pr.head.sha : undefined;
  // A deleted fork leaves head.repo null: still not this repository.
  const headRepo = pr?.head?.repo === null ? '' : pr?.head?.repo?.full_name;
  const fromFork = typeof headRepo === 'string' && headRepo.toLowerCase() !== repository.toLowerCase();
  return { pullRequest: { number, ...(headSha ? { headSha } : {}), fromFork } };
}

/** The run's page, for a comment's footer. */
export function runUrl(run: RunContext): string | undefined {
  return run.runId && run.repository ? `${run.serverUrl}/${run.repository}/actions/runs/${run.runId}` : undefined;
}
