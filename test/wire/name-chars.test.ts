/**
 * The name pattern's class is a table (src/wire/name-chars.ts), not the
 * Unicode-property pattern V8 takes milliseconds to build. It must say what
 * the documented pattern says, for every code point: checked here against the
 * pattern itself on this Node's Unicode tables (when they are the table's
 * version; a newer Unicode may only add letters and digits the table lacks,
 * and `node scripts/write-name-chars.mjs` writes the table again).
 */
import { describe, expect, test } from 'vitest';
import { NAME_CHAR_UNICODE } from '../../src/wire/name-chars.js';
import { firstInvalidNameChar, isNameCodePoint, matchesNamePattern } from '../../src/wire/naming.js';

const PATTERN = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]$/u;

describe('the name character table', () => {
  test('agrees with the documented pattern on every code point', () => {
    const differ: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const pattern = cp >= 0xd800 && cp <= 0xdfff ? false : PATTERN.test(String.fromCodePoint(cp));
      if (pattern !== isNameCodePoint(cp)) differ.push(cp);
    }
    if (process.versions.unicode === NAME_CHAR_UNICODE) expect(differ).toEqual([]);
    else expect(differ.every((cp) => !isNameCodePoint(cp))).toBe(true);
  });

  test('names: letters and digits of any script, Devanagari and Thai marks; not symbols, spaces or combining marks elsewhere', () => {
    for (const ok of ['ping', 'привет', 'ещё-раз', 'नमस्ते', 'สวัสดี', '日本語', 'ʼtis', "isn't", 'x_1-2', '𝒳𝒴', '٣٤', 'é'])
      expect(matchesNamePattern(ok), ok).toBe(true);
    for (const bad of ['', 'two words', 'a.b', 'emoji😀', '҂x', '\ud800'])
      expect(matchesNamePattern(bad), bad).toBe(false);
    expect(firstInvalidNameChar('ok😀no')).toBe('😀');
    expect(firstInvalidNameChar('a\u0301')).toBe('\u0301');
    expect(firstInvalidNameChar('नमस्ते')).toBeUndefined();
  });
});
