import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { checkPlanFreshness } from '../../api/plan.js';
import { applyPlan, type ApplyOutcome } from '../../apply/execute.js';
import { CmdsyncError } from '../../errors.js';
import { appliedCreates, hasChanges, massDeletions, type Plan } from '../../plan/model.js';
import { readSavedPlan } from '../saved-plan.js';
import { createApplyProgress, formatApplyResult, type ApplyResult } from '../../report/apply/progress.js';
import { formatPlanMarkdown, planJsonDocument, writeStepSummary } from '../../report/plan/index.js';
import type { SourceFile } from '../../manifest/source.js';
import { writeLine, type CliContext } from '../context.js';
import { locateServiceErrors } from '../service-errors.js';
import { avatarLoader } from '../avatar-loader.js';
import { fetchTimeoutMs } from '../fetch-limits.js';
import { lockChanged, readLock, recordCreates, writeLock, type LockFile } from '../../manifest/lock.js';
import { settleLock } from '../../apply/webhook-lock.js';
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

/** A saved plan: applied exactly, after checking the remote has not moved since (Terraform's stale-plan check). */
async function loadSavedPlan(opts: ApplyCliOptions, ctx: CliContext): Promise<{ plan: Plan; session: Session }> {
  const plan = readSavedPlan(ctx.cwd, opts.planFile!);
  const guildIds = plan.scopes.flatMap((s) => (s.scope.kind === 'guild' ? [s.scope.guildId] : []));
  const session = await openSession({ emulator: opts.emulator, apiUrl: opts.apiUrl, debug: opts.debug, guildIds, applicationId: plan.application_id }, ctx);
  try {
    if (session.applicationId !== plan.application_id) {
      throw new CmdsyncError('PLAN_APPLICATION_MISMATCH', `The plan is for application ${plan.application_id}, but the credentials are for ${session.applicationId}.`);
    }
    const stale = await checkPlanFreshness(plan, session.client);
    if (stale.length > 0) {
      throw new CmdsyncError('PLAN_STALE', `Saved plan is stale: the remote changed since it was made (${stale.join(', ')}). Run cmdsync plan again.`);
    }
    return { plan, session };
  } catch (err) {
    await session.close();
    throw err;
  }
}

function toResult(outcome: ApplyOutcome, total: number, skipped: readonly string[] | undefined): ApplyResult {
  return {
    ...(skipped?.length ? { skippedScopes: [...skipped] } : {}),
    applied: outcome.applied,
    notApplied: outcome.notApplied,
    requestsSent: outcome.requestsSent,
    requestsTotal: total,
    ...(outcome.failed ? { failed: { address: outcome.failed.address, message: outcome.failed.message } } : {}),
    ...(outcome.permissionsSkipped ? { permissionsSkipped: outcome.permissionsSkipped } : {}),
  };
}

/** Writes the lock file when the apply changed what it records: webhooks it manages, and (against the service) the creates it spent. */
function recordLock(manifestPath: string, before: LockFile | undefined, outcome: ApplyOutcome, plan: Plan): void {
  const created = plan.creates_counted_by === 'lock-file' ? appliedCreates(plan, outcome.applied) : {};
  if (!outcome.lock && Object.keys(created).length === 0) return;
  const prev = before ?? readLock(manifestPath);
  const next = recordCreates(outcome.lock ?? prev, plan.application_id, created, Date.now());
  if (lockChanged(prev, next)) writeLock(manifestPath, next);
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
    if (ctx.env.GITHUB_STEP_SUMMARY) writeStepSummary(formatPlanMarkdown(plan, { title: `cmdsync apply ${opts.planFile}` }), ctx.env);
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
      // Nothing to send, but a webhook found by name or through an intent is now recorded as ours.
      if (plan.webhooks) {
        lock ??= readLock(manifestPath);
        const settled = settleLock(lock, plan.webhooks, Date.now());
        if (lockChanged(lock, settled)) writeLock(manifestPath, settled);
      }
      await notifyDeploy(opts.notify, { plan, command: 'apply' }, ctx);
      if (opts.json) ctx.stdout.write(JSON.stringify({ ...planJsonDocument(plan), result: { applied: [], notApplied: [] } }, null, 2) + '\n');
      return plan.skipped?.length ? 1 : 0;
    }
    // Unattended (auto-approved or a saved plan), emptying a scope needs its own yes: a typo in an include can ask for it.
    const mass = massDeletions(plan.scopes);
    if (mass.length > 0 && !opts.allowMassDelete && (opts.autoApprove || opts.planFile)) {
      const what = mass.map((m) => `${m.delete} of the ${m.remote} commands of ${m.scope}`).join(', ');
      throw new CmdsyncError('MASS_DELETE_REFUSED', `Refusing to delete ${what} without approval. Check the manifest; if this is what you meant, run apply again with --allow-mass-delete.`);
    }
    if (!opts.planFile && !opts.autoApprove) {
      if (!ctx.terminal.interactive) {
        throw new CmdsyncError('APPROVAL_REQUIRED', 'apply needs approval: run it in a terminal to answer the prompt, pass --auto-approve, or apply a saved plan (cmdsync plan --out plan.json; cmdsync apply plan.json).');
      }
      if (!(await confirm(ctx))) {
        writeLine(ctx.stderr, 'Apply cancelled.');
        await notifyDeploy(opts.notify, { plan, command: 'apply', error: 'apply cancelled' }, ctx);
        return 1;
      }
    }
    const total = plan.request_count - (session.canEditPermissions ? 0 : plan.summary.permissions);
    const progress = await createApplyProgress(ctx.terminal, { stream: ctx.stderr });
    if (plan.webhooks) lock ??= readLock(manifestPath);
    const outcome = await applyPlan(plan, session.client, {
      canEditPermissions: session.canEditPermissions,
      events: progress,
      reason: opts.reason,
      ...(lock ? { lock } : {}),
      // Before each webhook create is sent and after it is answered: a killed apply must leave the intent behind.
      saveLock: (next) => writeLock(manifestPath, next),
      loadAvatar: avatarLoader(ctx.cwd, { timeoutMs: fetchTimeoutMs(ctx.env) }),
    });
    // Whatever went through is recorded, even after a failure: the next plan must know those webhooks, and today's creates.
    recordLock(manifestPath, lock, outcome, plan);
    const result = toResult(outcome, total, plan.skipped);
    progress.finish(result);
    human.write(formatApplyResult(result));
    if (outcome.failed) for (const line of locateServiceErrors(outcome.failed, files, ctx.cwd)) writeLine(ctx.stderr, line);
    await notifyDeploy(opts.notify, { plan, result, command: 'apply' }, ctx);
    if (opts.json) ctx.stdout.write(JSON.stringify({ ...planJsonDocument(plan), result }, null, 2) + '\n');
    return outcome.failed || outcome.permissionsSkipped || plan.skipped?.length ? 1 : 0;
  } finally {
    await session.close();
  }
}
