/**
 * Bans and timeouts (the Guild resource: Create Guild Ban, Get Guild Bans,
 * Modify Guild Member's `communication_disabled_until`): the ban body, the
 * ban list's query and page, and what a timeout leaves a member. Pure.
 */
import { ALL_PERMISSION_BITS, Permission } from '../permissions.js';
import { GUILD_FORMAT } from '../limits.js';
import { pageLimit } from '../messages/page-limit.js';
import { ApiErrors, problem, type Problem } from '../problem.js';
import { isObject } from '../rules/values.js';
import { compareSnowflakes, isSnowflake, type Snowflake } from '../snowflake.js';

const wholeIn = (value: unknown, key: string, max: number): Problem | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value))
    return problem('ban-delete', [key], `${key} must be a whole number.`, ApiErrors.integer(value));
  if (value < 0) return problem('ban-delete', [key], `${key} is at least 0.`, ApiErrors.numberMin(0));
  if (value > max) return problem('ban-delete', [key], `${key} is at most ${max}.`, ApiErrors.numberMax(max));
  return undefined;
};

/** PUT /guilds/{id}/bans/{user}'s body: how many seconds of the user's messages to delete (the older `_days` too), or the findings. */
export function parseBanBody(body: unknown): { deleteSeconds: number } | Problem[] {
  const b = isObject(body) ? body : {};
  const out = [
    wholeIn(b.delete_message_seconds, 'delete_message_seconds', GUILD_FORMAT.ban_delete_seconds_max),
    wholeIn(b.delete_message_days, 'delete_message_days', GUILD_FORMAT.ban_delete_days_max),
  ].filter((p): p is Problem => p !== undefined);
  if (out.length > 0) return out;
  const seconds = typeof b.delete_message_seconds === 'number' ? b.delete_message_seconds : undefined;
  const days = typeof b.delete_message_days === 'number' ? b.delete_message_days : 0;
  return { deleteSeconds: seconds ?? days * 86_400 };
}

export interface BanPageQuery {
  limit: number;
  before?: Snowflake;
  after?: Snowflake;
}

/** GET /guilds/{id}/bans's `limit` (1-1000, default 1000), `before` and `after` (user ids). */
export function parseBanPageQuery(get: (name: string) => string | null): BanPageQuery | Problem[] {
  const limit = pageLimit(get('limit'), GUILD_FORMAT.bans_page, 'bans-limit');
  const out: Problem[] = typeof limit === 'number' ? [] : [limit];
  const q: BanPageQuery = { limit: typeof limit === 'number' ? limit : 0 };
  for (const key of ['before', 'after'] as const) {
    const v = get(key);
    if (v === null) continue;
    if (isSnowflake(v)) q[key] = v;
    else out.push(problem('bans-query', [key], `${key} must be a user id.`, ApiErrors.snowflake(v)));
  }
  return out.length > 0 ? out : q;
}

/** The page: by user id, those after `after` from the lowest, else those before `before` up to it. */
export function banPage<T extends { userId: Snowflake }>(bans: readonly T[], q: BanPageQuery): T[] {
  const sorted = [...bans].sort((a, b) => compareSnowflakes(a.userId, b.userId));
  if (q.after !== undefined) return sorted.filter((b) => compareSnowflakes(b.userId, q.after!) > 0).slice(0, q.limit);
  if (q.before !== undefined) return sorted.filter((b) => compareSnowflakes(b.userId, q.before!) < 0).slice(-q.limit);
  return sorted.slice(0, q.limit);
}

/** Whether a member whose timeout ends at `until` (ISO time) is timed out at `nowMs`. */
export function isTimedOut(until: string | null | undefined, nowMs: number): boolean {
  return typeof until === 'string' && Date.parse(until) > nowMs;
}

const TIMEOUT_KEEPS = Permission.VIEW_CHANNEL | Permission.READ_MESSAGE_HISTORY;

/**
 * A timed-out member keeps only VIEW_CHANNEL and READ_MESSAGE_HISTORY (the
 * Permissions page); the owner and ADMINISTRATOR (every bit) keep everything.
 */
export function timedOutPermissions(bits: bigint): bigint {
  return bits === ALL_PERMISSION_BITS ? bits : bits & TIMEOUT_KEEPS;
}

/**
 * `communication_disabled_until` as sent: null lifts a timeout; otherwise an
 * ISO time at most 28 days after `nowMs`. The inner code and message of the
 * refusal are ours ([UNC]: the reference states the limit, not the answer).
 */
export function parseTimeoutUntil(value: unknown, nowMs: number): { until: string | null } | Problem {
  const key = 'communication_disabled_until';
  if (value === null) return { until: null };
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms))
    return problem(
      'timeout-until',
      [key],
      `${key} must be an ISO8601 time.`,
      ApiErrors.invalid('Invalid ISO8601 timestamp', 'DATE_TYPE_INVALID'),
    );
  if (ms > nowMs + GUILD_FORMAT.timeout_max_ms)
    return problem(
      'timeout-until',
      [key],
      `${key} is at most 28 days ahead.`,
      ApiErrors.invalid('Timeout cannot be longer than 28 days.', 'COMMUNICATION_DISABLED_UNTIL_TOO_FAR'),
    );
  return { until: new Date(ms).toISOString() };
}

/** GET /guilds/{id}/members/search: `query` (required) and `limit` (1-1000, default 1). */
export function parseMemberSearch(get: (name: string) => string | null): { query: string; limit: number } | Problem[] {
  const limit = pageLimit(get('limit'), GUILD_FORMAT.member_search_page, 'members-search-limit');
  const query = get('query');
  const out: Problem[] = typeof limit === 'number' ? [] : [limit];
  if (query === null) out.push(problem('members-search-query', ['query'], 'query is required.', ApiErrors.required()));
  return out.length > 0 || query === null || typeof limit !== 'number' ? out : { query, limit };
}

/** Whether a member's username or nickname starts with `query`, case aside (the search's match). */
export function matchesMemberSearch(m: { username: string; nick?: string }, query: string): boolean {
  const q = query.toLowerCase();
  return m.username.toLowerCase().startsWith(q) || (m.nick?.toLowerCase().startsWith(q) ?? false);
}
