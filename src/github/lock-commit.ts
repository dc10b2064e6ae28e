import { CmdsyncError } from '../errors.js';
import type { GitHubRest } from './rest.js';
import type { RunContext } from './run-context.js';

/**
 * cmdsync.lock.json survives the job by being committed back: an apply on
 * the runner writes it, and the runner's disk is gone with the job. Written
 * through GitHub's contents API with the action's token (`contents: write`),
 * so no git setup is needed, as one commit on the branch the apply ran for.
 */

export interface LockCommit {
  /** The lock file's path from the repository root. */
  path: string;
  branch: string;
  /** Its text as checked out, before the apply (undefined: there was none). */
  before: string | undefined;
  after: string;
}

/** The branch an apply's lock file goes to: the pushed branch, else (a release, a manual run on a tag) the default branch. */
export function lockBranch(run: RunContext): string | undefined {
  if (run.ref.startsWith('refs/heads/')) return run.ref.slice('refs/heads/'.length);
  return run.defaultBranch;
}

const statusOf = (err: unknown): number | undefined =>
  typeof (err as { status?: unknown })?.status === 'number' ? (err as { status: number }).status : undefined;

/**
 * Commits the lock file unless the branch already holds it. A branch whose
 * lock file changed since this run's checkout is left alone: writing over it
 * would forget the webhooks the other change recorded.
 */
export async function commitLockFile(
  api: GitHubRest,
  repository: string,
  c: LockCommit,
): Promise<'committed' | 'unchanged'> {
  const url = `/repos/${repository}/contents/${c.path.split('/').map(encodeURIComponent).join('/')}`;
  let current: { sha: string; text: string } | undefined;
  try {
    const file = await api.request<{ sha: string; content?: string; encoding?: string }>('GET', url, {
      query: { ref: c.branch },
    });
    current = { sha: file.sha, text: Buffer.from(file.content ?? '', 'base64').toString('utf8') };
  } catch (err) {
    if (statusOf(err) !== 404) throw err;
  }
  if (current?.text === c.after) return 'unchanged';
  if (current !== undefined && current.text !== c.before) {
    throw new CmdsyncError(
      'LOCK_FILE_MOVED',
      `${c.path} on ${c.branch} changed since this run's checkout; it was not overwritten.`,
    );
  }
  await api.request('PUT', url, {
    body: {
      message: `cmdsync: record the webhooks apply manages in ${c.path}`,
      content: Buffer.from(c.after, 'utf8').toString('base64'),
      branch: c.branch,
      sha: current?.sha,
    },
  });
  return 'committed';
}
