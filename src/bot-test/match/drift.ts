/**
 * The bot's commands against the manifest's, command by command: the plan
 * of the manifest against the world the bot left is read backwards, from
 * the manifest to the bot. What the plan would delete the bot added, what it
 * would create the bot removed, and what it would update, rename or replace
 * the bot changed, field by field (the planner's own diff, plan/diff.ts).
 */
import type { CommandAction, FieldChange, Plan } from '../../plan/model.js';
import type { CommandDifference, CommandFieldDifference, SourceAt } from '../model.js';

/** Where the manifest declares a command, from the plan's origin (`undefined`: not found). */
export type LocateOrigin = (origin: NonNullable<CommandAction['origin']>) => SourceAt | undefined;

export function commandDifferences(plan: Pick<Plan, 'scopes'>, locate: LocateOrigin): CommandDifference[] {
  return plan.scopes.flatMap((scope) => scope.actions.flatMap((a) => difference(a, locate)));
}

function difference(action: CommandAction, locate: LocateOrigin): CommandDifference[] {
  const at = action.origin ? locate(action.origin) : undefined;
  const where = at ? { at } : {};
  switch (action.kind) {
    case 'noop':
      return [];
    case 'delete':
      return [{ kind: 'added', address: action.address }];
    case 'create':
      return [{ kind: 'removed', address: action.address, ...where }];
    case 'update':
    case 'rename':
    case 'replace':
      return [{ kind: 'changed', address: action.address, ...where, fields: action.changes.map(fieldDifference) }];
  }
}

/** The plan's change goes from the remote (the bot's) to the manifest's: `before` is the bot's, `after` the manifest's. */
function fieldDifference(change: FieldChange): CommandFieldDifference {
  return {
    path: change.path,
    ...(change.after !== undefined ? { manifest: change.after } : {}),
    ...(change.before !== undefined ? { bot: change.before } : {}),
  };
}
