import type { Limits } from './limits.js';
import { ApiErrors, problem, type Problem } from './problem.js';
import { isSnowflake } from './snowflake.js';
import { validateWebhookName } from './rules/webhook-name.js';
import { describeValue, has, isObject } from './rules/values.js';
import { WebhookType } from './enums.js';
import type { WebhookState } from './state.js';

/**
 * Part B of the interface as data and rules: the webhook resource's bodies,
 * the literal errors of the webhook routes (facts §13), and the re-exports of
 * the message, embed and name rules. Used by `lint` (manifest webhooks),
 * `webhook send` (check before sending) and the emulator.
 */

export { isForumLike, isThreadType } from './channels.js';
export {
  validateWebhookName,
  normalizeWebhookName,
  reservedWordIn,
  RESERVED_NAME_WORDS,
  RESERVED_USERNAMES,
  WebhookNameErrors,
  type WebhookNameOptions,
} from './rules/webhook-name.js';
export { validateEmbeds, embedSize, sanitizeEmbed, EmbedErrors } from './rules/embed.js';
export {
  validateExecuteBody,
  validateEditMessageBody,
  type ExecuteRuleContext,
  type EditRuleContext,
  type PreviousMessageState,
} from './rules/message.js';
export { parseQueryBoolean, validateSnowflakeQuery } from './rules/message-query.js';
export { effectiveFlags, editedFlags, EXECUTE_FLAGS, EDIT_FLAGS } from './rules/message-flags.js';
export { interactiveComponentPaths } from './rules/message-components.js';
export { MessageErrors, JsonCodes } from './rules/message-errors.js';

/** Literal answers of webhook routes that are not 50035 trees: status, JSON code, message (facts §13). */
export interface WebhookError {
  status: number;
  code: number;
  message: string;
}

export const WebhookErrors = {
  unknownWebhook: { status: 404, code: 10015, message: 'Unknown Webhook' },
  invalidToken: { status: 401, code: 50027, message: 'Invalid Webhook Token' },
  unknownChannel: { status: 404, code: 10003, message: 'Unknown Channel' },
  unknownGuild: { status: 404, code: 10004, message: 'Unknown Guild' },
  unknownMessage: { status: 404, code: 10008, message: 'Unknown Message' },
  missingPermissions: { status: 403, code: 50013, message: 'Missing Permissions' },
  /** The application's bot is not in the channel's guild: it cannot see the channel at all. */
  missingAccess: { status: 403, code: 50001, message: 'Missing Access' },
  unauthorized: { status: 401, code: 0, message: '401: Unauthorized' },
  maxWebhooks: (max: number): WebhookError => ({
    status: 400,
    code: 30007,
    message: `Maximum number of webhooks reached (${max})`,
  }),
  maxGuildWebhooks: (max: number): WebhookError => ({
    status: 400,
    code: 30058,
    message: `Maximum number of webhooks per guild reached (${max})`,
  }),
  emptyMessage: { status: 400, code: 50006, message: 'Cannot send an empty message' },
  servicesInForum: { status: 400, code: 220004, message: 'Webhook services cannot be used in forum channels' },
  tooLarge: { status: 413, code: 40005, message: 'Request entity too large' },
  invalidJson: { status: 400, code: 50109, message: 'The request body contains invalid JSON.' },
  /** A channel of the wrong kind for the action (webhooks in a category, following a channel that is not an announcement channel). */
  wrongChannelType: { status: 400, code: 50024, message: 'Cannot execute action on this channel type' },
  alreadyCrossposted: { status: 400, code: 40033, message: 'This message has already been crossposted.' },
} as const satisfies Record<string, WebhookError | ((n: number) => WebhookError)>;

/** Event kinds (the `X-GitHub-Event` header) the repo-compat endpoint accepts. */
export const REPO_COMPAT_EVENTS = [
  'commit_comment',
  'create',
  'delete',
  'fork',
  'issue_comment',
  'issues',
  'member',
  'public',
  'pull_request',
  'pull_request_review',
  'pull_request_review_comment',
  'push',
  'release',
  'watch',
  'check_run',
  'check_suite',
  'discussion',
  'discussion_comment',
] as const;

/** Chat-compat body properties the service does not support (they are ignored). */
export const CHAT_COMPAT_UNSUPPORTED = ['channel', 'icon_emoji', 'mrkdwn', 'mrkdwn_in'] as const;

