import { colors } from '../color.js';
import type { LintReport } from './types.js';

/** ESLint's default layout: a header per file, aligned rows, a summary line. */
export function formatStylish(report: LintReport): string {
  const lines: string[] = [];
  for (const f of report.files) {
    if (f.diagnostics.length === 0) continue;
    lines.push('', colors().underline(f.file));
    const posWidth = Math.max(...f.diagnostics.map((d) => `${d.line}:${d.col}`.length));
    for (const d of f.diagnostics) {
      const pos = `${d.line}:${d.col}`.padEnd(posWidth);
      const sev = d.severity === 'error' ? colors().red('error  ') : colors().yellow('warning');
      lines.push(`  ${colors().dim(pos)}  ${sev}  ${d.message}  ${colors().dim(d.rule)}`);
    }
  }
  const total = report.errorCount + report.warningCount;
  if (total > 0) {
    const summary = `✖ ${total} problem${total === 1 ? '' : 's'} (${report.errorCount} error${report.errorCount === 1 ? '' : 's'}, ${report.warningCount} warning${report.warningCount === 1 ? '' : 's'})`;
    lines.push('', report.errorCount > 0 ? colors().red().bold(summary) : colors().yellow().bold(summary), '');
  }
  return lines.join('\n');
}
