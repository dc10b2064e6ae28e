import { describe, expect, test } from 'vitest';
import {
  MEMBER_PAGE,
  MESSAGE_PAGE,
  pageLimit,
  parseMemberPageQuery,
  parseMessagePageQuery,
  parseUserGuildsQuery,
  USER_GUILDS_PAGE,
} from '../../src/wire/messages/index.js';

const rules = (found: object) => (Array.isArray(found) ? found.map((p: { rule: string }) => p.rule) : found);

const query = (params: string) => {
  const search = new URLSearchParams(params);
  return (name: string) => search.get(name);
};

describe('pageLimit: a paged read’s limit, as the service reads it', () => {
  const bounds = { default: 7, min: 2, max: 10 };

  test('absent is the default; a whole number within the bounds is itself', () => {
    expect(pageLimit(null, bounds, 'r')).toBe(7);
    expect(pageLimit('2', bounds, 'r')).toBe(2);
    expect(pageLimit('10', bounds, 'r')).toBe(10);
    expect(pageLimit('5', bounds, 'r')).toBe(5);
  });

  test.each(['two', '1.5', '', ' 5', '0x5', '5e0', '+5'])('%j is not a whole number (NUMBER_TYPE_COERCE)', (raw) => {
    expect(pageLimit(raw, bounds, 'some-limit')).toEqual({
      rule: 'some-limit',
      severity: 'error',
      path: ['limit'],
      message: 'limit must be a whole number.',
      api: { code: 'NUMBER_TYPE_COERCE', message: `Value "${raw}" is not int.` },
    });
  });

  test.each(['1', '0', '-3'])('%s is below the least (NUMBER_TYPE_MIN)', (raw) => {
    expect(pageLimit(raw, bounds, 'some-limit')).toEqual({
      rule: 'some-limit',
      severity: 'error',
      path: ['limit'],
      message: 'limit is at least 2.',
      api: { code: 'NUMBER_TYPE_MIN', message: 'Int should be greater than or equal to 2.' },
    });
  });

  test.each(['11', '99999999999999999999'])('%s is above the most (NUMBER_TYPE_MAX)', (raw) => {
    expect(pageLimit(raw, bounds, 'some-limit')).toEqual({
      rule: 'some-limit',
      severity: 'error',
      path: ['limit'],
      message: 'limit is at most 10.',
      api: { code: 'NUMBER_TYPE_MAX', message: 'Int should be less than or equal to 10.' },
    });
  });
});

describe('the three paged routes read limit alike, each with its own bounds and rule', () => {
  const routes = [
    { parse: parseMessagePageQuery, bounds: MESSAGE_PAGE, rule: 'messages-limit' },
    { parse: parseMemberPageQuery, bounds: MEMBER_PAGE, rule: 'members-limit' },
    { parse: parseUserGuildsQuery, bounds: USER_GUILDS_PAGE, rule: 'user-guilds-limit' },
  ] as const;

  test.each(routes)('$rule', ({ parse, bounds, rule }) => {
    expect(parse(query(''))).toMatchObject({ limit: bounds.default });
    expect(parse(query(`limit=${bounds.max}`))).toMatchObject({ limit: bounds.max });
    for (const raw of ['x', String(bounds.min - 1), String(bounds.max + 1)]) {
      const found = parse(query(`limit=${raw}`));
      expect(found).toEqual([pageLimit(raw, bounds, rule)]);
    }
  });

  test('a bad limit and a bad cursor are both reported', () => {
    expect(rules(parseMessagePageQuery(query('limit=0&before=x')))).toEqual(['messages-limit', 'messages-anchor']);
    expect(rules(parseMemberPageQuery(query('limit=0&after=x')))).toEqual(['members-limit', 'members-after']);
    expect(rules(parseUserGuildsQuery(query('limit=0&after=x')))).toEqual(['user-guilds-limit', 'user-guilds-cursor']);
  });
});
