import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { commentMarker, mergedPullOfCommit, upsertComment } from '../../github/comments.js';
import { applyCommentBody, failureCommentBody, planCommentBody, type CommentFrame } from '../../github/comment-body.js';
import { readActionInputs, type ActionInputs } from '../../github/inputs.js';
import { writeOutputs } from '../../github/outputs.js';
import { GitHubRest } from '../../github/rest.js';
import { readRunContext, runUrl, type RunContext } from '../../github/run-context.js';
import type { PlanJsonDocument } from '../../report/plan/json.js';
import { NO_CHANGES, summaryLine } from '../../report/plan/describe.js';
import { writeStepSummary } from '../../report/plan/markdown.js';
import { applyHeadline, formatApplyMarkdown } from '../../report/apply/markdown.js';
import type { ApplyResult } from '../../report/apply/types.js';
import { countReport, formatLintReport, type FileReport } from '../../report/lint/index.js';
import { formatLintMarkdown, lintCounts } from '../../report/lint/markdown.js';
import { annotation } from '../../report/github.js';
import { HTTPError, Redactor } from '../../remote/index.js';
import { isSecretVariable } from '../../manifest/secret-variables.js';
import { CmdsyncError } from '../../errors.js';
import { cmdsyncVersion } from '../../remote/user-agent.js';
import { failureLine, failureLog, runCaptured } from '../captured-run.js';
import { writeLine, type CliContext } from '../context.js';

/**
 * `cmdsync ci-action` (hidden): the GitHub Action's step. It runs `lint`,
 * `plan` or `apply` in this process with the inputs action.yml passes as
 * `INPUT_*` variables, then sets the step's outputs, writes the step summary
 * and keeps one comment on the pull request up to date. A comment that
 * cannot be posted is a warning: the plan or apply is what the job is for.
 */
export async function runCiAction(ctx: CliContext): Promise<number> {
  const inputs = readActionInputs(ctx.env);
  const run = readRunContext(ctx.env);
  switch (inputs.command) {
    case 'lint':
      return actionLint(inputs, ctx);
    case 'plan':
      return actionPlan(inputs, run, ctx);
    case 'apply':
      return actionApply(inputs, run, ctx);
  }
}

const manifestArgs = (inputs: ActionInputs): string[] => (inputs.manifest ? ['-m', inputs.manifest] : []);

async function actionLint(inputs: ActionInputs, ctx: CliContext): Promise<number> {
  const result = await runCaptured(['lint', ...manifestArgs(inputs), ...inputs.args, '--format', 'json'], ctx);
  const doc = parseJson<LintJson>(result.stdout);
  if (!doc) {
    setOutputs(ctx, { 'exit-code': String(result.code), 'has-changes': 'false', 'plan-file': '', summary: failureLine(result, 'cmdsync lint failed') });
    return result.code;
  }
  // GitHub places an annotation by its path from the repository root; cmdsync names files from where it ran.
  const fromRoot = (file: string) => relative(ctx.env.GITHUB_WORKSPACE || ctx.cwd, resolve(result.cwd, file)).split(sep).join('/');
  const files: FileReport[] = doc.files.map((f) => ({
    file: fromRoot(f.file),
    diagnostics: f.diagnostics.map((d) => ({ file: fromRoot(f.file), line: d.line, col: d.column, endLine: d.end_line, endCol: d.end_column, severity: d.severity, rule: d.rule, message: d.message })),
  }));
  const report = countReport(files);
  ctx.stdout.write(formatLintReport(report, 'github'));
  appendSummary(ctx, formatLintMarkdown(report, { title: title('lint', inputs) }));
  setOutputs(ctx, { 'exit-code': String(result.code), 'has-changes': 'false', 'plan-file': '', summary: lintCounts(report) });
  return result.code;
}

