/**
 * Bans, timeouts and the member search (wire/guild/moderation.ts): the bounds of each field, the
 * findings that refuse it, and the pages read. test/wire/hierarchy.test.ts holds the first cases.
 */
import { describe, expect, it } from 'vitest';
import {
  banPage,
  isTimedOut,
  matchesMemberSearch,
  parseBanBody,
  parseBanPageQuery,
  parseMemberSearch,
  parseTimeoutUntil,
} from '../../../src/wire/guild/moderation.js';
import { ApiErrors, problem } from '../../../src/wire/problem.js';

const query =
  (q: Record<string, string>) =>
  (name: string): string | null =>
    q[name] ?? null;

describe('the ban body', () => {
  it('takes each bound itself and refuses one past it, a negative or a fraction', () => {
    expect(parseBanBody({ delete_message_seconds: 604_800 })).toEqual({ deleteSeconds: 604_800 });
    expect(parseBanBody({ delete_message_seconds: 0, delete_message_days: 7 })).toEqual({ deleteSeconds: 0 });
    expect(parseBanBody({ delete_message_days: 7 })).toEqual({ deleteSeconds: 604_800 });
    expect(parseBanBody({ delete_message_seconds: null })).toEqual({ deleteSeconds: 0 });
    expect(parseBanBody({ delete_message_seconds: 604_801 })).toEqual([
      problem(
        'ban-delete',
        ['delete_message_seconds'],
        'delete_message_seconds is at most 604800.',
        ApiErrors.numberMax(604_800),
      ),
    ]);
    expect(parseBanBody({ delete_message_days: -1 })).toEqual([
      problem('ban-delete', ['delete_message_days'], 'delete_message_days is at least 0.', ApiErrors.numberMin(0)),
    ]);
    expect(parseBanBody({ delete_message_seconds: '5', delete_message_days: 0.5 })).toEqual([
      problem(
        'ban-delete',
        ['delete_message_seconds'],
        'delete_message_seconds must be a whole number.',
        ApiErrors.integer('5'),
      ),
      problem(
        'ban-delete',
        ['delete_message_days'],
        'delete_message_days must be a whole number.',
        ApiErrors.integer(0.5),
      ),
    ]);
  });
});

describe('the ban list', () => {
  it('reads limit, before and after; refuses ids that are not ids and a limit out of bounds', () => {
    expect(parseBanPageQuery(query({}))).toEqual({ limit: 1000 });
    expect(parseBanPageQuery(query({ limit: '1', before: '9', after: '3' }))).toEqual({
      limit: 1,
      before: '9',
      after: '3',
    });
    expect(parseBanPageQuery(query({ limit: '0', after: 'x' }))).toEqual([
      problem('bans-limit', ['limit'], 'limit is at least 1.', ApiErrors.numberMin(1)),
      problem('bans-query', ['after'], 'after must be a user id.', ApiErrors.snowflake('x')),
    ]);
    expect(parseBanPageQuery(query({ before: 'y' }))).toEqual([
      problem('bans-query', ['before'], 'before must be a user id.', ApiErrors.snowflake('y')),
    ]);
  });

  it('pages strictly after or before an id, by number not by text, and cuts to the limit', () => {
    const bans = ['100', '9', '20', '3'].map((userId) => ({ userId }));
    const ids = (q: Parameters<typeof banPage>[1]) => banPage(bans, q).map((b) => b.userId);
    expect(ids({ limit: 10 })).toEqual(['3', '9', '20', '100']);
    expect(ids({ limit: 2, after: '3' })).toEqual(['9', '20']);
    expect(ids({ limit: 2, before: '100' })).toEqual(['9', '20']);
    expect(ids({ limit: 10, before: '9' })).toEqual(['3']);
    expect(ids({ limit: 10, after: '100' })).toEqual([]);
    // `after` wins when both are given.
    expect(ids({ limit: 1, after: '9', before: '9' })).toEqual(['20']);
  });
});

describe('timeouts', () => {
  const NOW = Date.parse('2026-01-01T00:00:00.000Z');
  const MAX = 28 * 86_400_000;

  it('null lifts; a time up to 28 days ahead is kept as an ISO time', () => {
    expect(parseTimeoutUntil(null, NOW)).toEqual({ until: null });
    expect(parseTimeoutUntil('2026-01-29T00:00:00Z', NOW)).toEqual({ until: new Date(NOW + MAX).toISOString() });
    expect(parseTimeoutUntil('2025-12-31T00:00:00.000Z', NOW)).toEqual({ until: '2025-12-31T00:00:00.000Z' });
  });

  it('refuses what is not a time, and a time past 28 days', () => {
    const notTime = problem(
      'timeout-until',
      ['communication_disabled_until'],
      'communication_disabled_until must be an ISO8601 time.',
      ApiErrors.invalid('Invalid ISO8601 timestamp', 'DATE_TYPE_INVALID'),
    );
    expect(parseTimeoutUntil('tomorrow', NOW)).toEqual(notTime);
    expect(parseTimeoutUntil(NOW + 1000, NOW)).toEqual(notTime);
    // A number is no time, though Date.parse would read the text "5" as one (May 2001).
    expect(parseTimeoutUntil(5, NOW)).toEqual(notTime);
    expect(parseTimeoutUntil(new Date(NOW + MAX + 1).toISOString(), NOW)).toEqual(
      problem(
        'timeout-until',
        ['communication_disabled_until'],
        'communication_disabled_until is at most 28 days ahead.',
        ApiErrors.invalid('Timeout cannot be longer than 28 days.', 'COMMUNICATION_DISABLED_UNTIL_TOO_FAR'),
      ),
    );
  });

  it('is timed out only before the end, and only with a time', () => {
    expect(isTimedOut(null, NOW)).toBe(false);
    expect(isTimedOut('2026-01-01T00:00:00.001Z', NOW)).toBe(true);
  });
});

describe('the member search', () => {
  it('needs a query; limit defaults to 1 and goes to 1000', () => {
    expect(parseMemberSearch(query({ query: 'ab' }))).toEqual({ query: 'ab', limit: 1 });
    expect(parseMemberSearch(query({ query: '', limit: '1000' }))).toEqual({ query: '', limit: 1000 });
    expect(parseMemberSearch(query({}))).toEqual([
      problem('members-search-query', ['query'], 'query is required.', ApiErrors.required()),
    ]);
    expect(parseMemberSearch(query({ query: 'a', limit: '1001' }))).toEqual([
      problem('members-search-limit', ['limit'], 'limit is at most 1000.', ApiErrors.numberMax(1000)),
    ]);
    expect(parseMemberSearch(query({ limit: 'many' }))).toEqual([
      problem('members-search-limit', ['limit'], 'limit must be a whole number.', ApiErrors.integer('many')),
      problem('members-search-query', ['query'], 'query is required.', ApiErrors.required()),
    ]);
  });

  it('matches the start of the username or the nickname, case aside', () => {
    expect(matchesMemberSearch({ username: 'Alice' }, 'al')).toBe(true);
    expect(matchesMemberSearch({ username: 'alice' }, 'AL')).toBe(true);
    expect(matchesMemberSearch({ username: 'malice' }, 'al')).toBe(false);
    expect(matchesMemberSearch({ username: 'bob', nick: 'Ally' }, 'aL')).toBe(true);
    expect(matchesMemberSearch({ username: 'bob', nick: 'sally' }, 'al')).toBe(false);
    expect(matchesMemberSearch({ username: 'bob' }, 'al')).toBe(false);
  });
});
