import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTestFile } from '../../src/bot-test/file/read.js';
import type { TestFile, TestFileProblem } from '../../src/bot-test/model.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

const DIR = join(FIXTURES, 'bot-test');

async function good(path: string): Promise<TestFile> {
  const result = await readTestFile(path);
  if ('problems' in result) throw new Error(`unexpected problems: ${JSON.stringify(result.problems)}`);
  return result.file;
}

/** The problems of a test file written from `text` (with `files` beside it). */
async function problems(text: string, files: Record<string, string> = {}): Promise<TestFileProblem[]> {
  const dir = testdir({ 'bot.test.yaml': text, ...files });
  const result = await readTestFile(join(dir, 'bot.test.yaml'));
  if ('file' in result) throw new Error('expected problems, the file was read');
  return result.problems;
}

/** One problem: its message matches `message`, at line:column. */
async function oneProblem(
  text: string,
  message: string,
  line: number,
  column: number,
  files?: Record<string, string>,
): Promise<void> {
  const found = await problems(text, files);
  expect(found.map((p) => `${p.at.line}:${p.at.column} ${p.message}`)).toEqual([
    expect.stringMatching(new RegExp(`^${line}:${column} .*${message}`)),
  ]);
}

const scenario = (steps: string): string => `scenarios:\n  - name: s\n    steps:\n${steps}`;

describe('readTestFile: the issue example', () => {
  it('reads every scenario and step with its line', async () => {
    const file = await good(join(DIR, 'issue-example.test.yaml'));
    expect(file.path).toBe(join(DIR, 'issue-example.test.yaml'));
    expect(file.bot).toEqual({
      run: 'node bot.js',
      cwd: DIR,
      interactions: 'http://127.0.0.1:${PORT}/interactions',
      at: expect.objectContaining({ line: 2, column: 3 }),
    });
    expect(file.world).toEqual({
      seed: {
        guilds: [
          expect.objectContaining({
            name: 'Test Guild',
            members: [{ username: 'alice', roles: ['mods'] }, { username: 'bob' }],
          }),
        ],
      },
    });
    expect(file.scenarios.map((s) => [s.name, s.as, s.in, s.at.line, s.restart])).toEqual([
      ['ping answers', 'alice', 'general', 11, false],
      ['confirm then click', 'bob', 'general', 18, false],
    ]);
    const [ban, confirm, click] = file.scenarios[1]!.steps;
    expect(ban!.action).toEqual({ kind: 'invoke', line: '/ban who:@alice' });
    expect(ban!.at).toMatchObject({ line: 22, column: 9 });
    expect(ban!.expect).toEqual({ refused: 'BAN_MEMBERS', at: expect.objectContaining({ line: 23, column: 17 }) });
    expect(confirm!.expect!.reply).toEqual({
      content: { exact: 'Sure?' },
      components: [{ exact: 'Yes' }],
      at: expect.objectContaining({ line: 25, column: 26 }),
    });
    expect(click!.action).toEqual({ kind: 'click', button: 'Yes' });
    expect(click!.expect!.update!.content).toEqual({ exact: 'Done' });
    expect(file.scenarios[0]!.steps[0]!.expect!.reply!.at.file).toMatch(/issue-example\.test\.yaml$/);
  });
});

