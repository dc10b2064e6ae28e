/**
 * The pages the read routes select (wire/messages: query, members, user-guilds, pins): which ids a
 * cursor keeps, in which order, cut where; and the cursors' findings. The limits' bounds are in
 * test/wire/page-limit.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  memberPage,
  parseMemberPageQuery,
  parseMessagePageQuery,
  parsePinsPageQuery,
  parseUserGuildsQuery,
  selectPage,
  userGuildsPage,
} from '../../../src/wire/messages/index.js';
import { ApiErrors, problem } from '../../../src/wire/problem.js';

const query = (params: string) => {
  const search = new URLSearchParams(params);
  return (name: string) => search.get(name);
};
const withIds = (ids: string[]) => ids.map((id) => ({ id }));
const idsOf = (list: Array<{ id: string }>) => list.map((x) => x.id);

describe('the message list', () => {
  // By number, not text: '9' is older than '10'.
  const ids = ['5', '10', '9', '1', '7', '3'];

  it('reads one anchor: around wins, then before; a bad id is refused by name', () => {
    expect(parseMessagePageQuery(query(''))).toEqual({ limit: 50, anchor: undefined });
    expect(parseMessagePageQuery(query('after=3&before=9&around=5'))).toEqual({
      limit: 50,
      anchor: { kind: 'around', id: '5' },
    });
    expect(parseMessagePageQuery(query('after=3&before=9'))).toEqual({
      limit: 50,
      anchor: { kind: 'before', id: '9' },
    });
    expect(parseMessagePageQuery(query('after=3&limit=2'))).toEqual({ limit: 2, anchor: { kind: 'after', id: '3' } });
    expect(parseMessagePageQuery(query('around=x'))).toEqual([
      problem('messages-anchor', ['around'], 'around must be a message id.', ApiErrors.snowflake('x')),
    ]);
  });

  it('newest first; before and after are strict and keep the ids nearest the anchor', () => {
    expect(selectPage(ids, { limit: 3 })).toEqual(['10', '9', '7']);
    expect(selectPage(ids, { limit: 2, anchor: { kind: 'before', id: '9' } })).toEqual(['7', '5']);
    expect(selectPage(ids, { limit: 2, anchor: { kind: 'after', id: '3' } })).toEqual(['7', '5']);
    expect(selectPage(ids, { limit: 9, anchor: { kind: 'after', id: '3' } })).toEqual(['10', '9', '7', '5']);
    expect(selectPage(ids, { limit: 9, anchor: { kind: 'before', id: '1' } })).toEqual([]);
  });

  it('around: the message itself, half the limit newer, the rest older', () => {
    expect(selectPage(ids, { limit: 4, anchor: { kind: 'around', id: '5' } })).toEqual(['9', '7', '5', '3']);
    expect(selectPage(ids, { limit: 3, anchor: { kind: 'around', id: '5' } })).toEqual(['7', '5', '3']);
    // Too few newer: the older fill the page.
    expect(selectPage(ids, { limit: 4, anchor: { kind: 'around', id: '10' } })).toEqual(['10', '9', '7', '5']);
    // An anchor that names no message still centres the page.
    expect(selectPage(ids, { limit: 2, anchor: { kind: 'around', id: '6' } })).toEqual(['7', '5']);
  });
});

describe('the members list', () => {
  it('after defaults to 0; a bad after is refused', () => {
    expect(parseMemberPageQuery(query(''))).toEqual({ limit: 1, after: '0' });
    expect(parseMemberPageQuery(query('after=12&limit=3'))).toEqual({ limit: 3, after: '12' });
    expect(parseMemberPageQuery(query('after=me'))).toEqual([
      problem('members-after', ['after'], 'after must be a user id.', ApiErrors.snowflake('me')),
    ]);
  });

  it('takes other bounds when the route gives them', () => {
    const bounds = { default: 25, min: 1, max: 100 };
    expect(parseMemberPageQuery(query(''), bounds)).toEqual({ limit: 25, after: '0' });
    expect(parseMemberPageQuery(query('limit=101'), bounds)).toEqual([
      problem('members-limit', ['limit'], 'limit is at most 100.', ApiErrors.numberMax(100)),
    ]);
  });

  it('the ids above after, lowest first, cut to the limit', () => {
    const members = withIds(['30', '4', '100', '7']);
    expect(idsOf(memberPage(members, { limit: 10, after: '0' }))).toEqual(['4', '7', '30', '100']);
    expect(idsOf(memberPage(members, { limit: 2, after: '4' }))).toEqual(['7', '30']);
  });
});

describe("the bot's guild list", () => {
  it('reads after and before; refuses a cursor that is not an id', () => {
    expect(parseUserGuildsQuery(query(''))).toEqual({ limit: 200 });
    expect(parseUserGuildsQuery(query('after=1&before=9'))).toEqual({ limit: 200, after: '1', before: '9' });
    expect(parseUserGuildsQuery(query('before=z'))).toEqual([
      problem('user-guilds-cursor', ['before'], 'before must be a guild id.', ApiErrors.snowflake('z')),
    ]);
  });

  it('between the cursors, lowest first; before alone keeps the ids just below it', () => {
    const guilds = withIds(['50', '8', '300', '20', '9']);
    expect(idsOf(userGuildsPage(guilds, { limit: 3 }))).toEqual(['8', '9', '20']);
    expect(idsOf(userGuildsPage(guilds, { limit: 2, after: '9' }))).toEqual(['20', '50']);
    expect(idsOf(userGuildsPage(guilds, { limit: 2, before: '300' }))).toEqual(['20', '50']);
    expect(idsOf(userGuildsPage(guilds, { limit: 1, before: '300' }))).toEqual(['50']);
    expect(idsOf(userGuildsPage(guilds, { limit: 2, after: '8', before: '300' }))).toEqual(['9', '20']);
    expect(idsOf(userGuildsPage(guilds, { limit: 9, after: '9', before: '50' }))).toEqual(['20']);
  });
});

describe('the pins list', () => {
  it('limit 1-50 (default 50); before is a time', () => {
    expect(parsePinsPageQuery(query(''))).toStrictEqual({ limit: 50 });
    expect(parsePinsPageQuery(query('limit=1&before=2026-01-01T00:00:00Z'))).toEqual({
      limit: 1,
      beforeMs: Date.parse('2026-01-01T00:00:00Z'),
    });
    expect(parsePinsPageQuery(query('limit=51'))).toEqual([
      problem('pins-limit', ['limit'], 'limit is at most 50.', ApiErrors.numberMax(50)),
    ]);
    expect(parsePinsPageQuery(query('before=yesterday'))).toEqual([
      problem('pins-before', ['before'], 'before must be an ISO 8601 time.', ApiErrors.invalid('Invalid timestamp.')),
    ]);
    expect(parsePinsPageQuery(query('limit=0&before=yesterday'))).toHaveLength(2);
  });
});
