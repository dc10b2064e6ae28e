/**
 * Who the emulator's grants belong to: the installs of applications in guilds
 * (their scopes), guild owners, and the user bearer it hands out, which is a
 * guild owner's so that it may edit command permissions (spec "Endpoints" 5).
 */
import { grantsCommands, SCOPE_APPLICATIONS_COMMANDS, SCOPE_BOT } from '../../wire/installation.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { SCOPE_PERMISSIONS_UPDATE } from '../http/auth.js';
import { randomToken } from './ids.js';
import { own } from './own.js';
import type { GuildInstall, World } from './world.js';

/** User grants seeded or made by default live this long (they stand for a user's long-lived consent). */
export const USER_GRANT_MS = 10 * 365 * 24 * 3600 * 1000;

/**
 * The user behind a bearer the seed does not name a user for, and behind the
 * generated one: someone who may edit command permissions (spec "Endpoints"
 * 5), the default guild's owner. Guilds seeded without an owner are owned by
 * this user (generated when the default guild has no owner either), so
 * the bearer the emulator hands out works in every guild, and a seeded
 * member's bearer only as far as their roles allow.
 */
export function guildManager(world: World, defaultGuildId: Snowflake, nextId: () => Snowflake): Snowflake {
  const manager = own(world.guilds, defaultGuildId)?.ownerId ?? nextId();
  for (const g of Object.values(world.guilds)) g.ownerId ??= manager;
  return manager;
}

/** Whoever owns a guild the app is in (the default application's guild manager, as buildWorld made it). */
function anyOwner(world: World): Snowflake | undefined {
  for (const g of Object.values(world.guilds)) if (g.ownerId) return g.ownerId;
  return undefined;
}

export function userBearerOf(world: World, appId: Snowflake, now: number): string | undefined {
  for (const [token, grant] of Object.entries(world.bearers)) {
    if (
      grant.applicationId === appId &&
      grant.userId !== undefined &&
      grant.scopes.includes(SCOPE_PERMISSIONS_UPDATE) &&
      grant.expiresAt > now
    )
      return token;
  }
  return undefined;
}

/** The default app always has one user bearer able to edit permissions (returned in the credentials): a guild owner's. */
export function ensureUserBearer(world: World, appId: Snowflake, nextId: () => Snowflake, now: number): boolean {
  if (!world.applications[appId] || userBearerOf(world, appId, now)) return false;
  world.bearers[randomToken(24)] = {
    applicationId: appId,
    scopes: [SCOPE_PERMISSIONS_UPDATE],
    userId: anyOwner(world) ?? nextId(),
    expiresAt: now + USER_GRANT_MS,
  };
  return true;
}

/**
 * Guilds added without an owner (a session provisioning a manifest's guilds)
 * are owned by the user behind the app's bearer, as buildWorld does, so that
 * bearer may edit their command permissions.
 */
export function ownOwnerlessGuilds(world: World, appId: Snowflake, now: number): boolean {
  const token = userBearerOf(world, appId, now);
  const userId = token ? world.bearers[token]!.userId : undefined;
  let changed = false;
  for (const g of Object.values(world.guilds)) {
    if (g.ownerId !== undefined || userId === undefined) continue;
    g.ownerId = userId;
    changed = true;
  }
  return changed;
}

/** The scopes of a default install: a bot, which brings applications.commands. */
export const DEFAULT_INSTALL_SCOPES: readonly string[] = [SCOPE_BOT, SCOPE_APPLICATIONS_COMMANDS];

/** An installation in a guild; whether it may add commands follows from its scopes. */
export function installOf(scopes: readonly string[], permissions: string): GuildInstall {
  return { scopes: [...scopes], commandsScope: grantsCommands(scopes), permissions };
}
