/**
 * Comparing a secret a request gives with one the world holds
 * (state/secrets.ts): equal or not whatever the lengths, never equal to a
 * secret that is not there, and still right once the kept digests have
 * been thinned out.
 */
import { describe, expect, it } from 'vitest';
import { digestMatches, secretDigest, secretMatches } from '../../src/emulator/state/secrets.js';

describe('secretMatches', () => {
  it('matches the same secret only', () => {
    expect(secretMatches('abc.def', 'abc.def')).toBe(true);
    expect(secretMatches('abc.def', 'abc.deg')).toBe(false);
    expect(secretMatches('abc.def', 'abc.de')).toBe(false);
    expect(secretMatches('abc.def', 'abc.def ')).toBe(false);
    expect(secretMatches('', '')).toBe(true);
  });

  it('matches a given secret that matched before only while the stored one is still the same', () => {
    expect(secretMatches('rotated-1', 'rotated-1')).toBe(true);
    expect(secretMatches('rotated-1', 'rotated-1')).toBe(true);
    expect(secretMatches('rotated-2', 'rotated-1')).toBe(false);
    expect(secretMatches(undefined, 'rotated-1')).toBe(false);
    expect(secretMatches('rotated-2', 'rotated-2')).toBe(true);
  });

  it('never matches a secret that is not there, not even the empty one', () => {
    expect(secretMatches(undefined, '')).toBe(false);
    expect(secretMatches(undefined, 'x')).toBe(false);
  });

  it('compares one given digest with many stored secrets', () => {
    const given = secretDigest('token-7');
    const stored = Array.from({ length: 10 }, (_, i) => `token-${i}`);
    expect(stored.filter((s) => digestMatches(s, given))).toEqual(['token-7']);
  });

  it('stays right past the bound of kept digests (old ones are thinned out and hashed again)', () => {
    const secrets = Array.from({ length: 9000 }, (_, i) => `secret-${i}`);
    for (const s of secrets) expect(secretMatches(s, s)).toBe(true);
    expect(secrets.every((s, i) => secretMatches(s, s) && !secretMatches(s, secrets[(i + 1) % secrets.length]!))).toBe(
      true,
    );
  });
});
