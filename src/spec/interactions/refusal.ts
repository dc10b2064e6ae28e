/**
 * Why the service would refuse an invocation before the application hears of
 * it (spec "Events", facts §6.1, §7): the command is not offered where the
 * user is, the access model denies the member, the command is age-restricted,
 * or the user's copy of a global command is stale (read-repair). Pure.
 */
import { evaluateAccess, type Labeler } from '../access/evaluate.js';
import type { AccessQuery } from '../access/types.js';
import { CommandType, InteractionContext } from '../enums.js';

export type RefusalKind = 'context' | 'guild-command-elsewhere' | 'not-installed' | 'permission' | 'age-restricted' | 'outdated';

export interface Refusal {
  kind: RefusalKind;
  /** What the user sees, then why. */
  message: string;
  reason: string;
}

export interface PlaceFacts {
  /** The guild of the channel, or undefined in a DM with the bot. */
  guildId?: string;
  /** The app holds applications.commands in that guild. */
  installed: boolean;
  channelNsfw: boolean;
}

export interface CommandFacts {
  type: number;
  guild_id?: string;
  contexts?: readonly number[] | null;
  dm_permission?: boolean;
  nsfw?: boolean;
  default_member_permissions?: string | null;
}

const CONTEXT_NAMES = ['a server', 'a DM with the app', 'a private channel'];

/** Where the command is offered: contexts, DMs, a guild command only in its guild. */
export function placeRefusal(cmd: CommandFacts, place: PlaceFacts): Refusal | undefined {
  const context = place.guildId ? InteractionContext.GUILD : InteractionContext.BOT_DM;
  const unavailable = (kind: RefusalKind, reason: string): Refusal => ({ kind, message: 'This command is not available here.', reason });
  if (cmd.guild_id !== undefined) {
    if (cmd.guild_id !== place.guildId) return unavailable('guild-command-elsewhere', `a command of server ${cmd.guild_id} is offered only there`);
  } else if (Array.isArray(cmd.contexts)) {
    if (!cmd.contexts.includes(context)) return unavailable('context', `its contexts (${cmd.contexts.join(', ')}) leave out ${CONTEXT_NAMES[context]} (${context})`);
  } else if (context === InteractionContext.BOT_DM && cmd.dm_permission === false) {
    return unavailable('context', 'dm_permission is false: not offered in DMs');
  }
  if (place.guildId && !place.installed) return unavailable('not-installed', `the application is not installed with applications.commands in server ${place.guildId}`);
  return undefined;
}

export function ageRefusal(cmd: CommandFacts, place: PlaceFacts): Refusal | undefined {
  // A DM with the app counts as age-restricted-capable only when the user opted in; the emulator assumes it has.
  if (cmd.nsfw === true && place.guildId && !place.channelNsfw) {
    return { kind: 'age-restricted', message: 'This command is age-restricted and can only be used in age-restricted channels.', reason: 'nsfw: true, and this channel is not age-restricted' };
  }
  return undefined;
}

/** The access model's answer; the last consulted rule is the reason given. */
export function permissionRefusal(query: AccessQuery, label?: Labeler): Refusal | undefined {
  const r = evaluateAccess(query, label);
  if (r.allowed) return undefined;
  const because = r.because.at(-1)?.text ?? 'denied';
  return { kind: 'permission', message: "You don't have permission to use this command.", reason: because };
}

/**
 * Read-repair (spec "Events" 3): a global command whose version changed since
 * the user's client last loaded it is refused once, and the client reloads
 * it; guild commands are immediate. `seenVersion` is undefined when the
 * client has not loaded the command yet (it loads the current version).
 */
export function readRepair(cmd: { guild_id?: string; version: string }, seenVersion: string | undefined): Refusal | undefined {
  if (cmd.guild_id !== undefined || seenVersion === undefined || seenVersion === cmd.version) return undefined;
  return { kind: 'outdated', message: 'This command is outdated, please try again in a few minutes.', reason: `the command changed (version ${seenVersion} → ${cmd.version}) since this user's client loaded it; it has reloaded it now` };
}

export function isUserCommand(cmd: CommandFacts): boolean {
  return cmd.type === CommandType.USER;
}
