/**
 * How an application is installed (spec "Authentication", "Contexts"): in a
 * guild through OAuth2 scopes, where `bot` includes `applications.commands`;
 * for a user through a user install. Pure.
 */
import { IntegrationType, InteractionContext } from './enums.js';

export const SCOPE_BOT = 'bot';
export const SCOPE_APPLICATIONS_COMMANDS = 'applications.commands';
/** The scopes an authorization into a guild may carry (the emulator models these two). */
export const GUILD_INSTALL_SCOPES: readonly string[] = [SCOPE_BOT, SCOPE_APPLICATIONS_COMMANDS];

/** The installation lets the app add commands in the guild: `applications.commands`, directly or through `bot`. */
export function grantsCommands(scopes: readonly string[]): boolean {
  return scopes.includes(SCOPE_APPLICATIONS_COMMANDS) || scopes.includes(SCOPE_BOT);
}

export type ContextValue = (typeof InteractionContext)[keyof typeof InteractionContext];

/** Where an invocation happens and which installations reach there. */
export interface InstallFacts {
  context: ContextValue;
  /** The guild (context GUILD). */
  guildId?: string;
  /** The app holds applications.commands in that guild. */
  guildInstalled: boolean;
  /** The invoking user has installed the app for themselves (the app supports user installs). */
  userInstalled: boolean;
  userId: string;
}

/**
 * `authorizing_integration_owners` (facts §9, §9.1): the installations
 * through which the command reaches the user here, keyed by integration
 * type. "0": the guild id, or "0" in a DM with the bot; "1": the user's id.
 * Empty: the command does not reach this place at all.
 */
export function authorizingOwners(
  cmd: { guild_id?: string; integration_types?: readonly number[] | null },
  at: InstallFacts,
): Record<string, string> {
  // Guild commands carry no integration_types: they exist through the guild install only.
  const types =
    cmd.guild_id !== undefined
      ? [IntegrationType.GUILD_INSTALL]
      : (cmd.integration_types ?? [IntegrationType.GUILD_INSTALL]);
  const owners: Record<string, string> = {};
  if (types.includes(IntegrationType.GUILD_INSTALL)) {
    if (at.context === InteractionContext.GUILD && at.guildInstalled && at.guildId)
      owners[String(IntegrationType.GUILD_INSTALL)] = at.guildId;
    else if (at.context === InteractionContext.BOT_DM) owners[String(IntegrationType.GUILD_INSTALL)] = '0';
  }
  if (types.includes(IntegrationType.USER_INSTALL) && at.userInstalled)
    owners[String(IntegrationType.USER_INSTALL)] = at.userId;
  return owners;
}
