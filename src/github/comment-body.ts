import type { Plan } from '../plan/model.js';
import { escapeInline } from '../report/markdown.js';
import { formatPlanMarkdown } from '../report/plan/markdown.js';
import { formatApplyMarkdown } from '../report/apply/markdown.js';
import type { ApplyResult } from '../sync/apply-result.js';
import { keptPlanBlock, noPlanAtMark, planAtMark, shortSha, type KeptPlan } from './comment-state.js';

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

export function title(command: string, frame: CommentFrame): string {
  return frame.label ? `cmdsync ${command}: ${frame.label}` : `cmdsync ${command}`;
}

function footer(frame: CommentFrame, what: string): string {
  const parts = [`cmdsync ${frame.version}`];
  if (frame.sha) parts.push(`${what} \`${shortSha(frame.sha)}\``);
  if (frame.runUrl) parts.push(`[workflow run](${frame.runUrl})`);
  return `\n---\n<sub>${parts.join(' · ')}</sub>\n`;
}

export function frameBody(frame: CommentFrame, content: string, what: string): string {
  const body = `${frame.marker}\n${content}${footer(frame, what)}`;
  return body.length <= COMMENT_MAX_CHARS ? body : `${body.slice(0, COMMENT_MAX_CHARS - 20)}\n\n_… (cut)_\n`;
}

export function planCommentBody(
  frame: CommentFrame,
  plan: Plan,
  opts: { guildNames?: Readonly<Record<string, string>> } = {},
): string {
  const markdown = formatPlanMarkdown(plan, {
    title: title('plan', frame),
    maxBytes: PLAN_MAX_BYTES,
    limitNote: LIMIT_NOTE,
    guildNames: opts.guildNames,
  });
  return frameBody(frame, `${planAtMark(frame.sha)}${markdown}`, 'plan of');
}

/** Marks a comment that holds an apply which sent something, so a later apply with nothing to do keeps it. */
export const APPLY_RESULT_MARK = '<!-- cmdsync:apply-result -->';
const NO_CHANGES_SINCE_MARK = '<!-- cmdsync:no-changes-since -->';

/**
 * One apply section (the step summary's and the comment's): the outcome,
 * then the plan that was applied, folded.
 */
export function applyMarkdown(title: string, plan: Plan, result: ApplyResult, maxBytes = PLAN_MAX_BYTES): string {
  const content = formatApplyMarkdown(result, { title });
  const planMarkdown = formatPlanMarkdown(plan, {
    title: 'The plan that was applied',
    maxBytes: maxBytes - content.length,
    limitNote: LIMIT_NOTE,
  });
  return `${content}<details><summary>The plan that was applied</summary>\n\n${planMarkdown.replace(/^## [^\n]*\n\n/, '')}\n</details>\n\n`;
}

export function applyCommentBody(frame: CommentFrame, plan: Plan, result: ApplyResult): string {
  return frameBody(frame, `${APPLY_RESULT_MARK}\n${applyMarkdown(title('apply', frame), plan, result)}`, 'applied');
}

/**
 * An apply that found nothing to do. The comment's last real apply stays
 * (what was deployed is what a reader wants to see), under a note that
 * nothing changed since; a comment holding anything else is replaced.
 */
export function noChangesApplyBody(frame: CommentFrame, previous: string | undefined): string {
  const sha = frame.sha ? ` of \`${frame.sha.slice(0, 7)}\`` : '';
  const kept = previous?.startsWith(`${frame.marker}\n${APPLY_RESULT_MARK}`)
    ? previousContent(frame.marker, previous)
    : undefined;
  if (kept === undefined) {
    return frameBody(
      frame,
      `## ${escapeInline(title('apply', frame))}\n\n**No changes.** The remote already matched the manifest; nothing was sent.\n\n`,
      'applied',
    );
  }
  const note = `${NO_CHANGES_SINCE_MARK}\n> [!NOTE]\n> **No changes since.** The apply${sha} found the remote matching the manifest and sent nothing; below is the last apply that changed something.\n\n`;
  return frameBody(frame, `${APPLY_RESULT_MARK}\n${note}${kept}`, 'no changes since, at');
}

/** A comment's content between the marker lines and the footer, without an earlier "no changes since" note. */
function previousContent(marker: string, body: string): string {
  let content = body.slice(`${marker}\n${APPLY_RESULT_MARK}\n`.length);
  const foot = content.lastIndexOf('\n---\n<sub>');
  if (foot >= 0) content = content.slice(0, foot);
  if (content.startsWith(NO_CHANGES_SINCE_MARK)) content = content.slice(content.indexOf('\n\n') + 2);
  return content;
}

export interface FailureText {
  reason: string;
  details: readonly string[];
  hint?: string;
}

/** When cmdsync stopped before it had a result: why, what is behind it, and what to do (the step summary's section, the comment's content). */
export function failureMarkdown(heading: string, command: string, failure: FailureText): string {
  const hint = failure.hint ? `${failure.hint}\n\n` : '';
  const lines = [
    `cmdsync ${command} failed: ${failure.reason}`,
    ...failure.details.filter((d) => d !== failure.reason),
  ];
  return `## ${escapeInline(heading)}\n\n> [!CAUTION]\n> **cmdsync ${command} failed.**\n\n${hint}${errorsBlock(lines)}`;
}

/**
 * A plan or apply that failed. A plan's comment then shows no current plan:
 * the last one made (`lastPlan`) stays below, folded and marked out of date.
 */
export function failureCommentBody(
  frame: CommentFrame,
  command: string,
  failure: FailureText,
  lastPlan?: KeptPlan,
): string {
  const markdown = failureMarkdown(title(command, frame), command, failure);
  if (command !== 'plan') return frameBody(frame, markdown, 'at');
  return fitted(frame, `${noPlanAtMark(frame.sha)}${markdown}`, lastPlan, 'plan of');
}

/**
 * The body with the kept plan at its end, or, when the two together pass
 * GitHub's limit, with a line saying the last plan was left out: a cut
 * must never take the part that says it is out of date.
 */
export function fitted(frame: CommentFrame, content: string, lastPlan: KeptPlan | undefined, what: string): string {
  if (lastPlan === undefined) return frameBody(frame, content, what);
  const body = frameBody(frame, `${content}${keptPlanBlock(lastPlan, frame.sha)}`, what);
  if (body.length < COMMENT_MAX_CHARS - 20) return body;
  const at = lastPlan.sha ? ` made at \`${shortSha(lastPlan.sha)}\`` : '';
  return frameBody(frame, `${content}_The last plan${at} is out of date, and too long to keep beside this._\n\n`, what);
}

function errorsBlock(errors: readonly string[]): string {
  if (errors.length === 0) return '';
  const text = errors.join('\n');
  let fence = '```';
  while (text.includes(fence)) fence += '`';
  return `${fence}text\n${text}\n${fence}\n\n`;
}
