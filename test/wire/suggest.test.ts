/**
 * "Did you mean …" (src/wire/suggest.ts): the edit distance (optimal string alignment, a swap of
 * neighbours is one edit) and the closest candidate within a third of the word's length.
 */
import { describe, expect, it } from 'vitest';
import { closest, editDistance } from '../../src/wire/suggest.js';

describe('editDistance', () => {
  it('counts inserts, deletes and substitutions', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'xyz')).toBe(3);
    expect(editDistance('name', 'name')).toBe(0);
  });

  it('counts a swap of two neighbours as one edit, anywhere in the word', () => {
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('titel', 'title')).toBe(1);
    expect(editDistance('abcd', 'bacd')).toBe(1);
    expect(editDistance('xabc', 'xacb')).toBe(1);
  });

  it('needs both letters of a pair to match crosswise for a swap', () => {
    // Only one of the crosswise pairs matches: two edits, not one.
    expect(editDistance('ab', 'ca')).toBe(2);
    expect(editDistance('ba', 'ac')).toBe(2);
    // Optimal string alignment: a swapped pair is not edited again (true Damerau would say 2).
    expect(editDistance('ca', 'abc')).toBe(3);
  });
});

describe('closest', () => {
  it('suggests a near candidate, keeping its spelling', () => {
    expect(closest('titel', ['description', 'Title'])).toBe('Title');
  });

  it('never suggests the word itself, whatever its case', () => {
    expect(closest('Title', ['title', 'titel'])).toBe('titel');
    expect(closest('TITLE', ['title'])).toBeUndefined();
  });

  it('allows one edit for short words and a third of the length for long ones', () => {
    expect(closest('ab', ['xb'])).toBe('xb');
    expect(closest('ab', ['xy'])).toBeUndefined();
    // 11 letters: up to 3 edits.
    expect(closest('permissions', ['perxxxsions'])).toBe('perxxxsions');
    expect(closest('permissions', ['pexxxxsions'])).toBeUndefined();
  });

  it('keeps the first of equally near candidates', () => {
    expect(closest('cat', ['bat', 'hat'])).toBe('bat');
    expect(closest('cat', ['cut', 'at'])).toBe('cut');
  });

  it('prefers a nearer candidate that comes later', () => {
    expect(closest('permissions', ['permxxsions', 'permisions'])).toBe('permisions');
  });
});