describe('readTestFile: every step kind', () => {
  it('reads each action, its options and its expectation', async () => {
    const file = await good(join(DIR, 'every-step.test.yaml'));
    expect(file.world).toEqual({ seedFile: join(DIR, 'seeds/world.yaml') });
    expect(file.manifest).toBe(join(DIR, 'cmdsync.yaml'));
    expect(file.bot?.interactions).toBeUndefined();
    const s = file.scenarios[0]!;
    expect([s.as, s.in, s.restart]).toEqual(['@alice', '#general', true]);
    expect(s.steps.map((st) => st.action)).toEqual([
      { kind: 'invoke', line: '/search q:ab' },
      { kind: 'autocomplete', line: '/search q:ab' },
      { kind: 'user-command', name: 'Profile', target: '@bob' },
      {
        kind: 'message-command',
        name: 'Report',
        target: { kind: 'id', id: '1234567890123456789', at: expect.anything() },
      },
      { kind: 'click', button: 'Yes', message: { kind: 'id', id: '1234567890123456789', at: expect.anything() } },
      { kind: 'select', menu: 'colour', values: ['red', 'blue'] },
      { kind: 'submit-modal', fields: { reason: 'spam', detail: 'it was spam' } },
      { kind: 'say', text: 'hello bot' },
      { kind: 'advance', ms: 16 * 60_000 },
      { kind: 'fail', route: { method: 'POST', path: '/channels/*/messages' }, status: 500, times: 1 },
      { kind: 'invoke', line: '/ping' },
      { kind: 'advance', ms: 90 * 60_000 },
      { kind: 'fail', route: { method: 'PATCH', path: '/webhooks/*/*/messages/@original' }, status: 429, times: 3 },
    ]);
    const e = s.steps.map((st) => st.expect);
    expect(e[0]!.reply).toMatchObject({ content: { exact: 'pong' } });
    expect(e[0]!.followups!.map(({ at: _, ...m }) => m)).toEqual([
      { content: { pattern: '^done in \\d+ms$', flags: '' }, ephemeral: true },
      { embeds: [{ title: 'Results', fields: [{ name: 'first' }] }] },
    ]);
    expect(e[1]!.choices).toEqual([{ exact: 'abc' }, { exact: 'abd' }]);
    expect(s.steps[2]!.as).toBe('bob');
    expect(e[3]!.modal).toMatchObject({
      title: { exact: 'Report' },
      fields: [{ exact: 'reason' }, { pattern: 'detail', flags: 'i' }],
    });
    expect(e[4]!.update!.components).toEqual([{ exact: 'Yes' }, { pattern: '^No', flags: '' }]);
    expect(s.steps[5]!.in).toBe('general');
    expect(e[6]!.refused).toBe(true);
    expect(e[7]!.message!.content).toEqual({ exact: 'hello human' });
    expect(e[10]!.noAnswer).toBe(true);
    expect(e[8]).toBeUndefined();
  });

  it('keeps every digit of an id written as a number', async () => {
    const dir = testdir({ 'a.test.yaml': scenario('      - click: Yes\n        message: 1234567890123456789\n') });
    const file = await good(join(dir, 'a.test.yaml'));
    expect(file.scenarios[0]!.steps[0]!.action).toEqual({
      kind: 'click',
      button: 'Yes',
      message: { kind: 'id', id: '1234567890123456789', at: expect.objectContaining({ line: 5 }) },
    });
  });

  it('expands aliases in the world as the seed means them', async () => {
    const dir = testdir({
      'a.test.yaml': `x-role: &mods { name: mods, permissions: [BAN_MEMBERS] }\nworld: { guilds: [{ name: G, roles: [*mods] }] }\n${scenario('      - say: hi\n')}`,
    });
    const result = await readTestFile(join(dir, 'a.test.yaml'));
    expect(result).toEqual({
      problems: [expect.objectContaining({ message: expect.stringMatching(/unknown key "x-role"/) })],
    });
    const file = await good(
      join(
        testdir({
          'a.test.yaml': `world:\n  x: &mods { name: mods }\n  guilds: [{ name: G, roles: [*mods] }]\n${scenario('      - say: hi\n')}`,
        }),
        'a.test.yaml',
      ),
    );
    expect(file.world).toEqual({ seed: { x: { name: 'mods' }, guilds: [{ name: 'G', roles: [{ name: 'mods' }] }] } });
  });

  it('defaults to an empty world and no bot', async () => {
    const dir = testdir({ 'a.test.yaml': scenario('      - say: hi\n') });
    const file = await good(join(dir, 'a.test.yaml'));
    expect(file.world).toEqual({ seed: {} });
    expect(file.bot).toBeUndefined();
    expect(file.manifest).toBeUndefined();
  });
});

