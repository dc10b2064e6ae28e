import type { LintReport } from './types.js';

/** The machine-readable report. `format_version` follows Terraform's rule: ignore unknown keys, reject an unknown major. */
export function formatJson(report: LintReport): string {
  return `${JSON.stringify(
    {
      format_version: '1.0',
      error_count: report.errorCount,
      warning_count: report.warningCount,
      files: report.files.map((f) => ({
        file: f.file,
        diagnostics: f.diagnostics.map((d) => ({
          severity: d.severity,
          rule: d.rule,
          message: d.message,
          line: d.line,
          column: d.col,
          end_line: d.endLine,
          end_column: d.endCol,
        })),
      })),
    },
    null,
    2,
  )}\n`;
}
