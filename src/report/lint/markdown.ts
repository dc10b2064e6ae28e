import { escapeInline } from '../markdown.js';
import type { LintReport } from './types.js';

/**
 * Lint findings as GitHub-flavoured Markdown for the step summary: the
 * annotations GitHub shows are capped (10 per level a step), the summary
 * lists every finding, up to a size GitHub accepts.
 */

/** Rows kept in the table; past this the summary says how many more there are. */
const MAX_ROWS = 1000;

export function lintCounts(report: Pick<LintReport, 'errorCount' | 'warningCount'>): string {
  const e = report.errorCount;
  const w = report.warningCount;
  return `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}`;
}

export function formatLintMarkdown(report: LintReport, opts: { title?: string } = {}): string {
  const parts = [`## ${escapeInline(opts.title ?? 'cmdsync lint')}\n\n`];
  const clean = report.errorCount + report.warningCount === 0;
  parts.push(
    clean
      ? `**No problems found** in ${report.files.map((f) => `\`${escapeInline(f.file)}\``).join(', ')}.\n`
      : `**${lintCounts(report)}**\n\n`,
  );
  if (clean) return parts.join('');
  const rows = ['| | Where | Rule | Message |', '|---|---|---|---|'];
  let shown = 0;
  let total = 0;
  for (const f of report.files) {
    for (const d of f.diagnostics) {
      total++;
      if (shown >= MAX_ROWS) continue;
      shown++;
      rows.push(
        `| ${d.severity === 'error' ? '❌' : '⚠️'} | \`${escapeInline(d.file)}:${d.line}:${d.col}\` | \`${escapeInline(d.rule)}\` | ${escapeInline(d.message)} |`,
      );
    }
  }
  parts.push(`${rows.join('\n')}\n`);
  if (total > shown) parts.push(`\n_… ${total - shown} more not shown: run \`cmdsync lint\` for all of them._\n`);
  return parts.join('');
}
