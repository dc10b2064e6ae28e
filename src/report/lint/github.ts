import { ANNOTATION_CAP_PER_LEVEL, annotation } from '../github.js';
import { formatUnix } from './unix.js';
import type { LintReport } from './types.js';

/**
 * Workflow annotations for the first findings of each level (GitHub drops the
 * rest silently), then the full list as plain lines so nothing is lost.
 */
export function formatGithub(report: LintReport): string {
  const lines: string[] = [];
  const shown = { error: 0, warning: 0 };
  for (const f of report.files) {
    for (const d of f.diagnostics) {
      if (shown[d.severity] >= ANNOTATION_CAP_PER_LEVEL) continue;
      shown[d.severity]++;
      lines.push(annotation({ level: d.severity, file: d.file, line: d.line, endLine: d.endLine, col: d.col, endColumn: d.endCol, title: `cmdsync ${d.rule}`, message: d.message }));
    }
  }
  const dropped = report.errorCount + report.warningCount - shown.error - shown.warning;
  if (dropped > 0) lines.push(`::notice::${dropped} more finding(s) are not annotated (GitHub shows ${ANNOTATION_CAP_PER_LEVEL} per level); all are listed below.`);
  return lines.join('\n') + (lines.length ? '\n' : '') + formatUnix(report);
}
