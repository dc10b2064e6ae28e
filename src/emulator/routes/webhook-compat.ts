/**
 * The compatibility endpoints at their real paths: `/slack` (chat-service
 * payloads) and `/github` (repository-host events). Each turns its foreign
 * body into an execute body, sends it like execute does and answers as
 * execute (the message, as `wait` defaults to true here); neither works in a
 * forum or media channel (220004).
 */
import { isForumLike, REPO_COMPAT_EVENTS, WebhookErrors } from '../../wire/webhook.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { errorResponse, findChannel, isResponse, limitsOf, webhookByToken } from '../state/webhook-access.js';
import { slackToExecuteBody } from '../models/webhook-slack.js';
import { githubToExecuteBody } from '../models/webhook-github.js';
import type { StoredWebhook } from '../state/world.js';
import { executeAnswer, parseExecuteQuery, sendWebhookMessage } from './webhook-messages.js';

/**
 * What both compatibility endpoints check first: the webhook and its token,
 * the query (`wait` defaults to true here), and that the channel is not a
 * forum or media channel (220004).
 */
function compatTarget(
  req: EmulatorRequest,
  ctx: HandlerContext,
):
  | EmulatorResponse
  | { webhook: StoredWebhook; query: Exclude<ReturnType<typeof parseExecuteQuery>, EmulatorResponse> } {
  const webhook = webhookByToken(req, ctx);
  if (isResponse(webhook)) return webhook;
  const query = parseExecuteQuery(req, true);
  if (isResponse(query)) return query;
  const found = webhook.channel_id ? findChannel(ctx.world, webhook.channel_id) : undefined;
  if (found && isForumLike(found.channel.type)) return errorResponse(WebhookErrors.servicesInForum);
  return { webhook, query };
}

function slack(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const target = compatTarget(req, ctx);
  if (isResponse(target)) return target;
  const { webhook, query } = target;
  const sent = sendWebhookMessage(ctx, { webhook, body: slackToExecuteBody(req.body), files: [], query });
  if (isResponse(sent)) return sent;
  // "As execute" (spec), with wait defaulting to true; the live service's plain `ok` is a deviation we do not copy (docs/deviations.md).
  return executeAnswer(query, sent);
}

function github(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const target = compatTarget(req, ctx);
  if (isResponse(target)) return target;
  const { webhook, query } = target;
  const header = req.headers['x-github-event'];
  const event = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? '';
  // Events outside the list (ping included) are acknowledged and dropped, so the host keeps delivering.
  if (!(REPO_COMPAT_EVENTS as readonly string[]).includes(event)) return { status: 204 };
  const body = githubToExecuteBody(event, req.body, limitsOf(ctx));
  if (body === undefined) return { status: 204 };
  const sent = sendWebhookMessage(ctx, { webhook, body, files: [], query });
  if (isResponse(sent)) return sent;
  return executeAnswer(query, sent);
}

export const webhookCompatRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/webhooks/:webhookId/:webhookToken/slack',
    auth: 'none',
    bucket: 'webhook.execute',
    handler: slack,
  },
  {
    method: 'POST',
    pattern: '/webhooks/:webhookId/:webhookToken/github',
    auth: 'none',
    bucket: 'webhook.execute',
    handler: github,
  },
];
