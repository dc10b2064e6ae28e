/**
 * A step failed by an error the bot logged and carried on from (bot.errors:
 * fail): every report says so, with where it was raised and its lines, and
 * a late request is marked as such in the transcript of the scenario whose
 * interaction it answered.
 */
import { expect, it } from 'vitest';
import { testAnnotations } from '../../src/report/bot-test/annotations.js';
import { renderJunit } from '../../src/report/bot-test/junit.js';
import { renderTestRun, scenarioLine } from '../../src/report/bot-test/text.js';
import { transcriptLine } from '../../src/report/bot-test/transcript.js';
import type { RunResult, ScenarioResult } from '../../src/bot-test/model.js';
import { at } from './fixtures.js';
import { parseXml } from './xml.js';

const logged: ScenarioResult = {
  name: 'ping, then its audit raises',
  at: at(8, 5),
  status: 'failed',
  steps: [
    {
      status: 'failed',
      index: 0,
      at: at(12),
      observed: {
        followups: [],
        messages: [],
        reply: { id: '1', content: 'pong', embeds: [], components: [], ephemeral: false, reactions: [] },
      },
      mismatches: [],
      durationMs: 90,
      botError: {
        at: { file: 'bot.py', line: 63 },
        message: "AttributeError: 'NoneType' object has no attribute 'send'",
        lines: [
          'Traceback (most recent call last):',
          '  File "bot.py", line 63, in ping',
          "AttributeError: 'NoneType' object has no attribute 'send'",
        ],
      },
    },
  ],
  transcript: [{ kind: 'step', index: 0, action: 'invoke', at: at(12) }],
  durationMs: 100,
};
const run: RunResult = {
  files: [{ path: '/repo/bot.test.yaml', scenarios: [logged] }],
  passed: 0,
  failed: 1,
  errors: 0,
  drifted: 0,
  ok: false,
  durationMs: 120,
};

it('text: the scenario line says why; the block gives the place and the lines, and no empty table', () => {
  expect(scenarioLine('bot.test.yaml', logged, false)).toBe(
    '✗ bot.test.yaml › ping, then its audit raises (100 ms) — the bot logged an error and carried on',
  );
  const out = renderTestRun(run, { color: false }).split('\n');
  expect(out.slice(0, 6)).toEqual([
    '✗ Failed: bot.test.yaml › ping, then its audit raises',
    '  step 1 (invoke) at bot.test.yaml:12:9',
    '  the bot logged an error and carried on, at bot.py:63 (bot.errors: ignore to allow it):',
    '    Traceback (most recent call last):',
    '      File "bot.py", line 63, in ping',
    "    AttributeError: 'NoneType' object has no attribute 'send'",
  ]);
  expect(out.join('\n')).not.toMatch(/expected/);
});

it('JUnit: a failure of type bot-error whose message names the step and the error', () => {
  const failure = parseXml(renderJunit(run)).children[0]!.children[0]!.children[0]!;
  expect(failure.name).toBe('failure');
  expect(failure.attrs.type).toBe('bot-error');
  expect(failure.attrs.message).toBe(
    "step 1 (invoke) at bot.test.yaml:12: the bot logged an error and carried on: AttributeError: 'NoneType' object has no attribute 'send' at bot.py:63",
  );
  expect(failure.text).toContain('Traceback (most recent call last):');
});

it('annotations: the step at its line, with the error', () => {
  const [a] = testAnnotations(run);
  expect(a).toMatchObject({ file: 'bot.test.yaml', line: 12 });
  expect(a!.message).toContain('the bot logged an error and carried on, at bot.py:63');
});

it('a late request or message is marked as such', () => {
  expect(
    transcriptLine({
      kind: 'request',
      method: 'PATCH',
      route: '/webhooks/:webhookId/:webhookToken/messages/@original',
      status: 200,
      late: true,
    }),
  ).toBe('  bot: PATCH /webhooks/:webhookId/:webhookToken/messages/@original → 200 (late: while a later scenario ran)');
});
