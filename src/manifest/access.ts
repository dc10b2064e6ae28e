import type { LoadedManifest, ManifestCommand, ManifestGuild } from './load.js';
import { CommandType, InteractionContext, enumValue } from '../wire/enums.js';
import type { PermissionEntry } from '../wire/state.js';
import { isPermissionEntry } from '../wire/rules/permissions.js';
import { commandLabel } from '../wire/access/matrix.js';
import { effectiveMemberPermissions } from '../wire/defaults.js';
import type { CommandSubject, GuildAccess } from '../wire/access/subjects.js';
import type { Obj } from '../wire/rules/values.js';

/** A global command reaches a guild unless its contexts leave guilds out (contexts decide where, not who). */
function usableInGuilds(c: ManifestCommand): boolean {
  const contexts = c.command.contexts;
  return !Array.isArray(contexts) || contexts.includes(InteractionContext.GUILD);
}

/** Commands by name, each list in declaration order: a permissions key finds its commands in one look-up, however many the scope holds. */
export type CommandsByName = ReadonlyMap<unknown, readonly ManifestCommand[]>;

export function commandsByName(...lists: ReadonlyArray<readonly ManifestCommand[]>): CommandsByName {
  const by = new Map<unknown, ManifestCommand[]>();
  for (const list of lists)
    for (const c of list) {
      const same = by.get(c.command.name);
      if (same) same.push(c);
      else by.set(c.command.name, [c]);
    }
  return by;
}

/** The commands a permissions key (`name`, `type:name`) names, in declaration order; `typed` when it gave a type. */
export function commandsNamed(
  target: string,
  commands: CommandsByName,
): { matches: ManifestCommand[]; typed: boolean } {
  const colon = target.indexOf(':');
  const type = colon > 0 ? enumValue(CommandType, target.slice(0, colon)) : undefined;
  const name = type !== undefined ? target.slice(colon + 1) : target;
  const matches = (commands.get(name) ?? []).filter((c) => type === undefined || (c.command.type ?? 1) === type);
  return { matches, typed: type !== undefined };
}

/** Which command a permissions key (`name`, `type:name`) names: the guild's first, then a global one. */
export function resolvePermissionTarget(
  target: string,
  guild: CommandsByName,
  global: CommandsByName,
): ManifestCommand | undefined {
  return commandsNamed(target, guild).matches[0] ?? commandsNamed(target, global).matches[0];
}

function subjectOf(c: ManifestCommand): CommandSubject {
  const type = typeof c.command.type === 'number' ? c.command.type : 1;
  const name = String(c.command.name);
  // `default_permission: false` (deprecated) means what "0" means.
  return {
    label: commandLabel(name, type),
    name,
    command: { type, default_member_permissions: effectiveMemberPermissions(c.command as Obj) },
    commandRows: [],
  };
}

/**
 * One guild's commands (its own and the global ones) and rows as the manifest
 * declares them. `managed` is false when the guild has no `permissions:` key:
 * its rows are then whatever is deployed, which the manifest cannot tell.
 */
export function guildAccessFromManifest(
  manifest: LoadedManifest,
  guild: ManifestGuild | undefined,
  guildId: string,
): { access: GuildAccess; managed: boolean; declared: Map<CommandSubject, ManifestCommand> } {
  const guildCommands = guild?.commands ?? [];
  const globals = manifest.global.commands.filter(usableInGuilds);
  const subjects = new Map<ManifestCommand, CommandSubject>();
  for (const c of [...guildCommands, ...globals]) subjects.set(c, subjectOf(c));
  let appRows: PermissionEntry[] = [];
  const [guildByName, globalByName] = [commandsByName(guildCommands), commandsByName(manifest.global.commands)];
  for (const set of guild?.permissions ?? []) {
    // Malformed rows are lint's errors; the access rules read only well-formed ones.
    const rows = set.entries.filter(isPermissionEntry);
    if (set.target === '*') appRows = rows;
    else {
      const c = resolvePermissionTarget(set.target, guildByName, globalByName);
      const s = c ? subjects.get(c) : undefined;
      if (s) s.commandRows = rows;
    }
  }
  return {
    access: { guildId, ...(guild?.name ? { guildName: guild.name } : {}), appRows, commands: [...subjects.values()] },
    managed: guild?.permissions !== undefined,
    declared: new Map([...subjects].map(([c, subject]) => [subject, c])),
  };
}
