/**
 * The `webhook.incoming` OAuth2 flow, both halves:
 *   POST /__emulator/oauth2/authorize   the user's consent (control token; also POST /__emulator/authorize
 *                                        with webhook.incoming among its scopes): { scope: "webhook.incoming",
 *                                        channel_id, user_id?, client_id?, redirect_uri? } → { code, guild_id,
 *                                        channel_id, location? }, what the authorize page would redirect with
 *   POST /oauth2/token                   grant_type=authorization_code: the token, and `webhook` with its `url`
 * Other grant types go on to the client-credentials handler (oauth.ts).
 */
import { Permission } from '../../wire/permissions.js';
import { memberChannelPermissions } from '../../wire/interactions/payload.js';
import { WebhookErrors } from '../../wire/webhook.js';
import { safeEqual } from '../http/auth.js';
import { randomToken } from '../state/ids.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { channelFacts, guildFacts } from '../interactions/place.js';
import { own } from '../state/own.js';
import { errorResponse, findChannel, newWebhookToken } from '../state/webhook-access.js';
import type { WebhookAuthorizations } from '../state/webhook-authorizations.js';
import { webhookObject } from '../models/webhook-shape.js';
import { normalizeWebhookName } from '../../wire/webhook.js';
import { WebhookType } from '../../wire/enums.js';
import type { StoredWebhook, World } from '../state/world.js';
import { basicCredentials, readForm, TOKEN_LIFETIME_S } from './oauth.js';
import { capacityError, WEBHOOK_CHANNEL_TYPES, webhooksChanged } from './webhooks.js';
import type { Obj } from '../../wire/rules/values.js';

export const WEBHOOK_SCOPE = 'webhook.incoming';
export const AUTHORIZE_PATH = '/oauth2/authorize' as const;

const MANAGE_WEBHOOKS = Permission.MANAGE_WEBHOOKS;

const bad = (message: string): EmulatorResponse => ({ status: 400, body: { message } });
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The consent: checked as the authorize page would (the user picks a channel they may manage webhooks in). */
function authorize(world: World, defaultAppId: string, codes: WebhookAuthorizations, body: unknown): EmulatorResponse {
  const b = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Obj) : {};
  // The authorize URL's space-separated `scope`, or the install route's `scopes` list (POST /__emulator/authorize hands it on).
  const scopes = Array.isArray(b.scopes)
    ? b.scopes.filter((x): x is string => typeof x === 'string')
    : (str(b.scope) ?? '').split(/\s+/).filter(Boolean);
  if (!scopes.includes(WEBHOOK_SCOPE))
    return bad(`scope must include ${WEBHOOK_SCOPE}: the webhook flow is the one authorization emulated here`);
  const others = scopes.filter((s) => s !== WEBHOOK_SCOPE && s !== 'identify');
  if (others.length > 0)
    return bad(
      `not emulated by this flow: scope ${others.join(', ')} (only ${WEBHOOK_SCOPE}, with identify; an install with bot or applications.commands is POST /__emulator/authorize)`,
    );
  const appId = str(b.client_id) ?? defaultAppId;
  if (!own(world.applications, appId)) return bad(`unknown application ${appId}`);
  const channelId = str(b.channel_id);
  if (!channelId) return bad('channel_id: the channel the user picks for the webhook');
  const found = findChannel(world, channelId);
  if (!found) return bad(`unknown channel ${channelId}`);
  if (!WEBHOOK_CHANNEL_TYPES.includes(found.channel.type)) return bad(`channel ${channelId} cannot hold webhooks`);
  const userId = str(b.user_id) ?? found.guild.members[0]?.id;
  const member = found.guild.members.find((m) => m.id === userId);
  if (!userId || !member) return bad(`user ${userId ?? '(none)'} is not a member of guild ${found.guild.id}`);
  const bits = memberChannelPermissions(
    guildFacts(found.guild),
    { id: member.id, roleIds: member.roles ?? [] },
    channelFacts(found.guild, channelId)!,
  );
  if ((bits & MANAGE_WEBHOOKS) === 0n)
    return bad(`user ${userId} lacks MANAGE_WEBHOOKS in channel ${channelId}: the authorize page would not offer it`);
  const redirectUri = str(b.redirect_uri);
  const code = codes.issue({ applicationId: appId, userId, guildId: found.guild.id, channelId, redirectUri, scopes });
  const location = redirectUri
    ? `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${new URLSearchParams({ code, guild_id: found.guild.id })}`
    : undefined;
  return {
    status: 200,
    body: { code, guild_id: found.guild.id, channel_id: channelId, ...(location ? { location } : {}) },
  };
}

