import { escapeInline } from '../markdown.js';
import { appliedCounts, duplicateAddress, duplicatesSentence, sanitizeMessage } from './result.js';
import type { ApplyResult, ApplyResultItem } from '../../sync/apply-result.js';

/**
 * An apply's outcome as GitHub-flavoured Markdown, for the step summary and
 * the pull request's comment: the same words as the terminal's last lines
 * (Terraform's "Apply complete!"), with what failed and what was left.
 */

/** One line: `Apply complete! …` or `Apply failed after 2 of 5 requests: <address>: <message>`. */
export function applyHeadline(result: ApplyResult): string {
  if (!result.failed) return `Apply complete! ${appliedCounts(result.applied)}.`;
  const { requestsSent: sent, requestsTotal: total } = result;
  const after =
    sent !== undefined && total !== undefined ? ` after ${sent} of ${total} request${total === 1 ? '' : 's'}` : '';
  return `Apply failed${after}: ${result.failed.address}: ${sanitizeMessage(result.failed.message)}`;
}

function list(title: string, items: readonly ApplyResultItem[]): string {
  if (items.length === 0) return '';
  const rows = items.map((i) => `- \`${escapeInline(i.address).replace(/`/g, "'")}\` (${escapeInline(i.kind)})`);
  return `<details><summary>${title} (${items.length})</summary>\n\n${rows.join('\n')}\n\n</details>\n\n`;
}

function duplicates(result: ApplyResult): string {
  const head = duplicatesSentence(result);
  if (!head) return '';
  const rows = result.duplicatesRemoved!.map(
    (d) => `- \`${escapeInline(sanitizeMessage(duplicateAddress(d))).replace(/`/g, "'")}\` (deleted)`,
  );
  return `> [!NOTE]\n> ${escapeInline(head)}\n\n${rows.join('\n')}\n\n`;
}

export function formatApplyMarkdown(result: ApplyResult, opts: { title?: string } = {}): string {
  const parts = [`## ${escapeInline(opts.title ?? 'cmdsync apply')}\n\n`];
  parts.push(
    result.failed
      ? `> [!CAUTION]\n> **${escapeInline(applyHeadline(result))}**\n\n`
      : `**${escapeInline(applyHeadline(result))}**\n\n`,
  );
  if (result.permissionsSkipped)
    parts.push(`> [!WARNING]\n> ${escapeInline(sanitizeMessage(result.permissionsSkipped))}\n\n`);
  if (result.failed) parts.push(list('Applied', result.applied));
  parts.push(list('Not applied', result.notApplied));
  parts.push(duplicates(result));
  if (result.failed) parts.push('Run `cmdsync apply` again to finish: every request is safe to retry.\n\n');
  return parts.join('');
}
