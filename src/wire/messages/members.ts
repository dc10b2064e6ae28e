/**
 * GET /guilds/{id}/members (facts §5.2): needs the privileged GUILD_MEMBERS
 * intent enabled for the application (its portal toggle, not the IDENTIFY
 * intents); `limit` 1-1000 (default 1), `after` the highest user id of the
 * previous page. Pure.
 */
import { ApiErrors, problem, type Problem } from '../problem.js';
import { pageLimit } from './page-limit.js';
import { compareSnowflakes, isSnowflake, type Snowflake } from '../snowflake.js';

/** Application flags that enable GUILD_MEMBERS: GATEWAY_GUILD_MEMBERS (approved) and its _LIMITED form. */
export const GUILD_MEMBERS_APP_FLAGS = (1 << 14) | (1 << 15);

export const MEMBER_PAGE = { default: 1, min: 1, max: 1000 } as const;

/** `limit` and `after` of a page of users; `page` the route's bounds (the members list's by default). */
export function parseMemberPageQuery(
  get: (name: string) => string | null,
  page: { default: number; min: number; max: number } = MEMBER_PAGE,
): { limit: number; after: Snowflake } | Problem[] {
  const limit = pageLimit(get('limit'), page, 'members-limit');
  const out: Problem[] = typeof limit === 'number' ? [] : [limit];
  const after = get('after') ?? '0';
  if (!isSnowflake(after))
    out.push(problem('members-after', ['after'], 'after must be a user id.', ApiErrors.snowflake(after)));
  return typeof limit === 'number' && out.length === 0 ? { limit, after } : out;
}

/** The page: users with ids above `after`, lowest first. */
export function memberPage<T extends { id: Snowflake }>(
  members: readonly T[],
  q: { limit: number; after: Snowflake },
): T[] {
  return members
    .filter((m) => compareSnowflakes(m.id, q.after) > 0)
    .sort((a, b) => compareSnowflakes(a.id, b.id))
    .slice(0, q.limit);
}
