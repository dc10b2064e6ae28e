/**
 * Finding webhooks, channels and messages for the webhook routes, and who may
 * touch them by token: the token in the path, compared in constant time
 * (by id, MANAGE_WEBHOOKS: routes/webhook-manage.ts).
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_LIMITS, type Limits } from '../../wire/limits.js';
import type { Problem } from '../../wire/problem.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { isThreadType, WebhookErrors, type WebhookError } from '../../wire/webhook.js';
import { formErrorResponse } from '../http/form-errors.js';
import { own } from './own.js';
import { secretMatches } from './secrets.js';
import { apiError, type EmulatorRequest, type EmulatorResponse, type HandlerContext } from '../http/http-types.js';
import { findChannel, type Channel, type StoredMessage, type StoredWebhook, type World } from './world.js';

export function errorResponse(e: WebhookError): EmulatorResponse {
  return apiError(e);
}

/** The limits the emulator was started with, when the core passes them on the context. */
export function limitsOf(ctx: HandlerContext): Limits {
  return (ctx as HandlerContext & { limits?: Limits }).limits ?? DEFAULT_LIMITS;
}

/**
 * Problems → the service's answer. A malformed body (50035) is reported
 * before the semantic refusals with their own codes (50006, 2200xx), as the
 * service validates the form first. Warnings and unenforced findings pass.
 */
export function problemsResponse(problems: readonly Problem[]): EmulatorResponse | undefined {
  // Nearly every request has none: no filtered copies for them.
  if (problems.length === 0) return undefined;
  const enforced = problems.filter((p) => p.api && p.severity === 'error');
  return formErrorResponse(enforced.filter((p) => p.jsonCode === undefined)) ?? formErrorResponse(enforced);
}

// 51 random bytes are exactly 68 base64url characters, the length of real tokens.
export function newWebhookToken(): string {
  return randomBytes(51).toString('base64url');
}

/** A token in a path is the stored one: constant time whatever the lengths (state/secrets.ts). */
export const tokenMatches = secretMatches;

// Channels by id: an index the world keeps (world.ts).
export { findChannel };

/** The webhook named by id and token in the path, or the service's refusal. */
export function webhookByToken(req: EmulatorRequest, ctx: HandlerContext): StoredWebhook | EmulatorResponse {
  const webhook = own(ctx.world.webhooks, req.params.webhookId);
  if (!webhook) return errorResponse(WebhookErrors.unknownWebhook);
  if (!tokenMatches(webhook.token, req.params.webhookToken ?? '')) return errorResponse(WebhookErrors.invalidToken);
  return webhook;
}

export function isResponse(v: unknown): v is EmulatorResponse {
  return typeof v === 'object' && v !== null && 'status' in v && typeof (v as EmulatorResponse).status === 'number';
}

/**
 * The thread named by `thread_id`: a thread whose parent is the webhook's
 * channel, else Unknown Channel.
 */
export function threadOf(world: World, webhook: StoredWebhook, threadId: Snowflake): Channel | EmulatorResponse {
  const found = findChannel(world, threadId);
  if (!found || !isThreadType(found.channel.type) || found.channel.parentId !== webhook.channel_id) {
    return errorResponse(WebhookErrors.unknownChannel);
  }
  return found.channel;
}

/**
 * A message sent through this webhook. A message inside a thread is found
 * only with `thread_id` naming that thread; without it (or with another
 * thread) the answer is Unknown Message (facts §13).
 */
export function messageOf(
  req: EmulatorRequest,
  ctx: HandlerContext,
  webhook: StoredWebhook,
): StoredMessage | EmulatorResponse {
  const threadId = req.query.get('thread_id');
  if (threadId !== null) {
    const thread = threadOf(ctx.world, webhook, threadId);
    if (isResponse(thread)) return thread;
  }
  const stored = own(ctx.world.messages, req.params.messageId);
  if (!stored || stored.webhookId !== webhook.id) return errorResponse(WebhookErrors.unknownMessage);
  const where = findChannel(ctx.world, stored.channel_id);
  const inThread = where !== undefined && isThreadType(where.channel.type);
  if (inThread ? threadId !== stored.channel_id : threadId !== null) return errorResponse(WebhookErrors.unknownMessage);
  return stored;
}
