/**
 * The emulator's command bookkeeping over the World: finding, storing,
 * versioning and deleting commands, the daily create counter, and the
 * auto-created entry point. No interface rules here (those are in src/wire);
 * this is the service's storage behaviour.
 */
import { AUTO_ENTRY_POINT, canonicalCommand, type CommandRecord } from '../../wire/defaults.js';
import { CommandType } from '../../wire/enums.js';
import { scopeKey, type Scope } from '../../wire/scope.js';
import { compareSnowflakes, type Snowflake } from '../../wire/snowflake.js';
import { own } from './own.js';
import type { Application, StoredCommand, World } from './world.js';
import type { Obj } from '../../wire/rules/values.js';

export function scopeOf(cmd: StoredCommand): Scope {
  return cmd.guild_id === undefined ? { kind: 'global' } : { kind: 'guild', guildId: cmd.guild_id };
}

function inScope(cmd: StoredCommand, appId: Snowflake, scope: Scope): boolean {
  if (cmd.application_id !== appId) return false;
  return scope.kind === 'global' ? cmd.guild_id === undefined : cmd.guild_id === scope.guildId;
}

const byId = (a: StoredCommand, b: StoredCommand): number => compareSnowflakes(a.id, b.id);

/** The commands of one application in one scope, oldest first (the service lists them by id). */
export function scopeCommands(world: World, appId: Snowflake, scope: Scope): StoredCommand[] {
  return Object.values(world.commands)
    .filter((c) => inScope(c, appId, scope))
    .sort(byId);
}

export function findCommand(world: World, appId: Snowflake, scope: Scope, id: string): StoredCommand | undefined {
  const cmd = own(world.commands, id);
  return cmd && inScope(cmd, appId, scope) ? cmd : undefined;
}

/** The record part of a stored command, canonical, for comparisons. */
export function recordOf(cmd: StoredCommand): CommandRecord {
  // StoredCommand is an interface (no index signature); canonicalCommand reads any command body by key.
  return canonicalCommand(cmd as unknown as Obj, scopeOf(cmd), cmd.integration_types ?? []);
}

function sameRecord(a: CommandRecord, b: CommandRecord): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A new command; its version is minted right after its id (typically id + 1). */
export function insertCommand(
  world: World,
  nextId: () => Snowflake,
  appId: Snowflake,
  scope: Scope,
  record: CommandRecord,
): StoredCommand {
  const id = nextId();
  const version = nextId();
  const cmd = {
    id,
    application_id: appId,
    version,
    ...record,
    ...(scope.kind === 'guild' ? { guild_id: scope.guildId } : {}),
  } as StoredCommand;
  world.commands[id] = cmd;
  return cmd;
}

/**
 * Replaces a stored command's record. The version moves only when something
 * changed; a renamed command loses its permissions (spec rule A.6).
 * Returns whether anything changed.
 */
export function replaceRecord(
  world: World,
  cmd: StoredCommand,
  record: CommandRecord,
  nextId: () => Snowflake,
): boolean {
  const before = recordOf(cmd);
  if (sameRecord(before, record)) return false;
  const renamed = before.name !== record.name;
  const next = { id: cmd.id, application_id: cmd.application_id, version: nextId(), ...record } as StoredCommand;
  if (cmd.guild_id !== undefined) next.guild_id = cmd.guild_id;
  world.commands[cmd.id] = next;
  if (renamed) dropPermissionsOf(world, cmd.id);
  return true;
}

/** Deletes a command and, with it, all its permissions (spec rule A.6). */
export function deleteCommand(world: World, id: Snowflake): void {
  delete world.commands[id];
  dropPermissionsOf(world, id);
}

function dropPermissionsOf(world: World, commandId: Snowflake): void {
  for (const [key, row] of Object.entries(world.permissions)) if (row.id === commandId) delete world.permissions[key];
}

/** UTC day, the window of the daily create allowance. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

function dailyKey(appId: Snowflake, scope: Scope): string {
  return `${appId}:${scopeKey(scope)}`;
}

export function dailyCreatesUsed(world: World, appId: Snowflake, scope: Scope, now: number): number {
  const entry = world.dailyCreates[dailyKey(appId, scope)];
  return entry && entry.day === utcDay(now) ? entry.count : 0;
}

export function countDailyCreates(world: World, appId: Snowflake, scope: Scope, now: number, n: number): void {
  if (n <= 0) return;
  const key = dailyKey(appId, scope);
  const day = utcDay(now);
  const used = dailyCreatesUsed(world, appId, scope, now);
  world.dailyCreates[key] = { day, count: used + n };
}

/** Today's creates per application and scope, as the control route shows them. */
export function dailyCreatesToday(
  world: World,
  now: number,
  limit: number,
): Array<{ application_id: Snowflake; scope: string; used: number; left: number | null }> {
  const day = utcDay(now);
  const out: Array<{ application_id: Snowflake; scope: string; used: number; left: number | null }> = [];
  for (const [key, entry] of Object.entries(world.dailyCreates)) {
    if (entry.day !== day || entry.count <= 0) continue;
    const i = key.indexOf(':');
    const raw = key.slice(i + 1);
    const guild = raw.startsWith('guild:');
    out.push({
      application_id: key.slice(0, i),
      scope: guild ? raw.slice('guild:'.length) : raw,
      used: entry.count,
      left: guild ? Math.max(0, limit - entry.count) : null,
    });
  }
  return out;
}

/** Forgets every create counted: the allowance starts over (a control route, for local experiments). */
export function resetDailyCreates(world: World): boolean {
  const keys = Object.keys(world.dailyCreates);
  for (const key of keys) delete world.dailyCreates[key];
  return keys.length > 0;
}

/** Spec rule A.9: an app with an Activity gets the global Launch command, once, when it has none. */
export function ensureEntryPoint(world: World, app: Application, nextId: () => Snowflake): void {
  if (!app.embedded) return;
  const has = scopeCommands(world, app.id, { kind: 'global' }).some((c) => c.type === CommandType.PRIMARY_ENTRY_POINT);
  if (has) return;
  insertCommand(
    world,
    nextId,
    app.id,
    { kind: 'global' },
    canonicalCommand({ ...AUTO_ENTRY_POINT }, { kind: 'global' }, app.integrationTypes),
  );
}
