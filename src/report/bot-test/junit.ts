import type { FileResult, RunResult, ScenarioResult } from '../../bot-test/model.js';
import { botErrorLine, botExitDetail, botExitSummary, LOGGED_ERROR, loggedErrorDetail } from './bot-exit.js';
import { fileName } from './file-name.js';
import { ANSI, stepAction, transcriptLines } from './transcript.js';

/**
 * JUnit XML for CI: one testsuite per file, one testcase per scenario, a
 * `failure` for a bot that did not do what was expected and an `error` for a
 * test that could not run (the distinction CI dashboards already make).
 */
export function renderJunit(result: RunResult): string {
  const totals = `tests="${result.passed + result.failed + result.errors}" failures="${result.failed}" errors="${result.errors}" time="${seconds(result.durationMs)}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cmdsync test" ${totals}>`,
    ...result.files.flatMap(suite),
    '</testsuites>',
    '',
  ].join('\n');
}

function suite(f: FileResult): string[] {
  const name = fileName(f);
  const cases = f.scenarios.map((s) => testcase(f, s));
  const count = (status: string): number => f.scenarios.filter((s) => s.status === status).length;
  let errors = count('error');
  if (f.botExit) {
    // The bot exited as it started: one case stands for the file, an error (nothing ran), said as the bot's exit.
    cases.push(
      `    <testcase name="${attr(`${name} (could not run)`)}" classname="${attr(name)}" file="${attr(name)}" time="0">`,
      element('error', botExitSummary(f.botExit), 'bot-exit', botExitDetail(f.botExit).join('\n')),
      '    </testcase>',
    );
    errors = 1;
  } else if (f.problems?.length && f.scenarios.length === 0) {
    // Nothing ran: one case stands for the file, so the suite is not an empty pass.
    const message = f.problems.map((p) => `${p.at.file}:${p.at.line}:${p.at.column}: ${p.message}`).join('\n');
    cases.push(
      `    <testcase name="${attr(`${name} (could not run)`)}" classname="${attr(name)}" file="${attr(name)}" time="0">`,
      element('error', f.problems[0]!.message, 'test-error', message),
      '    </testcase>',
    );
    errors = 1;
  }
  const time = f.scenarios.reduce((t, s) => t + s.durationMs, 0);
  const tests = Math.max(f.scenarios.length, errors);
  return [
    `  <testsuite name="${attr(name)}" tests="${tests}" failures="${count('failed')}" errors="${errors}" time="${seconds(time)}" file="${attr(name)}">`,
    ...cases,
    '  </testsuite>',
  ];
}

function testcase(f: FileResult, s: ScenarioResult): string {
  const open = `    <testcase name="${attr(s.name)}" classname="${attr(fileName(f))}" file="${attr(s.at.file)}" line="${s.at.line}" time="${seconds(s.durationMs)}"`;
  if (s.status === 'passed') return `${open}/>`;
  const step = s.steps.at(-1);
  const action = step ? stepAction(s.transcript, step) : undefined;
  const at = step ? `${step.at.file}:${step.at.line}` : `${s.at.file}:${s.at.line}`;
  const transcript = transcriptLines(s.transcript).join('\n');
  let inner: string;
  if (s.botExit) {
    const mismatches =
      step?.status === 'failed'
        ? [
            '',
            ...step.mismatches.map(
              (m) => `${m.path} (${m.at.file}:${m.at.line}): expected ${m.expected}, actual ${m.actual}`,
            ),
          ]
        : [];
    inner = element(
      'failure',
      botExitSummary(s.botExit),
      'bot-exit',
      [...botExitDetail(s.botExit), ...mismatches, '', 'Transcript:', transcript].join('\n'),
    );
  } else if (s.status === 'failed' && step?.status === 'failed') {
    const details = step.mismatches
      .map((m) => `${m.path} (${m.at.file}:${m.at.line}): expected ${m.expected}, actual ${m.actual}`)
      .join('\n');
    const first = step.mismatches[0];
    const which = `step ${step.index + 1}${action ? ` (${action})` : ''} at ${at}`;
    const logged = step.botError ? loggedErrorDetail(step.botError) : [];
    const message = step.botError
      ? `${which}: ${LOGGED_ERROR}: ${botErrorLine(step.botError)}`
      : first
        ? `${which}: ${first.path}: expected ${first.expected}, actual ${first.actual}`
        : `step failed at ${at}`;
    const body = [...logged, ...(logged.length && details ? [''] : []), ...(details ? [details] : [])].join('\n');
    inner = element(
      'failure',
      message,
      step.botError ? 'bot-error' : 'mismatch',
      `${body}\n\nTranscript:\n${transcript}`,
    );
  } else {
    // A scenario with no step of its own at fault could not run because its file could not (the bot never got ready): say why.
    const problem =
      step?.status === 'error' ? step.problem : (f.problems?.[0]?.message ?? 'the scenario could not run');
    inner = element('error', `error in the test at ${at}: ${problem}`, 'test-error', `Transcript:\n${transcript}`);
  }
  return [`${open}>`, inner, '    </testcase>'].join('\n');
}

function element(name: 'failure' | 'error', message: string, type: string, body: string): string {
  return `      <${name} message="${attr(message)}" type="${type}">${text(body)}</${name}>`;
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/**
 * Text XML 1.0 can hold: a bot's output may carry terminal colours and other
 * control characters the format forbids, which would make the whole report
 * unreadable to CI. Colour codes are dropped, other such characters shown
 * as U+FFFD.
 */
function clean(s: string): string {
  const forbidden =
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
  return s.replace(ANSI, '').replace(forbidden, '\ufffd');
}

function text(s: string): string {
  return clean(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value: newlines and tabs kept as character references, or parsers fold them to spaces. */
function attr(s: string): string {
  return text(s).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
