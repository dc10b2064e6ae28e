/**
 * Why the service would refuse an invocation before the application hears of
 * it (spec "Events", facts §6.1, §7): the command is not offered where the
 * user is or no installation reaches there, the access model denies the
 * member, the command is age-restricted for this user or channel, or the
 * user's copy of a global command is stale (read-repair). Pure.
 */
import { evaluateAccess, type Labeler } from '../access/evaluate.js';
import type { AccessQuery } from '../access/types.js';
import { CommandType, IntegrationType, InteractionContext } from '../enums.js';
import { authorizingOwners, type InstallFacts } from '../installation.js';
import { Permission } from '../permissions.js';

export type RefusalKind =
  | 'context'
  | 'guild-command-elsewhere'
  | 'not-installed'
  | 'permission'
  | 'channel-hidden'
  | 'age-restricted'
  | 'outdated';

export interface Refusal {
  kind: RefusalKind;
  /** What the user sees, then why. */
  message: string;
  reason: string;
  /** The client leaves the command out of this member's picker (spec: a user without permission does not see it). */
  hidden: boolean;
}

/**
 * Refusals the client shows by leaving the command out of the picker rather
 * than by refusing it: not offered here, or the member may not use it
 * (spec "Guild application command permissions": they do not see it).
 */
const HIDDEN: ReadonlySet<RefusalKind> = new Set([
  'context',
  'guild-command-elsewhere',
  'not-installed',
  'permission',
  'channel-hidden',
]);

/** What the member is told of a command their picker does not show: nothing, so say that. */
export const NOT_IN_PICKER = 'This command is not in your command picker here.';

/** The same, naming the command and the member (what `invoke` prints). */
export function notInPicker(commandLabel: string, username: string): string {
  return `${commandLabel} is not in ${username}'s command picker here.`;
}

function refusal(kind: RefusalKind, message: string, reason: string, hidden = HIDDEN.has(kind)): Refusal {
  return { kind, message: hidden ? NOT_IN_PICKER : message, reason, hidden };
}

export interface PlaceFacts extends InstallFacts {
  channelNsfw: boolean;
  /** The user is known to be 18 or older (age-verified). */
  ageVerified: boolean;
}

export interface CommandFacts {
  type: number;
  guild_id?: string;
  contexts?: readonly number[] | null;
  integration_types?: readonly number[] | null;
  dm_permission?: boolean;
  nsfw?: boolean;
  default_member_permissions?: string | null;
}

const CONTEXT_NAMES = ['a server', 'a DM with the app', 'a private channel'];

/**
 * Where the command is offered: a guild command only in its guild; a global
 * one in the contexts it lists (`dm_permission: false` leaving out DMs when
 * it lists none), and only through an installation that reaches the place
 * (the guild's with applications.commands, or the user's own for a command
 * whose integration_types include USER_INSTALL).
 */
export function placeRefusal(cmd: CommandFacts, place: PlaceFacts): Refusal | undefined {
  const unavailable = (kind: RefusalKind, reason: string): Refusal =>
    refusal(kind, 'This command is not available here.', reason);
  const context = place.context;
  if (cmd.guild_id !== undefined) {
    if (context !== InteractionContext.GUILD || cmd.guild_id !== place.guildId)
      return unavailable('guild-command-elsewhere', `a command of server ${cmd.guild_id} is offered only there`);
  } else if (Array.isArray(cmd.contexts)) {
    if (!cmd.contexts.includes(context))
      return unavailable(
        'context',
        `its contexts (${cmd.contexts.join(', ')}) leave out ${CONTEXT_NAMES[context]} (${context})`,
      );
  } else if (context === InteractionContext.BOT_DM && cmd.dm_permission === false) {
    return unavailable('context', 'dm_permission is false: not offered in DMs');
  }
  if (Object.keys(authorizingOwners(cmd, place)).length > 0) return undefined;
  if (context === InteractionContext.GUILD)
    return unavailable(
      'not-installed',
      `the application is not installed with applications.commands (or bot) in server ${place.guildId}${userInstallNote(cmd, place)}`,
    );
  const reaches = `only a user install reaches ${CONTEXT_NAMES[context]}`;
  // A command that lists USER_INSTALL is left out here only because the application has no user install.
  const note = userInstallNote(cmd, place);
  return unavailable(
    'not-installed',
    note !== ''
      ? `${reaches}${note}`
      : `${reaches}: the command's integration_types (${(cmd.integration_types ?? []).join(', ') || 'none'}) leave out USER_INSTALL (${IntegrationType.USER_INSTALL})`,
  );
}

function userInstallNote(cmd: CommandFacts, place: PlaceFacts): string {
  return cmd.guild_id === undefined &&
    cmd.integration_types?.includes(IntegrationType.USER_INSTALL) &&
    !place.userInstalled
    ? ', and the application does not support user installs'
    : '';
}

/** Age-restricted commands: users aged 18 or older (age-verified), and in a guild only in age-restricted channels (spec "Localization and age restriction"). */
export function ageRefusal(cmd: CommandFacts, place: PlaceFacts): Refusal | undefined {
  if (cmd.nsfw !== true) return undefined;
  if (!place.ageVerified)
    return refusal(
      'age-restricted',
      'This command is age-restricted: only users aged 18 or older can use it.',
      'nsfw: true, and this user is not age-verified (18+)',
    );
  // A DM with the app counts as age-restricted-capable for a verified adult.
  if (place.context === InteractionContext.GUILD && !place.channelNsfw) {
    return refusal(
      'age-restricted',
      'This command is age-restricted and can only be used in age-restricted channels.',
      'nsfw: true, and this channel is not age-restricted',
    );
  }
  return undefined;
}

/** A member who cannot see the channel (no VIEW_CHANNEL there: a private ticket channel, a private thread they are not in) has no picker there. */
export function channelHiddenRefusal(memberPerms: bigint): Refusal | undefined {
  if ((memberPerms & Permission.VIEW_CHANNEL) !== 0n) return undefined;
  return refusal('channel-hidden', NOT_IN_PICKER, 'the member cannot see this channel (no VIEW_CHANNEL)');
}

/** The access model's answer; the last consulted rule is the reason given. */
export function permissionRefusal(query: AccessQuery, label?: Labeler): Refusal | undefined {
  const r = evaluateAccess(query, label);
  if (r.allowed) return undefined;
  const last = r.because.at(-1);
  // A user command the member could see but not send into this channel fails when used (spec "Events").
  return refusal(
    'permission',
    "You don't have permission to use this command.",
    last?.text ?? 'denied',
    last?.kind !== 'send-messages',
  );
}

/**
 * Read-repair (spec "Events" 3): a global command whose version changed since
 * the user's client last loaded it is refused once, and the client reloads
 * it; guild commands are immediate. `seenVersion` is undefined when the
 * client has not loaded the command yet (it loads the current version).
 */
export function readRepair(
  cmd: { guild_id?: string; version: string },
  seenVersion: string | undefined,
): Refusal | undefined {
  if (cmd.guild_id !== undefined || seenVersion === undefined || seenVersion === cmd.version) return undefined;
  return refusal(
    'outdated',
    'This command is outdated, please try again in a few minutes.',
    `the command changed (version ${seenVersion} → ${cmd.version}) since this user's client loaded it; it has reloaded it now`,
  );
}

export function isUserCommand(cmd: CommandFacts): boolean {
  return cmd.type === CommandType.USER;
}
