import { CmdsyncError } from '../errors.js';
import type {
  CommandAction,
  CommandActionKind,
  CommandRequest,
  CommandRequestKind,
  PermissionAction,
  Plan,
  ScopePlan,
} from '../plan/model.js';

/** The action kinds each per-command request carries out (a replace is a delete, then a create). */
const CARRIES_OUT: Record<
  Exclude<CommandRequestKind, 'bulk-overwrite' | 'permissions'>,
  readonly CommandActionKind[]
> = {
  'command-create': ['create', 'replace'],
  'command-edit': ['update', 'rename'],
  'command-delete': ['delete', 'replace'],
};

/** The scope's action a per-command request carries out: the one at its address, of a kind the request can carry out. */
export function actionOf(
  s: ScopePlan,
  req: CommandRequest & { kind: keyof typeof CARRIES_OUT },
): CommandAction | undefined {
  return s.actions.find((a) => a.address === req.addresses[0] && CARRIES_OUT[req.kind].includes(a.kind));
}

/** The permission set a permissions request writes: a guild's set for its target that the plan replaces. */
export function permissionSetOf(s: ScopePlan, req: CommandRequest): PermissionAction | undefined {
  if (s.scope.kind !== 'guild') return undefined;
  return s.permissions.find((p) => p.kind === 'replace' && p.target === req.addresses[0]);
}

/**
 * Before the first write: every request of every scope carries out one of the
 * scope's actions (a bulk overwrite, all of them) or one of its guild's
 * permission sets. A saved plan edited by hand, or cut from another, is
 * refused whole rather than half applied (the webhooks' requests are checked
 * the same way, `pairWebhookRequests`).
 */
export function checkCommandRequests(plan: Plan): void {
  for (const s of plan.scopes)
    for (const req of s.requests) {
      const found =
        req.kind === 'bulk-overwrite' ||
        (req.kind === 'permissions' ? permissionSetOf(s, req) : actionOf(s, req)) !== undefined;
      if (!found)
        throw new CmdsyncError(
          'PLAN_FILE_INVALID',
          `The plan's ${req.kind} request for ${req.addresses.join(', ')} matches nothing planned in ${s.key}; plan again.`,
        );
    }
}
