import { describe, expect, it } from 'vitest';
import {
  APPLY_RESULT_MARK,
  COMMENT_MAX_CHARS,
  failureCommentBody,
  noChangesApplyBody,
  planCommentBody,
} from '../../src/github/comment-body.js';
import { lastPlanOf, readPlanComment } from '../../src/github/comment-state.js';
import { commentMarker, commentUnavailable } from '../../src/github/comments.js';
import { lintCommentBody } from '../../src/github/out-of-date.js';
import type { RunContext } from '../../src/github/run-context.js';
import { fullPlan } from '../report/plan-fixtures.js';

const OLD = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const NEW = '2222222222222222222222222222222222222222';
const frame = (sha: string) => ({
  marker: commentMarker('default'),
  sha,
  runUrl: 'https://github.example/acme/bot/actions/runs/1',
  version: '0.1.0',
});
const failedLint = {
  passed: false,
  headline: '1 error, 0 warnings',
  findings: ['bot/cmdsync.yaml:5:11: error: Name "Echo" must be lowercase (naming)'],
};

describe('the plan comment read back', () => {
  it('knows the commit of its plan, and of a comment with no current plan, and the last plan kept under it', () => {
    const plan = planCommentBody(frame(OLD), fullPlan());
    expect(readPlanComment(frame(NEW).marker, plan)).toMatchObject({ kind: 'plan', sha: OLD });
    const stale = lintCommentBody(frame(NEW), plan, failedLint)!;
    const state = readPlanComment(frame(NEW).marker, stale);
    expect(state).toMatchObject({ kind: 'no-plan', sha: NEW, lastPlan: { sha: OLD } });
    // The kept plan is the plan as it was shown, without its heading: carried forward, it is the same text.
    expect(lastPlanOf(state)?.content).toBe(lastPlanOf(readPlanComment(frame(NEW).marker, plan))?.content);
    expect(lastPlanOf(state)?.content.startsWith('**Plan: 2 to add')).toBe(true);
  });

  it('finds the kept plan from the end, whatever the findings or the plan hold', () => {
    const plan = fullPlan();
    plan.scopes[0].actions[1].changes = [
      {
        path: 'description',
        before: 'a',
        after: '<!-- cmdsync:last-plan-end 3 --> <!-- cmdsync:last-plan 1234567 -->\n</details>',
      },
    ];
    const body = planCommentBody(frame(OLD), plan);
    const lint = {
      ...failedLint,
      findings: ['x.yaml:1:1: error: <!-- cmdsync:last-plan 9999999 --> <details><summary>'],
    };
    const once = lintCommentBody(frame(NEW), body, lint)!;
    const twice = lintCommentBody(frame(NEW), once, lint)!;
    expect(lastPlanOf(readPlanComment(frame(NEW).marker, twice))).toEqual(
      lastPlanOf(readPlanComment(frame(NEW).marker, body)),
    );
  });

  it('drops a kept plan it cannot read back exactly (changed since, e.g. by redaction) rather than show a broken one', () => {
    const stale = lintCommentBody(frame(NEW), planCommentBody(frame(OLD), fullPlan()), failedLint)!;
    const edited = stale.replace('Plan: 2 to add', 'Plan: [REDACTED] to add');
    expect(readPlanComment(frame(NEW).marker, edited)).toEqual({ kind: 'no-plan', sha: NEW });
  });

  it('reads the comments of earlier versions by their footer: a plan, and a failure that is none', () => {
    const marker = frame(NEW).marker;
    const footer = `\n---\n<sub>cmdsync 0.0.9 · plan of \`${OLD.slice(0, 7)}\` · [workflow run](https://x)</sub>\n`;
    expect(readPlanComment(marker, `${marker}\n## cmdsync plan\n\n**Plan: 1 to add**\n${footer}`)).toMatchObject({
      kind: 'plan',
      sha: OLD.slice(0, 7),
      plan: { content: '**Plan: 1 to add**\n' },
    });
    expect(
      readPlanComment(marker, `${marker}\n## cmdsync plan\n\n> [!CAUTION]\n> **cmdsync plan failed.**\n\n${footer}`),
    ).toEqual({ kind: 'no-plan', sha: OLD.slice(0, 7) });
  });

  it('an apply result is not a plan: lint that passes leaves it alone', () => {
    const marker = frame(NEW).marker;
    const apply = `${marker}\n${APPLY_RESULT_MARK}\n## cmdsync apply\n\n**Apply complete! 3 created**\n\n---\n<sub>cmdsync 0.1.0 · applied \`${OLD.slice(0, 7)}\`</sub>\n`;
    expect(readPlanComment(marker, noChangesApplyBody(frame(OLD), undefined))).toEqual({ kind: 'other' });
    expect(readPlanComment(frame(NEW).marker, apply)).toEqual({ kind: 'other' });
    expect(
      lintCommentBody(frame(NEW), apply, { passed: true, headline: '0 errors, 0 warnings', findings: [] }),
    ).toBeUndefined();
  });
});

