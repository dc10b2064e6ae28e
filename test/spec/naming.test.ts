import { describe, expect, it } from 'vitest';
import { textLength } from '../../src/spec/naming.js';

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
