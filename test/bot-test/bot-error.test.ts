/**
 * The first error in a bot's output (run/bot-error.ts), read from what real
 * bots printed (fixtures/bot-test/bot-output/, captured from the crashing
 * fixture bots): where it was raised, relative to the bot's directory, and
 * its first lines, bounded; never the runtime's banner or its own frames.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstError, MAX_ERROR_LINES, MAX_LINE_CHARS } from '../../src/bot-test/run/bot-error.js';
import { FIXTURES } from '../helpers/fixtures.js';

/** Where the captured bots ran (their paths were rewritten to it). */
const CWD = '/home/dev/bot';
const output = (name: string): string[] =>
  readFileSync(join(FIXTURES, 'bot-test/bot-output', name), 'utf8')
    .replace(/\n$/, '')
    .split('\n');

describe('firstError: Node', () => {
  it("a syntax error: Node's header (file:line), the source line and its caret, the error; none of the loader's frames", () => {
    expect(firstError(output('node-syntax-error.txt'), CWD)).toEqual({
      at: { file: 'syntax-error.js', line: 24 },
      message: 'SyntaxError: missing ) after argument list',
      lines: [
        'file:///home/dev/bot/syntax-error.js:24',
        '      return i.reply(greeting(i.user););',
        '                                    ^',
        'SyntaxError: missing ) after argument list',
      ],
    });
  });

  it("an error thrown at start: the header, the error and the top of the stack in the bot's code", () => {
    expect(firstError(output('node-throw-at-start.txt'), CWD)).toEqual({
      at: { file: 'throws-at-start.js', line: 10 },
      message: 'Error: owner is not set: the bot cannot know who owns it (settings: {})',
      lines: [
        'file:///home/dev/bot/throws-at-start.js:10',
        '  if (!settings[name]) throw new Error(`${name} is not set: the bot cannot know who owns it (settings: ${JSON.stringify(settings)})`);',
        '                             ^',
        'Error: owner is not set: the bot cannot know who owns it (settings: {})',
        '    at setting (file:///home/dev/bot/throws-at-start.js:10:30)',
        '    at file:///home/dev/bot/throws-at-start.js:18:15',
      ],
    });
  });

  it("thrown from the runtime's own code (an unhandled 'error' event): placed at the bot's top frame, not node:events", () => {
    const error = firstError(output('node-unhandled-error-event.txt'), CWD)!;
    expect(error.at).toEqual({ file: 'crashes-on-command.js', line: 13, column: 23 });
    expect(error.message).toBe("TypeError: Cannot read properties of undefined (reading 'id')");
    expect(error.lines[0]).toBe(error.message);
    expect(error.lines[1]).toBe('    at lastOrder (file:///home/dev/bot/crashes-on-command.js:13:23)');
    expect(error.lines.join('\n')).not.toMatch(/throw er|node:events|Node\.js v/);
    expect(error.lines).toHaveLength(5);
  });

  it('a stack the bot logged itself, among other lines; the place is in its own code, not a dependency', () => {
    const lines = [
      'ready',
      'interaction failed: DiscordAPIError[50013]: Missing Permissions',
      '    at handleErrors (/home/dev/bot/node_modules/@discordjs/rest/dist/index.js:748:13)',
      '    at async SequentialHandler.runRequest (/home/dev/bot/node_modules/@discordjs/rest/dist/index.js:1149:23)',
      '    at async post (/home/dev/bot/commands/post.js:12:5)',
      'still running',
    ];
    expect(firstError(lines, CWD)).toEqual({
      at: { file: 'commands/post.js', line: 12, column: 5 },
      message: lines[1],
      lines: lines.slice(1, 5),
    });
  });
});

