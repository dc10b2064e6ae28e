/**
 * The requester's locale after the headers (spec, Localization: "then the
 * user's settings"): a bearer carries its user's setting (a client-credentials
 * grant its owner's), else a user's bearer takes the member's of that user. A
 * bot token carries none.
 */
import type { RequestAuth } from './http-types.js';
import type { Guild, World } from '../state/world.js';

/** The locale setting of member `userId` in `guild`, or in any guild when none is given. */
export function memberLocale(world: World, userId: string, guild?: Guild): string | undefined {
  const guilds = guild ? [guild] : Object.values(world.guilds);
  for (const g of guilds) {
    const locale = g.members.find((m) => m.id === userId)?.locale;
    if (locale) return locale;
  }
  return undefined;
}

export function settingsLocale(world: World, auth: RequestAuth): string | undefined {
  if (auth.kind !== 'bearer') return undefined;
  return auth.locale ?? (auth.userId !== undefined ? memberLocale(world, auth.userId) : undefined);
}
