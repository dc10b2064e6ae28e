/**
 * The query of GET /channels/{id}/messages (facts §5.2): `limit` 1-100
 * (default 50) and one of `before`, `after`, `around`; and the page it
 * selects from a channel's ids. Pure.
 */
import { ApiErrors, problem, type Problem } from '../problem.js';
import { pageLimit } from './page-limit.js';
import { compareSnowflakes, isSnowflake, type Snowflake } from '../snowflake.js';

export const MESSAGE_PAGE = { default: 50, min: 1, max: 100 } as const;

export interface MessagePageQuery {
  limit: number;
  anchor?: { kind: 'before' | 'after' | 'around'; id: Snowflake };
}

export function parseMessagePageQuery(get: (name: string) => string | null): MessagePageQuery | Problem[] {
  const limit = pageLimit(get('limit'), MESSAGE_PAGE, 'messages-limit');
  const out: Problem[] = typeof limit === 'number' ? [] : [limit];
  let anchor: MessagePageQuery['anchor'];
  for (const kind of ['around', 'before', 'after'] as const) {
    const id = get(kind);
    if (id === null) continue;
    if (!isSnowflake(id))
      out.push(problem('messages-anchor', [kind], `${kind} must be a message id.`, ApiErrors.snowflake(id)));
    // The service takes one anchor; with several, around wins, then before.
    else anchor ??= { kind, id };
  }
  return typeof limit === 'number' && out.length === 0 ? { limit, anchor } : out;
}

/** The page's ids, newest first, from the channel's ids (any order). */
export function selectPage(ids: readonly Snowflake[], q: MessagePageQuery): Snowflake[] {
  const newest = [...ids].sort((a, b) => compareSnowflakes(b, a));
  const a = q.anchor;
  if (!a) return newest.slice(0, q.limit);
  if (a.kind === 'before') return newest.filter((id) => compareSnowflakes(id, a.id) < 0).slice(0, q.limit);
  if (a.kind === 'after') {
    const later = newest.filter((id) => compareSnowflakes(id, a.id) > 0);
    return later.slice(Math.max(0, later.length - q.limit));
  }
  // around: the message itself (when there) and about as many newer as older.
  const older = newest.filter((id) => compareSnowflakes(id, a.id) <= 0);
  const newer = newest.filter((id) => compareSnowflakes(id, a.id) > 0);
  const half = Math.floor(q.limit / 2);
  const fromNewer = newer.slice(Math.max(0, newer.length - half));
  return [...fromNewer, ...older.slice(0, q.limit - fromNewer.length)];
}