describe('readTestFile: problems, each at its line and column', () => {
  it('an unknown key, with the key it looks like', async () => {
    await oneProblem(
      scenario('      - invoke: /ping\n        expcet: { reply: pong }\n'),
      'unknown key "expcet" in a step; did you mean "expect"\\?',
      5,
      9,
    );
    await oneProblem(
      scenario('      - invoke: /ping\n        expect: { reply: { contnet: pong } }\n'),
      'unknown key "contnet" in reply; did you mean "content"',
      5,
      28,
    );
    await oneProblem(`scenarioz: []\n`, 'unknown key "scenarioz" in the test file; did you mean "scenarios"', 1, 1);
    await oneProblem(
      `bot: { run: x, zzz: 1 }\n${scenario('      - say: hi\n')}`,
      'unknown key "zzz" in bot \\(known: run, interactions, ready, errors, clock\\)',
      1,
      16,
    );
  });

  it('bot.ready is text or a valid /pattern/; bot.errors is fail or ignore', async () => {
    await oneProblem(
      `bot: { run: x, ready: "/(/" }\n${scenario('      - say: hi\n')}`,
      'ready: /\\(/ is not a valid regular expression',
      1,
      23,
    );
    await oneProblem(
      `bot: { run: x, errors: skip }\n${scenario('      - say: hi\n')}`,
      'errors must be fail \\(an error the bot logs fails the step\\) or ignore, not "skip"',
      1,
      24,
    );
    const dir = testdir({
      'bot.test.yaml': `bot: { run: x, ready: "/^Logged in as /", errors: ignore }\n${scenario('      - say: hi\n')}`,
    });
    const file = await good(join(dir, 'bot.test.yaml'));
    expect(file.bot).toMatchObject({ ready: { pattern: '^Logged in as ', flags: '' }, errors: 'ignore' });
  });

  it('a misspelt key is not reported again as missing', async () => {
    await oneProblem(scenario('      - invok: /ping\n'), 'unknown key "invok" in a step; did you mean "invoke"', 4, 9);
    await oneProblem(
      `scenarios:\n  - name: a\n    stpes: [{ say: hi }]\n`,
      'unknown key "stpes" in a scenario; did you mean "steps"',
      3,
      5,
    );
    await oneProblem(`scenarios:\n  - nmae: a\n    steps: [{ say: hi }]\n`, 'did you mean "name"', 2, 5);
  });

  it('a step with no action, or two', async () => {
    await oneProblem(
      scenario('      - expect: { reply: pong }\n'),
      'a step needs an action: one of invoke, autocomplete',
      4,
      9,
    );
    await oneProblem(
      scenario('      - invoke: /ping\n        click: Yes\n'),
      'a step has one action; this one has invoke and click',
      5,
      9,
    );
  });

  it('keys that belong to another action', async () => {
    await oneProblem(
      scenario('      - invoke: /ping\n        target: bob\n'),
      'target: belongs to user-command and message-command steps, not invoke',
      5,
      9,
    );
    await oneProblem(scenario('      - user-command: Profile\n'), 'user-command needs target:', 4, 9);
    await oneProblem(scenario('      - select: colour\n'), 'select needs values:', 4, 9);
    await oneProblem(
      scenario('      - restart: true\n        expect: { reply: x }\n'),
      'restart changes the world and reaches no bot',
      5,
      9,
    );
  });

  it('bot.clock and restart take only what they mean', async () => {
    await oneProblem(
      `bot: { run: x, clock: fake }\n${scenario('      - say: hi\n')}`,
      'clock must be test \\(advance moves the bot.s timers with the emulator.s clock\\) or real',
      1,
      23,
    );
    await oneProblem(scenario('      - restart: false\n'), 'restart: true restarts the bot here', 4, 18);
  });

  it('wrong types', async () => {
    await oneProblem(scenario('      - invoke: [a, b]\n'), 'invoke must be text, not a list', 4, 17);
    await oneProblem(
      scenario('      - say: hi\n        expect: { reply: { ephemeral: yes } }\n'),
      'ephemeral must be true or false, not the text "yes"',
      5,
      39,
    );
    await oneProblem(
      `scenarios:\n  - name: s\n    restart: 1\n    steps: [{ say: hi }]\n`,
      'restart must be true or false, not the number 1',
      3,
      14,
    );
    await oneProblem(`scenarios: { a: 1 }\n`, 'scenarios must be a list, not a mapping', 1, 12);
    await oneProblem(
      scenario('      - say: hi\n        expect: { refused: false }\n'),
      'refused must be true or the text the refusal contains, not false',
      5,
      28,
    );
    await oneProblem(
      scenario('      - say: hi\n        expect: { no-answer: false }\n'),
      'no-answer can only be true',
      5,
      30,
    );
    await oneProblem(
      scenario('      - say: hi\n        expect: { reply: { embeds: [title] } }\n'),
      'embeds\\[0\\] must be a mapping',
      5,
      37,
    );
  });

  it('durations', async () => {
    await oneProblem(
      scenario('      - advance: 16 minutes\n'),
      '"16 minutes" is not a duration; write a number and a unit',
      4,
      18,
    );
    await oneProblem(scenario('      - advance: 1000\n'), '"1000" is not a duration', 4, 18);
    await oneProblem(scenario('      - advance: 0s\n'), 'advance must move the clock forward', 4, 18);
    await expect(
      problems(scenario('      - advance: 500ms\n      - advance: 30s\n      - advance: 1h\n      - advance: 2d\n')),
    ).rejects.toThrow('the file was read');
  });

  it('within: on a step and on one expectation, a duration up to the cap; deleted: a flag', async () => {
    const dir = testdir({
      'bot.test.yaml': scenario(
        '      - invoke: /later\n        within: 3s\n        expect:\n          reply: { content: Done, within: 2500ms }\n          followups: [{ content: x, deleted: true, within: 4s }]\n',
      ),
    });
    const file = await good(join(dir, 'bot.test.yaml'));
    const step = file.scenarios[0]!.steps[0]!;
    expect(step.withinMs).toBe(3000);
    expect(step.expect).toMatchObject({
      reply: { withinMs: 2500 },
      followups: [{ deleted: true, withinMs: 4000 }],
    });
    await oneProblem(
      scenario('      - invoke: /later\n        within: 2m\n        expect: { reply: x }\n'),
      'within: 2m is longer than 60s, the most a step waits',
      5,
      17,
    );
    await oneProblem(
      scenario('      - invoke: /later\n        expect: { reply: { content: x, within: 0s } }\n'),
      'within must be some time',
      5,
      48,
    );
    await oneProblem(scenario('      - invoke: /later\n        within: 3s\n'), 'this step has no expect', 5, 9);
    await oneProblem(
      scenario('      - invoke: /later\n        expect: { reply: { deleted: soon } }\n'),
      'deleted must be true or false',
      5,
      37,
    );
  });

  it('fail routes, statuses and times', async () => {
    await oneProblem(
      scenario('      - fail: { route: "SEND /channels/*", status: 500 }\n'),
      'SEND is not a method',
      4,
      24,
    );
    await oneProblem(
      scenario('      - fail: { route: "POST channels", status: 500 }\n'),
      'the path must start with /',
      4,
      24,
    );
    await oneProblem(
      scenario('      - fail: { route: "POST /channels/*/messages", status: 200 }\n'),
      'status must be a whole number from 400 to 599',
      4,
      61,
    );
    await oneProblem(
      scenario('      - fail: { route: "POST /x", status: 500, times: 0 }\n'),
      'times must be a whole number from 1 to 1000',
      4,
      55,
    );
    await oneProblem(scenario('      - fail: { status: 500 }\n'), 'fail needs route: "METHOD /path/\\*"', 4, 15);
  });

  it('text matchers: an invalid regular expression', async () => {
    await oneProblem(
      scenario('      - invoke: /ping\n        expect: { reply: "/(unclosed/" }\n'),
      '/\\(unclosed/ is not a valid regular expression',
      5,
      26,
    );
    await oneProblem(
      scenario('      - invoke: /ping\n        expect: { reply: { embeds: [{ title: "/[z-a]/" }] } }\n'),
      'not a valid regular expression',
      5,
      46,
    );
  });

  it('an invoke line the client would not send, at its column', async () => {
    await oneProblem(scenario("      - invoke: '/say text:\"unclosed'\n"), 'invoke "/say text:"unclosed"', 4, 23);
  });

  it('world and manifest paths that name no file', async () => {
    await oneProblem(
      `world: missing.yaml\n${scenario('      - say: hi\n')}`,
      'world: missing.yaml does not exist',
      1,
      8,
    );
    await oneProblem(`world: sub\n${scenario('      - say: hi\n')}`, 'world: sub is not a file', 1, 8, {
      'sub/x.yaml': '',
    });
    await oneProblem(`world: 42\n${scenario('      - say: hi\n')}`, "world must be the emulator's seed", 1, 8);
    await oneProblem(
      `manifest: ../nope.yaml\n${scenario('      - say: hi\n')}`,
      'manifest: ../nope.yaml does not exist',
      1,
      11,
    );
  });

  it('the bot: run required, only ${PORT} filled in, an http URL', async () => {
    await oneProblem(`bot: { interactions: "http://x/" }\n${scenario('      - say: hi\n')}`, 'bot needs run:', 1, 6);
    await oneProblem(
      `bot: { run: x, interactions: "http://h:\${HOST}/" }\n${scenario('      - say: hi\n')}`,
      '\\$\\{HOST\\} is not filled in',
      1,
      30,
    );
    await oneProblem(
      `bot: { run: x, interactions: "ftp://h/" }\n${scenario('      - say: hi\n')}`,
      'must be an http:// or https:// URL',
      1,
      30,
    );
  });

  it('scenarios: names, steps, and two of one name', async () => {
    await oneProblem(`scenarios:\n  - steps: [{ say: hi }]\n`, 'a scenario needs a name:', 2, 5);
    await oneProblem(`scenarios:\n  - name: a\n    steps: []\n`, 'steps is empty', 3, 12);
    await oneProblem(
      `scenarios:\n  - name: a\n    steps: [{ say: hi }]\n  - name: a\n    steps: [{ say: hi }]\n`,
      'two scenarios are named "a" \\(the other at line 2\\)',
      4,
      5,
    );
    await oneProblem(`bot: { run: x }\n`, 'the test file has no scenarios:', 1, 1);
    await oneProblem(
      scenario('      - say: hi\n        expect: { refused: true, reply: x }\n'),
      'expect has both refused and reply',
      5,
      34,
    );
  });

  it('reports every problem of the file at once', async () => {
    const found = await problems(
      scenario(
        '      - invoke: /ping\n        expcet: {}\n      - advance: soon\n      - click: Yes\n        values: [a]\n',
      ),
    );
    expect(found.map((p) => p.at.line)).toEqual([5, 6, 8]);
  });

  it('YAML syntax errors, an empty file and a missing file, never a throw', async () => {
    const syntax = await problems('scenarios:\n  - name: "unclosed\n');
    expect(syntax[0]!.message).toMatch(/^not valid YAML: /);
    expect(syntax[0]!.at.line).toBeGreaterThanOrEqual(2);
    const dup = await problems('scenarios: []\nscenarios: []\n');
    expect(dup[0]).toMatchObject({ message: expect.stringMatching(/unique/), at: { line: 2, column: 1 } });
    expect(await problems('')).toEqual([
      { message: 'the test file is empty; it needs scenarios:', at: expect.objectContaining({ line: 1, column: 1 }) },
    ]);
    expect(await problems('- just\n- a list\n')).toEqual([
      {
        message: 'the test file must be a mapping (key: value), not a list',
        at: expect.objectContaining({ line: 1, column: 1 }),
      },
    ]);
    const dir = testdir({ 'd.test.yaml/x': '' });
    expect(await readTestFile(join(dir, 'd.test.yaml'))).toEqual({
      problems: [{ message: 'cannot read the test file: it is a directory', at: expect.objectContaining({ line: 1 }) }],
    });
    const missing = await readTestFile('/nonexistent/dir/x.test.yaml');
    expect(missing).toEqual({
      problems: [
        {
          message: 'cannot read the test file: no such file',
          at: { file: '/nonexistent/dir/x.test.yaml', line: 1, column: 1 },
        },
      ],
    });
  });
});

