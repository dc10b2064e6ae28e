/**
 * wire/limits.ts: what is wrong with a set of limit overrides (a seed's
 * `limits:`, the emulator's `--limit KEY=N`), one sentence each, and which
 * overrides `resolveLimits` takes over the defaults.
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_LIMITS, LIMIT_NAMES, limitOverrideProblems, resolveLimits } from '../../src/wire/limits.js';

describe('limitOverrideProblems', () => {
  test('no overrides: nothing wrong', () => {
    expect(limitOverrideProblems(undefined)).toEqual([]);
    expect(limitOverrideProblems(null)).toEqual([]);
    expect(limitOverrideProblems({})).toEqual([]);
  });

  test('anything but a mapping is one sentence', () => {
    for (const v of [[], 'user_commands=15', 15, true])
      expect(limitOverrideProblems(v), JSON.stringify(v)).toEqual([
        'limits must be a mapping of limit names to whole numbers',
      ]);
  });

  test('whole numbers from 0 pass, each named limit', () => {
    expect(limitOverrideProblems({ user_commands: 0, message_commands: 15, daily_creates: 2 ** 53 - 1 })).toEqual([]);
  });

  test('an unknown key names the known ones; a value that is no whole number ≥ 0 is quoted as JSON', () => {
    expect(limitOverrideProblems({ user_comands: 15, name_max: -1, daily_creates: '5' })).toEqual([
      `limits.user_comands: "user_comands" is not a limit (known: ${LIMIT_NAMES.join(', ')})`,
      'limits.name_max must be a whole number ≥ 0, not -1',
      'limits.daily_creates must be a whole number ≥ 0, not "5"',
    ]);
    for (const [v, shown] of [
      [1.5, '1.5'],
      [2 ** 53, '9007199254740992'],
      [null, 'null'],
      [[3], '[3]'],
    ] as const)
      expect(limitOverrideProblems({ name_max: v }), shown).toEqual([
        `limits.name_max must be a whole number ≥ 0, not ${shown}`,
      ]);
  });

  test('the caller names the key as the person wrote it', () => {
    expect(limitOverrideProblems({ nope: 1, name_max: -2 }, (key) => `--limit ${key}`)).toEqual([
      `--limit nope: "nope" is not a limit (known: ${LIMIT_NAMES.join(', ')})`,
      '--limit name_max must be a whole number ≥ 0, not -2',
    ]);
  });
});

describe('resolveLimits', () => {
  test('the defaults without overrides', () => {
    expect(resolveLimits()).toEqual(DEFAULT_LIMITS);
    expect(resolveLimits({})).toEqual(DEFAULT_LIMITS);
  });

  test('a whole number ≥ 0 for a known limit replaces the default, 0 included', () => {
    expect(resolveLimits({ user_commands: 15, daily_creates: 0 })).toEqual({
      ...DEFAULT_LIMITS,
      user_commands: 15,
      daily_creates: 0,
    });
  });

  test('unknown keys and values that are no whole number ≥ 0 are skipped', () => {
    expect(
      resolveLimits({ bogus: 3, user_commands: -1, message_commands: 1.5, name_max: '40', daily_creates: null }),
    ).toEqual(DEFAULT_LIMITS);
  });
});
