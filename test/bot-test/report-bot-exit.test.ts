/**
 * A bot that exited, in every report: said first — as it started, before or
 * during which step, with its code — then its first error (where, and its
 * lines, printable) or its last lines, before what a step then observed.
 * The bot is at fault, not the test: never "error in the test".
 */
import { describe, expect, it } from 'vitest';
import { testAnnotations } from '../../src/report/bot-test/annotations.js';
import { renderJunit } from '../../src/report/bot-test/junit.js';
import { formatTestMarkdown } from '../../src/report/bot-test/markdown.js';
import { renderTestRun, scenarioLine } from '../../src/report/bot-test/text.js';
import { crashed, crashRun } from './fixtures.js';
import { parseXml, type XmlElement } from './xml.js';

const text = renderTestRun(crashRun, { color: false });

describe('text', () => {
  it("the scenario's line says the bot exited", () => {
    expect(scenarioLine('bot.test.yaml', crashed, false)).toBe(
      '✗ bot.test.yaml › the order that crashes it (3010 ms) — the bot exited (code 1)',
    );
  });

  it('during a step: the exit and its error lead, then what the step observed', () => {
    expect(text).toContain(
      [
        '✗ Failed: bot.test.yaml › the order that crashes it',
        '  the bot exited (code 1) during step 1 (invoke, bot.test.yaml:43)',
        '  its first error, at bot.js:13:23:',
        "    TypeError: Cannot read properties of undefined (reading 'id')",
        '        at lastOrder (file:///home/dev/bot/bot.js:13:23)',
        // The bot's colours dropped, a control character shown as U+FFFD.
        '        at evil\ufffd',
        '  step 1 (invoke) at bot.test.yaml:43:9',
      ].join('\n'),
    );
  });

  it('gone before a step, with no error printed: its last lines; no "no step failed"', () => {
    expect(text).toContain(
      [
        '✗ Failed: bot.test.yaml › after the crash',
        '  the bot exited (code 137) before step 2 (click, bot.test.yaml:54)',
        '  its last output:',
        '    connecting',
        '    Killed',
        '',
      ].join('\n'),
    );
    expect(text).not.toMatch(/no step failed/);
  });

  it('as it started: the file did not run, said as the bot exiting, never as an error in the test file', () => {
    expect(text).toContain(
      [
        '✗ The bot exited as it started: typo.test.yaml did not run',
        '  typo.test.yaml:2:3: the bot exited (code 1) as it started, before step 1',
        '  its first error, at bot.js:24:',
        '    file:///home/dev/bot/bot.js:24',
        '      return i.reply(x;);',
        '                     ^',
        '    SyntaxError: missing ) after argument list',
      ].join('\n'),
    );
    expect(text).toContain(
      '  silent.test.yaml:2:3: the bot exited (code 2) as it started, before step 1\n  it printed nothing',
    );
    expect(text).not.toMatch(/Error in the test/);
    expect(text.split('\n').at(-1)).toBe('0 passed, 2 failed, 2 errors');
  });
});

const find = (el: XmlElement, name: string): XmlElement[] => [
  ...(el.name === name ? [el] : []),
  ...el.children.flatMap((c) => find(c, name)),
];

describe('junit, markdown, annotations', () => {
  it('junit: a failure of type bot-exit led by the exit and the error; a file whose bot exited as it started, one erroring case', () => {
    const root = parseXml(renderJunit(crashRun));
    const [during, before] = find(root, 'failure');
    expect(during!.attrs).toEqual({
      message:
        "the bot exited (code 1) during step 1 (invoke, bot.test.yaml:43): TypeError: Cannot read properties of undefined (reading 'id') at bot.js:13:23",
      type: 'bot-exit',
    });
    expect(during!.text).toContain('its first error, at bot.js:13:23:');
    expect(during!.text).toContain(
      'reply (bot.test.yaml:44): expected a reply "ok", actual no answer: no gateway session connected',
    );
    expect(before!.attrs.message).toBe('the bot exited (code 137) before step 2 (click, bot.test.yaml:54)');
    const [typo] = find(root, 'error');
    expect(typo!.attrs).toEqual({
      message:
        'the bot exited (code 1) as it started, before step 1: SyntaxError: missing ) after argument list at bot.js:24',
      type: 'bot-exit',
    });
    expect(typo!.text).toContain('\n    return i.reply(x;);\n');
  });

  it('markdown: one row each, the bot exited', () => {
    const md = formatTestMarkdown('Bot tests', crashRun);
    expect(md).toContain(
      '| bot.test.yaml:43 | the order that crashes it | the bot exited | the bot exited (code 1) during step 1 (invoke, bot.test.yaml:43): TypeError:',
    );
    expect(md).toContain(
      '| typo.test.yaml:2 | (the file) | the bot exited | the bot exited (code 1) as it started, before step 1: SyntaxError:',
    );
    expect(md).not.toMatch(/error in the test/);
  });

  it("annotations: at the step's line, the error in the title, the exit and the error's lines in the message", () => {
    const notes = testAnnotations(crashRun);
    expect(notes[0]).toEqual({
      file: 'bot.test.yaml',
      line: 43,
      title:
        "the order that crashes it: the bot exited: TypeError: Cannot read properties of undefined (reading 'id') at bot.js:13:23",
      message: expect.stringMatching(
        /^the bot exited \(code 1\) during step 1 \(invoke, bot\.test\.yaml:43\)\nits first error, at bot\.js:13:23:\n {2}TypeError/,
      ),
    });
    expect(notes.map((n) => [n.file, n.line, n.title.replace(/: .*/, '')])).toEqual([
      ['bot.test.yaml', 43, 'the order that crashes it'],
      ['bot.test.yaml', 54, 'after the crash'],
      ['typo.test.yaml', 2, 'cmdsync test'],
      ['silent.test.yaml', 2, 'cmdsync test'],
    ]);
  });
});