describe('readTestFile: hostile files', () => {
  const hostile: Record<string, string> = {
    aliases: `world: &w { guilds: [] }\nscenarios:\n  - name: a\n    as: *w\n    steps: [{ say: *w }]\n`,
    laughs: `world:\n  a: &a [x, x, x, x, x, x, x, x, x, x]\n  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n  d: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\nscenarios: [{ name: a, steps: [{ say: hi }] }]\n`,
    tags: `scenarios:\n  - name: !!binary aGVsbG8=\n    steps: [{ say: !!set { a } }]\n`,
    'complex keys': `? [a, b]\n: 1\nscenarios:\n  - { ? { x: 1 } : 2, name: a, steps: [{ say: hi }] }\n`,
    'a scalar document': `just text\n`,
    'null steps': `scenarios:\n  - name: a\n    steps:\n`,
    'null items': `scenarios:\n  -\n  - name: a\n    steps: [~, {}]\n`,
    'merge keys': `scenarios:\n  - <<: { name: a }\n    steps: [{ say: hi }]\n`,
  };
  for (const [name, text] of Object.entries(hostile)) {
    it(`${name}: located problems, no throw`, async () => {
      const found = await problems(text);
      expect(found.length).toBeGreaterThan(0);
      if (name === 'laughs') expect(found[0]!.message).toMatch(/^world cannot be read: Excessive alias count/);
      for (const p of found) {
        expect(p.message).not.toMatch(/\n\s+at /);
        expect(p.at.line).toBeGreaterThanOrEqual(1);
        expect(p.at.column).toBeGreaterThanOrEqual(1);
      }
    });
  }
});
