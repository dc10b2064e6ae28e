import type { PermissionSet, ScopeState } from '../wire/state.js';
import { deepEqual } from './diff.js';
import type { CommandAction, PermissionAction } from './model.js';
import { normalizePermissions } from './normalize.js';

/** The actions that decide a command's id after apply: in this guild, then globally. */
export interface TargetIndex {
  guild: CommandAction[];
  global: CommandAction[];
}

function findAction(set: PermissionSet, index: TargetIndex): CommandAction | undefined {
  const t = set.target;
  if (t.kind !== 'command') return undefined;
  const matches = (a: CommandAction): boolean =>
    a.kind !== 'delete' && a.name === t.name && (t.type === undefined || a.type === t.type);
  return index.guild.find(matches) ?? index.global.find(matches);
}

/**
 * One guild's permission sets (spec A.5: a PUT replaces a command's whole
 * list). The manifest owns every set in a guild whose permissions it
 * declares: a listed set that differs is replaced, a remote set for a
 * command the manifest lists none for is cleared. A command renamed,
 * replaced or created gets its set sent even if it looked equal, because the
 * service drops permissions on rename and a new id has none (spec A.6).
 */
export function planGuildPermissions(
  applicationId: string,
  desired: ScopeState,
  actual: ScopeState,
  index: TargetIndex,
): PermissionAction[] {
  if (!desired.permissions) return [];
  const remoteById = new Map(
    (actual.permissions ?? []).map((s) => [targetId(s, applicationId), normalizePermissions(s.entries)]),
  );
  const out: PermissionAction[] = [];
  const covered = new Set<string>();
  for (const set of desired.permissions) {
    const after = normalizePermissions(set.entries);
    if (set.target.kind === 'application') {
      covered.add(applicationId);
      const before = remoteById.get(applicationId) ?? [];
      out.push({
        kind: deepEqual(before, after) ? 'noop' : 'replace',
        target: '*',
        commandId: applicationId,
        before,
        after,
      });
      continue;
    }
    const action = findAction(set, index);
    if (!action) continue; // lint refuses manifests whose targets name nothing
    const keepsId = action.remote && (action.kind === 'noop' || action.kind === 'update' || action.kind === 'rename');
    const commandId = keepsId ? action.remote!.id : undefined;
    if (commandId) covered.add(commandId);
    const before = commandId ? (remoteById.get(commandId) ?? []) : [];
    const dropped = action.kind === 'rename' || action.kind === 'replace' || action.kind === 'create';
    const kind = after.length > 0 && dropped ? 'replace' : deepEqual(before, after) ? 'noop' : 'replace';
    const reason =
      action.kind === 'rename'
        ? 'a rename drops permissions'
        : action.kind === 'replace'
          ? 'the new command has none yet'
          : action.kind === 'create'
            ? 'new command'
            : undefined;
    out.push({
      kind,
      target: action.address,
      commandId,
      before: dropped ? [] : before,
      after,
      ...(reason && kind === 'replace' ? { reason } : {}),
    });
  }
  // Sets the manifest does not list are cleared, unless their command is going away anyway.
  const deleted = new Set(
    [...index.guild, ...index.global]
      .filter((a) => a.kind === 'delete' || a.kind === 'replace')
      .map((a) => a.remote!.id),
  );
  const addressById = new Map(
    [...index.guild, ...index.global].filter((a) => a.remote).map((a) => [a.remote!.id, a.address]),
  );
  for (const [id, before] of remoteById) {
    if (covered.has(id) || deleted.has(id) || before.length === 0) continue;
    out.push({
      kind: 'replace',
      target: id === applicationId ? '*' : (addressById.get(id) ?? `command ${id}`),
      commandId: id,
      before,
      after: [],
      reason: 'not in the manifest',
    });
  }
  return out;
}

function targetId(set: PermissionSet, applicationId: string): string {
  return set.target.kind === 'application' ? applicationId : String(set.target.id);
}
