import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { applyCommentBody, applyMarkdown, noChangesApplyBody, planCommentBody } from '../../github/comment-body.js';
import { describeFailure } from '../../github/failure.js';
import { commitLockFile, lockBranch } from '../../github/lock-commit.js';
import { lockPath } from '../../manifest/lock.js';
import { hasChanges, type Plan } from '../../plan/model.js';
import { applyHeadline } from '../../report/apply/markdown.js';
import { createApplyProgress, formatApplyResult } from '../../report/apply/progress.js';
import { NO_CHANGES, summaryLine } from '../../report/plan/describe.js';
import { formatPlanMarkdown, formatPlanText } from '../../report/plan/index.js';
import { escapeInline } from '../../report/markdown.js';
import { countReport, formatLintReport, reportsByFile } from '../../report/lint/index.js';
import { applyChanges, recordUnchanged } from '../../sync/apply.js';
import { checkMassDelete } from '../../sync/gate.js';
import { loadValidManifest } from '../../sync/load.js';
import { savePlanFile } from '../../sync/plan-file.js';
import { planSync, type PlanResult } from '../../sync/plan.js';
import { scopeSelection } from '../../sync/scopes.js';
import { declaredGuildIds } from '../names.js';
import { applyComplete, planBlockers, planStatus } from '../../sync/status.js';
import { writeLine, type CliContext } from '../context.js';
import { notifyDeploy } from '../notify.js';
import { locateServiceErrors } from '../service-errors.js';
import { openSession, type Session } from '../session.js';
import { avatarLoader } from '../avatar-loader.js';
import { fetchTimeoutMs } from '../fetch-limits.js';
import { interpolationEnv, locateManifest } from '../workspace.js';
import { parseApplyArgs, parsePlanArgs } from './ci-action-args.js';
import {
  appendSummary,
  applyPullRequest,
  commentFrame,
  errorAnnotation,
  publish,
  setOutputs,
  title,
  warn,
  withGitHub,
  type ActionIO,
} from './ci-action-io.js';
import { openSavedPlan } from './apply.js';
import { failed } from './ci-action-failed.js';
import { guildNames, writePlanAnnotations, type SyncOptions } from './plan.js';

/** Load → open the session → plan, as `cmdsync plan` does, with failures left typed for the caller. */
async function planInSession(opts: SyncOptions, ctx: CliContext): Promise<{ result: PlanResult; session: Session }> {
  const manifestPath = locateManifest(ctx, opts.manifest);
  const loaded = loadValidManifest(manifestPath, ctx.cwd, interpolationEnv(ctx));
  const warnings = loaded.diagnostics.filter((d) => d.severity === 'warning');
  if (warnings.length > 0)
    ctx.stdout.write(
      formatLintReport(countReport(reportsByFile(loaded.manifest.root.display, warnings)), 'github', {
        cwd: ctx.cwd,
        ...(ctx.env.GITHUB_WORKSPACE ? { workspace: ctx.env.GITHUB_WORKSPACE } : {}),
      }),
    );
  const session = await openSession(
    { emulator: opts.emulator, apiUrl: opts.apiUrl, debug: opts.debug, manifest: loaded.manifest },
    ctx,
  );
  try {
    const result = await planSync({
      manifestPath,
      cwd: ctx.cwd,
      env: ctx.env,
      target: session,
      strategy: opts.strategy,
      force: opts.force,
      only: scopeSelection(await declaredGuildIds(opts.guild, loaded.manifest.guilds), opts.global),
      loaded,
    });
    return { result, session };
  } catch (err) {
    await session.close();
    throw err;
  }
}

function logPlan(io: ActionIO, plan: Plan, names: Record<string, string>): void {
  io.ctx.stderr.write(formatPlanText(plan, { guildNames: names }));
  writePlanAnnotations(plan, io.ctx, io.ctx.stdout);
}

