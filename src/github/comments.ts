import type { GitHubRest } from './rest.js';
import type { RunContext } from './run-context.js';

/**
 * One comment per pull request (and per manifest), found again by a hidden
 * marker on its first line and edited in place, so a pull request collects
 * no trail of outdated plans.
 */

export interface IssueComment {
  id: number;
  body?: string;
}

/** Comments are read 100 a page (GitHub's maximum); a thread longer than this many pages is not searched further. */
const PER_PAGE = 100;
const MAX_PAGES = 30;

/**
 * The hidden first line naming whose comment it is. `id` tells apart the
 * manifests of one repository (a working directory and manifest each);
 * characters that could end an HTML comment are left out.
 */
export function commentMarker(id: string): string {
  return `<!-- cmdsync-action:${id.replace(/[^\w./@:+=-]+/g, '_')} -->`;
}

/**
 * The comment that starts with the marker. A reviewer quoting it (`> <!--…`)
 * does not start with it, so a quote is never taken for it; of several, the
 * first (the oldest) wins, as the one the thread shows first.
 */
export function findMarkedComment(comments: readonly IssueComment[], marker: string): IssueComment | undefined {
  return comments.find((c) => typeof c.body === 'string' && c.body.startsWith(marker));
}

/** The issue's comments, oldest first, page by page as the `Link` header leads, until `stopAt` says a page is enough. */
export async function listIssueComments(
  api: GitHubRest,
  repository: string,
  issue: number,
  stopAt?: (page: IssueComment[]) => boolean,
): Promise<IssueComment[]> {
  const all: IssueComment[] = [];
  let path: string | undefined = `/repos/${repository}/issues/${issue}/comments?per_page=${PER_PAGE}`;
  for (let pages = 0; path !== undefined && pages < MAX_PAGES; pages++) {
    const { data, next }: { data: IssueComment[]; next?: string } = await api.page<IssueComment[]>(path);
    if (!Array.isArray(data)) break;
    all.push(...data);
    if (stopAt?.(data)) break;
    path = next;
  }
  return all;
}

export type UpsertResult = { action: 'created' | 'updated'; id: number } | { action: 'unchanged' };

/**
 * Edits the marked comment of the issue, or creates it. `body` must start
 * with `marker`; given as a function, it is made from the comment's current
 * body (undefined when there is none yet), and returns undefined to leave
 * the comment as it is (or not to create one).
 */
export async function upsertComment(
  api: GitHubRest,
  repository: string,
  issue: number,
  marker: string,
  bodyOf: string | ((existing: string | undefined) => string | undefined),
): Promise<UpsertResult> {
  const comments = await listIssueComments(
    api,
    repository,
    issue,
    (page) => findMarkedComment(page, marker) !== undefined,
  );
  const existing = findMarkedComment(comments, marker);
  const body = typeof bodyOf === 'string' ? bodyOf : bodyOf(existing?.body);
  if (body === undefined) return { action: 'unchanged' };
  if (existing) {
    await api.request('PATCH', `/repos/${repository}/issues/comments/${existing.id}`, { body: { body } });
    return { action: 'updated', id: existing.id };
  }
  const created = await api.request<IssueComment>('POST', `/repos/${repository}/issues/${issue}/comments`, {
    body: { body },
  });
  return { action: 'created', id: created.id };
}

/**
 * Why a run cannot comment, known before any request: GitHub gives a run
 * for a pull request from a fork a read-only token (`pull_request_target`
 * runs in the base repository, with its token, and can).
 */
export function commentUnavailable(run: RunContext): string | undefined {
  if (!run.pullRequest?.fromFork || run.eventName === 'pull_request_target') return undefined;
  return `pull request #${run.pullRequest.number} comes from a fork, and GitHub gives such a run a read-only token, so there is no comment; the step summary has it all.`;
}

interface PullOfCommit {
  number: number;
  merged_at?: string | null;
  merge_commit_sha?: string | null;
}

/**
 * The pull request a commit on the default branch (a push after a merge, a
 * release's commit) came from: GitHub lists the pull requests associated
 * with a commit; the merged one whose merge commit it is comes first.
 */
export async function mergedPullOfCommit(
  api: GitHubRest,
  repository: string,
  sha: string,
): Promise<number | undefined> {
  const pulls = await api.request<PullOfCommit[]>('GET', `/repos/${repository}/commits/${sha}/pulls`);
  if (!Array.isArray(pulls)) return undefined;
  const merged = pulls.filter((p) => p.merged_at);
  return (merged.find((p) => p.merge_commit_sha === sha) ?? merged[0])?.number;
}
