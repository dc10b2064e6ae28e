import type { Scope } from '../wire/scope.js';
import type { CommandAction, CommandRequest, Strategy } from './model.js';
import { commandRequest } from './requests.js';

export type StrategyChoice = Strategy | 'auto';

/**
 * Per-command requests, in the order that is safe near the count limits:
 * deletes first (they free slots), then edits, then creates (peers §5.7).
 * A replace is a delete and a create: the service cannot change a type.
 */
export function individualRequests(scope: Scope, actions: CommandAction[]): CommandRequest[] {
  const out: CommandRequest[] = [];
  for (const a of actions)
    if (a.kind === 'delete' || a.kind === 'replace') out.push(commandRequest('command-delete', scope, [a.address]));
  for (const a of actions)
    if (a.kind === 'update' || a.kind === 'rename') out.push(commandRequest('command-edit', scope, [a.address]));
  for (const a of actions)
    if (a.kind === 'create' || a.kind === 'replace') out.push(commandRequest('command-create', scope, [a.address]));
  return out;
}

export function bulkRequests(scope: Scope, actions: CommandAction[]): CommandRequest[] {
  const changed = actions.filter((a) => a.kind !== 'noop').map((a) => a.address);
  return changed.length === 0 ? [] : [commandRequest('bulk-overwrite', scope, changed)];
}

/**
 * The fewest requests wins; on a tie the per-command calls, whose blast radius
 * is one command rather than the whole scope.
 */
export function chooseStrategy(
  scope: Scope,
  actions: CommandAction[],
  choice: StrategyChoice,
): { strategy: Strategy; requests: CommandRequest[] } {
  const individual = individualRequests(scope, actions);
  const bulk = bulkRequests(scope, actions);
  if (choice === 'individual') return { strategy: 'individual', requests: individual };
  if (choice === 'bulk') return { strategy: 'bulk', requests: bulk };
  return bulk.length < individual.length
    ? { strategy: 'bulk', requests: bulk }
    : { strategy: 'individual', requests: individual };
}
