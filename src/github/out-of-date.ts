import { escapeInline } from '../report/markdown.js';
import { fitted, title, type CommentFrame } from './comment-body.js';
import { lastPlanOf, noPlanAtMark, readPlanComment, sameCommit, shortSha, type KeptPlan } from './comment-state.js';

/**
 * The comment as the lint step leaves it. Lint runs first on each push, so
 * it is the step that knows the comment's plan was made at another commit:
 * it says so before any later step can fail, and a lint failure says why
 * the plan for this commit will not come. The plan step, when it runs,
 * replaces it all with the current plan.
 */

/** What the lint step found. */
export interface LintOutcome {
  passed: boolean;
  /** `1 error, 0 warnings`, or why lint could not run. */
  headline: string;
  /** `file:line:col: error: message (rule)`, one a finding. */
  findings: readonly string[];
}

/** Findings listed in the comment; the step summary lists them all. */
const MAX_FINDINGS = 30;
const MAX_FINDINGS_CHARS = 8_000;

/**
 * The comment's new body, or undefined to leave it as it is: a passing lint
 * with no comment yet (nothing to say, and no request spent saying it), or
 * one whose plan is already of this commit (the job run again), or one
 * that holds an apply's result.
 */
export function lintCommentBody(
  frame: CommentFrame,
  existing: string | undefined,
  lint: LintOutcome,
): string | undefined {
  const state = existing === undefined ? undefined : readPlanComment(frame.marker, existing);
  if (
    lint.passed &&
    (state === undefined || state.kind === 'other' || (state.kind === 'plan' && sameCommit(state.sha, frame.sha)))
  )
    return undefined;
  const lastPlan = lastPlanOf(state);
  const headline = lint.passed ? pendingNote(frame, lastPlan) : failedNote(frame, lint, lastPlan);
  return fitted(
    frame,
    `${noPlanAtMark(frame.sha)}## ${escapeInline(title('plan', frame))}\n\n${headline}`,
    lastPlan,
    'lint of',
  );
}

const at = (sha: string | undefined): string => (sha ? `\`${shortSha(sha)}\`` : 'this commit');
const runLink = (frame: CommentFrame): string => (frame.runUrl ? `[workflow run](${frame.runUrl})` : 'workflow run');

/** What the folded plan below is, as a clause: `the plan below was made at `abc1234` and is out of date`. */
function below(frame: CommentFrame, lastPlan: KeptPlan | undefined): string {
  if (lastPlan === undefined) return '';
  if (sameCommit(lastPlan.sha, frame.sha)) return '; the last plan, made at this commit, is below';
  return `; the plan below was made at ${at(lastPlan.sha)} and is **out of date**`;
}

function pendingNote(frame: CommentFrame, lastPlan: KeptPlan | undefined): string {
  const stale = lastPlan !== undefined && !sameCommit(lastPlan.sha, frame.sha);
  const lead = stale
    ? `**Out of date.** The plan below was made at ${at(lastPlan.sha)}; the plan for ${at(frame.sha)} has not been made yet.`
    : `**No plan yet.** The plan for ${at(frame.sha)} has not been made yet${below(frame, lastPlan)}.`;
  return `> [!WARNING]\n> ${lead}\n> If the ${runLink(frame)} has ended, the plan step did not run: a step before it failed, or it was skipped.\n\n`;
}

function failedNote(frame: CommentFrame, lint: LintOutcome, lastPlan: KeptPlan | undefined): string {
  const note = `> [!CAUTION]\n> **cmdsync lint failed at ${at(frame.sha)}**: ${escapeInline(lint.headline).replace(/\.$/, '')}. The plan for ${at(frame.sha)} has not been made${below(frame, lastPlan)}.\n\n`;
  return `${note}${findingsBlock(lint.findings)}`;
}

function findingsBlock(findings: readonly string[]): string {
  if (findings.length === 0) return '';
  const shown: string[] = [];
  let chars = 0;
  for (const f of findings) {
    if (shown.length > 0 && (shown.length >= MAX_FINDINGS || chars + f.length > MAX_FINDINGS_CHARS)) break;
    shown.push(f.length > MAX_FINDINGS_CHARS ? `${f.slice(0, MAX_FINDINGS_CHARS)}…` : f);
    chars += f.length + 1;
  }
  const text = shown.join('\n');
  let fence = '```';
  while (text.includes(fence)) fence += '`';
  const more =
    findings.length > shown.length ? `_… ${findings.length - shown.length} more in the step summary._\n\n` : '';
  return `${fence}text\n${text}\n${fence}\n\n${more}`;
}