async function actionPlan(inputs: ActionInputs, run: RunContext, ctx: CliContext): Promise<number> {
  const given = outArgument(inputs.args);
  const planFile = given === undefined ? join(mkdtempSync(join(scratchDir(ctx), 'cmdsync-plan-')), 'plan.json') : undefined;
  const argv = ['plan', ...manifestArgs(inputs), ...(planFile ? ['--out', planFile] : []), ...inputs.args, '--json', '--detailed-exitcode'];
  const result = await runCaptured(argv, ctx);
  const doc = parseJson<PlanJsonDocument>(result.stdout);
  const savedTo = planFile ?? (given !== undefined && doc ? resolve(result.cwd, given) : '');
  const summary = doc ? (doc.has_changes ? summaryLine(doc) : NO_CHANGES) : failureLine(result, 'cmdsync plan failed');
  setOutputs(ctx, { 'exit-code': String(result.code), 'has-changes': String(doc?.has_changes ?? false), 'plan-file': doc ? savedTo : '', summary });
  if (inputs.comment && run.pullRequest) {
    const frame = commentFrame(inputs, run, run.pullRequest.headSha ?? run.sha);
    // A plan's own errors (a daily create budget exceeded…) are in it, as cautions; without a plan, the log says why.
    const body = doc ? planCommentBody(frame, doc) : failureCommentBody(frame, 'plan', failureLog(result));
    await publish(inputs, run, ctx, run.pullRequest.number, frame.marker, body);
  }
  // Changes pending (2) is what a plan on a pull request is for, not a failure.
  return result.code === 2 ? 0 : result.code;
}

async function actionApply(inputs: ActionInputs, run: RunContext, ctx: CliContext): Promise<number> {
  const result = await runCaptured(['apply', ...manifestArgs(inputs), ...inputs.args, '--json', '--auto-approve'], ctx);
  const doc = parseJson<PlanJsonDocument & { result?: ApplyResult }>(result.stdout);
  const applied = doc?.result;
  if (applied) appendSummary(ctx, formatApplyMarkdown(applied, { title: title('apply', inputs) }));
  const summary = doc && applied ? (doc.has_changes || applied.failed ? applyHeadline(applied) : NO_CHANGES) : failureLine(result, 'cmdsync apply failed');
  setOutputs(ctx, { 'exit-code': String(result.code), 'has-changes': String(doc?.has_changes ?? false), 'plan-file': '', summary });
  if (inputs.comment) {
    const pr = run.pullRequest?.number ?? (await findMergedPull(inputs, run, ctx));
    if (pr !== undefined) {
      const frame = commentFrame(inputs, run, run.sha);
      const body = doc ? applyCommentBody(frame, doc, applied, doc.has_changes) : failureCommentBody(frame, 'apply', failureLog(result));
      await publish(inputs, run, ctx, pr, frame.marker, body);
    }
  }
  return result.code;
}

/** Which manifest this is, when the inputs name one: `bots/a`, `bots/a:cmdsync.yml`; empty for the default. */
function manifestLabel(inputs: ActionInputs): string {
  return [inputs.workingDirectory.replace(/^\.\/?$/, ''), inputs.manifest ?? ''].filter(Boolean).join(':');
}

/** A manifest's own comment: the label tells apart several manifests of one repository. */
function commentFrame(inputs: ActionInputs, run: RunContext, sha: string): CommentFrame {
  const label = manifestLabel(inputs);
  const url = runUrl(run);
  return { marker: commentMarker(label || 'default'), ...(label ? { label } : {}), ...(sha ? { sha } : {}), ...(url ? { runUrl: url } : {}), version: cmdsyncVersion() };
}

function title(command: string, inputs: ActionInputs): string {
  const label = manifestLabel(inputs);
  return label ? `cmdsync ${command}: ${label}` : `cmdsync ${command}`;
}

