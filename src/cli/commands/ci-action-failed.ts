import { failureCommentBody, failureMarkdown } from '../../github/comment-body.js';
import type { ActionFailure } from '../../github/failure.js';
import type { ActionCommand } from '../../github/inputs.js';
import { countReport, formatLintReport, reportsByFile } from '../../report/lint/index.js';
import { writeLine } from '../context.js';
import { appendSummary, applyPullRequest, commentFrame, errorAnnotation, publish, setOutputs, title, type ActionIO } from './ci-action-io.js';

/**
 * A plan or apply (or lint) that stopped before it had a result: the reason
 * in one `::error` line, the findings on the diff, the step summary, the
 * outputs, and the pull request's comment; exit 1.
 */
export async function failed(io: ActionIO, command: ActionCommand, failure: ActionFailure): Promise<number> {
  const { ctx, inputs, run } = io;
  if (failure.findings.length > 0) {
    const reports = failure.findings.flatMap((d) => reportsByFile(d.file, [d]));
    ctx.stdout.write(formatLintReport(countReport(reports), 'github', { cwd: ctx.cwd, ...(ctx.env.GITHUB_WORKSPACE ? { workspace: ctx.env.GITHUB_WORKSPACE } : {}) }));
  }
  errorAnnotation(io, `cmdsync ${command} failed`, failure.reason);
  for (const line of failure.details) writeLine(ctx.stderr, line);
  if (failure.hint) writeLine(ctx.stderr, failure.hint);
  appendSummary(io, failureMarkdown(title(command, inputs), command, failure));
  setOutputs(io, { 'exit-code': '1', 'has-changes': 'false', 'plan-file': '', summary: `cmdsync ${command} failed: ${failure.reason}` });
  if ((command === 'plan' || command === 'apply') && inputs.comment) {
    const pr = command === 'plan' ? run.pullRequest?.number : await applyPullRequest(io);
    if (pr !== undefined) {
      const frame = commentFrame(io, command === 'plan' ? (run.pullRequest?.headSha ?? run.sha) : run.sha);
      await publish(io, pr, frame.marker, failureCommentBody(frame, command, failure));
    }
  }
  return 1;
}
