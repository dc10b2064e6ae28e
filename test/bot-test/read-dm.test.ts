/**
 * Reading the DM parts of a test file: the `dm:` step (a member writes to the
 * bot in their DM) and `in:` on a message expectation, each problem at its line.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTestFile } from '../../src/bot-test/file/read.js';
import { matchMessage } from '../../src/bot-test/match/message.js';
import type { MessageMatcher, Scenario } from '../../src/bot-test/model.js';
import { observedMessage } from '../../src/bot-test/run/observe.js';
import { testdir } from '../helpers/tmp.js';

const scenario = (steps: string): string => `bot: { run: node bot.js }\nscenarios:\n  - name: s\n    steps:\n${steps}`;

async function read(steps: string): Promise<Scenario | string[]> {
  const dir = testdir({ 'bot.test.yaml': scenario(steps) });
  const result = await readTestFile(join(dir, 'bot.test.yaml'));
  if ('problems' in result) return result.problems.map((p) => `${p.at.line}:${p.at.column} ${p.message}`);
  return result.file.scenarios[0]!;
}

describe('dm: and in:', () => {
  it('reads a dm step, with reactions and said like a say, and in: as a place label', async () => {
    const s = (await read(
      [
        '      - id: hi',
        '        dm: hello bot',
        '        as: alice',
        '        expect: { message: { in: dm @alice, content: hi }, reactions: [👍] }',
        '      - { react: 👍, message: hi.said, expect: { messages: [{ in: general }, { in: "#general" }] } }',
      ].join('\n'),
    )) as Scenario;
    expect(s.steps[0]!.action).toEqual({ kind: 'dm', text: 'hello bot' });
    expect(s.steps[0]!.expect?.message?.in).toBe('dm alice');
    expect(s.steps[1]!.expect?.messages?.map((m) => m.in)).toEqual(['#general', '#general']);
  });

  it('an empty dm, and an in: that is neither a channel nor dm <member>, are problems at their lines', async () => {
    expect(await read(['      - dm: ""', '      - { say: x, expect: { message: { in: "dm" } } }'].join('\n'))).toEqual([
      expect.stringMatching(/^5:/),
      expect.stringMatching(/^6:.*in: is a channel \(general, #general\) or a DM/),
    ]);
  });

  it('matches in: against where the message is, case aside', () => {
    const m: MessageMatcher = { in: 'dm Bob', at: { file: 'f', line: 1, column: 1 } };
    const there = { ...observedMessage({ id: '1', content: '' }), in: 'dm bob' };
    expect(matchMessage('message', m, there)).toEqual([]);
    expect(matchMessage('message', m, { ...there, in: '#general' })).toEqual([
      { path: 'message.in', expected: 'dm Bob', actual: '#general', at: m.at },
    ]);
  });
});