describe('the lint step on the comment', () => {
  it('posts nothing when lint passes and there is no comment, or the comment holds this commit’s plan', () => {
    const passed = { passed: true, headline: '0 errors, 0 warnings', findings: [] };
    expect(lintCommentBody(frame(NEW), undefined, passed)).toBeUndefined();
    expect(lintCommentBody(frame(NEW), planCommentBody(frame(NEW), fullPlan()), passed)).toBeUndefined();
    expect(lintCommentBody(frame(NEW), planCommentBody(frame(OLD), fullPlan()), passed)).toContain('**Out of date.**');
  });

  it('lists at most 30 findings, and says how many more the step summary has', () => {
    const findings = Array.from({ length: 45 }, (_, i) => `bot/cmdsync.yaml:${i + 1}:1: error: bad (rule)`);
    const body = lintCommentBody(frame(NEW), undefined, {
      passed: false,
      headline: '45 errors, 0 warnings',
      findings,
    })!;
    expect(body).toContain('bot/cmdsync.yaml:30:1:');
    expect(body).not.toContain('bot/cmdsync.yaml:31:1:');
    expect(body).toContain('_… 15 more in the step summary._');
  });

  it("stays under GitHub's limit: a kept plan too long to fit beside the findings is named, not cut in half", () => {
    const long = {
      kind: 'plan' as const,
      sha: OLD,
      content: `**Plan: 1 to add**\n\n${'x'.repeat(COMMENT_MAX_CHARS - 2000)}`,
    };
    const findings = Array.from(
      { length: 30 },
      (_, i) => `bot/cmdsync.yaml:${i + 1}:1: error: ${'y'.repeat(200)} (rule)`,
    );
    const body = failureCommentBody(frame(NEW), 'plan', { reason: 'x', details: findings }, long);
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(body).toContain(
      `_The last plan made at \`${OLD.slice(0, 7)}\` is out of date, and too long to keep beside this._`,
    );
    expect(body).not.toContain('<details>');
  });
});

describe('where a comment cannot be made', () => {
  const run = (eventName: string, fromFork: boolean): RunContext => ({
    eventName,
    repository: 'acme/bot',
    sha: '',
    apiUrl: '',
    serverUrl: '',
    ref: '',
    pullRequest: { number: 7, fromFork },
  });

  it("a fork's pull request gets a read-only token; pull_request_target runs with the base repository's", () => {
    expect(commentUnavailable(run('pull_request', true))).toMatch(
      /^pull request #7 comes from a fork, and GitHub gives such a run a read-only token/,
    );
    expect(commentUnavailable(run('pull_request_review', true))).toBeDefined();
    expect(commentUnavailable(run('pull_request_target', true))).toBeUndefined();
    expect(commentUnavailable(run('pull_request', false))).toBeUndefined();
  });
});
