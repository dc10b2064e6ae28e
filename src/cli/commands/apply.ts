import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { hasChanges, type Plan } from '../../plan/model.js';
import { readSavedPlan } from '../../sync/plan-file.js';
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
import { approvalOf, checkMassDelete, checkSavedPlan } from '../../sync/gate.js';
import { plannedGuilds } from '../../sync/scopes.js';
import { applyComplete } from '../../sync/status.js';
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
  ctx.stderr.write(
    "\nDo you want to perform these actions?\n  cmdsync will perform the actions described above.\n  Only 'yes' will be accepted to approve.\n\n  Enter a value: ",
  );
  const answer = await new Promise<string>((res) => {
    rl.once('line', res);
    rl.once('close', () => res(''));
  });
  rl.close();
  return answer.trim() === 'yes';
}

/** A saved plan and a session for it, once the remote is checked not to have moved since (the CLI's apply and the Action's). */
export async function openSavedPlan(
  opts: Pick<ApplyCliOptions, 'planFile' | 'emulator' | 'apiUrl' | 'debug'>,
  ctx: CliContext,
): Promise<{ plan: Plan; session: Session }> {
  const plan = readSavedPlan(ctx.cwd, opts.planFile!);
  const session = await openSession(
    {
      emulator: opts.emulator,
      apiUrl: opts.apiUrl,
      debug: opts.debug,
      guildIds: plannedGuilds(plan),
      applicationId: plan.application_id,
    },
    ctx,
  );
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
    ({ plan, session } = await openSavedPlan(opts, ctx));
    // A saved plan is not shown again on the terminal (it was reviewed when made), but the run's page still says what was applied.
    if (ctx.env.GITHUB_STEP_SUMMARY)
      writeRedactedStepSummary(formatPlanMarkdown(plan, { title: `cmdsync apply ${opts.planFile}` }), ctx);
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
      if (opts.json)
        ctx.stdout.write(
          `${JSON.stringify({ ...planJsonDocument(plan), result: { applied: [], notApplied: [] } }, null, 2)}\n`,
        );
      return applyComplete(plan) ? 0 : 1;
    }
    const approval = approvalOf({
      savedPlan: !!opts.planFile,
      autoApprove: opts.autoApprove,
      canAsk: ctx.terminal.interactive,
    });
    checkMassDelete(plan, { unattended: approval === 'given', allowMassDelete: !!opts.allowMassDelete });
    if (approval === 'ask' && !(await confirm(ctx))) {
      writeLine(ctx.stderr, 'Apply cancelled.');
      await notifyDeploy(opts.notify, { plan, command: 'apply', error: 'apply cancelled' }, ctx);
      return 1;
    }
    const progress = await createApplyProgress(ctx.terminal, { stream: ctx.stderr });
    const { outcome, result } = await applyChanges({
      plan,
      target: session,
      manifestPath,
      lock,
      events: progress,
      reason: opts.reason,
      loadAvatar: avatarLoader(ctx.cwd, { timeoutMs: fetchTimeoutMs(ctx.env) }),
    });
    progress.finish(result);
    human.write(formatApplyResult(result));
    if (outcome.failed)
      for (const line of locateServiceErrors(outcome.failed, files, ctx.cwd)) writeLine(ctx.stderr, line);
    await notifyDeploy(opts.notify, { plan, result, command: 'apply' }, ctx);
    if (opts.json) ctx.stdout.write(`${JSON.stringify({ ...planJsonDocument(plan), result }, null, 2)}\n`);
    return applyComplete(plan, outcome) ? 0 : 1;
  } finally {
    await session.close();
  }
}
