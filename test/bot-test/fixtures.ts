import type { RunResult, ScenarioResult, SourceAt, TranscriptEntry } from '../../src/bot-test/model.js';

/** Run results as the runner makes them, for the report tests. */
export const at = (line: number, column = 9, file = 'bot.test.yaml'): SourceAt => ({ file, line, column });

const transcript = (action: 'invoke' | 'click', index: number): TranscriptEntry[] => [
  { kind: 'step', index, action, at: at(22 + index * 2) },
  {
    kind: 'delivery',
    transport: 'gateway',
    delivered: true,
    interactionType: action === 'click' ? 3 : 2,
    name: action === 'click' ? 'yes' : 'confirm',
    outcome: 'answered',
  },
  { kind: 'dispatch', name: 'INTERACTION_CREATE' },
  { kind: 'answer', callbackType: action === 'click' ? 7 : 4 },
  { kind: 'request', method: 'POST', route: '/channels/1/messages', status: 500, code: 0 },
  { kind: 'message', action: 'create', channelId: '1', messageId: '2', source: 'bot' },
  { kind: 'bot-output', stream: 'stderr', line: '\u001b[31mError\u001b[0m: <oops> & "bad" \u0007' },
];

export const passed: ScenarioResult = {
  name: 'ping answers',
  at: at(11, 5),
  status: 'passed',
  steps: [{ status: 'passed', index: 0, at: at(15), observed: { followups: [], messages: [] }, durationMs: 4 }],
  transcript: transcript('invoke', 0),
  durationMs: 12.4,
};

export const failed: ScenarioResult = {
  name: 'confirm <then> click & "go"',
  at: at(18, 5),
  status: 'failed',
  steps: [
    { status: 'passed', index: 0, at: at(22), observed: { followups: [], messages: [] }, durationMs: 3 },
    {
      status: 'failed',
      index: 1,
      at: at(26),
      observed: { followups: [], messages: [] },
      mismatches: [
        { path: 'update.content', expected: '"Done"', actual: '"Cancelled"', at: at(27, 26) },
        { path: 'update.components', expected: '["Undo"]', actual: '[]', at: at(27, 26) },
      ],
      durationMs: 9,
    },
  ],
  transcript: [...transcript('invoke', 0), ...transcript('click', 1)],
  durationMs: 30,
};

export const errored: ScenarioResult = {
  name: 'unknown member',
  at: at(30, 5),
  status: 'error',
  steps: [{ status: 'error', index: 0, at: at(33), problem: 'no member "carol" in the world (members: alice, bob)' }],
  transcript: [{ kind: 'step', index: 0, action: 'invoke', at: at(33) }],
  durationMs: 1,
};

export const run: RunResult = {
  files: [
    { path: '/repo/bot.test.yaml', scenarios: [passed, failed, errored] },
    {
      path: '/repo/broken.test.yaml',
      scenarios: [],
      problems: [
        { message: 'unknown key "stpes" in a scenario; did you mean "steps"?', at: at(4, 5, 'broken.test.yaml') },
      ],
    },
  ],
  passed: 1,
  failed: 1,
  errors: 2,
  drifted: 0,
  ok: false,
  durationMs: 1234,
};

/** The bot exited while a step ran: the step's observation is kept, the exit is the cause. */
export const crashed: ScenarioResult = {
  name: 'the order that crashes it',
  at: at(40, 5),
  status: 'failed',
  steps: [
    {
      status: 'failed',
      index: 0,
      at: at(43),
      observed: { followups: [], messages: [], noAnswer: 'no answer: no gateway session connected' },
      mismatches: [
        { path: 'reply', expected: 'a reply "ok"', actual: 'no answer: no gateway session connected', at: at(44, 26) },
      ],
      durationMs: 3000,
    },
  ],
  transcript: [{ kind: 'step', index: 0, action: 'invoke', at: at(43) }],
  durationMs: 3010,
  botExit: {
    code: 1,
    when: 'during',
    step: 0,
    at: at(43),
    action: 'invoke',
    error: {
      at: { file: 'bot.js', line: 13, column: 23 },
      message: "TypeError: Cannot read properties of undefined (reading 'id')",
      lines: [
        "TypeError: Cannot read properties of undefined (reading 'id')",
        '    at lastOrder (file:///home/dev/bot/bot.js:13:23)',
        '\u001b[31m    at evil\u0007\u001b[0m',
      ],
    },
    lastLines: [],
  },
};

/** The bot was gone when the scenario's second step was to run; it printed no error. */
export const gone: ScenarioResult = {
  name: 'after the crash',
  at: at(50, 5),
  status: 'failed',
  steps: [{ status: 'passed', index: 0, at: at(52), observed: { followups: [], messages: [] }, durationMs: 2 }],
  transcript: [{ kind: 'step', index: 0, action: 'advance', at: at(52) }],
  durationMs: 3,
  botExit: { code: 137, when: 'before', step: 1, at: at(54), action: 'click', lastLines: ['connecting', 'Killed'] },
};

/** A file whose bot exited as it started (a syntax error). */
export const crashRun: RunResult = {
  files: [
    { path: '/repo/bot.test.yaml', scenarios: [crashed, gone] },
    {
      path: '/repo/typo.test.yaml',
      scenarios: [],
      botExit: {
        code: 1,
        when: 'starting',
        step: 0,
        at: at(2, 3, 'typo.test.yaml'),
        error: {
          at: { file: 'bot.js', line: 24 },
          message: 'SyntaxError: missing ) after argument list',
          lines: [
            'file:///home/dev/bot/bot.js:24',
            '  return i.reply(x;);',
            '                 ^',
            'SyntaxError: missing ) after argument list',
          ],
        },
        lastLines: [],
      },
    },
    {
      path: '/repo/silent.test.yaml',
      scenarios: [],
      botExit: { code: 2, when: 'starting', step: 0, at: at(2, 3, 'silent.test.yaml'), lastLines: [] },
    },
  ],
  passed: 0,
  failed: 2,
  errors: 2,
  drifted: 0,
  ok: false,
  durationMs: 3100,
};
