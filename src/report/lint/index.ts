import { formatGithub, type GithubPaths } from './github.js';
import { formatJson } from './json.js';
import { formatStylish } from './stylish.js';
import type { TerminalInfo } from '../terminal.js';
import type { LintFormat, LintReport } from './types.js';
import { formatUnix } from './unix.js';

export * from './types.js';

/** Workflow annotations under GitHub Actions when nobody watches a terminal; the human format otherwise. */
export function defaultLintFormat(terminal: Pick<TerminalInfo, 'isGitHubActions' | 'stdoutIsTTY'>): LintFormat {
  // The environment first: outside Actions the terminal check (which loads Node's tty module in the CLI) never runs.
  return terminal.isGitHubActions && !terminal.stdoutIsTTY ? 'github' : 'stylish';
}

export function formatLintReport(report: LintReport, format: LintFormat, paths?: GithubPaths): string {
  switch (format) {
    case 'stylish':
      return formatStylish(report);
    case 'unix':
      return formatUnix(report);
    case 'json':
      return formatJson(report);
    case 'github':
      return formatGithub(report, paths);
  }
}
