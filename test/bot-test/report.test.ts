import { describe, expect, it } from 'vitest';
import { formatTestAnnotations, testAnnotations } from '../../src/report/bot-test/annotations.js';
import { parseErrorAnnotation } from '../../src/report/github.js';
import { renderTestJson, TEST_JSON_FORMAT_VERSION } from '../../src/report/bot-test/json.js';
import { renderJunit } from '../../src/report/bot-test/junit.js';
import { renderTestRun, scenarioLine } from '../../src/report/bot-test/text.js';
import { transcriptLine } from '../../src/report/bot-test/transcript.js';
import { colors, setColor } from '../../src/report/color.js';
import type { RunResult } from '../../src/bot-test/model.js';
import { at, errored, failed, passed, run } from './fixtures.js';
import { parseXml, type XmlElement } from './xml.js';

const ESC = '\u001b[';

describe('scenarioLine', () => {
  it('one line per scenario: mark, file › name, time', () => {
    expect(scenarioLine('bot.test.yaml', passed, false)).toBe('✓ bot.test.yaml › ping answers (12 ms)');
    expect(scenarioLine('bot.test.yaml', failed, false)).toBe('✗ bot.test.yaml › confirm <then> click & "go" (30 ms)');
    expect(scenarioLine('bot.test.yaml', errored, false)).toBe(
      '✗ bot.test.yaml › unknown member (1 ms) — error in the test',
    );
  });

  it('colour only when asked, whatever the run default, which it leaves as it was', () => {
    setColor(false);
    const painted = scenarioLine('bot.test.yaml', passed, true);
    expect(painted).toContain(`${ESC}32m✓`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
    expect(painted.replace(/\u001b\[\d+m/g, '')).toBe('✓ bot.test.yaml › ping answers (12 ms)');
    expect(colors().enabled).toBe(false);
    setColor(true);
    expect(scenarioLine('bot.test.yaml', passed, false)).not.toContain(ESC);
    expect(colors().enabled).toBe(true);
    setColor(false);
  });
});

describe('renderTestRun', () => {
  const text = renderTestRun(run, { color: false });

  it('a failing scenario: the step at its line, expected and actual side by side, the transcript in order', () => {
    expect(text).toContain(
      '✗ Failed: bot.test.yaml › confirm <then> click & "go"\n  step 2 (click) at bot.test.yaml:26:9',
    );
    const rows = text.split('\n');
    const header = rows.findIndex((l) => /^\s+where\s+expected\s+actual$/.test(l));
    expect(header).toBeGreaterThan(0);
    expect(rows[header + 1]).toMatch(/^\s+update\.content \(line 27\)\s+"Done"\s+"Cancelled"$/);
    expect(rows[header + 2]).toMatch(/^\s+update\.components \(line 27\)\s+\["Undo"\]\s+\[\]$/);
    // Columns line up: expected starts at one column in every row.
    expect(rows[header + 1]!.indexOf('"Done"')).toBe(rows[header]!.indexOf('expected'));
    const transcript = rows.slice(rows.indexOf('  Transcript:', header));
    expect(transcript.slice(1, 8)).toEqual([
      '    step 1: invoke (bot.test.yaml:22)',
      '      → APPLICATION_COMMAND confirm delivered over gateway: answered',
      '      ⇢ dispatch INTERACTION_CREATE',
      '      ← answered CHANNEL_MESSAGE_WITH_SOURCE',
      '      bot: POST /channels/1/messages → 500 (code 0)',
      '      message 2 created in channel 1 (bot)',
      expect.stringMatching(/^ {6}bot stderr: /),
    ]);
    expect(transcript).toContain('    step 2: click (bot.test.yaml:24)');
    expect(transcript).toContain('      ← answered UPDATE_MESSAGE');
  });

  it('an error in the test is said as one, distinct from a failure', () => {
    expect(text).toContain(
      '✗ Error in the test: bot.test.yaml › unknown member\n  step 1 (invoke) at bot.test.yaml:33:9\n  error in the test, not the bot: no member "carol" in the world',
    );
    expect(text).toContain(
      'Error in the test file broken.test.yaml (it did not run):\n  broken.test.yaml:4:5: unknown key "stpes"',
    );
    expect(text).not.toContain('ping answers');
  });

  it('ends with N passed, M failed, and K errors when any', () => {
    expect(text.split('\n').at(-1)).toBe('1 passed, 1 failed, 2 errors');
    const clean: RunResult = {
      files: [{ path: 'a', scenarios: [passed] }],
      passed: 1,
      failed: 0,
      errors: 0,
      drifted: 0,
      ok: true,
      durationMs: 5,
    };
    expect(renderTestRun(clean, { color: false })).toBe('1 passed, 0 failed');
    expect(
      renderTestRun({ ...run, errors: 1 }, { color: false })
        .split('\n')
        .at(-1),
    ).toBe('1 passed, 1 failed, 1 error');
  });

  it('stacks expected over actual when side by side would not fit', () => {
    const long = `"${'x'.repeat(100)}"`;
    const wide: RunResult = {
      ...run,
      files: [
        {
          path: 'a',
          scenarios: [
            {
              ...failed,
              steps: [
                {
                  status: 'failed',
                  index: 0,
                  at: at(5),
                  observed: { followups: [], messages: [] },
                  mismatches: [{ path: 'reply.content', expected: long, actual: '"y"', at: at(6) }],
                  durationMs: 1,
                },
              ],
            },
          ],
        },
      ],
    };
    const out = renderTestRun(wide, { color: false });
    expect(out).toContain(`    reply.content (line 6)\n      expected: ${long}\n      actual:   "y"`);
  });

  it('colours when asked', () => {
    expect(renderTestRun(run, { color: true })).toContain(`${ESC}31m`);
    expect(text).not.toContain(ESC);
  });
});

const find = (el: XmlElement, name: string): XmlElement[] => [
  ...(el.name === name ? [el] : []),
  ...el.children.flatMap((c) => find(c, name)),
];

describe('renderJunit', () => {
  const xml = renderJunit(run);
  const root = parseXml(xml);

  it('is well-formed XML, escaped, with the control characters of bot output removed', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites')).toBe(true);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(() => parseXml('<a><b></a></b>')).toThrow();
    expect(() => parseXml('<a x="1 & 2"/>')).toThrow();
    expect(() => parseXml('<a>\u0007</a>')).toThrow();
  });

  it('one testsuite per file, one testcase per scenario, totals that add up', () => {
    expect(root).toMatchObject({
      name: 'testsuites',
      attrs: { tests: '4', failures: '1', errors: '2', time: '1.234' },
    });
    const suites = find(root, 'testsuite');
    expect(suites.map((s) => [s.attrs.name, s.attrs.tests, s.attrs.failures, s.attrs.errors])).toEqual([
      ['bot.test.yaml', '3', '1', '1'],
      ['broken.test.yaml', '1', '0', '1'],
    ]);
    const cases = find(suites[0]!, 'testcase');
    expect(cases.map((c) => [c.attrs.name, c.attrs.line, c.children.map((x) => x.name)])).toEqual([
      ['ping answers', '11', []],
      ['confirm <then> click & "go"', '18', ['failure']],
      ['unknown member', '30', ['error']],
    ]);
  });

  it('a failure names the step, the line, expected and actual; its body holds the transcript', () => {
    const failure = find(root, 'failure')[0]!;
    expect(failure.attrs.message).toBe(
      'step 2 (click) at bot.test.yaml:26: update.content: expected "Done", actual "Cancelled"',
    );
    expect(failure.text).toContain('update.components (bot.test.yaml:27): expected ["Undo"], actual []');
    expect(failure.text).toContain('bot stderr: Error: <oops> & "bad" \ufffd');
  });

  it('an error is an error in the test; a file that could not run is one erroring case', () => {
    const [stepError, fileError] = find(root, 'error');
    expect(stepError!.attrs.message).toBe(
      'error in the test at bot.test.yaml:33: no member "carol" in the world (members: alice, bob)',
    );
    expect(fileError!.attrs.message).toBe('unknown key "stpes" in a scenario; did you mean "steps"?');
    expect(fileError!.text).toBe('broken.test.yaml:4:5: unknown key "stpes" in a scenario; did you mean "steps"?');
  });

  it('a scenario that could not run because its file could not says why', () => {
    const notReady: RunResult = {
      ...run,
      files: [
        {
          path: 'a',
          scenarios: [{ ...errored, steps: [] }],
          problems: [{ message: 'the bot exited with code 1 before it was ready', at: at(2, 3) }],
        },
      ],
    };
    const root = parseXml(renderJunit(notReady));
    expect(find(root, 'testcase').map((c) => c.children[0]?.attrs.message)).toEqual([
      'error in the test at bot.test.yaml:30: the bot exited with code 1 before it was ready',
    ]);
  });

  it('keeps newlines in attributes', () => {
    const weird: RunResult = {
      ...run,
      files: [{ path: 'a', scenarios: [{ ...passed, name: 'two\nlines\tand "quotes"' }] }],
    };
    expect(find(parseXml(renderJunit(weird)), 'testcase')[0]!.attrs.name).toBe('two\nlines\tand "quotes"');
  });
});

describe('renderTestJson', () => {
  it('the run result as it is, with a format version', () => {
    const doc = JSON.parse(renderTestJson(run)) as Record<string, unknown>;
    expect(doc.format_version).toBe(TEST_JSON_FORMAT_VERSION);
    const { format_version: _, ...rest } = doc;
    expect(rest).toEqual(JSON.parse(JSON.stringify(run)));
    expect(Object.keys(doc)).toEqual([
      'format_version',
      'ok',
      'passed',
      'failed',
      'errors',
      'drifted',
      'durationMs',
      'files',
    ]);
    expect(renderTestJson({ ...run })).toBe(renderTestJson(run));
  });
});

describe('testAnnotations', () => {
  it('one per failing or erroring step at its line, and per problem of a file that could not run', () => {
    expect(testAnnotations(run)).toEqual([
      {
        file: 'bot.test.yaml',
        line: 26,
        title: 'confirm <then> click & "go": failed',
        message:
          'step 2 (click) did not do what was expected:\nupdate.content: expected "Done", actual "Cancelled"\nupdate.components: expected ["Undo"], actual []',
      },
      {
        file: 'bot.test.yaml',
        line: 33,
        title: 'unknown member: error in the test',
        message: 'step 1 (invoke): no member "carol" in the world (members: alice, bob)',
      },
      {
        file: 'broken.test.yaml',
        line: 4,
        title: 'cmdsync test: error in the test file',
        message: 'unknown key "stpes" in a scenario; did you mean "steps"?',
      },
    ]);
    expect(testAnnotations({ ...run, files: [{ path: 'a', scenarios: [passed] }] })).toEqual([]);
  });
});

describe('formatTestAnnotations', () => {
  it('::error commands at each line, relative to the workspace, read back as written', () => {
    const lines = formatTestAnnotations(run, { cwd: '/ws/bots', workspace: '/ws' });
    expect(lines).toHaveLength(3);
    const first = parseErrorAnnotation(lines[0]!)!;
    expect(Object.fromEntries(first.props)).toEqual({
      file: 'bots/bot.test.yaml',
      line: '26',
      title: 'confirm <then> click & "go": failed',
    });
    expect(first.message).toBe(testAnnotations(run)[0]!.message);
  });

  it('beyond GitHub cap, plain lines, none lost', () => {
    const many: RunResult = {
      ...run,
      files: [{ path: 'a', scenarios: Array.from({ length: 12 }, (_, i) => ({ ...errored, name: `s${i}` })) }],
    };
    const lines = formatTestAnnotations(many);
    expect(lines.filter((l) => l.startsWith('::error'))).toHaveLength(10);
    expect(lines[10]).toMatch(/^::notice::2 more failing step\(s\)/);
    expect(lines.slice(11)).toEqual([
      'bot.test.yaml:33: s10: error in the test: step 1 (invoke): no member "carol" in the world (members: alice, bob)',
      expect.stringMatching(/^bot\.test\.yaml:33: s11: /),
    ]);
  });
});

describe('transcript lines', () => {
  it('a delivery says over which transport it went, a refusal that nothing reached the bot', () => {
    const line = (delivered: boolean) =>
      transcriptLine({
        kind: 'delivery',
        transport: 'http',
        delivered,
        interactionType: 2,
        name: 'ban',
        outcome: 'refused: not in the picker',
      });
    expect(line(true)).toBe('  → APPLICATION_COMMAND ban delivered over http: refused: not in the picker');
    expect(line(false)).toBe('  ✕ APPLICATION_COMMAND ban not delivered: refused: not in the picker');
  });
});
