import type { FileResult, Mismatch, RunResult, ScenarioResult, SourceAt, StepResult } from '../../bot-test/model.js';
import { botExitDetail, botExited, botExitHeadline, LOGGED_ERROR, loggedErrorDetail } from './bot-exit.js';
import { commandDriftBlock } from './command-drift.js';
import { fileName } from './file-name.js';
import { type Paint, withPaint } from './paint.js';
import { stepAction, transcriptLines } from './transcript.js';

/** `✓ bot.test.yaml › ping answers (12 ms)`: one scenario's outcome, printed as it finishes. */
export function scenarioLine(file: string, result: ScenarioResult, color: boolean): string {
  return withPaint(color, (p) => scenarioLineWith(p, file, result));
}

function scenarioLineWith(p: Paint, file: string, r: ScenarioResult): string {
  const title = `${file} › ${r.name} ${p.dim(`(${Math.round(r.durationMs)} ms)`)}`;
  if (r.status === 'passed') return `${p.green('✓')} ${title}`;
  if (r.status === 'failed') {
    const logged = r.steps.at(-1)?.status === 'failed' && 'botError' in r.steps.at(-1)!;
    const why = r.botExit ? botExited(r.botExit) : logged ? LOGGED_ERROR : undefined;
    return `${p.red('✗')} ${title}${why ? ` ${p.red(`— ${why}`)}` : ''}`;
  }
  return `${p.yellow('✗')} ${title} ${p.yellow('— error in the test')}`;
}

/**
 * What follows the scenario lines: each failing scenario in detail (the
 * step at its line, expected and actual side by side, the transcript in
 * order), each test error said as one, each file that could not run, and
 * the last line `N passed, M failed` (`, K errors` when any). A bot that
 * exited is said first, with its error, before what a step then observed.
 */
export function renderTestRun(result: RunResult, options: { color: boolean }): string {
  return withPaint(options.color, (p) => {
    const blocks = result.files.flatMap((f) => fileBlocks(p, f));
    return [...blocks, summaryLine(p, result)].join('\n\n');
  });
}

export function summaryLine(p: Paint, r: RunResult): string {
  const parts = [p.green(`${r.passed} passed`), r.failed > 0 ? p.red(`${r.failed} failed`) : `${r.failed} failed`];
  if (r.errors > 0) parts.push(p.yellow(`${r.errors} error${r.errors === 1 ? '' : 's'}`));
  if (r.drifted > 0)
    parts.push(p.yellow(`${r.drifted} bot${r.drifted === 1 ? "'s" : "s'"} commands differ from the manifest`));
  return parts.join(', ');
}

function fileBlocks(p: Paint, f: FileResult): string[] {
  const out: string[] = [];
  if (f.commandDrift) out.push(`${fileName(f)}:\n${commandDriftBlock(p, f.commandDrift)}`);
  if (f.shims?.length) out.push(p.dim(`${fileName(f)}: the runner's shims: ${f.shims.join('; ')}`));
  if (f.clockNotMoved) out.push(p.yellow(`${fileName(f)}: ${f.clockNotMoved}`));
  if (f.botExit) {
    const head = p.red(p.bold(`✗ The bot exited as it started: ${fileName(f)} did not run`));
    out.push(
      [
        head,
        `  ${where(f.botExit.at)}: ${p.red(botExitHeadline(f.botExit))}`,
        ...botExitDetail(f.botExit).map((l) => `  ${l}`),
      ].join('\n'),
    );
  }
  if (f.problems?.length) {
    const lines = f.problems.map((pr) => `  ${where(pr.at)}: ${pr.message}`);
    out.push([p.yellow(p.bold(`Error in the test file ${fileName(f)} (it did not run):`)), ...lines].join('\n'));
  }
  for (const s of f.scenarios) if (s.status !== 'passed') out.push(scenarioBlock(p, s));
  return out;
}

const where = (at: SourceAt): string => `${at.file}:${at.line}:${at.column}`;

function scenarioBlock(p: Paint, s: ScenarioResult): string {
  const head = `${s.status === 'failed' ? p.red(p.bold('✗ Failed:')) : p.yellow(p.bold('✗ Error in the test:'))} ${s.at.file} › ${s.name}`;
  const last = s.steps.at(-1);
  const exit = s.botExit
    ? [`  ${p.red(botExitHeadline(s.botExit))}`, ...botExitDetail(s.botExit).map((l) => `  ${l}`)]
    : [];
  let body: string[];
  if (last && last.status !== 'passed') body = stepBlock(p, s, last);
  else
    body = s.botExit
      ? []
      : [`  ${s.status === 'error' ? 'the scenario could not run' : 'no step failed'} (${where(s.at)})`];
  const transcript =
    s.transcript.length > 0
      ? ['', p.dim('  Transcript:'), ...transcriptLines(s.transcript).map((l) => p.dim(`    ${l}`))]
      : [];
  return [head, ...exit, ...body, ...transcript].join('\n');
}

function stepBlock(p: Paint, s: ScenarioResult, step: StepResult): string[] {
  const action = stepAction(s.transcript, step);
  const title = `  step ${step.index + 1}${action ? ` (${action})` : ''} at ${where(step.at)}`;
  if (step.status === 'error') return [title, `  ${p.yellow('error in the test, not the bot:')} ${step.problem}`];
  if (step.status === 'passed') return [title];
  const waited = step.withinMs !== undefined ? `, still so after ${seconds(step.withinMs)} (within)` : '';
  const logged = step.botError ? loggedErrorDetail(step.botError).map((l, i) => `  ${i === 0 ? p.red(l) : l}`) : [];
  return [`${title}${waited}`, ...logged, ...(step.mismatches.length > 0 ? mismatchTable(p, step.mismatches) : [])];
}

/** `1 s`, `2.5 s`, `500 ms`: how long a failing step's expectations were read again. */
const seconds = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`);

/** Expected and actual side by side, one row per mismatch; stacked when a row would not fit. */
export function mismatchTable(p: Paint, mismatches: Mismatch[]): string[] {
  const rows = mismatches.map((m) => ({
    what: `${m.path} (line ${m.at.line})`,
    expected: m.expected,
    actual: m.actual,
  }));
  const w = {
    what: Math.max(5, ...rows.map((r) => r.what.length)),
    expected: Math.max(8, ...rows.map((r) => r.expected.length)),
  };
  const width = 4 + w.what + 2 + w.expected + 2 + Math.max(6, ...rows.map((r) => r.actual.length));
  if (width > 120)
    return rows.flatMap((r) => [
      `    ${r.what}`,
      `      expected: ${p.green(r.expected)}`,
      `      actual:   ${p.red(r.actual)}`,
    ]);
  const pad = (s: string, n: number): string => s + ' '.repeat(n - s.length);
  const header = p.dim(`    ${pad('where', w.what)}  ${pad('expected', w.expected)}  actual`);
  return [
    header,
    ...rows.map((r) => `    ${pad(r.what, w.what)}  ${p.green(pad(r.expected, w.expected))}  ${p.red(r.actual)}`),
  ];
}
