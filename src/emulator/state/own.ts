/**
 * The world keeps its records in objects keyed by ids and tokens. A key from
 * a request must only ever find an entry that was stored, never one of
 * Object.prototype's properties (`__proto__`, `constructor`, `toString`…).
 */
import type { World } from './world.js';

/** The record's own entry for `key`, or undefined. */
export function own<T>(record: Record<string, T>, key: string | undefined): T | undefined {
  return key !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

function nullPrototype<T>(record: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, record);
}

/**
 * The world with every keyed collection in a null-prototype object, so that
 * even a lookup that forgets `own` cannot reach a prototype. JSON output is
 * unchanged.
 */
export function hardenWorld(world: World): World {
  world.applications = nullPrototype(world.applications);
  world.guilds = nullPrototype(world.guilds);
  world.commands = nullPrototype(world.commands);
  world.permissions = nullPrototype(world.permissions);
  world.webhooks = nullPrototype(world.webhooks);
  world.messages = nullPrototype(world.messages);
  world.bearers = nullPrototype(world.bearers);
  world.dailyCreates = nullPrototype(world.dailyCreates);
  for (const guild of Object.values(world.guilds)) guild.apps = nullPrototype(guild.apps);
  return world;
}
