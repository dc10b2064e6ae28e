/**
 * GET /users/@me/guilds: the guilds the caller (a bot) is in, as partial
 * guild objects, lowest id first; `limit` 1-200 (default 200), `after` and
 * `before` a guild id, `with_counts` the approximate counts. A bot in more
 * guilds than one page holds pages on with `after` = the last id seen. Pure.
 */
import { ApiErrors, problem, type Problem } from '../problem.js';
import { pageLimit } from './page-limit.js';
import { compareSnowflakes, isSnowflake, type Snowflake } from '../snowflake.js';

export const USER_GUILDS_PAGE = { default: 200, min: 1, max: 200 } as const;

export interface UserGuildsQuery {
  limit: number;
  after?: Snowflake;
  before?: Snowflake;
}

export function parseUserGuildsQuery(get: (name: string) => string | null): UserGuildsQuery | Problem[] {
  const limit = pageLimit(get('limit'), USER_GUILDS_PAGE, 'user-guilds-limit');
  const out: Problem[] = typeof limit === 'number' ? [] : [limit];
  const cursors: Omit<UserGuildsQuery, 'limit'> = {};
  for (const key of ['after', 'before'] as const) {
    const value = get(key);
    if (value === null) continue;
    if (isSnowflake(value)) cursors[key] = value;
    else out.push(problem('user-guilds-cursor', [key], `${key} must be a guild id.`, ApiErrors.snowflake(value)));
  }
  return typeof limit === 'number' && out.length === 0 ? { limit, ...cursors } : out;
}

/** The page: ids between the cursors, lowest first; with `before` alone, the `limit` ids just below it. */
export function userGuildsPage<T extends { id: Snowflake }>(guilds: readonly T[], q: UserGuildsQuery): T[] {
  const within = guilds
    .filter(
      (g) =>
        (q.after === undefined || compareSnowflakes(g.id, q.after) > 0) &&
        (q.before === undefined || compareSnowflakes(g.id, q.before) < 0),
    )
    .sort((a, b) => compareSnowflakes(a.id, b.id));
  return q.before !== undefined && q.after === undefined ? within.slice(-q.limit) : within.slice(0, q.limit);
}
