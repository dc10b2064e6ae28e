/**
 * What each channel-message action needs of the caller's permissions in the
 * channel (facts §5.1, §5.2), as pure checks over a computed bit set: the
 * first missing requirement is the refusal. VIEW_CHANNEL comes first (without
 * it nothing else counts, 50001); SEND_MESSAGES before the bits it gates
 * (EMBED_LINKS, ATTACH_FILES, SEND_TTS_MESSAGES, MENTION_EVERYONE are ignored
 * without it). Computing the bits is wire/access's job.
 */
import { Permission } from '../permissions.js';
import { ChannelErrors, type ChannelError } from './errors.js';

/** The permission bits by name (wire/permissions.ts), short for the checks below. */
export const P = Permission;

const holds = (perms: bigint, b: bigint) => (perms & b) === b;

/** The channel can be seen at all (50001 otherwise). */
export function viewRefusal(perms: bigint): ChannelError | undefined {
  return holds(perms, P.VIEW_CHANNEL) ? undefined : ChannelErrors.missingAccess;
}

export interface CreateNeeds {
  thread: boolean;
  embeds: boolean;
  files: boolean;
  tts: boolean;
  reply: boolean;
}

/** POST …/messages: view, send (in threads: send in threads), then what the body uses. */
export function createRefusal(perms: bigint, needs: CreateNeeds): ChannelError | undefined {
  const seen = viewRefusal(perms);
  if (seen) return seen;
  if (!holds(perms, needs.thread ? P.SEND_MESSAGES_IN_THREADS : P.SEND_MESSAGES))
    return ChannelErrors.missingPermissions;
  if (needs.embeds && !holds(perms, P.EMBED_LINKS)) return ChannelErrors.missingPermissions;
  if (needs.files && !holds(perms, P.ATTACH_FILES)) return ChannelErrors.missingPermissions;
  if (needs.tts && !holds(perms, P.SEND_TTS_MESSAGES)) return ChannelErrors.missingPermissions;
  if (needs.reply && !holds(perms, P.READ_MESSAGE_HISTORY)) return ChannelErrors.replyWithoutHistory;
  return undefined;
}

/** GET one message: view and history ([UNC] 50013 for missing history). */
export function readOneRefusal(perms: bigint): ChannelError | undefined {
  return viewRefusal(perms) ?? (holds(perms, P.READ_MESSAGE_HISTORY) ? undefined : ChannelErrors.missingPermissions);
}

/** GET the list: without READ_MESSAGE_HISTORY the service answers `[]`, not an error. */
export function historyVisible(perms: bigint): boolean {
  return holds(perms, P.READ_MESSAGE_HISTORY);
}

/** DELETE: one's own message needs nothing beyond access; another's needs MANAGE_MESSAGES. */
export function deleteRefusal(perms: bigint, own: boolean): ChannelError | undefined {
  return viewRefusal(perms) ?? (own || holds(perms, P.MANAGE_MESSAGES) ? undefined : ChannelErrors.missingPermissions);
}

/** PUT own reaction: history; ADD_REACTIONS only for an emoji nobody has reacted with yet. */
export function reactRefusal(perms: bigint, firstOfEmoji: boolean): ChannelError | undefined {
  const seen = viewRefusal(perms);
  if (seen) return seen;
  if (!holds(perms, P.READ_MESSAGE_HISTORY)) return ChannelErrors.missingPermissions;
  return firstOfEmoji && !holds(perms, P.ADD_REACTIONS) ? ChannelErrors.missingPermissions : undefined;
}

/** `@everyone`/`@here` pings only with MENTION_EVERYONE (facts §6.6). */
export function mayMentionEveryone(perms: bigint): boolean {
  return holds(perms, P.MENTION_EVERYONE);
}

/** Acting on others' messages as a moderator (bulk delete, removing others' reactions): view and MANAGE_MESSAGES. */
export function manageRefusal(perms: bigint): ChannelError | undefined {
  return viewRefusal(perms) ?? (holds(perms, P.MANAGE_MESSAGES) ? undefined : ChannelErrors.missingPermissions);
}

/**
 * Pin or unpin: view and PIN_MESSAGES. The permission was split from
 * MANAGE_MESSAGES in 2025, and MANAGE_MESSAGES stopped granting pins on
 * 2026-01-12 (facts §5.1).
 */
export function pinRefusal(perms: bigint): ChannelError | undefined {
  return viewRefusal(perms) ?? (holds(perms, P.PIN_MESSAGES) ? undefined : ChannelErrors.missingPermissions);
}
