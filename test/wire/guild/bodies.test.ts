/**
 * The member and role bodies a bot sends (wire/guild/bodies.ts): what each field becomes, and the
 * service's finding, with its rule, path, message and inner error, for each wrong value.
 */
import { describe, expect, it } from 'vitest';
import { parseMemberChange, parseRoleFields, parseRolePositions } from '../../../src/wire/guild/bodies.js';
import { ApiErrors, problem } from '../../../src/wire/problem.js';

const NOW = Date.parse('2026-01-01T00:00:00.000Z');
const DAY = 86_400_000;

describe('parseMemberChange', () => {
  it('a body that is not an object, or an empty one, changes nothing', () => {
    expect(parseMemberChange(null, NOW)).toEqual({});
    expect(parseMemberChange('nick', NOW)).toEqual({});
    expect(parseMemberChange({}, NOW)).toEqual({});
  });

  it('null or "" clears the nickname; text up to 32 characters sets it', () => {
    expect(parseMemberChange({ nick: null }, NOW)).toEqual({ nick: null });
    expect(parseMemberChange({ nick: '' }, NOW)).toEqual({ nick: null });
    expect(parseMemberChange({ nick: 'x'.repeat(32) }, NOW)).toEqual({ nick: 'x'.repeat(32) });
  });

  it('refuses a nickname that is not text or is longer than 32 characters', () => {
    expect(parseMemberChange({ nick: 5 }, NOW)).toEqual([
      problem('member-nick', ['nick'], 'nick must be a string.', ApiErrors.string()),
    ]);
    expect(parseMemberChange({ nick: 'x'.repeat(33) }, NOW)).toEqual([
      problem('member-nick', ['nick'], 'nick is at most 32 characters.', ApiErrors.maxLength(32)),
    ]);
  });

  it('roles: null leaves them; a list of ids sets them, once each; anything else is refused by place', () => {
    expect(parseMemberChange({ roles: null }, NOW)).toEqual({});
    expect(parseMemberChange({ roles: ['1', '2', '1'] }, NOW)).toEqual({ roles: ['1', '2'] });
    expect(parseMemberChange({ roles: [] }, NOW)).toEqual({ roles: [] });
    expect(parseMemberChange({ roles: '1' }, NOW)).toEqual([
      problem('member-roles', ['roles'], 'roles must be a list of role ids.', ApiErrors.array()),
    ]);
    expect(parseMemberChange({ roles: ['1', 'x', 2] }, NOW)).toEqual([
      problem('member-roles', ['roles', 1], 'a role id.', ApiErrors.snowflake('x')),
      problem('member-roles', ['roles', 2], 'a role id.', ApiErrors.snowflake(2)),
    ]);
  });

  it('a timeout: null lifts it, a time sets it, a bad one is refused; findings of several fields together', () => {
    expect(parseMemberChange({ communication_disabled_until: null }, NOW)).toEqual({ timeoutUntil: null });
    const until = new Date(NOW + DAY).toISOString();
    expect(parseMemberChange({ communication_disabled_until: until, nick: 'n' }, NOW)).toEqual({
      nick: 'n',
      timeoutUntil: until,
    });
    const bad = parseMemberChange({ communication_disabled_until: 'soon', nick: 7, roles: 'r' }, NOW);
    expect(Array.isArray(bad) && bad.map((p) => p.rule)).toEqual(['member-nick', 'member-roles', 'timeout-until']);
  });
});

describe('parseRoleFields', () => {
  it('a body that is not an object, or holds only nulls, changes nothing', () => {
    expect(parseRoleFields(undefined)).toEqual({});
    expect(parseRoleFields({ name: null, permissions: null, color: null, hoist: null, mentionable: null })).toEqual({});
  });

  it('keeps each field as the service keeps it', () => {
    expect(
      parseRoleFields({ name: 'r'.repeat(100), permissions: '0008', color: 0, hoist: false, mentionable: true }),
    ).toEqual({ name: 'r'.repeat(100), permissions: '8', color: 0, hoist: false, mentionable: true });
    expect(parseRoleFields({ permissions: 8 })).toEqual({ permissions: '8' });
  });

  it('refuses each wrong field with its own finding', () => {
    expect(parseRoleFields({ name: 3 })).toEqual([
      problem('role-name', ['name'], 'name must be a string.', ApiErrors.string()),
    ]);
    expect(parseRoleFields({ name: 'r'.repeat(101) })).toEqual([
      problem('role-name', ['name'], 'name is at most 100 characters.', ApiErrors.maxLength(100)),
    ]);
    expect(parseRoleFields({ permissions: 'ADMINISTRATOR' })).toEqual([
      problem(
        'role-permissions',
        ['permissions'],
        'permissions must be a decimal bit set.',
        ApiErrors.integer('ADMINISTRATOR'),
      ),
    ]);
    for (const color of ['red', 1.5, -1])
      expect(parseRoleFields({ color })).toEqual([
        problem('role-color', ['color'], 'color must be a whole number.', ApiErrors.integer(color)),
      ]);
    expect(parseRoleFields({ hoist: 'yes', mentionable: 1 })).toEqual([
      problem('role-hoist', ['hoist'], 'hoist must be true or false.', ApiErrors.boolean('yes')),
      problem('role-mentionable', ['mentionable'], 'mentionable must be true or false.', ApiErrors.boolean(1)),
    ]);
  });
});

describe('parseRolePositions', () => {
  it('reads a list of moves', () => {
    expect(parseRolePositions([{ id: '5', position: 2 }])).toEqual({ moves: [{ id: '5', position: 2 }] });
    expect(parseRolePositions([])).toEqual({ moves: [] });
  });

  it('refuses a body that is not a list, an id that is not one, a position that is not whole', () => {
    expect(parseRolePositions({ id: '5', position: 2 })).toEqual([
      problem('role-positions', [], 'a list of { id, position }.', ApiErrors.array()),
    ]);
    expect(parseRolePositions([{ id: 'r', position: 1 }, 'x', { id: '6', position: 1.5 }, { id: '7' }])).toEqual([
      problem('role-positions', [0, 'id'], 'a role id.', ApiErrors.snowflake('r')),
      problem('role-positions', [1, 'id'], 'a role id.', ApiErrors.snowflake(undefined)),
      problem('role-positions', [2, 'position'], 'a whole number.', ApiErrors.integer(1.5)),
      problem('role-positions', [3, 'position'], 'a whole number.', ApiErrors.integer(undefined)),
    ]);
  });
});
