import type { BotExit, RunResult, SourceAt } from '../../bot-test/model.js';
import { ANNOTATION_CAP_PER_LEVEL, annotation } from '../github.js';
import { type GithubPaths, workspacePath } from '../lint/github.js';
import { botErrorLine, botExitDetail, botExitHeadline, loggedErrorDetail } from './bot-exit.js';
import { stepAction } from './transcript.js';

export interface TestAnnotation {
  file: string;
  line: number;
  title: string;
  message: string;
}

/**
 * One annotation per failing or erroring step, at the line it was written
 * on (a file that could not run: at each of its problems; a bot that
 * exited: at the step it exited before or during, with its error), for the
 * GitHub Action to print as `::error` commands.
 */
export function testAnnotations(result: RunResult): TestAnnotation[] {
  const out: TestAnnotation[] = [];
  const add = (at: SourceAt, title: string, message: string): void =>
    void out.push({ file: at.file, line: at.line, title, message });
  const exited = (at: SourceAt, title: string, exit: BotExit): void =>
    add(
      at,
      `${title}${exit.error ? `: ${botErrorLine(exit.error)}` : ''}`,
      [botExitHeadline(exit), ...botExitDetail(exit)].join('\n'),
    );
  for (const f of result.files) {
    if (f.botExit) exited(f.botExit.at, 'cmdsync test: the bot exited as it started', f.botExit);
    for (const p of f.problems ?? []) add(p.at, 'cmdsync test: error in the test file', p.message);
    for (const s of f.scenarios) {
      const step = s.steps.at(-1);
      if (s.status === 'passed') continue;
      if (s.botExit) {
        exited(s.botExit.at, `${s.name}: the bot exited`, s.botExit);
        continue;
      }
      if (!step || step.status === 'passed') {
        add(s.at, `${s.name}: error in the test`, 'the scenario could not run');
        continue;
      }
      const action = stepAction(s.transcript, step);
      const which = `step ${step.index + 1}${action ? ` (${action})` : ''}`;
      if (step.status === 'error') add(step.at, `${s.name}: error in the test`, `${which}: ${step.problem}`);
      else
        add(
          step.at,
          `${s.name}: failed`,
          [
            `${which} did not do what was expected:`,
            ...(step.botError ? loggedErrorDetail(step.botError) : []),
            ...step.mismatches.map((m) => `${m.path}: expected ${m.expected}, actual ${m.actual}`),
          ].join('\n'),
        );
    }
  }
  return out;
}

/**
 * The annotations as workflow commands for the Action's log: the first
 * ones as `::error` at their line (path relative to the workspace, where
 * GitHub places them), those beyond GitHub's cap as plain lines so none is
 * lost.
 */
export function formatTestAnnotations(result: RunResult, paths?: GithubPaths): string[] {
  const all = testAnnotations(result);
  const lines = all.slice(0, ANNOTATION_CAP_PER_LEVEL).map((a) =>
    annotation({
      level: 'error',
      file: workspacePath(a.file, paths),
      line: a.line,
      title: a.title,
      message: a.message,
    }),
  );
  const rest = all.slice(ANNOTATION_CAP_PER_LEVEL);
  if (rest.length > 0) {
    lines.push(
      `::notice::${rest.length} more failing step(s) are not annotated (GitHub shows ${ANNOTATION_CAP_PER_LEVEL}); they are listed below.`,
    );
    for (const a of rest) lines.push(`${a.file}:${a.line}: ${a.title}: ${a.message.replace(/\n/g, ' / ')}`);
  }
  return lines;
}
