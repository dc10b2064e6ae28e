/**
 * Executing a webhook and the webhook's own messages (get, edit, delete),
 * all authorised by the token in the path.
 */
import { ChannelType } from '../../wire/enums.js';
import type { Problem } from '../../wire/problem.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import {
  type ExecuteRuleContext,
  isForumLike,
  parseQueryBoolean,
  validateEditMessageBody,
  validateExecuteBody,
  validateSnowflakeQuery,
  WebhookErrors,
} from '../../wire/webhook.js';
import { ApiErrors, problem } from '../../wire/problem.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import type { MultipartFile } from '../http/multipart.js';
import {
  errorResponse,
  findChannel,
  isResponse,
  limitsOf,
  messageOf,
  problemsResponse,
  threadOf,
  webhookByToken,
} from '../state/webhook-access.js';
import { applyEdit, buildExecutedMessage } from '../models/webhook-message.js';
import { announceMessage } from '../models/message-events.js';
import type { Channel, StoredMessage, StoredWebhook } from '../state/world.js';

/** The parsed query of an execute-like call, or the 50035 answer to a malformed one. */
export interface ExecuteQuery {
  wait: boolean;
  withComponents: boolean;
  threadId: string | undefined;
}

export function parseExecuteQuery(req: EmulatorRequest, waitDefault: boolean): ExecuteQuery | EmulatorResponse {
  const wait = parseQueryBoolean(req.query.get('wait'), 'wait', waitDefault);
  const withComponents = parseQueryBoolean(req.query.get('with_components'), 'with_components', false);
  const threadId = req.query.get('thread_id') ?? undefined;
  const bad = problemsResponse([
    ...wait.problems,
    ...withComponents.problems,
    ...validateSnowflakeQuery(threadId, 'thread_id'),
  ]);
  if (bad) return bad;
  return { wait: wait.value, withComponents: withComponents.value, threadId };
}

/** Checks on the files themselves: how many, and how many bytes (413 like the service's upload limit). */
function fileProblems(files: readonly MultipartFile[], ctx: HandlerContext): EmulatorResponse | undefined {
  const limits = limitsOf(ctx);
  const bytes = files.reduce((n, f) => n + f.data.length, 0);
  if (bytes > limits.upload_bytes_max) return errorResponse(WebhookErrors.tooLarge);
  if (files.length > limits.files_per_message) {
    const p: Problem = problem(
      'message-files-count',
      ['files'],
      `A message holds at most ${limits.files_per_message} files.`,
      ApiErrors.maxLength(limits.files_per_message),
    );
    return problemsResponse([p]);
  }
  return undefined;
}

export interface SendOptions {
  webhook: StoredWebhook;
  body: unknown;
  files: readonly MultipartFile[];
  query: ExecuteQuery;
}

/**
 * Validates and stores one webhook message; shared by execute and the
 * compatibility endpoints. Returns the stored message object or the refusal.
 */
export function sendWebhookMessage(ctx: HandlerContext, opts: SendOptions): Obj | EmulatorResponse {
  const { webhook, query } = opts;
  const found = webhook.channel_id ? findChannel(ctx.world, webhook.channel_id) : undefined;
  if (!found) return errorResponse(WebhookErrors.unknownChannel);
  let thread: Channel | undefined;
  if (query.threadId !== undefined) {
    const t = threadOf(ctx.world, webhook, query.threadId);
    if (isResponse(t)) return t;
    thread = t;
  }
  const tooMany = fileProblems(opts.files, ctx);
  if (tooMany) return tooMany;
  const applicationOwned = webhook.application_id !== null;
  const rules: ExecuteRuleContext = {
    limits: limitsOf(ctx),
    channelType: found.channel.type,
    threadId: query.threadId ?? null,
    hasFiles: opts.files.length > 0,
    withComponents: query.withComponents,
    applicationOwned,
  };
  // Added, not spread in: a literal ending in a spread is built key by key on V8's slow path.
  if (isForumLike(found.channel.type)) rules.availableTags = (found.channel.availableTags ?? []).map((t) => t.id);
  const problems = validateExecuteBody(opts.body, rules);
  const refused = problemsResponse(problems);
  if (refused) return refused;

  const body: Obj = isObject(opts.body) ? opts.body : {};
  const id = ctx.nextId();
  // A new forum post takes the id of its first message (facts §13).
  const newPost = typeof body.thread_name === 'string' && isForumLike(found.channel.type);
  const channelId = newPost ? id : (thread?.id ?? found.channel.id);
  // Everything is built before anything changes: a request that fails leaves the world as it was.
  const stored = buildExecutedMessage({
    id,
    body,
    files: opts.files,
    webhook,
    guild: found.guild,
    channelId,
    componentsRespected: applicationOwned || query.withComponents,
    nowMs: ctx.now(),
    nextId: () => ctx.nextId(),
  });
  if (thread?.archived) thread.archived = false;
  if (newPost) {
    const tags = Array.isArray(body.applied_tags)
      ? body.applied_tags.filter((t): t is string => typeof t === 'string')
      : [];
    const post: Channel & { appliedTags?: string[] } = {
      id,
      guildId: found.guild.id,
      type: ChannelType.PUBLIC_THREAD,
      name: (body.thread_name as string).trim(),
      parentId: found.channel.id,
      archived: false,
      ...(tags.length > 0 ? { appliedTags: tags } : {}),
    };
    found.guild.channels.push(post);
  }
  ctx.world.messages[id] = stored;
  ctx.changed();
  noteWebhookMessage(ctx, stored, 'create', opts.files);
  return stored.message;
}

