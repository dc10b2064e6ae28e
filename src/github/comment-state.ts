/**
 * What a pull request comment says about the plan, read back from the
 * comment itself (the only place a later step of another run can find it):
 * a hidden line after the marker names the commit whose plan the comment
 * shows as current, or the commit it has no plan for yet; the last plan
 * made, once out of date, is kept under a block that says so.
 */

/** The first seven characters, as GitHub shows a commit. */
export const shortSha = (sha: string): string => sha.slice(0, 7);

const PLAN_AT = '<!-- cmdsync:plan-at ';
const NO_PLAN_AT = '<!-- cmdsync:no-plan-at ';
const LAST_PLAN_START = '<!-- cmdsync:last-plan ';
const LAST_PLAN_END = '<!-- cmdsync:last-plan-end ';
const FOOTER = '\n---\n<sub>';
const APPLY_MARK = '<!-- cmdsync:apply-result -->';

/** The hidden line of a comment that shows the plan made at `sha`. */
export const planAtMark = (sha: string | undefined): string => `${PLAN_AT}${sha ?? ''} -->\n`;
/** The hidden line of a comment that shows no current plan for `sha` (not made yet, or failed). */
export const noPlanAtMark = (sha: string | undefined): string => `${NO_PLAN_AT}${sha ?? ''} -->\n`;

/** A plan as a comment showed it: its markdown without the heading, and the commit it was made at. */
export interface KeptPlan {
  sha?: string;
  content: string;
}

export type PlanCommentState =
  /** Shows the plan made at `sha` as current. */
  | { kind: 'plan'; sha?: string; plan: KeptPlan }
  /** Shows no current plan (lint failed, the plan failed, or it is not made yet); `lastPlan` is the last one made, out of date. */
  | { kind: 'no-plan'; sha?: string; lastPlan?: KeptPlan }
  /** An apply's result, or a body this version does not know. */
  | { kind: 'other' };

/** Whether two commits, either of them perhaps shortened, are the same. */
export function sameCommit(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b || Math.min(a.length, b.length) < 7) return false;
  return a.startsWith(b) || b.startsWith(a);
}

const markedSha = (line: string, mark: string): string | undefined =>
  line.slice(mark.length, -' -->'.length).trim() || undefined;

/** The body between its first line(s) and the footer: the footer is the last thing a body holds, so the last one is ours. */
function contentOf(rest: string): string {
  const foot = rest.lastIndexOf(FOOTER);
  return foot >= 0 ? rest.slice(0, foot) : rest;
}

const withoutHeading = (markdown: string): string => markdown.replace(/^## [^\n]*\n\n/, '');

export function readPlanComment(marker: string, body: string): PlanCommentState {
  if (!body.startsWith(`${marker}\n`)) return { kind: 'other' };
  const rest = body.slice(marker.length + 1);
  const newline = rest.indexOf('\n');
  const first = newline >= 0 ? rest.slice(0, newline) : rest;
  if (first.startsWith(PLAN_AT)) {
    const sha = markedSha(first, PLAN_AT);
    return {
      kind: 'plan',
      ...(sha ? { sha } : {}),
      plan: { ...(sha ? { sha } : {}), content: withoutHeading(contentOf(rest.slice(newline + 1))) },
    };
  }
  if (first.startsWith(NO_PLAN_AT)) {
    const sha = markedSha(first, NO_PLAN_AT);
    const lastPlan = keptPlanOf(rest);
    return { kind: 'no-plan', ...(sha ? { sha } : {}), lastPlan };
  }
  return first === APPLY_MARK ? { kind: 'other' } : legacyState(rest);
}

/**
 * A comment an earlier version wrote, with no state line: its footer says
 * `plan of `abc1234``, and a failure says so in its caution.
 */
function legacyState(rest: string): PlanCommentState {
  const content = contentOf(rest);
  const sha = /^<sub>.*?plan of `([0-9a-f]{7,40})`/m.exec(
    rest.slice(content.length + FOOTER.length - '<sub>'.length),
  )?.[1];
  if (sha === undefined) return { kind: 'other' };
  if (/^> \*\*cmdsync plan failed\.\*\*$/m.test(content)) return { kind: 'no-plan', sha };
  return { kind: 'plan', sha, plan: { sha, content: withoutHeading(content) } };
}

/** The last plan a comment keeps, or none for a comment that is not about a plan. */
export function lastPlanOf(state: PlanCommentState | undefined): KeptPlan | undefined {
  if (state?.kind === 'plan') return state.plan;
  if (state?.kind === 'no-plan') return state.lastPlan;
  return undefined;
}

const summaryOf = (plan: KeptPlan, current: string | undefined): string =>
  sameCommit(plan.sha, current)
    ? 'The last plan, made at this commit'
    : `The last plan, made at ${plan.sha ? `<code>${shortSha(plan.sha)}</code>` : 'an earlier commit'}: out of date`;

/**
 * The kept plan, collapsed under a summary that says it is out of date. The
 * end line carries the content's length, so it is read back from the end of
 * the body whatever the content (or the findings above it) holds.
 */
export function keptPlanBlock(plan: KeptPlan, current: string | undefined): string {
  return `${LAST_PLAN_START}${plan.sha ?? ''} -->\n<details><summary>${summaryOf(plan, current)}</summary>\n\n${plan.content}\n</details>\n${LAST_PLAN_END}${plan.content.length} -->\n`;
}

function keptPlanOf(rest: string): KeptPlan | undefined {
  const content = contentOf(rest);
  const end = content.lastIndexOf(LAST_PLAN_END);
  if (end < 0) return undefined;
  const length = Number(/^(\d+) -->/.exec(content.slice(end + LAST_PLAN_END.length))?.[1]);
  const close = '\n</details>\n';
  const stop = end - close.length;
  const start = stop - length;
  if (
    !Number.isInteger(length) ||
    start < 0 ||
    content.slice(stop, end) !== close ||
    !content.slice(0, start).endsWith('</summary>\n\n')
  )
    return undefined;
  const open = content.lastIndexOf(LAST_PLAN_START, content.lastIndexOf('<details><summary>', start));
  const sha = open >= 0 ? /^([0-9a-f]*) -->/.exec(content.slice(open + LAST_PLAN_START.length))?.[1] : undefined;
  return { ...(sha ? { sha } : {}), content: content.slice(start, stop) };
}
