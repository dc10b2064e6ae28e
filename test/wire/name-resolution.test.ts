/**
 * Names where ids go (src/wire/names.ts): sigils, the one formatter, matching a name among
 * candidates, a numeric id taken as it is, and the sentence for an unknown or ambiguous name.
 * Also the snowflake's upper bound (src/wire/snowflake.ts), which decides what counts as an id.
 */
import { describe, expect, it } from 'vitest';
import {
  type NameCandidate,
  formatNamed,
  matchCandidates,
  nameProblem,
  resolveName,
  withoutSigil,
  writtenName,
} from '../../src/wire/names.js';
import { isSnowflake } from '../../src/wire/snowflake.js';

const ID = '123456789012345678';

describe('sigils and the formatter', () => {
  it('takes a sigil off only when something follows it', () => {
    expect(withoutSigil('user', '@bob')).toBe('bob');
    expect(withoutSigil('channel', '#general')).toBe('general');
    expect(withoutSigil('user', '@')).toBe('@');
    expect(withoutSigil('guild', '@Test')).toBe('@Test');
  });

  it('writes a name with its sigil once, and none for kinds without one', () => {
    expect(writtenName('guild', 'Test')).toBe('Test');
    expect(writtenName('role', '@everyone')).toBe('@everyone');
    expect(writtenName('user', 'bob@')).toBe('@bob@');
    expect(writtenName('channel', 'general')).toBe('#general');
  });

  it('shows a name next to its id, or the id alone', () => {
    expect(formatNamed('role', '1', 'mods')).toBe('@mods (1)');
    expect(formatNamed('role', '1', 'mods', 'in guild Test')).toBe('@mods (1, in guild Test)');
    expect(formatNamed('channel', '1', undefined)).toBe('1');
    expect(formatNamed('channel', '1', '')).toBe('1');
    expect(formatNamed('channel', '1', '', 'in guild Test')).toBe('1 (in guild Test)');
  });
});

describe('matchCandidates', () => {
  it('takes a role name without its sigil, and any other kind as written', () => {
    const everyone = { id: '1', name: '@everyone' };
    expect(matchCandidates('role', 'everyone', [everyone])).toEqual({
      outcome: 'resolved',
      id: '1',
      name: '@everyone',
    });
    expect(matchCandidates('user', '@bob', [{ id: '2', name: '@bob' }])).toEqual({
      outcome: 'resolved',
      id: '2',
      name: '@bob',
    });
  });

  it('is ambiguous between two ids of the same name, not between two entries of one id', () => {
    const a = { id: '1', name: 'Mods' };
    const b = { id: '2', name: 'mods' };
    expect(matchCandidates('role', 'MODS', [a, b])).toEqual({
      outcome: 'ambiguous',
      kind: 'role',
      typed: 'MODS',
      candidates: [a, b],
    });
    expect(matchCandidates('role', 'MODS', [a, { ...a }])).toEqual({ outcome: 'resolved', id: '1', name: 'Mods' });
  });

  it('answers an unknown name with the nearest first and a suggestion when near', () => {
    const far = { id: '1', name: 'zzzz' };
    const general = { id: '2', name: 'General' };
    expect(matchCandidates('channel', 'Gneral', [far, general])).toEqual({
      outcome: 'unknown',
      kind: 'channel',
      typed: 'Gneral',
      suggestion: general,
      known: [general, far],
    });
  });

  it('suggests a role by its bare name, and nothing when none is near', () => {
    const mods = { id: '1', name: '@mods' };
    const other = { id: '2', name: '@admins' };
    const r = matchCandidates('role', 'mdos', [other, mods]);
    expect(r.outcome === 'unknown' && r.suggestion).toEqual(mods);
    const none = matchCandidates('role', 'qqqqqq', [other, mods]);
    expect(none).toEqual({
      outcome: 'unknown',
      kind: 'role',
      typed: 'qqqqqq',
      suggestion: undefined,
      known: [other, mods],
    });
  });
});

describe('resolveName', () => {
  const candidates: NameCandidate[] = [{ id: ID, name: 'general' }];

  it('takes a numeric id as it is, with its name when a candidate has it', () => {
    expect(resolveName('channel', ID, candidates)).toEqual({ outcome: 'resolved', id: ID, name: 'general' });
    expect(resolveName('channel', '42', candidates)).toEqual({ outcome: 'resolved', id: '42', name: undefined });
  });

  it('reads candidates given as a function only when a name needs them', () => {
    let reads = 0;
    const lazy = () => {
      reads++;
      return candidates;
    };
    expect(resolveName('channel', ID, lazy)).toEqual({ outcome: 'resolved', id: ID, name: undefined });
    expect(reads).toBe(0);
    expect(resolveName('channel', '#general', lazy)).toEqual({ outcome: 'resolved', id: ID, name: 'general' });
    expect(reads).toBe(1);
  });
});

describe('nameProblem', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i), name: `r${i}` }));

  it('says there are none', () => {
    const r = matchCandidates('guild', 'Tset', []);
    if (r.outcome === 'resolved') throw new Error('resolved');
    expect(nameProblem(r, 'here')).toBe('no guild named "Tset" here (there are none)');
  });

  it('lists the known names and the suggestion', () => {
    const r = matchCandidates('channel', 'genral', [{ id: '1', name: 'general' }]);
    if (r.outcome === 'resolved') throw new Error('resolved');
    expect(nameProblem(r, 'in guild T (9)')).toBe(
      'no channel named "#genral" in guild T (9); channels: #general (1); did you mean #general?',
    );
  });

  it('lists ten and counts the rest', () => {
    const ten = nameProblem({ outcome: 'unknown', kind: 'guild', typed: 'x', known: many(10) }, 'here');
    expect(ten).toBe(
      `no guild named "x" here; guilds: ${many(10)
        .map((c) => `${c.name} (${c.id})`)
        .join(', ')}`,
    );
    const twelve = nameProblem({ outcome: 'ambiguous', kind: 'role', typed: 'r', candidates: many(12) }, 'here');
    expect(twelve).toBe(
      `role name "@r" is ambiguous here: ${many(10)
        .map((c) => `@${c.name} (${c.id})`)
        .join(', ')}, and 2 more; give the id`,
    );
  });
});

describe('isSnowflake', () => {
  it('accepts up to 2^64 - 1, not beyond', () => {
    expect(isSnowflake('18446744073709551615')).toBe(true);
    expect(isSnowflake('18446744073709551616')).toBe(false);
    expect(isSnowflake('99999999999999999999')).toBe(false);
  });
});
