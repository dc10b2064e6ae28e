import { commentMarker, commentUnavailable, mergedPullOfCommit, upsertComment } from '../../github/comments.js';
import type { CommentFrame } from '../../github/comment-body.js';
import type { ActionInputs } from '../../github/inputs.js';
import { writeOutputs } from '../../github/outputs.js';
import { GitHubRest } from '../../github/rest.js';
import { runUrl, type RunContext } from '../../github/run-context.js';
import { maskCommands } from '../../config/ci-mask.js';
import { redactingStream, secretsRedactor } from '../../config/redact.js';
import { secretValues } from '../../config/secrets.js';
import { writeStepSummary } from '../../github/step-summary.js';
import { annotation } from '../../report/github.js';
import { HTTPError, type Redactor } from '../../remote/index.js';
import { CmdsyncError } from '../../errors.js';
import { VERSION } from '../../version.js';
import { writeLine, type CliContext } from '../context.js';

/**
 * What the action's step writes to: the log, the step summary, the outputs
 * and the pull request comment. Every one of them goes through the same
 * redactor, so a secret masked in one is masked in all.
 */
export interface ActionIO {
  /** The step's context, with stdout and stderr redacted and a cwd of its own (a manifest found in a parent moves it). */
  ctx: CliContext;
  inputs: ActionInputs;
  run: RunContext;
  redactor: Redactor;
}

export type ActionOutputs = {
  'exit-code': string;
  'has-changes': string;
  'plan-file': string;
  summary: string;
} & Record<string, string>;

/** Masks the job's secrets for the runner (`::add-mask::`, before anything else is written) and wraps the streams. */
export function openActionIO(ctx: CliContext, inputs: ActionInputs, run: RunContext): ActionIO {
  const redactor = secretsRedactor(ctx.env);
  if (ctx.env.GITHUB_ACTIONS === 'true') ctx.stdout.write(maskCommands(secretValues(ctx.env)));
  const stdout = redactingStream(ctx.stdout, redactor);
  const stderr = redactingStream(ctx.stderr, redactor);
  return {
    ctx: {
      ...ctx,
      stdout,
      stderr,
      terminal: { ...ctx.terminal, stdoutIsTTY: false, stderrIsTTY: false, color: false, interactive: false },
    },
    inputs,
    run,
    redactor,
  };
}

export function setOutputs(io: ActionIO, values: ActionOutputs): void {
  writeOutputs(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, io.redactor.redact(v)])), io.ctx.env);
}

export function appendSummary(io: ActionIO, markdown: string): void {
  writeStepSummary(io.redactor.redact(markdown), io.ctx.env);
}

export function warn(io: ActionIO, message: string): void {
  writeLine(io.ctx.stdout, annotation({ level: 'warning', title: 'cmdsync', message }));
}

export function errorAnnotation(io: ActionIO, title: string, message: string): void {
  writeLine(io.ctx.stdout, annotation({ level: 'error', title, message }));
}

/** Which manifest this is, when the inputs name one: `bots/a`, `bots/a:cmdsync.yml`; empty for the default. */
function manifestLabel(inputs: ActionInputs): string {
  return [inputs.workingDirectory.replace(/^\.\/?$/, ''), inputs.manifest ?? ''].filter(Boolean).join(':');
}

/** A manifest's own comment: the label tells apart several manifests of one repository. */
export function commentFrame(io: ActionIO, sha: string): CommentFrame {
  const label = manifestLabel(io.inputs);
  const url = runUrl(io.run);
  return {
    marker: commentMarker(label || 'default'),
    ...(label ? { label } : {}),
    ...(sha ? { sha } : {}),
    ...(url ? { runUrl: url } : {}),
    version: VERSION,
  };
}

export function title(command: string, inputs: ActionInputs): string {
  const label = manifestLabel(inputs);
  return label ? `cmdsync ${command}: ${label}` : `cmdsync ${command}`;
}

export async function withGitHub<T>(
  io: ActionIO,
  what: string,
  use: (api: GitHubRest) => Promise<T>,
  permission = 'pull-requests: write',
): Promise<T | undefined> {
  if (!io.inputs.githubToken) {
    warn(io, `${what}: no github-token was given.`);
    return undefined;
  }
  if (!io.run.repository) {
    warn(io, `${what}: GITHUB_REPOSITORY is not set.`);
    return undefined;
  }
  let api: GitHubRest | undefined;
  try {
    api = new GitHubRest({ apiUrl: io.run.apiUrl, token: io.inputs.githubToken });
    return await use(api);
  } catch (err) {
    warn(io, `${what}: ${describeGitHubError(err, api, permission)}`);
    return undefined;
  } finally {
    await api?.close();
  }
}

/** Creates or edits the pull request's one comment; `body` may be made from the comment as it is. */
export async function publish(
  io: ActionIO,
  pr: number,
  marker: string,
  body: string | ((existing: string | undefined) => string | undefined),
): Promise<void> {
  const unavailable = commentUnavailable(io.run);
  if (unavailable) {
    writeLine(io.ctx.stderr, `Not commenting: ${unavailable}`);
    return;
  }
  const safe = (existing: string | undefined) => {
    const text = typeof body === 'string' ? body : body(existing);
    return text === undefined ? undefined : io.redactor.redact(text);
  };
  const done = await withGitHub(io, `Could not comment on pull request #${pr}`, (api) =>
    upsertComment(api, io.run.repository, pr, marker, safe),
  );
  if (done && done.action !== 'unchanged')
    writeLine(
      io.ctx.stderr,
      `${done.action === 'created' ? 'Commented on' : 'Updated the comment on'} pull request #${pr}.`,
    );
}

/** The pull request an apply reports on: the event's, else the one the commit was merged from. */
export async function applyPullRequest(io: ActionIO): Promise<number | undefined> {
  if (io.run.pullRequest) return io.run.pullRequest.number;
  const sha = io.run.sha;
  if (!sha) return undefined;
  return withGitHub(io, `Could not look up the pull request of ${sha.slice(0, 7)}`, (api) =>
    mergedPullOfCommit(api, io.run.repository, sha),
  );
}

/** A missing permission is the usual cause, and the one the user can fix: say which. */
function describeGitHubError(err: unknown, api: GitHubRest | undefined, permission: string): string {
  const message = err instanceof Error ? err.message : String(err);
  const safe = api ? api.redact(message) : message;
  if (err instanceof HTTPError && (err.status === 403 || err.status === 404)) {
    return `GitHub answered ${err.status} (${safe}). The token needs "${permission}": add it under the job's permissions (on pull requests from forks the token is read-only).`;
  }
  if (err instanceof CmdsyncError) return safe;
  return `unexpected error: ${safe}`;
}
