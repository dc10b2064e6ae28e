import { failureCommentBody, failureMarkdown } from '../../github/comment-body.js';
import { lastPlanOf, readPlanComment } from '../../github/comment-state.js';
import type { ActionFailure } from '../../github/failure.js';
import { lintCommentBody, type LintOutcome } from '../../github/out-of-date.js';
import type { ActionCommand } from '../../github/inputs.js';
import { countReport, formatLintReport, reportsByFile } from '../../report/lint/index.js';
import { writeLine } from '../context.js';
import {
  appendSummary,
  applyPullRequest,
  commentFrame,
  errorAnnotation,
  publish,
  setOutputs,
  title,
  type ActionIO,
} from './ci-action-io.js';

/**
 * A lint, plan or apply that stopped before it had a result: the reason in
 * one `::error` line, the findings on the diff, the step summary, the
 * outputs, and the pull request's comment; exit 1.
 */
export async function failed(io: ActionIO, command: ActionCommand, failure: ActionFailure): Promise<number> {
  const { ctx, inputs, run } = io;
  if (failure.findings.length > 0) {
    const reports = failure.findings.flatMap((d) => reportsByFile(d.file, [d]));
    ctx.stdout.write(
      formatLintReport(countReport(reports), 'github', {
        cwd: ctx.cwd,
        ...(ctx.env.GITHUB_WORKSPACE ? { workspace: ctx.env.GITHUB_WORKSPACE } : {}),
      }),
    );
  }
  errorAnnotation(io, `cmdsync ${command} failed`, failure.reason);
  for (const line of failure.details) writeLine(ctx.stderr, line);
  if (failure.hint) writeLine(ctx.stderr, failure.hint);
  appendSummary(io, failureMarkdown(title(command, inputs), command, failure));
  setOutputs(io, {
    'exit-code': '1',
    'has-changes': 'false',
    'plan-file': '',
    summary: `cmdsync ${command} failed: ${failure.reason}`,
  });
  if (!inputs.comment) return 1;
  if (command === 'lint') {
    await commentLint(io, { passed: false, headline: failure.reason, findings: failure.details });
  } else if (command === 'plan' && run.pullRequest) {
    const frame = commentFrame(io, run.pullRequest.headSha ?? run.sha);
    // The last plan stays below the failure, marked out of date.
    const body = (existing: string | undefined) =>
      failureCommentBody(
        frame,
        command,
        failure,
        existing === undefined ? undefined : lastPlanOf(readPlanComment(frame.marker, existing)),
      );
    await publish(io, run.pullRequest.number, frame.marker, body);
  } else if (command === 'apply') {
    const pr = await applyPullRequest(io);
    if (pr !== undefined) {
      const frame = commentFrame(io, run.sha);
      await publish(io, pr, frame.marker, failureCommentBody(frame, command, failure));
    }
  }
  return 1;
}

/**
 * The lint step's part in the pull request's comment: a comment showing
 * the plan of another commit is marked out of date, and a failure says why
 * no plan for this commit will come (see github/out-of-date.ts).
 */
export async function commentLint(io: ActionIO, outcome: LintOutcome): Promise<void> {
  const pr = io.run.pullRequest;
  if (!io.inputs.comment || pr === undefined) return;
  const frame = commentFrame(io, pr.headSha ?? io.run.sha);
  await publish(io, pr.number, frame.marker, (existing) => lintCommentBody(frame, existing, outcome));
}