/** `data:image/png;base64,…` (png, jpeg, gif, webp), as avatars are sent. */
const IMAGE_DATA = /^data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
export const ImageErrors = { invalid: { code: 'IMAGE_INVALID', message: 'Invalid image data' } } as const;

export function isImageData(value: unknown): value is string {
  return typeof value === 'string' && IMAGE_DATA.test(value);
}

/** Image data's type and base64 payload, or undefined when `value` is not image data. */
export function splitImageData(value: unknown): { contentType: string; base64: string } | undefined {
  if (!isImageData(value)) return undefined;
  return { contentType: value.slice('data:'.length, value.indexOf(';')), base64: value.slice(value.indexOf(',') + 1) };
}

function checkAvatar(out: Problem[], avatar: unknown): void {
  if (avatar === undefined || avatar === null || isImageData(avatar)) return;
  out.push(
    problem(
      'webhook-avatar',
      ['avatar'],
      `avatar must be image data (data:image/png;base64,…), not ${describeValue(avatar)}.`,
      ImageErrors.invalid,
    ),
  );
}

/** POST /channels/{channel.id}/webhooks body. */
export function validateWebhookCreateBody(body: unknown, limits: Limits): Problem[] {
  const out: Problem[] = [];
  if (!isObject(body)) {
    out.push(
      problem('webhook-body-type', [], `The body must be a mapping, not ${describeValue(body)}.`, ApiErrors.object()),
    );
    return out;
  }
  out.push(...validateWebhookName(body.name, limits, { path: ['name'] }));
  checkAvatar(out, body.avatar);
  return out;
}

/**
 * PATCH /webhooks/{id}[/{token}] body. With the token `channel_id` is not
 * accepted: the service ignores it (facts §13), so it is a warning.
 */
export function validateWebhookEditBody(body: unknown, limits: Limits, opts: { byToken: boolean }): Problem[] {
  const out: Problem[] = [];
  if (body === undefined || body === null) return out;
  if (!isObject(body)) {
    out.push(
      problem('webhook-body-type', [], `The body must be a mapping, not ${describeValue(body)}.`, ApiErrors.object()),
    );
    return out;
  }
  if (has(body, 'name')) out.push(...validateWebhookName(body.name, limits, { path: ['name'] }));
  checkAvatar(out, body.avatar);
  if (has(body, 'channel_id')) {
    if (opts.byToken) {
      out.push({
        rule: 'webhook-channel-by-token',
        severity: 'warning',
        path: ['channel_id'],
        message:
          'channel_id cannot be changed with the webhook token; the service ignores it (use the id route with MANAGE_WEBHOOKS).',
      });
    } else if (!isSnowflake(body.channel_id)) {
      out.push(
        problem(
          'webhook-channel-id',
          ['channel_id'],
          `channel_id must be a channel id, not ${describeValue(body.channel_id)}.`,
          ApiErrors.snowflake(body.channel_id),
        ),
      );
    }
  }
  return out;
}

/** Webhook tokens as the service issues them (facts §5.2); clients should treat them as opaque. */
export const WEBHOOK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{68}$/;

/**
 * Whether a webhook read from a channel is one the application made itself
 * (`POST /channels/{id}/webhooks` with its bot token): an incoming webhook
 * with its application_id whose creator is its bot user. A webhook made by a
 * user's `webhook.incoming` consent carries the application's id too, but its
 * creator is that user: it is theirs, and a plan never adopts or prunes it.
 * A webhook read without its creator is judged by application_id alone.
 */
export function isApplicationsOwnWebhook(w: WebhookState, applicationId: string): boolean {
  return w.type === WebhookType.INCOMING && w.applicationId === applicationId && w.createdByUser !== true;
}

/**
 * Where the service serves a webhook's avatar (the CDN's user-avatar path,
 * which webhooks share): the only form of a stored avatar a manifest can name,
 * since the service keeps a hash, not the image. Animated (`a_`) hashes are GIFs.
 */
export function webhookAvatarUrl(webhookId: string, avatarHash: string): string {
  return `https://cdn.discordapp.com/avatars/${webhookId}/${avatarHash}.${avatarHash.startsWith('a_') ? 'gif' : 'png'}`;
}
