import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { CmdsyncError } from '../../errors.js';
import { hasChanges, type Plan } from '../../plan/model.js';
import { readSavedPlan } from '../saved-plan.js';
import { createApplyProgress, formatApplyResult } from '../../report/apply/progress.js';
import { formatPlanMarkdown, planJsonDocument } from '../../report/plan/index.js';
import { writeRedactedStepSummary } from '../github-redaction.js';
import type { SourceFile } from '../../manifest/source.js';
import { writeLine, type CliContext } from '../context.js';
import { locateServiceErrors } from '../service-errors.js';
import { avatarLoader } from '../avatar-loader.js';
import { fetchTimeoutMs } from '../fetch-limits.js';
import type { LockFile } from '../../manifest/lock.js';
import { applyChanges, recordUnchanged } from '../../sync/apply.js';
import { checkMassDelete, checkSavedPlan } from '../../sync/gate.js';
import { locateManifest } from '../workspace.js';
import { openSession, type Session } from '../session.js';
import { notifyDeploy } from '../notify.js';
import { makePlan, showPlan, writePlanErrors, type SyncOptions } from './plan.js';

export interface ApplyCliOptions extends SyncOptions {
  planFile?: string;
  autoApprove: boolean;
  /** Audit-log reason for webhook changes (default "cmdsync apply"). */
  reason?: string;
  /** Apply without a person's approval even when a scope loses most of its commands. */
  allowMassDelete?: boolean;
}

async function confirm(ctx: CliContext): Promise<boolean> {
  const rl = createInterface({ input: ctx.stdin, output: ctx.stderr, terminal: false });
  ctx.stderr.write("\nDo you want to perform these actions?\n  cmdsync will perform the actions described above.\n  Only 'yes' will be accepted to approve.\n\n  Enter a value: ");
  const answer = await new Promise<string>((res) => {
    rl.once('line', res);
    rl.once('close', () => res(''));
  });
  rl.close();
  return answer.trim() === 'yes';
}

/** A saved plan: applied exactly, after checking the remote has not moved since. */
async function loadSavedPlan(opts: ApplyCliOptions, ctx: CliContext): Promise<{ plan: Plan; session: Session }> {
  const plan = readSavedPlan(ctx.cwd, opts.planFile!);
  const guildIds = plan.scopes.flatMap((s) => (s.scope.kind === 'guild' ? [s.scope.guildId] : []));
  const session = await openSession({ emulator: opts.emulator, apiUrl: opts.apiUrl, debug: opts.debug, guildIds, applicationId: plan.application_id }, ctx);
  try {
    await checkSavedPlan(plan, session);
    return { plan, session };
  } catch (err) {
    await session.close();
    throw err;
  }
}

export async function runApply(opts: ApplyCliOptions, ctx: CliContext): Promise<number> {
  const human = opts.json ? ctx.stderr : ctx.stdout;
  let plan: Plan;
  let session: Session;
  let files: readonly SourceFile[] = [];
  let lock: LockFile | undefined;
  // The lock file lives beside the manifest; a saved plan names none, so it is found as any run finds it.
  let manifestPath: string;
  if (opts.planFile) {
    manifestPath = resolve(ctx.cwd, locateManifest(ctx, opts.manifest));
    ({ plan, session } = await loadSavedPlan(opts, ctx));
    // A saved plan is not shown again on the terminal (it was reviewed when made), but the run's page still says what was applied.
    if (ctx.env.GITHUB_STEP_SUMMARY) writeRedactedStepSummary(formatPlanMarkdown(plan, { title: `cmdsync apply ${opts.planFile}` }), ctx);
  } else {
    const made = await makePlan(opts, ctx);
    manifestPath = made.result.manifest.root.absPath;
    ({ session } = made);
    plan = made.result.plan;
    files = made.result.manifest.files;
    lock = made.result.lock;
    showPlan(plan, made.result, ctx, human, 'cmdsync apply');
  }
  try {
    if (writePlanErrors(plan, ctx)) return 1;
    if (!hasChanges(plan)) {
      recordUnchanged(plan, manifestPath, lock);
      await notifyDeploy(opts.notify, { plan, command: 'apply' }, ctx);
      if (opts.json) ctx.stdout.write(`${JSON.stringify({ ...planJsonDocument(plan), result: { applied: [], notApplied: [] } }, null, 2)}\n`);
      return plan.skipped?.length ? 1 : 0;
    }
    checkMassDelete(plan, { unattended: opts.autoApprove || !!opts.planFile, allowMassDelete: !!opts.allowMassDelete });
    if (!opts.planFile && !opts.autoApprove) {
      if (!ctx.terminal.interactive) {
        throw new CmdsyncError(
          'APPROVAL_REQUIRED',
          'apply needs approval: run it in a terminal to answer the prompt, pass --auto-approve, or apply a saved plan (cmdsync plan --out plan.json; cmdsync apply plan.json).',
        );
      }
      if (!(await confirm(ctx))) {
        writeLine(ctx.stderr, 'Apply cancelled.');
        await notifyDeploy(opts.notify, { plan, command: 'apply', error: 'apply cancelled' }, ctx);
        return 1;
      }
    }
    const progress = await createApplyProgress(ctx.terminal, { stream: ctx.stderr });
    const { outcome, result } = await applyChanges({
      plan,
      target: session,
      manifestPath,
      ...(lock ? { lock } : {}),
      events: progress,
      ...(opts.reason !== undefined ? { reason: opts.reason } : {}),
      loadAvatar: avatarLoader(ctx.cwd, { timeoutMs: fetchTimeoutMs(ctx.env) }),
    });
    progress.finish(result);
    human.write(formatApplyResult(result));
    if (outcome.failed) for (const line of locateServiceErrors(outcome.failed, files, ctx.cwd)) writeLine(ctx.stderr, line);
    await notifyDeploy(opts.notify, { plan, result, command: 'apply' }, ctx);
    if (opts.json) ctx.stdout.write(`${JSON.stringify({ ...planJsonDocument(plan), result }, null, 2)}\n`);
    return outcome.failed || outcome.permissionsSkipped || plan.skipped?.length ? 1 : 0;
  } finally {
    await session.close();
  }
}
