/**
 * POST /oauth2/token, client-credentials grant only (facts §8):
 * form-urlencoded or multipart/form-data body (oceanic.js sends multipart), HTTP Basic client_id:client_secret (or both in the
 * body), `grant_type=client_credentials`, `scope` space-separated. Errors use
 * the OAuth2 `{ error, error_description }` shape, not `{ code, message }`.
 */
import { safeEqual, SCOPE_COMMANDS_UPDATE } from '../http/auth.js';
import { randomToken } from '../state/ids.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import type { Application } from '../state/world.js';

/** Client-credentials tokens last a week. */
export const TOKEN_LIFETIME_S = 604800;

/**
 * Scopes a client-credentials grant may carry. The permission-edit scope is
 * absent on purpose: it comes only from a user's authorization (facts §6).
 */
const CLIENT_CREDENTIALS_SCOPES = new Set([
  'identify',
  'email',
  'connections',
  'guilds',
  'applications.commands',
  SCOPE_COMMANDS_UPDATE,
  'applications.builds.read',
  'applications.builds.upload',
  'applications.entitlements',
  'applications.store.update',
]);

function oauthError(status: number, error: string, description: string): EmulatorResponse {
  return { status, body: { error, error_description: description } };
}

/** A Basic credential: its parts, or `unreadable` when they are not valid percent-encoding (no client can be named so). */
export type BasicCredentials = { id: string; secret: string } | 'unreadable';

function percentDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export function basicCredentials(header: string | string[] | undefined): BasicCredentials | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const m = value ? /^Basic\s+(\S+)$/i.exec(value.trim()) : null;
  if (!m) return undefined;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = text.indexOf(':');
  if (i < 0) return undefined;
  const id = percentDecoded(text.slice(0, i));
  const secret = percentDecoded(text.slice(i + 1));
  return id === undefined || secret === undefined ? 'unreadable' : { id, secret };
}

/** The form's plain fields; undefined for a body the endpoint cannot read as a form. */
export async function readForm(req: EmulatorRequest): Promise<URLSearchParams | undefined> {
  const header = String(req.headers['content-type'] ?? '');
  const type = header.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return new URLSearchParams(req.rawBody.toString('utf8'));
  if (type !== 'multipart/form-data') return undefined;
  try {
    const form = await new Response(req.rawBody, { headers: { 'content-type': header } }).formData();
    const fields = new URLSearchParams();
    for (const [name, value] of form.entries()) if (typeof value === 'string') fields.append(name, value);
    return fields;
  } catch {
    return undefined;
  }
}

async function token(req: EmulatorRequest, ctx: HandlerContext): Promise<EmulatorResponse> {
  const form = await readForm(req);
  // The token endpoint cannot read a JSON body at all, so the grant type is "missing".
  if (!form) return oauthError(400, 'unsupported_grant_type', 'Unsupported grant type');
  const basic = basicCredentials(req.headers.authorization);
  if (basic === 'unreadable') return oauthError(401, 'invalid_client', 'Invalid client');
  const clientId = basic?.id ?? form.get('client_id') ?? '';
  const secret = basic?.secret ?? form.get('client_secret') ?? '';
  let app: Application | undefined;
  for (const candidate of Object.values(ctx.world.applications)) {
    if (candidate.id === clientId && candidate.clientSecret !== undefined && safeEqual(candidate.clientSecret, secret))
      app = candidate;
  }
  if (!app) return oauthError(401, 'invalid_client', 'Invalid client');
  if (form.get('grant_type') !== 'client_credentials')
    return oauthError(400, 'unsupported_grant_type', 'Unsupported grant type');
  const scopes = (form.get('scope') ?? '').split(/\s+/).filter(Boolean);
  if (scopes.length === 0 || scopes.some((s) => !CLIENT_CREDENTIALS_SCOPES.has(s))) {
    return oauthError(400, 'invalid_scope', 'The requested scope is invalid, unknown, or malformed.');
  }
  const now = ctx.now();
  // Expired grants are forgotten here, so the world does not grow without bound.
  for (const [value, grant] of Object.entries(ctx.world.bearers))
    if (grant.expiresAt <= now) delete ctx.world.bearers[value];
  const accessToken = randomToken(24);
  ctx.world.bearers[accessToken] = { applicationId: app.id, scopes, expiresAt: now + TOKEN_LIFETIME_S * 1000 };
  ctx.changed();
  return {
    status: 200,
    body: { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_S, scope: scopes.join(' ') },
  };
}

export const oauthRoutes: Route[] = [
  { method: 'POST', pattern: '/oauth2/token', auth: 'none', bucket: 'oauth.token', handler: token },
];