export function webhookAuthorizeControl(
  world: () => World,
  defaultAppId: string,
  codes: WebhookAuthorizations,
): (method: string, path: string, body: unknown) => Promise<EmulatorResponse> | undefined {
  return (method, path, body) => {
    if (path !== AUTHORIZE_PATH) return undefined;
    if (method !== 'POST') return Promise.resolve({ status: 405, body: { message: 'Method not allowed' } });
    return Promise.resolve(authorize(world(), defaultAppId, codes, body));
  };
}

function oauthError(status: number, error: string, description: string): EmulatorResponse {
  return { status, body: { error, error_description: description } };
}

/** The URL that executes the webhook: this emulator's API, as the service gives its own. */
function executeUrl(req: EmulatorRequest, webhook: StoredWebhook): string {
  return `http://${String(req.headers.host ?? '127.0.0.1')}/api/v10/webhooks/${webhook.id}/${webhook.token}`;
}

async function exchangeCode(
  req: EmulatorRequest,
  ctx: HandlerContext,
  form: URLSearchParams,
  codes: WebhookAuthorizations,
): Promise<EmulatorResponse> {
  const basic = basicCredentials(req.headers.authorization);
  if (basic === 'unreadable') return oauthError(401, 'invalid_client', 'Invalid client');
  const clientId = basic?.id ?? form.get('client_id') ?? '';
  const secret = basic?.secret ?? form.get('client_secret') ?? '';
  const app = own(ctx.world.applications, clientId);
  if (!app || app.clientSecret === undefined || !safeEqual(app.clientSecret, secret))
    return oauthError(401, 'invalid_client', 'Invalid client');
  const grant = codes.take(form.get('code') ?? '');
  if (!grant || grant.applicationId !== app.id) return oauthError(400, 'invalid_grant', 'Invalid "code" in request.');
  if (grant.redirectUri !== undefined && form.get('redirect_uri') !== grant.redirectUri)
    return oauthError(400, 'invalid_grant', 'Invalid "redirect_uri" in request.');
  const found = findChannel(ctx.world, grant.channelId);
  if (!found) return errorResponse(WebhookErrors.unknownChannel);
  const full = capacityError(ctx, found.guild.id, found.channel.id);
  if (full) return full;
  const webhook: StoredWebhook = {
    id: ctx.nextId(),
    type: WebhookType.INCOMING,
    guild_id: found.guild.id,
    channel_id: found.channel.id,
    name: normalizeWebhookName(app.name),
    avatar: null,
    token: newWebhookToken(),
    application_id: app.id,
    creatorId: grant.userId,
  };
  ctx.world.webhooks[webhook.id] = webhook;
  const accessToken = randomToken(24);
  ctx.world.bearers[accessToken] = {
    applicationId: app.id,
    scopes: grant.scopes,
    userId: grant.userId,
    expiresAt: ctx.now() + TOKEN_LIFETIME_S * 1000,
  };
  ctx.changed();
  webhooksChanged(ctx, webhook.guild_id, webhook.channel_id);
  return {
    status: 200,
    body: {
      token_type: 'Bearer',
      access_token: accessToken,
      expires_in: TOKEN_LIFETIME_S,
      // Refreshing is not emulated: a refresh_token grant is answered unsupported_grant_type, loudly.
      refresh_token: randomToken(24),
      scope: grant.scopes.join(' '),
      webhook: { ...webhookObject(ctx.world, webhook, { withUser: true }), url: executeUrl(req, webhook) },
    },
  };
}

/**
 * The token route with the authorization-code grant in front: `routes` must
 * hold the client-credentials `POST /oauth2/token`, which answers every other grant.
 */
export function withCodeGrant(routes: readonly Route[], codes: WebhookAuthorizations): Route[] {
  return routes.map((route) => {
    if (route.method !== 'POST' || route.pattern !== '/oauth2/token') return route;
    const next = route.handler;
    return {
      ...route,
      handler: async (req: EmulatorRequest, ctx: HandlerContext) => {
        const form = await readForm(req);
        const grantType = form?.get('grant_type');
        if (form && grantType === 'authorization_code') return exchangeCode(req, ctx, form, codes);
        if (grantType === 'refresh_token')
          return oauthError(400, 'unsupported_grant_type', 'refresh_token grants are not emulated');
        return next(req, ctx);
      },
    };
  });
}
