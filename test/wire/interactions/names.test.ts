import { describe, expect, it } from 'vitest';
import { LISTED_CANDIDATES, matchName, nameLookup } from '../../../src/wire/interactions/names.js';

const people = [
  { id: '1', name: 'ann' },
  { id: '2', name: 'bob' },
  { id: '3', name: 'Bob' },
];

describe('matchName', () => {
  it('an exact name wins over one that differs only in case', () => {
    expect(matchName('user', 'bob', people, 'here')).toEqual({ id: '2' });
    expect(matchName('user', 'ANN', people, 'here')).toEqual({ id: '1' });
  });

  it('two names equal but for case, neither exact: ambiguous, both listed', () => {
    expect(matchName('user', 'BOB', people, 'here')).toEqual({
      problem: 'user name "@BOB" is ambiguous here: @bob (2), @Bob (3); give the id',
    });
  });

  it('the same name twice (two guilds): ambiguous, with where each is', () => {
    const channels = [
      { id: '10', name: 'general', note: 'in guild A' },
      { id: '20', name: 'general', note: 'in guild B' },
    ];
    expect(matchName('channel', 'general', channels, 'in any guild')).toEqual({
      problem:
        'channel name "#general" is ambiguous in any guild: #general (10, in guild A), #general (20, in guild B); give the id',
    });
  });

  it('unknown: the candidates, nearest first, capped with a count', () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ id: String(100 + i), name: `member${i}` }));
    const r = matchName('user', 'membr3', [...many, { id: '9', name: 'zed' }], 'here');
    expect('problem' in r && r.problem).toMatch(/^no user named "@membr3" here; users: @member3 \(103\), /);
    expect('problem' in r && r.problem).toContain(`, and ${16 - LISTED_CANDIDATES} more`);
    expect(matchName('role', 'x', [], 'here')).toEqual({ problem: 'no role named "@x" here (there are none)' });
  });
});

describe('nameLookup', () => {
  it('@everyone names the role called "@everyone"', () => {
    const named = nameLookup({
      users: [],
      roles: [
        { id: '5', name: '@everyone' },
        { id: '6', name: 'Mod' },
      ],
      channels: [],
      where: 'here',
    });
    expect(named('role', 'everyone')).toEqual({ id: '5' });
    expect(named('role', 'mod')).toEqual({ id: '6' });
  });
});
