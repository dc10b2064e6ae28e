/**
 * Answering interactions (facts §9.2): the callback route, and the
 * application webhook routes an interaction token opens
 * (`/webhooks/{application.id}/{token}` and its `messages/@original|{id}`).
 * Those share their paths with ordinary webhooks: a token that is not a live
 * interaction's falls through to the webhook routes.
 */
import { InteractionErrors } from '../../wire/interactions/callback.js';
import type { Limits } from '../../wire/limits.js';
import { parseQueryBoolean, WebhookErrors } from '../../wire/webhook.js';
import {
  apiError,
  type EmulatorRequest,
  type EmulatorResponse,
  type Handler,
  type HandlerContext,
  type Route,
} from '../http/http-types.js';
import type { RouteBucket } from '../http/buckets.js';
import {
  applyCallback,
  deleteMessage,
  editMessage,
  getMessage,
  postFollowup,
  type AnswerEnv,
} from '../interactions/answer.js';
import type { InteractionRegistry, LiveInteraction } from '../interactions/registry.js';
import { errorResponse, limitsOf, problemsResponse } from '../state/webhook-access.js';
import { applicationWebhookObject } from '../models/webhook-shape.js';

/** The world an interaction is answered in: the request's, or for an earlier scenario's interaction the world it left (registry.ts `retire`). */
function envOf(ctx: HandlerContext, live: LiveInteraction): AnswerEnv {
  const world = live.retiredIn ?? ctx.world;
  return { world, nextId: ctx.nextId, now: ctx.now, limits: limitsOf(ctx) as Limits, events: ctx.events };
}

/** The answer, marked with the interaction it was made for (the request's note carries it). */
const of = (live: LiveInteraction, response: EmulatorResponse): EmulatorResponse => ({
  ...response,
  interactionId: live.id,
});

function withResponseQuery(req: EmulatorRequest): boolean | EmulatorResponse {
  const parsed = parseQueryBoolean(req.query.get('with_response'), 'with_response', false);
  return problemsResponse(parsed.problems) ?? parsed.value;
}

export function interactionRoutes(registry: InteractionRegistry, webhookRoutes: readonly Route[]): Route[] {
  const callback: Handler = (req, ctx) => {
    const live = registry.byIdAndToken(req.params.interactionId ?? '', req.params.interactionToken ?? '');
    if (!live) return apiError(InteractionErrors.unknown);
    const withResponse = withResponseQuery(req);
    if (typeof withResponse !== 'boolean') return withResponse;
    return of(live, applyCallback(registry, envOf(ctx, live), live, req.body, req.files, withResponse));
  };

  /** The live interaction of the token in the path; `undefined` when the path names an ordinary webhook. */
  const liveOf = (req: EmulatorRequest): LiveInteraction | EmulatorResponse | undefined => {
    const found = registry.byToken(req.params.webhookId ?? '', req.params.webhookToken ?? '');
    if (found === 'expired') return errorResponse(WebhookErrors.invalidToken);
    return found;
  };
  const fallback = (method: string, pattern: string): Handler => {
    const route = webhookRoutes.find((r) => r.method === method && r.pattern === pattern);
    return route ? route.handler : () => errorResponse(WebhookErrors.unknownWebhook);
  };
  /** A route shared with ordinary webhooks (the same path and method, so the same bucket as theirs). */
  const either = (
    method: Route['method'],
    pattern: string,
    bucket: RouteBucket,
    onLive: (live: LiveInteraction, req: EmulatorRequest, ctx: HandlerContext) => EmulatorResponse,
  ): Route => {
    const other = fallback(method, pattern);
    return {
      method,
      pattern,
      auth: 'none',
      bucket,
      handler: (req, ctx) => {
        const live = liveOf(req);
        if (live === undefined) return other(req, ctx);
        if ('status' in live && typeof live.status === 'number') return live as EmulatorResponse;
        return of(live as LiveInteraction, onLive(live as LiveInteraction, req, ctx));
      },
    };
  };
  const original = (
    method: Route['method'],
    onLive: (live: LiveInteraction, req: EmulatorRequest, ctx: HandlerContext) => EmulatorResponse,
  ): Route => ({
    method,
    pattern: '/webhooks/:webhookId/:webhookToken/messages/@original',
    auth: 'none',
    bucket: 'webhooks',
    handler: (req, ctx) => {
      const live = liveOf(req);
      // @original exists only for interaction tokens; anything else is an unknown webhook.
      if (live === undefined) return errorResponse(WebhookErrors.unknownWebhook);
      if ('status' in live && typeof live.status === 'number') return live as EmulatorResponse;
      return of(live as LiveInteraction, onLive(live as LiveInteraction, req, ctx));
    },
  });
  const msgPattern = '/webhooks/:webhookId/:webhookToken/messages/:messageId';
  return [
    {
      method: 'POST',
      pattern: '/interactions/:interactionId/:interactionToken/callback',
      auth: 'none',
      bucket: 'exempt',
      handler: callback,
    },
    original('GET', (live) => getMessage(live, '@original')),
    original('PATCH', (live, req, ctx) =>
      editMessage(registry, envOf(ctx, live), live, '@original', req.body, req.files),
    ),
    original('DELETE', (live, _req, ctx) =>
      deleteMessage(registry, live, '@original', ctx.events, envOf(ctx, live).world),
    ),
    either('POST', '/webhooks/:webhookId/:webhookToken', 'webhook.execute', (live, req, ctx) =>
      postFollowup(registry, envOf(ctx, live), live, req.body, req.files),
    ),
    // The interaction token opens the application's webhook (type 3): GET answers it as a webhook.
    either('GET', '/webhooks/:webhookId/:webhookToken', 'webhooks', (live, _req, ctx) => {
      const app = ctx.world.applications[live.applicationId];
      return app ? { status: 200, body: applicationWebhookObject(app) } : errorResponse(WebhookErrors.unknownWebhook);
    }),
    either('GET', msgPattern, 'webhooks', (live, req) => getMessage(live, req.params.messageId ?? '')),
    either('PATCH', msgPattern, 'webhooks', (live, req, ctx) =>
      editMessage(registry, envOf(ctx, live), live, req.params.messageId ?? '', req.body, req.files),
    ),
    either('DELETE', msgPattern, 'webhooks', (live, req, ctx) =>
      deleteMessage(registry, live, req.params.messageId ?? '', ctx.events, envOf(ctx, live).world),
    ),
  ];
}
