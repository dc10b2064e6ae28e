/**
 * Reading what a step acts on (file/refs.ts): message references (`latest`,
 * an id, `STEP.part`, `STEP.messages[N]`, `{ content }`), components by
 * position, `id:`, and the expectations of what a step causes (`messages`,
 * `reactions`), each problem at its line.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTestFile } from '../../src/bot-test/file/read.js';
import type { Scenario } from '../../src/bot-test/model.js';
import { testdir } from '../helpers/tmp.js';

const scenario = (steps: string): string => `bot: { run: node bot.js }\nscenarios:\n  - name: s\n    steps:\n${steps}`;

async function read(steps: string): Promise<Scenario | string[]> {
  const dir = testdir({ 'bot.test.yaml': scenario(steps) });
  const result = await readTestFile(join(dir, 'bot.test.yaml'));
  if ('problems' in result) return result.problems.map((p) => `${p.at.line}:${p.at.column} ${p.message}`);
  return result.file.scenarios[0]!;
}

describe('message references', () => {
  it('reads each form, and ids on steps', async () => {
    const s = (await read(
      [
        '      - { id: ask, invoke: /fruits }',
        '      - { select: Fruit, values: [apple], message: ask.reply }',
        '      - { click: Yes, message: "ask.messages[2]" }',
        '      - { click: Yes, message: latest }',
        '      - { click: Yes, message: "123456789" }',
        '      - { message-command: Quote, target: { content: "/^Choose/i" } }',
      ].join('\n'),
    )) as Scenario;
    expect(s.steps[0]!.id).toBe('ask');
    expect(s.steps.slice(1).map((step) => step.action)).toEqual([
      expect.objectContaining({ message: expect.objectContaining({ kind: 'step', step: 'ask', part: 'reply' }) }),
      expect.objectContaining({
        message: expect.objectContaining({ kind: 'step', step: 'ask', part: 'messages', index: 2 }),
      }),
      expect.objectContaining({ message: expect.objectContaining({ kind: 'latest' }) }),
      expect.objectContaining({ message: expect.objectContaining({ kind: 'id', id: '123456789' }) }),
      expect.objectContaining({
        target: expect.objectContaining({ kind: 'content', content: { pattern: '^Choose', flags: 'i' } }),
      }),
    ]);
  });

  it('a form that names no message says the forms there are, at its value', async () => {
    expect(await read('      - { click: Yes, message: the reply }')).toEqual([
      expect.stringMatching(/^5:32 message "the reply" names no message: write a message id, latest/),
    ]);
  });

  it('an id that cannot be written before a dot', async () => {
    expect(await read('      - { id: 2nd, invoke: /ping }')).toEqual([
      expect.stringMatching(/^5:15 id "2nd" must start with a letter/),
    ]);
  });

  it('reactions on a step that acts on no message', async () => {
    expect(await read('      - invoke: /ping\n        expect: { reactions: [👍] }')).toEqual([
      expect.stringMatching(/^6:19 reactions reads the message a step acts on .*an invoke step acts on none/),
    ]);
  });
});

describe('components by position', () => {
  it('{ row, column } and { index }, 0-based', async () => {
    const s = (await read('      - click: { row: 2, column: 0 }\n      - click: { index: 4 }')) as Scenario;
    expect(s.steps.map((step) => step.action)).toEqual([
      { kind: 'click', button: { row: 2, column: 0 } },
      { kind: 'click', button: { index: 4 } },
    ]);
  });

  it('a row without its column, both forms at once, a position that is not a whole number', async () => {
    expect(await read('      - click: { row: 1 }')).toEqual([expect.stringMatching(/^5:16 click by position needs/)]);
    expect(await read('      - click: { index: 1, row: 0, column: 0 }')).toEqual([
      expect.stringMatching(/^5:16 click: give either \{ index \} or \{ row, column \}, not both/),
    ]);
    expect(await read('      - click: { index: -1 }')).toEqual([
      expect.stringMatching(/^5:25 index must be a whole number from 0/),
    ]);
  });
});

describe('what a step causes', () => {
  it('messages: each a message matcher, with reactions', async () => {
    const s = (await read(
      '      - invoke: /announce\n        expect:\n          messages: [Posting, { content: News, reactions: ["📣"] }]',
    )) as Scenario;
    expect(s.steps[0]!.expect).toMatchObject({
      messages: [{ content: { exact: 'Posting' } }, { content: { exact: 'News' }, reactions: [{ exact: '📣' }] }],
    });
  });
});
