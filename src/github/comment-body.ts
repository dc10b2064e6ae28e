import type { Plan } from '../plan/model.js';
import { escapeInline, formatPlanMarkdown } from '../report/plan/markdown.js';
import { formatApplyMarkdown } from '../report/apply/markdown.js';
import type { ApplyResult } from '../report/apply/types.js';

/**
 * The bodies of the pull request comment: the hidden marker first (how the
 * comment is found again), then the plan or the apply's outcome, then a
 * footer saying which commit and run it is about.
 */

/** GitHub refuses a comment body over 65,536 characters. */
export const COMMENT_MAX_CHARS = 65_536;
/** What the plan may take of it, leaving room for the marker, headings and footer. */
const PLAN_MAX_BYTES = 60_000;
const LIMIT_NOTE = 'a pull request comment is limited to 64 KiB; the step summary has more';

export interface CommentFrame {
  marker: string;
  /** Names the manifest when a repository has more than one (`cmdsync plan: bots/a`). */
  label?: string;
  /** The commit it is about (the pull request's head, or the applied commit). */
  sha?: string;
  runUrl?: string;
  version: string;
}

function title(command: string, frame: CommentFrame): string {
  return frame.label ? `cmdsync ${command}: ${frame.label}` : `cmdsync ${command}`;
}

function footer(frame: CommentFrame, what: string): string {
  const parts = [`cmdsync ${frame.version}`];
  if (frame.sha) parts.push(`${what} \`${frame.sha.slice(0, 7)}\``);
  if (frame.runUrl) parts.push(`[workflow run](${frame.runUrl})`);
  return `\n---\n<sub>${parts.join(' · ')}</sub>\n`;
}

function frameBody(frame: CommentFrame, content: string, what: string): string {
  const body = `${frame.marker}\n${content}${footer(frame, what)}`;
  return body.length <= COMMENT_MAX_CHARS ? body : body.slice(0, COMMENT_MAX_CHARS - 20) + '\n\n_… (cut)_\n';
}

export function planCommentBody(frame: CommentFrame, plan: Plan, opts: { guildNames?: Readonly<Record<string, string>> } = {}): string {
  const markdown = formatPlanMarkdown(plan, { title: title('plan', frame), maxBytes: PLAN_MAX_BYTES, limitNote: LIMIT_NOTE, ...(opts.guildNames ? { guildNames: opts.guildNames } : {}) });
  return frameBody(frame, markdown, 'plan of');
}

export function applyCommentBody(frame: CommentFrame, plan: Plan, result: ApplyResult | undefined, hasChanges: boolean): string {
  let content: string;
  if (!hasChanges && result && !result.failed) {
    content = `## ${escapeInline(title('apply', frame))}\n\n**No changes.** The remote already matched the manifest; nothing was sent.\n\n`;
  } else {
    content = result ? formatApplyMarkdown(result, { title: title('apply', frame) }) : `## ${escapeInline(title('apply', frame))}\n\n`;
    const planMarkdown = formatPlanMarkdown(plan, { title: 'The plan that was applied', maxBytes: PLAN_MAX_BYTES - content.length, limitNote: LIMIT_NOTE });
    content += `<details><summary>The plan that was applied</summary>\n\n${planMarkdown.replace(/^## [^\n]*\n\n/, '')}\n</details>\n\n`;
  }
  return frameBody(frame, content, 'applied');
}

/** When cmdsync stopped before it had a plan: its error lines, which it has already redacted. */
export function failureCommentBody(frame: CommentFrame, command: string, errors: readonly string[]): string {
  return frameBody(frame, `## ${escapeInline(title(command, frame))}\n\n> [!CAUTION]\n> **cmdsync ${command} failed.**\n\n${errorsBlock(errors)}`, command === 'apply' ? 'at' : 'plan of');
}

function errorsBlock(errors: readonly string[]): string {
  if (errors.length === 0) return '';
  const text = errors.join('\n');
  let fence = '```';
  while (text.includes(fence)) fence += '`';
  return `${fence}text\n${text}\n${fence}\n\n`;
}