/** `RUNNER_TEMP` is emptied after each job, and upload-artifact reads from it. */
function scratchDir(ctx: CliContext): string {
  const dir = ctx.env.RUNNER_TEMP || tmpdir();
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function actionPlan(io: ActionIO): Promise<number> {
  const { ctx, inputs, run } = io;
  let made: { result: PlanResult; session: Session };
  let opts: Awaited<ReturnType<typeof parsePlanArgs>>;
  try {
    opts = await parsePlanArgs(inputs.args);
    made = await planInSession({ ...opts, manifest: inputs.manifest ?? opts.manifest }, ctx);
  } catch (err) {
    return failed(io, 'plan', describeFailure(err, run));
  }
  const { result, session } = made;
  try {
    const { plan } = result;
    const names = guildNames(result);
    logPlan(io, plan, names);
    appendSummary(io, formatPlanMarkdown(plan, { title: title('plan', inputs), guildNames: names }));
    const errors = planBlockers(plan);
    for (const e of errors) errorAnnotation(io, 'cmdsync plan', e);
    const status = planStatus(plan);
    const changes = hasChanges(plan);
    let planFile = '';
    if (status !== 'blocked') {
      // A plan with errors is not saved: it is not one to apply.
      planFile =
        opts.out !== undefined
          ? resolve(ctx.cwd, opts.out)
          : join(mkdtempSync(join(scratchDir(ctx), 'cmdsync-plan-')), 'plan.json');
      savePlanFile(planFile, plan);
    }
    const code = status === 'blocked' ? 1 : status === 'changes' ? 2 : 0;
    const summary =
      status === 'blocked'
        ? `cmdsync plan failed: ${errors[0]}`
        : status === 'changes'
          ? summaryLine(plan)
          : NO_CHANGES;
    setOutputs(io, { 'exit-code': String(code), 'has-changes': String(changes), 'plan-file': planFile, summary });
    if (inputs.comment && run.pullRequest) {
      const frame = commentFrame(io, run.pullRequest.headSha ?? run.sha);
      // A plan's own errors (a daily create budget exceeded…) are in it, as cautions.
      await publish(io, run.pullRequest.number, frame.marker, planCommentBody(frame, plan, { guildNames: names }));
    }
    await notifyDeploy(opts.notify, { plan, command: 'plan' }, ctx);
    // Changes pending (2) is what a plan on a pull request is for, not a failure.
    return code === 2 ? 0 : code;
  } finally {
    await session.close();
  }
}

interface ApplySetup {
  plan: Plan;
  session: Session;
  manifestPath: string;
  made?: PlanResult;
}

/** A saved plan (checked against the remote first) or a fresh one from the manifest. */
async function prepareApply(io: ActionIO, opts: Awaited<ReturnType<typeof parseApplyArgs>>): Promise<ApplySetup> {
  const { ctx } = io;
  if (opts.planFile) {
    const manifestPath = resolve(ctx.cwd, locateManifest(ctx, opts.manifest));
    const { plan, session } = await openSavedPlan(opts, ctx);
    return { plan, session, manifestPath };
  }
  const { result, session } = await planInSession(opts, ctx);
  return { plan: result.plan, session, manifestPath: result.manifest.root.absPath, made: result };
}

const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

export async function actionApply(io: ActionIO): Promise<number> {
  const { ctx, inputs, run } = io;
  let opts: Awaited<ReturnType<typeof parseApplyArgs>>;
  let setup: ApplySetup;
  try {
    opts = await parseApplyArgs(inputs.args);
    setup = await prepareApply(io, { ...opts, manifest: inputs.manifest ?? opts.manifest });
  } catch (err) {
    return failed(io, 'apply', describeFailure(err, run));
  }
  const { plan, session, manifestPath, made } = setup;
  const lockBefore = readText(lockPath(manifestPath));
  try {
    logPlan(io, plan, made ? guildNames(made) : {});
    const errors = planBlockers(plan);
    if (errors.length > 0)
      return await failed(io, 'apply', { code: 'PLAN_ERRORS', reason: errors[0]!, details: errors, findings: [] });
    if (!hasChanges(plan)) {
      recordUnchanged(plan, manifestPath, made?.lock);
      appendSummary(
        io,
        `## ${escapeInline(title('apply', inputs))}\n\n**No changes.** The remote already matched the manifest; nothing was sent.\n\n`,
      );
      setOutputs(io, { 'exit-code': '0', 'has-changes': 'false', 'plan-file': '', summary: NO_CHANGES });
      await report(io, (frame) => (existing) => noChangesApplyBody(frame, existing));
    } else {
      // The merge or the release is the approval; a mass deletion still needs its own (--allow-mass-delete).
      checkMassDelete(plan, { unattended: true, allowMassDelete: !!opts.allowMassDelete });
      const progress = await createApplyProgress(ctx.terminal, { stream: ctx.stderr });
      const { outcome, result } = await applyChanges({
        plan,
        target: session,
        manifestPath,
        lock: made?.lock,
        events: progress,
        reason: opts.reason,
        loadAvatar: avatarLoader(ctx.cwd, { timeoutMs: fetchTimeoutMs(ctx.env) }),
      });
      progress.finish(result);
      ctx.stderr.write(formatApplyResult(result));
      if (outcome.failed) {
        for (const line of locateServiceErrors(outcome.failed, made?.manifest.files ?? [], ctx.cwd))
          writeLine(ctx.stderr, line);
        errorAnnotation(io, 'cmdsync apply failed', applyHeadline(result));
      }
      appendSummary(io, applyMarkdown(title('apply', inputs), plan, result));
      const code = applyComplete(plan, outcome) ? 0 : 1;
      setOutputs(io, {
        'exit-code': String(code),
        'has-changes': 'true',
        'plan-file': '',
        summary: applyHeadline(result),
      });
      await report(io, (frame) => applyCommentBody(frame, plan, result));
      await notifyDeploy(opts.notify, { plan, result, command: 'apply' }, ctx);
      return code;
    }
    await notifyDeploy(opts.notify, { plan, command: 'apply' }, ctx);
    return 0;
  } catch (err) {
    return failed(io, 'apply', describeFailure(err, run));
  } finally {
    await keepLockFile(io, manifestPath, lockBefore);
    await session.close();
  }
}

async function report(
  io: ActionIO,
  body: (frame: ReturnType<typeof commentFrame>) => string | ((existing: string | undefined) => string),
): Promise<void> {
  if (!io.inputs.comment) return;
  const pr = await applyPullRequest(io);
  if (pr === undefined) return;
  const frame = commentFrame(io, io.run.sha);
  await publish(io, pr, frame.marker, body(frame));
}

/**
 * The lock file the apply wrote is committed back to the branch, or it is
 * lost with the runner. Where it cannot be (no `contents: write`, a
 * protected branch, `commit-lock-file: false`), the step summary holds it
 * and a warning says to commit it.
 */
async function keepLockFile(io: ActionIO, manifestPath: string, before: string | undefined): Promise<void> {
  const path = lockPath(manifestPath);
  const after = readText(path);
  if (after === undefined || after === before) return;
  const fromRoot = relative(io.ctx.env.GITHUB_WORKSPACE || io.ctx.cwd, path)
    .split(sep)
    .join('/');
  const branch = lockBranch(io.run);
  let committed: 'committed' | 'unchanged' | undefined;
  if (!io.inputs.commitLockFile) {
    writeLine(io.ctx.stderr, `${fromRoot} changed; commit-lock-file is false, so keeping it is up to the workflow.`);
  } else if (io.run.pullRequest || branch === undefined || fromRoot.startsWith('..')) {
    warn(
      io,
      `${fromRoot} changed but this run has no branch to commit it to; commit it (it is in the step summary) or the next plan will match webhooks by name.`,
    );
  } else {
    committed = await withGitHub(
      io,
      `Could not commit ${fromRoot} to ${branch}`,
      (api) => commitLockFile(api, io.run.repository, { path: fromRoot, branch, before, after }),
      'contents: write',
    );
    if (committed === 'committed') writeLine(io.ctx.stderr, `Committed ${fromRoot} to ${branch}.`);
  }
  if (committed === undefined) {
    appendSummary(
      io,
      `<details><summary>${escapeInline(fromRoot)} (not committed: commit it, or the next plan matches webhooks by name)</summary>\n\n\`\`\`json\n${after}\`\`\`\n</details>\n\n`,
    );
  }
}
