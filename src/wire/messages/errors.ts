/**
 * The service's answers on the channel-message and read routes
 * (components-messages-gateway facts §4.3): code, status and literal text.
 */
import { type WebhookError, WebhookErrors } from '../webhook.js';

/** Same shape as the webhook routes' answers; the answers both route families give are written once, there. */
export type ChannelError = WebhookError;

export const ChannelErrors = {
  unknownChannel: WebhookErrors.unknownChannel,
  unknownGuild: WebhookErrors.unknownGuild,
  unknownMember: { status: 404, code: 10007, message: 'Unknown Member' },
  unknownMessage: WebhookErrors.unknownMessage,
  unknownUser: { status: 404, code: 10013, message: 'Unknown User' },
  unknownRole: { status: 404, code: 10011, message: 'Unknown Role' },
  unknownBan: { status: 404, code: 10026, message: 'Unknown Ban' },
  unknownEmoji: { status: 400, code: 10014, message: 'Unknown Emoji' },
  /** Not in the facts' table: the service's code for an unknown sticker; the status is ours. */
  unknownSticker: { status: 400, code: 10060, message: 'Unknown Sticker' },
  maxReactions: { status: 400, code: 30010, message: 'Maximum number of reactions reached (20)' },
  missingAccess: WebhookErrors.missingAccess,
  otherAuthor: { status: 403, code: 50005, message: 'Cannot edit a message authored by another user' },
  empty: WebhookErrors.emptyMessage,
  notText: { status: 400, code: 50008, message: 'Cannot send messages in a non-text channel' },
  missingPermissions: WebhookErrors.missingPermissions,
  systemMessage: { status: 400, code: 50021, message: 'Cannot execute action on a system message' },
  /** Not in the facts' table: the service's code for a channel's pin limit; the status is ours. */
  maxPins: { status: 400, code: 30003, message: 'Maximum number of pins reached (50)' },
  /** Bulk delete names a message older than two weeks (the API reference's Bulk Delete Messages). */
  bulkDeleteTooOld: {
    status: 400,
    code: 50034,
    message: 'You can only bulk delete messages that are under 14 days old.',
  },
  /** A guild-only action on a DM channel (facts §4.3's list is silent; the service's code and text). */
  dmAction: { status: 403, code: 50003, message: 'Cannot execute action on a DM channel' },
  /** A DM the user cannot receive: the emulator's one reason is that they share no guild with the bot (§4.3 "DM refused"). */
  cannotMessageUser: { status: 403, code: 50007, message: 'Cannot send messages to this user' },
  replyWithoutHistory: {
    status: 403,
    code: 160002,
    message: 'Cannot reply without permission to read message history',
  },
} as const satisfies Record<string, ChannelError>;

/** Reactions a message may carry, distinct emoji (30010 past it). */
export const MAX_REACTIONS_PER_MESSAGE = 20;