describe('firstError: Python', () => {
  it("a traceback through asyncio and discord.py: its last frames and the exception, placed at the bot's own last frame", () => {
    const error = firstError(output('python-setup-hook.txt'), CWD)!;
    expect(error.at).toEqual({ file: 'raises-at-start.py', line: 21 });
    expect(error.message).toBe("KeyError: 'owner_id'");
    expect(error.lines[0]).toBe('Traceback (most recent call last):');
    expect(error.lines[1]).toBe('  [… 7 earlier frames]');
    expect(error.lines.filter((l) => /^ {2}File "/.test(l))).toEqual([
      '  File "/usr/lib/python3/dist-packages/discord/client.py", line 621, in login',
      '  File "/home/dev/bot/raises-at-start.py", line 30, in setup_hook',
      '  File "/home/dev/bot/raises-at-start.py", line 21, in owner_id',
    ]);
    expect(error.lines).toContain('    return int(settings["owner_id"])');
    expect(error.lines.at(-1)).toBe("KeyError: 'owner_id'");
    expect(error.lines.length).toBeLessThanOrEqual(MAX_ERROR_LINES);
  });

  it('chained exceptions: the first traceback; with no frame of the bot, its last frame', () => {
    const error = firstError(output('python-chained.txt'), CWD)!;
    expect(error.message).toBe('socket.gaierror: [Errno -2] Name or service not known');
    expect(error.at).toEqual({ file: '/usr/lib/python3.11/socket.py', line: 962 });
    expect(error.lines.join('\n')).not.toMatch(/ClientConnectorError|The above exception/);
  });

  it("Python's syntax error in the script itself (no traceback)", () => {
    expect(firstError(output('python-syntax-error.txt'), CWD)).toEqual({
      at: { file: 'bad.py', line: 1 },
      message: 'SyntaxError: invalid syntax',
      lines: ['  File "/home/dev/bot/bad.py", line 1', '    def f(:', '          ^', 'SyntaxError: invalid syntax'],
    });
  });
});

describe('firstError: what is not an error, and bounds', () => {
  it('plain output, a lone error line, a path that looks like a header: no error', () => {
    expect(firstError([], CWD)).toBeUndefined();
    expect(firstError(['starting', 'Error: the config has no prefix, using !', 'ready'], CWD)).toBeUndefined();
    expect(firstError(['/home/dev/bot/data.json:3', 'loaded 3 entries', 'done'], CWD)).toBeUndefined();
  });

  it('the first error, not the last', () => {
    const lines = [...output('node-throw-at-start.txt'), ...output('node-syntax-error.txt')];
    expect(firstError(lines, CWD)!.message).toMatch(/^Error: owner is not set/);
  });

  it('long lines are cut, deep stacks keep their top, deep tracebacks their last frames', () => {
    const long = `Error: ${'x'.repeat(5000)}`;
    const frames = Array.from({ length: 50 }, (_, i) => `    at f${i} (/home/dev/bot/deep.js:${i + 1}:1)`);
    const js = firstError([long, ...frames], CWD)!;
    expect(js.lines).toHaveLength(5);
    expect(js.lines[0]).toHaveLength(MAX_LINE_CHARS);
    expect(js.message).toHaveLength(MAX_LINE_CHARS);
    expect(js.at).toEqual({ file: 'deep.js', line: 1, column: 1 });
    const py = [
      'Traceback (most recent call last):',
      ...Array.from({ length: 40 }, (_, i) => [
        `  File "/home/dev/bot/deep.py", line ${i + 1}, in f`,
        '    f()',
      ]).flat(),
      'RecursionError: too deep',
    ];
    const traceback = firstError(py, CWD)!;
    expect(traceback.lines.length).toBeLessThanOrEqual(MAX_ERROR_LINES);
    expect(traceback.lines.at(-1)).toBe('RecursionError: too deep');
    expect(traceback.at).toEqual({ file: 'deep.py', line: 40 });
  });

  it("a file outside the bot's directory keeps its whole path; terminal colours are dropped", () => {
    const error = firstError(
      ['\u001b[31mTypeError: x is not a function\u001b[0m', '    at /srv/shared/lib.js:3:9'],
      CWD,
    )!;
    expect(error).toEqual({
      at: { file: '/srv/shared/lib.js', line: 3, column: 9 },
      message: 'TypeError: x is not a function',
      lines: ['TypeError: x is not a function', '    at /srv/shared/lib.js:3:9'],
    });
  });
});
