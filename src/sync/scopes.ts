import { CmdsyncError } from '../errors.js';
import type { Plan } from '../plan/model.js';
import type { State } from '../wire/state.js';

/** A narrower run: only these guilds, and/or the global scope. Absent: every declared scope. */
export interface ScopeSelection {
  guilds?: string[];
  global?: boolean;
}

/** `--guild` (repeatable) and `--global` narrow a run; neither means every declared scope. */
export function scopeSelection(guilds: readonly string[], global: boolean): ScopeSelection | undefined {
  if (guilds.length === 0 && !global) return undefined;
  return { guilds: [...guilds], global };
}

/** The guilds a (saved) plan touches: what a session for it must be able to reach. */
export function plannedGuilds(plan: Pick<Plan, 'scopes'>): string[] {
  return plan.scopes.flatMap((s) => (s.scope.kind === 'guild' ? [s.scope.guildId] : []));
}

/** The declared scopes a run plans; a guild it names that the manifest does not declare is refused. */
export function selectScopes(state: State, only: ScopeSelection | undefined): State {
  if (!only || (only.guilds === undefined && only.global === undefined)) return state;
  const guilds = new Set(only.guilds ?? []);
  const declared = state.scopes.flatMap((s) => (s.scope.kind === 'guild' ? [s.scope.guildId] : []));
  // A guild the manifest does not declare would otherwise be planned as nothing at all, silently.
  for (const g of guilds) {
    if (!declared.includes(g)) {
      const known = declared.length > 0 ? `it declares ${declared.join(', ')}` : 'it declares no guilds';
      throw new CmdsyncError(
        'GUILD_NOT_DECLARED',
        `--guild ${g}: the manifest does not declare this guild (${known}).`,
      );
    }
  }
  return {
    ...state,
    scopes: state.scopes.filter((s) =>
      s.scope.kind === 'global' ? only.global === true : guilds.has(s.scope.guildId),
    ),
  };
}

/** Whether the run reads (and so manages) the manifest's webhooks: declared, and the global part is in the run. */
export function managesWebhooks(declared: number, only: ScopeSelection | undefined): boolean {
  return declared > 0 && (!only || only.global === true);
}

/** Guilds whose permission sets the plan must read: those the manifest manages. */
export function permissionGuilds(desired: State): Set<string> {
  return new Set(
    desired.scopes
      .filter((s) => s.scope.kind === 'guild' && s.permissions)
      .map((s) => (s.scope as { guildId: string }).guildId),
  );
}
