/**
 * The rules of the thread lists (Channel resource "List Public/Private/Joined
 * Private Archived Threads", Guild resource "List Active Guild Threads"),
 * written once: who may read each archived list, its query (`before` a time,
 * or a thread id for the joined list; `limit`), and how a page is cut and
 * ordered. Pure; the emulator's routes/thread-lists.ts uses them.
 */
import { ChannelBits, holdsAll } from './channel-fields.js';
import { ChannelErrors, type ChannelError } from './messages/errors.js';
import { pageLimit } from './messages/page-limit.js';
import { ApiErrors, problem, type Problem } from './problem.js';
import { compareSnowflakes, isSnowflake, type Snowflake } from './snowflake.js';

/**
 * Which archived list: public threads, private threads (MANAGE_THREADS), or
 * the private threads the caller joined (ordered by id, `before` an id).
 */
export type ArchivedList = 'public' | 'private' | 'joined';

/** The service takes no fewer than 2 (discord.py notes it: "the API doesn't let you request less than 2 threads"). */
export const ARCHIVED_THREADS_PAGE = { default: 50, min: 2, max: 100 } as const;

/** READ_MESSAGE_HISTORY for every list (50013 without); the private list also MANAGE_THREADS. Seeing the channel first (50001). */
export function archivedListRefusal(perms: bigint, list: ArchivedList): ChannelError | undefined {
  if (!holdsAll(perms, ChannelBits.VIEW_CHANNEL)) return ChannelErrors.missingAccess;
  const needs =
    list === 'private'
      ? ChannelBits.READ_MESSAGE_HISTORY | ChannelBits.MANAGE_THREADS
      : ChannelBits.READ_MESSAGE_HISTORY;
  return holdsAll(perms, needs) ? undefined : ChannelErrors.missingPermissions;
}

export interface ArchivedQuery {
  limit: number;
  /** Only threads archived before this time (epoch ms): the public and private lists. */
  beforeMs?: number;
  /** Only threads with a lower id: the joined list. */
  beforeId?: Snowflake;
}

export function parseArchivedQuery(
  get: (name: string) => string | null,
  list: ArchivedList,
): ArchivedQuery | Problem[] {
  const limit = pageLimit(get('limit'), ARCHIVED_THREADS_PAGE, 'threads-limit');
  const out: Problem[] = typeof limit === 'number' ? [] : [limit];
  const before = get('before');
  let q: Omit<ArchivedQuery, 'limit'> = {};
  if (before !== null && list === 'joined') {
    if (isSnowflake(before)) q = { beforeId: before };
    else out.push(problem('threads-before', ['before'], 'before must be a thread id.', ApiErrors.snowflake(before)));
  } else if (before !== null) {
    const ms = Date.parse(before);
    if (Number.isNaN(ms))
      out.push(
        problem(
          'threads-before',
          ['before'],
          'before must be an ISO 8601 time.',
          ApiErrors.invalid('Invalid timestamp.'),
        ),
      );
    else q = { beforeMs: ms };
  }
  if (typeof limit !== 'number' || out.length > 0) return out;
  return { limit, ...q };
}

/** An archived thread as a page sorts it. */
export interface ArchivedEntry {
  id: Snowflake;
  archivedAtMs: number;
}

/** One page: the public and private lists newest-archived first, the joined list by id descending; `has_more` past the limit. */
export function archivedPage<T extends ArchivedEntry>(
  threads: readonly T[],
  list: ArchivedList,
  q: ArchivedQuery,
): { page: T[]; hasMore: boolean } {
  const byId = (a: T, b: T) => compareSnowflakes(b.id, a.id);
  const sorted =
    list === 'joined'
      ? threads.filter((t) => q.beforeId === undefined || compareSnowflakes(t.id, q.beforeId) < 0).sort(byId)
      : threads
          .filter((t) => q.beforeMs === undefined || t.archivedAtMs < q.beforeMs)
          .sort((a, b) => b.archivedAtMs - a.archivedAtMs || byId(a, b));
  return { page: sorted.slice(0, q.limit), hasMore: sorted.length > q.limit };
}
