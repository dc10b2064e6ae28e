import { describe, expect, it } from 'vitest';
import { formatCommandLine, parseCommandLine } from '../../src/wire/interactions/command-line.js';

const roundTrip = (path: string[], options: Array<{ name: string; value: string }>) => {
  const line = formatCommandLine(path, options);
  const parsed = parseCommandLine(line);
  return {
    line,
    path: [parsed.command.text, ...parsed.words.map((w) => w.text)],
    options: parsed.pairs.map((p) => ({ name: p.name, value: p.value })),
  };
};

describe('formatCommandLine, the inverse of parseCommandLine', () => {
  it('writes the path and plain values as typed', () => {
    expect(
      formatCommandLine(
        ['config', 'logging', 'enable'],
        [
          { name: 'channel', value: '<#130000000000000001>' },
          { name: 'level', value: '3' },
        ],
      ),
    ).toBe('/config logging enable channel:<#130000000000000001> level:3');
    expect(formatCommandLine(['ping'])).toBe('/ping');
    expect(formatCommandLine(['url'], [{ name: 'to', value: 'https://x.test:8080/a' }])).toBe(
      '/url to:https://x.test:8080/a',
    );
  });

  it('quotes values with spaces or quotes, escaping what the parser unescapes', () => {
    expect(formatCommandLine(['note'], [{ name: 'text', value: 'two words' }])).toBe('/note text:"two words"');
    expect(formatCommandLine(['note'], [{ name: 'text', value: 'say "hi"' }])).toBe('/note text:"say \\"hi\\""');
    expect(formatCommandLine(['note'], [{ name: 'text', value: "it's" }])).toBe('/note text:"it\'s"');
  });

  it('round-trips awkward values through parseCommandLine', () => {
    const values = [
      'two words',
      'say "hi"',
      "it's",
      'back\\slash',
      'ends with \\',
      '\\"',
      'tab\there',
      'new\nline',
      ' lead and trail ',
      'a:b:c',
      '"',
      "'",
      '',
      'ünïcödé 🎉',
      'a\u00a0b',
      '\\\\"\'"',
    ];
    for (const value of values) {
      expect(
        roundTrip(
          ['cmd', 'sub'],
          [
            { name: 'opt', value },
            { name: 'n', value: '42' },
          ],
        ),
      ).toMatchObject({
        path: ['cmd', 'sub'],
        options: [
          { name: 'opt', value },
          { name: 'n', value: '42' },
        ],
      });
    }
  });

  it('round-trips generated values (every character class the tokenizer treats specially)', () => {
    const alphabet = ['a', 'Z', '0', ' ', '\t', '"', "'", '\\', ':', '/', '#', '<', '>', '@', 'é', '\n'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 500; i++) {
      const len = next() % 12;
      const value = Array.from({ length: len }, () => alphabet[next() % alphabet.length]).join('');
      expect(roundTrip(['cmd'], [{ name: 'v', value }]).options).toEqual([{ name: 'v', value }]);
    }
  });

  it('puts the focused option last, as the autocomplete parser expects', () => {
    const line = formatCommandLine(['search'], [{ name: 'fruit', value: 'ap' }]);
    const parsed = parseCommandLine(line, true);
    expect(parsed.pairs.at(-1)).toMatchObject({ name: 'fruit', value: 'ap' });
    expect(parseCommandLine(formatCommandLine(['search'], [{ name: 'fruit', value: '' }]), true).pairs).toMatchObject([
      { name: 'fruit', value: '' },
    ]);
  });

  it('refuses names that cannot be typed as bare words', () => {
    expect(() => formatCommandLine([])).toThrow(RangeError);
    expect(() => formatCommandLine(['two words'])).toThrow(/bare word/);
    expect(() => formatCommandLine(['cmd'], [{ name: 'a:b', value: 'x' }])).toThrow(/option name/);
  });
});
