import type { Snowflake } from './snowflake.js';

/** Where commands live: the application's global list, or one guild's. */
export type Scope = { kind: 'global' } | { kind: 'guild'; guildId: Snowflake };

export const GLOBAL: Scope = { kind: 'global' };

export function guildScope(guildId: Snowflake): Scope {
  return { kind: 'guild', guildId };
}

/** `global` or `guild:<id>`: the address prefix used in plans and messages. */
export function scopeKey(scope: Scope): string {
  return scope.kind === 'global' ? 'global' : `guild:${scope.guildId}`;
}
