import { isObject } from '../wire/rules/values.js';
import { isSnowflake, type Snowflake } from '../wire/snowflake.js';
import type { LoadedManifest } from './load.js';

/**
 * The guilds and channels a manifest names by id: what a local world must
 * hold for the manifest to plan against it (`plan --emulator` provisions its
 * data file with them, `cmdsync test` its test world). An id that is not a
 * snowflake (an unresolved `${VAR}`) names nothing.
 */
export interface NamedIds {
  guilds: Array<{ id: Snowflake; name?: string }>;
  /** The channels its webhooks are declared in. */
  channels: Snowflake[];
}

export function namedIds(manifest: Pick<LoadedManifest, 'guilds' | 'webhooks'>): NamedIds {
  const guilds = new Map<string, { id: Snowflake; name?: string }>();
  for (const g of manifest.guilds)
    if (isSnowflake(g.id) && !guilds.has(g.id)) guilds.set(g.id, { id: g.id, ...(g.name ? { name: g.name } : {}) });
  const channels = new Set<Snowflake>();
  for (const w of manifest.webhooks) if (isObject(w) && isSnowflake(w.channel_id)) channels.add(w.channel_id);
  return { guilds: [...guilds.values()], channels: [...channels] };
}
