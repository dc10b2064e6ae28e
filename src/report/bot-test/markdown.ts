import type { RunResult, ScenarioResult } from '../../bot-test/model.js';
import { escapeInline } from '../markdown.js';
import { botErrorLine, botExitSummary, LOGGED_ERROR } from './bot-exit.js';
import { summaryLine } from './text.js';
import { withPaint } from './paint.js';

/** Rows shown in the step summary; the log has every one. */
const MAX_ROWS = 50;

/**
 * The Action's step summary for `command: test`: the counts, then one row
 * per scenario that did not pass (where, what went wrong, whether the bot
 * or the test is at fault, or the bot exited).
 */
export function formatTestMarkdown(heading: string, result: RunResult): string {
  const counts = withPaint(false, (p) => summaryLine(p, result));
  const rows = result.files.flatMap((f) => [
    ...(f.botExit
      ? [row(`${f.botExit.at.file}:${f.botExit.at.line}`, '(the file)', 'the bot exited', botExitSummary(f.botExit))]
      : []),
    ...(f.problems ?? []).map((pr) =>
      row(`${pr.at.file}:${pr.at.line}`, '(the file)', 'error in the test', pr.message),
    ),
    ...f.scenarios.filter((s) => s.status !== 'passed').map(scenarioRow),
  ]);
  const verdict = rows.length === 0 ? '**Every scenario passed.**' : '> [!CAUTION]\n> **Some scenarios did not pass.**';
  const shown = rows.slice(0, MAX_ROWS);
  const table =
    rows.length === 0 ? '' : ['', '| where | scenario | outcome | what |', '|---|---|---|---|', ...shown].join('\n');
  const more = rows.length > MAX_ROWS ? `\n\n${rows.length - MAX_ROWS} more in the job's log.` : '';
  return `## ${escapeInline(heading)}\n\n${verdict}\n\n${counts}\n${table}${more}\n`;
}

function scenarioRow(s: ScenarioResult): string {
  const step = s.steps.at(-1);
  if (s.botExit)
    return row(`${s.botExit.at.file}:${s.botExit.at.line}`, s.name, 'the bot exited', botExitSummary(s.botExit));
  const at = step && step.status !== 'passed' ? step.at : s.at;
  const outcome = s.status === 'failed' ? 'failed' : 'error in the test';
  let what = 'the scenario could not run';
  if (step?.status === 'error') what = step.problem;
  else if (step?.status === 'failed')
    what = [
      ...(step.botError ? [`${LOGGED_ERROR}: ${botErrorLine(step.botError)}`] : []),
      ...step.mismatches.map((m) => `${m.path}: expected ${m.expected}, actual ${m.actual}`),
    ].join('; ');
  return row(`${at.file}:${at.line}`, s.name, outcome, what);
}

const cell = (text: string): string => escapeInline(text.replace(/\s+/g, ' ')).replace(/\|/g, '\\|');
const row = (where: string, name: string, outcome: string, what: string): string =>
  `| ${cell(where)} | ${cell(name)} | ${outcome} | ${cell(what)} |`;
