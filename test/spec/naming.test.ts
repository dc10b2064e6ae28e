import { describe, expect, it } from 'vitest';
import { matchesNamePattern, textLength } from '../../src/spec/naming.js';

describe('textLength', () => {
  it.each([
    ['', 0],
    ['plain ascii', 11],
    ['café 日本語', 8],
    ['😀', 1],
    ['a😀b👍🏽', 5],
    // Lone surrogates count one each, as a code-point walk counts them.
    ['\uD800x', 2],
    ['x\uDC00\uD83D', 3],
  ])('counts %j as %i code points, as a walk over code points does', (text, expected) => {
    expect(textLength(text)).toBe(expected);
    expect(textLength(text)).toBe([...text].length);
  });
});

describe('matchesNamePattern', () => {
  // The spec's documented pattern without its length bound (a rule of its own); the ASCII apostrophe is refused on top (facts §10).
  const documented = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]+$/u;
  const reference = (name: string): boolean => documented.test(name) && !name.includes("'");

  it('agrees with the documented pattern for every ASCII character, alone and inside a name', () => {
    for (let c = 0; c < 128; c++) {
      const ch = String.fromCharCode(c);
      for (const name of [ch, `a${ch}b`, `${ch}9`, `x-${ch}`]) expect(matchesNamePattern(name), JSON.stringify(name)).toBe(reference(name));
    }
  });

  it.each(['ping', 'ban-user', 'set_level_2', 'Ping', 'ピン', 'befehl-ä', 'नमस्ते', 'สวัสดี', 'ĳ', 'мод', 'ping pong', "it's", 'itʼs', 'a.b', 'emoji😀', '٣', '', 'x\u200by'])('agrees with the documented pattern on %j', (name) => {
    expect(matchesNamePattern(name)).toBe(reference(name));
  });
});
