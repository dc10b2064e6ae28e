import { applyPlan, type ApplyEvents, type ApplyOutcome } from '../apply/execute.js';
import { settleLock } from '../apply/webhook-lock.js';
import { lockChanged, readLock, recordCreates, writeLock, type LockFile } from '../manifest/lock.js';
import { appliedCreates, type Plan } from '../plan/model.js';
import type { ApplyResult } from './apply-result.js';
import type { SyncTarget } from './target.js';

/**
 * Apply's writes and what it records: the plan's requests, then the lock
 * file beside the manifest (cmdsync.lock.json), which must hold whatever
 * went through, even after a failure, for the next plan to know it.
 */

export interface ApplyRequest {
  plan: Plan;
  target: SyncTarget;
  /** The manifest whose lock file is read and written (a saved plan names none: the caller finds it). */
  manifestPath: string;
  /** The lock file as read with the plan; read from beside the manifest when absent. */
  lock?: LockFile;
  events?: ApplyEvents;
  /** `X-Audit-Log-Reason` of webhook creates, edits and deletes. */
  reason?: string;
  loadAvatar?: (source: string) => Promise<string>;
  /**
   * Write the lock file (default true). `cmdsync test` applies to a
   * throwaway world: its webhook ids must not replace the real ones the
   * repository's lock file records.
   */
  persistLock?: boolean;
}

export interface ApplyRun {
  outcome: ApplyOutcome;
  result: ApplyResult;
}

/** The requests this apply means to send: permission sets are left out when nothing can write them. */
export function requestsToSend(plan: Plan, target: Pick<SyncTarget, 'canEditPermissions'>): number {
  return plan.request_count - (target.canEditPermissions ? 0 : plan.summary.permissions);
}

export function applyResultOf(
  outcome: ApplyOutcome,
  total: number,
  skipped: readonly string[] | undefined,
): ApplyResult {
  return {
    ...(skipped?.length ? { skippedScopes: [...skipped] } : {}),
    applied: outcome.applied,
    notApplied: outcome.notApplied,
    requestsSent: outcome.requestsSent,
    requestsTotal: total,
    ...(outcome.failed ? { failed: { address: outcome.failed.address, message: outcome.failed.message } } : {}),
    ...(outcome.permissionsSkipped ? { permissionsSkipped: outcome.permissionsSkipped } : {}),
    ...(outcome.duplicatesRemoved?.length
      ? { duplicatesRemoved: outcome.duplicatesRemoved.map((d) => ({ ...d })) }
      : {}),
  };
}

/** Sends the plan's requests and records the webhooks that went through in the lock file. */
export async function applyChanges(req: ApplyRequest): Promise<ApplyRun> {
  const { plan, target, manifestPath } = req;
  let lock = req.lock;
  if (plan.webhooks) lock ??= readLock(manifestPath);
  const persist = req.persistLock ?? true;
  const outcome = await applyPlan(plan, target.client, {
    canEditPermissions: target.canEditPermissions,
    events: req.events,
    reason: req.reason,
    lock,
    // Before each webhook create is sent and after it is answered: a killed apply must leave the intent behind.
    saveLock: (next) => {
      if (persist) writeLock(manifestPath, next);
    },
    loadAvatar: req.loadAvatar,
  });
  // Whatever went through is recorded, even after a failure: the next plan must know those webhooks, and today's creates.
  if (persist) recordLock(manifestPath, lock, outcome, plan);
  return { outcome, result: applyResultOf(outcome, requestsToSend(plan, target), plan.skipped) };
}

/** Writes the lock file when the apply changed what it records: webhooks it manages, and (against the service) the creates it spent. */
function recordLock(manifestPath: string, before: LockFile | undefined, outcome: ApplyOutcome, plan: Plan): void {
  const created = plan.creates_counted_by === 'lock-file' ? appliedCreates(plan, outcome.applied) : {};
  if (!outcome.lock && Object.keys(created).length === 0) return;
  const prev = before ?? readLock(manifestPath);
  const next = recordCreates(outcome.lock ?? prev, plan.application_id, created, Date.now());
  if (lockChanged(prev, next)) writeLock(manifestPath, next);
}

/** A plan without changes sends nothing, but a webhook it found by name or through an intent is now recorded as ours. */
export function recordUnchanged(plan: Plan, manifestPath: string, lock?: LockFile): void {
  if (!plan.webhooks) return;
  const before = lock ?? readLock(manifestPath);
  const settled = settleLock(before, plan.webhooks, Date.now());
  if (lockChanged(before, settled)) writeLock(manifestPath, settled);
}
