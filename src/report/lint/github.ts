import { isAbsolute, relative, resolve, sep } from 'node:path';
import { ANNOTATION_CAP_PER_LEVEL, annotation } from '../github.js';
import { formatUnix } from './unix.js';
import type { LintReport } from './types.js';

export interface GithubPaths {
  /** Where the report's file names are relative to. */
  cwd: string;
  /** `GITHUB_WORKSPACE`: GitHub places an annotation by a path relative to it (the run may be in a subdirectory, or use -C). */
  workspace?: string;
}

export function workspacePath(file: string, paths: GithubPaths | undefined): string {
  if (!paths?.workspace) return file;
  const rel = relative(paths.workspace, isAbsolute(file) ? file : resolve(paths.cwd, file));
  // Outside the workspace GitHub cannot place it anyway; keep the name the user knows.
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel.split(sep).join('/');
}

/**
 * Workflow annotations for the first findings of each level (GitHub drops the
 * rest silently), then the findings beyond that as plain lines, so each is
 * said once and none is lost (an annotation already shows in the log).
 */
export function formatGithub(report: LintReport, paths?: GithubPaths): string {
  const lines: string[] = [];
  const shown = { error: 0, warning: 0 };
  const rest: LintReport['files'] = [];
  for (const f of report.files) {
    const left: typeof f.diagnostics = [];
    for (const d of f.diagnostics) {
      if (shown[d.severity] >= ANNOTATION_CAP_PER_LEVEL) {
        left.push(d);
        continue;
      }
      shown[d.severity]++;
      lines.push(
        annotation({
          level: d.severity,
          file: workspacePath(d.file, paths),
          line: d.line,
          endLine: d.endLine,
          col: d.col,
          endColumn: d.endCol,
          title: `cmdsync ${d.rule}`,
          message: d.message,
        }),
      );
    }
    if (left.length > 0) rest.push({ ...f, diagnostics: left });
  }
  const dropped = report.errorCount + report.warningCount - shown.error - shown.warning;
  if (dropped > 0)
    lines.push(
      `::notice::${dropped} more finding(s) are not annotated (GitHub shows ${ANNOTATION_CAP_PER_LEVEL} per level); they are listed below.`,
    );
  const restText = rest.length > 0 ? formatUnix({ ...report, files: rest }) : '';
  return lines.join('\n') + (lines.length ? '\n' : '') + restText;
}