async function withGitHub<T>(inputs: ActionInputs, run: RunContext, ctx: CliContext, what: string, use: (api: GitHubRest) => Promise<T>): Promise<T | undefined> {
  if (!inputs.githubToken) {
    warn(ctx, `${what}: no github-token was given.`);
    return undefined;
  }
  if (!run.repository) {
    warn(ctx, `${what}: GITHUB_REPOSITORY is not set.`);
    return undefined;
  }
  let api: GitHubRest | undefined;
  try {
    api = new GitHubRest({ apiUrl: run.apiUrl, token: inputs.githubToken });
    return await use(api);
  } catch (err) {
    warn(ctx, `${what}: ${describeGitHubError(err, api)}`);
    return undefined;
  } finally {
    await api?.close();
  }
}

async function publish(inputs: ActionInputs, run: RunContext, ctx: CliContext, pr: number, marker: string, body: string): Promise<void> {
  const safe = secretsRedactor(ctx.env).redact(body);
  const done = await withGitHub(inputs, run, ctx, `Could not comment on pull request #${pr}`, (api) => upsertComment(api, run.repository, pr, marker, safe));
  if (done) writeLine(ctx.stderr, `${done.action === 'created' ? 'Commented on' : 'Updated the comment on'} pull request #${pr}.`);
}

function findMergedPull(inputs: ActionInputs, run: RunContext, ctx: CliContext): Promise<number | undefined> {
  if (!run.sha) return Promise.resolve(undefined);
  return withGitHub(inputs, run, ctx, `Could not look up the pull request of ${run.sha.slice(0, 7)}`, (api) => mergedPullOfCommit(api, run.repository, run.sha));
}

/** A missing permission is the usual cause, and the one the user can fix: say which. */
function describeGitHubError(err: unknown, api: GitHubRest | undefined): string {
  const message = err instanceof Error ? err.message : String(err);
  const safe = api ? api.redact(message) : message;
  if (err instanceof HTTPError && (err.status === 403 || err.status === 404)) {
    return `GitHub answered ${err.status} (${safe}). The token needs "pull-requests: write": add it under the job's permissions (on pull requests from forks the token is read-only).`;
  }
  if (err instanceof CmdsyncError) return safe;
  return `unexpected error: ${safe}`;
}

/**
 * The values of every variable named like a secret (the credentials, the
 * github-token input, ACTIONS_RUNTIME_TOKEN…). cmdsync keeps credentials out
 * of what it prints; this is the second line for what the action publishes,
 * should a secret have reached the text anyway (pasted into a manifest).
 */
function secretsRedactor(env: Readonly<Record<string, string | undefined>>): Redactor {
  return new Redactor(Object.entries(env).flatMap(([name, value]) => (value && isSecretVariable(name) ? [value] : [])));
}

function setOutputs(ctx: CliContext, values: Record<string, string>): void {
  const redactor = secretsRedactor(ctx.env);
  writeOutputs(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, redactor.redact(v)])), ctx.env);
}

function appendSummary(ctx: CliContext, markdown: string): void {
  writeStepSummary(secretsRedactor(ctx.env).redact(markdown), ctx.env);
}

function warn(ctx: CliContext, message: string): void {
  writeLine(ctx.stdout, annotation({ level: 'warning', title: 'cmdsync', message }));
}

/** The value of `--out` in the user's args, when they chose where the plan goes. */
function outArgument(args: readonly string[]): string | undefined {
  let out: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out') out = args[++i];
    else if (args[i].startsWith('--out=')) out = args[i].slice('--out='.length);
  }
  return out;
}

/** `RUNNER_TEMP` is emptied after each job, and upload-artifact reads from it. */
function scratchDir(ctx: CliContext): string {
  const dir = ctx.env.RUNNER_TEMP || tmpdir();
  mkdirSync(dir, { recursive: true });
  return dir;
}

interface LintJson {
  files: Array<{ file: string; diagnostics: Array<{ severity: 'error' | 'warning'; rule: string; message: string; line: number; column: number; end_line: number; end_column: number }> }>;
}

function parseJson<T>(text: string): T | undefined {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