/** Tells the bots in the guild (MESSAGE_CREATE/UPDATE/DELETE) and observers (the web view) what a webhook did to a channel's messages. */
export function noteWebhookMessage(
  ctx: HandlerContext,
  stored: StoredMessage,
  action: 'create' | 'update' | 'delete',
  files: readonly MultipartFile[] = [],
): void {
  announceMessage(ctx.events, ctx.world, stored, action, { files });
}

/** Execute's answer, and the compatibility endpoints' ("as execute"): the message with `wait`, else 204. */
export function executeAnswer(query: ExecuteQuery, message: Obj): EmulatorResponse {
  return query.wait ? { status: 200, body: message } : { status: 204 };
}

function execute(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const webhook = webhookByToken(req, ctx);
  if (isResponse(webhook)) return webhook;
  const query = parseExecuteQuery(req, false);
  if (isResponse(query)) return query;
  const message = sendWebhookMessage(ctx, { webhook, body: req.body, files: req.files, query });
  if (isResponse(message)) return message;
  // The spec: 204 without wait, files or not (the live service was seen answering 200 with files: docs/deviations.md).
  return executeAnswer(query, message);
}

/** A message this webhook sent, found by token, id and (for messages in threads) `thread_id`. */
function ownMessage(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse | ReturnType<typeof messageOf> {
  const webhook = webhookByToken(req, ctx);
  if (isResponse(webhook)) return webhook;
  const bad = problemsResponse(validateSnowflakeQuery(req.query.get('thread_id'), 'thread_id'));
  if (bad) return bad;
  return messageOf(req, ctx, webhook);
}

function getMessage(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const stored = ownMessage(req, ctx);
  if (isResponse(stored)) return stored;
  return { status: 200, body: stored.message };
}

function editMessage(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const webhook = webhookByToken(req, ctx);
  if (isResponse(webhook)) return webhook;
  const query = parseExecuteQuery(req, false);
  if (isResponse(query)) return query;
  const stored = messageOf(req, ctx, webhook);
  if (isResponse(stored)) return stored;
  const tooMany = fileProblems(req.files, ctx);
  if (tooMany) return tooMany;
  const m = stored.message;
  const applicationOwned = webhook.application_id !== null;
  const problems = validateEditMessageBody(req.body, {
    limits: limitsOf(ctx),
    previous: {
      content: (m.content as string) ?? '',
      embeds: (m.embeds as unknown[]) ?? [],
      attachments: (m.attachments as unknown[]) ?? [],
      components: (m.components as unknown[]) ?? [],
      poll: m.poll ?? null,
      flags: (m.flags as number) ?? 0,
    },
    hasFiles: req.files.length > 0,
    withComponents: query.withComponents,
    applicationOwned,
  });
  const refused = problemsResponse(problems);
  if (refused) return refused;
  const where = findChannel(ctx.world, stored.channel_id);
  applyEdit({
    stored,
    body: isObject(req.body) ? req.body : {},
    files: req.files,
    guild: where?.guild,
    componentsRespected: applicationOwned || query.withComponents,
    nowMs: ctx.now(),
    nextId: () => ctx.nextId(),
  });
  ctx.changed();
  noteWebhookMessage(ctx, stored, 'update', req.files);
  return { status: 200, body: stored.message };
}

function deleteMessage(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const stored = ownMessage(req, ctx);
  if (isResponse(stored)) return stored;
  delete ctx.world.messages[stored.id];
  ctx.changed();
  noteWebhookMessage(ctx, stored, 'delete');
  return { status: 204 };
}

export const webhookMessageRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/webhooks/:webhookId/:webhookToken',
    auth: 'none',
    bucket: 'webhook.execute',
    handler: execute,
  },
  {
    method: 'GET',
    pattern: '/webhooks/:webhookId/:webhookToken/messages/:messageId',
    auth: 'none',
    bucket: 'webhooks',
    handler: getMessage,
  },
  {
    method: 'PATCH',
    pattern: '/webhooks/:webhookId/:webhookToken/messages/:messageId',
    auth: 'none',
    bucket: 'webhooks',
    handler: editMessage,
  },
  {
    method: 'DELETE',
    pattern: '/webhooks/:webhookId/:webhookToken/messages/:messageId',
    auth: 'none',
    bucket: 'webhooks',
    handler: deleteMessage,
  },
];
