import type { ApplyOutcome } from '../apply/execute.js';
import { hasChanges, type Plan } from '../plan/model.js';

/**
 * What a plan or an apply means for the run, decided once: the CLI maps it
 * to exit codes, the Action to its outputs and comment.
 */

/** Why a plan cannot be applied as it is: its blocking findings, then the scopes it could not read (with why). Empty when it can. */
export function planBlockers(plan: Plan): string[] {
  return [
    ...plan.errors.map((e) => e.message),
    ...plan.warnings.filter((w) => w.code === 'scope-skipped').map((w) => w.message),
  ];
}

/** Blocked (findings, or scopes it could not read), changes to make, or nothing to do. */
export type PlanStatus = 'blocked' | 'changes' | 'no-changes';

export function planStatus(plan: Plan): PlanStatus {
  if (planBlockers(plan).length > 0) return 'blocked';
  return hasChanges(plan) ? 'changes' : 'no-changes';
}

/**
 * Whether an apply (none, for a plan without changes) made the remote what
 * the manifest says everywhere: nothing failed, no permission set was left
 * unwritten for want of a token, no declared scope was skipped unread.
 */
export function applyComplete(
  plan: Pick<Plan, 'skipped'>,
  outcome?: Pick<ApplyOutcome, 'failed' | 'permissionsSkipped'>,
): boolean {
  return !(outcome?.failed || outcome?.permissionsSkipped || plan.skipped?.length);
}
