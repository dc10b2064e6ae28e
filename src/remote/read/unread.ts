import { WebhookErrors } from '../../wire/webhook.js';
import { DiscordAPIError } from '../errors.js';

/**
 * What a read that may skip could not read, and why: a guild the application
 * cannot reach, a channel that is gone, a listing the credentials cannot ask
 * for. Typed, so the CLI and the JSON report say it from one value.
 */
export type UnreadKind =
  /** A guild's commands and permission sets. */
  | 'guild'
  /** A guild's webhooks (all or some of its channels). */
  | 'guild-webhooks'
  /** One channel's webhooks. */
  | 'channel-webhooks'
  /** One webhook by id (the lock file's). */
  | 'webhook'
  /** The list of the bot's guilds. */
  | 'guild-list'
  /** Every webhook (the credentials cannot read any). */
  | 'webhooks'
  /** The existing manifest or its lock file, whose guilds and channels would have been read. */
  | 'manifest'
  | 'lock';

export interface Unread {
  kind: UnreadKind;
  /** The guild, channel or webhook id; the file for `manifest` and `lock`. */
  id?: string;
  reason: string;
}

/** Why the service refused a read of webhooks or guilds (a bot's reads), by its JSON code. */
const REFUSALS: Readonly<Record<number, string>> = {
  [WebhookErrors.missingAccess.code]: 'the bot cannot see it (is the bot in that guild?)',
  [WebhookErrors.missingPermissions.code]: 'the bot lacks MANAGE_WEBHOOKS there',
  [WebhookErrors.unknownChannel.code]: 'the service does not know this channel (deleted?)',
  [WebhookErrors.unknownGuild.code]: 'the service does not know this guild',
};

/**
 * The reason to report when `err` is the service refusing one resource
 * (403, 404): the read is skipped, the rest goes on. Undefined for anything
 * else (a bad token, a network failure), which fails the whole read.
 */
export function refusalReason(err: unknown): string | undefined {
  if (!(err instanceof DiscordAPIError) || (err.status !== 403 && err.status !== 404)) return undefined;
  return REFUSALS[err.apiCode] ?? `${err.status} ${err.apiMessage} (code ${err.apiCode})`;
}
