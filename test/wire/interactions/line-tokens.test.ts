import { describe, expect, it } from 'vitest';
import {
  CommandLineError,
  formatCommandLine,
  parseCommandLine,
  pointAt,
} from '../../../src/wire/interactions/command-line.js';

/** The refusal `parseCommandLine` throws, as a plain value: message, column, width. */
function refusal(line: string, partial = false): { name: string; message: string; column: number; width: number } {
  try {
    parseCommandLine(line, partial);
  } catch (e) {
    expect(e).toBeInstanceOf(CommandLineError);
    const err = e as CommandLineError;
    return { name: err.name, message: err.message, column: err.column, width: err.width };
  }
  throw new Error(`${JSON.stringify(line)} was parsed`);
}

describe('pointAt: the caret under the bad token', () => {
  it('as wide as the token', () => {
    expect(pointAt('/abc defg', new CommandLineError('bad', 5, 4))).toBe('/abc defg\n     ^^^^ bad');
  });

  it('cut at the end of the line when the token is said to run past it', () => {
    expect(pointAt('/abc defg', new CommandLineError('bad', 5, 10))).toBe('/abc defg\n     ^^^^ bad');
  });

  it('one caret past the end of the line, where something is missing, and for a width of 0', () => {
    expect(pointAt('/abc', new CommandLineError('missing', 4, 3))).toBe('/abc\n    ^ missing');
    expect(pointAt('/abc defg', new CommandLineError('bad', 5, 0))).toBe('/abc defg\n     ^ bad');
  });
});

describe('parseCommandLine: the tokens and their columns', () => {
  it('a name, words and pairs, each with where it starts and ends', () => {
    expect(parseCommandLine('  /cfg  sub  a:1 b:"x y"  ')).toEqual({
      command: { text: 'cfg', start: 3, end: 6 },
      words: [{ text: 'sub', start: 8, end: 11 }],
      pairs: [
        { name: 'a', value: '1', start: 13, valueStart: 15, end: 16, unterminated: false },
        { name: 'b', value: 'x y', start: 17, valueStart: 19, end: 24, unterminated: false },
      ],
      endsInToken: false,
    });
  });

  it('trailing whitespace makes no token', () => {
    expect(parseCommandLine('/a sub ').words).toEqual([{ text: 'sub', start: 3, end: 6 }]);
    expect(parseCommandLine('/a x:1 ').pairs).toHaveLength(1);
  });

  it('endsInToken: whether the line ends inside a token', () => {
    expect(parseCommandLine('/a').endsInToken).toBe(true);
    expect(parseCommandLine('/a b').endsInToken).toBe(true);
    expect(parseCommandLine('/a x:').endsInToken).toBe(true);
    expect(parseCommandLine('/a ').endsInToken).toBe(false);
    expect(parseCommandLine('/a b\t').endsInToken).toBe(false);
  });

  it('inside quotes a backslash escapes only the quote and itself', () => {
    expect(parseCommandLine('/a x:"p\\q"').pairs[0]!.value).toBe('p\\q');
    expect(parseCommandLine('/a x:"p\\"q" y:"b\\\\s"').pairs.map((p) => p.value)).toEqual(['p"q', 'b\\s']);
    // The same in a bare word (a subcommand), and outside quotes a backslash is a character.
    expect(parseCommandLine('/a "s\\"b"').words[0]!.text).toBe('s"b');
    expect(parseCommandLine('/a x:p\\"q"').pairs[0]!.value).toBe('p\\q');
  });

  it('an escape before the colon stays out of the value', () => {
    expect(parseCommandLine('/a "n\\"m":v').pairs[0]!.value).toBe('v');
  });

  it('the shortest command is a slash and one character', () => {
    expect(parseCommandLine('/a').command).toEqual({ text: 'a', start: 1, end: 2 });
  });
});

describe('parseCommandLine: the lines the client would not send', () => {
  it('no command name: the first token, or column 0 on an empty line', () => {
    const rule = 'a command line starts with /name';
    expect(refusal('')).toEqual({ name: 'CommandLineError', message: rule, column: 0, width: 1 });
    expect(refusal('   ')).toEqual({ name: 'CommandLineError', message: rule, column: 0, width: 1 });
    expect(refusal('  abc x')).toEqual({ name: 'CommandLineError', message: rule, column: 2, width: 3 });
    expect(refusal('/')).toEqual({ name: 'CommandLineError', message: rule, column: 0, width: 1 });
    expect(refusal(' /a:b')).toEqual({ name: 'CommandLineError', message: rule, column: 1, width: 4 });
  });

  it('an open quote, unless it is the last token while autocompleting', () => {
    expect(refusal('/a x:1 y:"op en')).toMatchObject({ message: 'this quote is never closed', column: 7, width: 8 });
    expect(parseCommandLine('/a x:1 y:"op en', true).pairs[1]).toEqual({
      name: 'y',
      value: 'op en',
      start: 7,
      valueStart: 9,
      end: 15,
      unterminated: true,
    });
  });

  it('a bare word after the options; while autocompleting, only the last one (an option name being typed)', () => {
    expect(refusal('/a x:1 stray')).toMatchObject({
      message: '"stray" is not name:value (subcommands come before options)',
      column: 7,
      width: 5,
    });
    expect(parseCommandLine('/a x:1 nam', true)).toMatchObject({ words: [], pairs: [{ name: 'x', value: '1' }] });
    expect(refusal('/a x:1 stray y:2', true)).toMatchObject({ message: expect.stringContaining('"stray"'), column: 7 });
  });

  it('bare words before any option are words, while autocompleting too', () => {
    expect(parseCommandLine('/a sub', true).words).toEqual([{ text: 'sub', start: 3, end: 6 }]);
    expect(parseCommandLine('/a grp sub', true).words.map((w) => w.text)).toEqual(['grp', 'sub']);
  });

  it('a pair without a name', () => {
    expect(refusal('/a  :v')).toEqual({
      name: 'CommandLineError',
      message: 'an option needs a name before ":"',
      column: 4,
      width: 1,
    });
  });
});

describe('formatCommandLine: what cannot be a bare word', () => {
  it.each([
    [[''], 'command name "" cannot be typed as a bare word'],
    [['a b'], 'command name "a b" cannot be typed as a bare word'],
    [['a', ''], 'subcommand "" cannot be typed as a bare word'],
    [['a', 'x:y'], 'subcommand "x:y" cannot be typed as a bare word'],
    [[], 'a command line needs the command name'],
  ])('%j', (path, message) => {
    expect(() => formatCommandLine(path)).toThrow(new RangeError(message));
  });

  it('an option name', () => {
    expect(() => formatCommandLine(['a'], [{ name: '', value: 'v' }])).toThrow(
      new RangeError('option name "" cannot be typed as a bare word'),
    );
  });
});
