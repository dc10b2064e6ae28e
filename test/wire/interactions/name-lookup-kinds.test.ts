import { describe, expect, it } from 'vitest';
import { nameLookup } from '../../../src/wire/interactions/names.js';

// One name in all three lists, each with its own id: a lookup must read the list of the kind asked.
const place = {
  users: [{ id: '11', name: 'dev' }],
  roles: [{ id: '22', name: 'dev' }],
  channels: [{ id: '33', name: 'dev' }],
  where: 'in this server',
};

describe('nameLookup reads the candidates of the kind asked', () => {
  it('each kind from its own list', () => {
    const named = nameLookup(place);
    expect(named('user', 'dev')).toEqual({ id: '11' });
    expect(named('role', 'dev')).toEqual({ id: '22' });
    expect(named('channel', 'dev')).toEqual({ id: '33' });
  });

  it('a name unknown: the problem names the kind, its sigil and the place', () => {
    const named = nameLookup(place);
    expect(named('user', 'ops')).toEqual({
      problem: 'no user named "@ops" in this server; users: @dev (11)',
    });
    expect(named('role', 'ops')).toEqual({
      problem: 'no role named "@ops" in this server; roles: @dev (22)',
    });
    expect(named('channel', 'ops')).toEqual({
      problem: 'no channel named "#ops" in this server; channels: #dev (33)',
    });
  });
});
