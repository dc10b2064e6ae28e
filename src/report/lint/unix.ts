import type { LintReport } from './types.js';

/** One line per finding, `path:line:col: severity: message [rule]`, for editors and grep. */
export function formatUnix(report: LintReport): string {
  const lines = report.files.flatMap((f) =>
    f.diagnostics.map((d) => `${d.file}:${d.line}:${d.col}: ${d.severity}: ${d.message} [${d.rule}]`),
  );
  return lines.length ? `${lines.join('\n')}\n` : '';
}
