/**
 * Who the caller is, as clients ask at login: GET /users/@me (the bot user),
 * GET and PATCH /applications/@me, GET /oauth2/applications/@me. discord.py's
 * login, oceanic.js `restMode()` and discord.js `client.application.fetch()`
 * call these before anything else. Shapes follow the service's user and
 * application objects; only the fields the emulator models change.
 */
import { BOT_DISCRIMINATOR } from '../../wire/bot-user.js';
import { createHash } from 'node:crypto';
import { ApplicationFlag } from '../../wire/application.js';
import { SETTABLE_APPLICATION_FLAGS, validateApplicationPatch } from '../../wire/rules/application-patch.js';
import { EMULATOR_MARKER_HEADER } from '../../wire/emulator-control.js';
import { IntegrationType } from '../../wire/enums.js';
import { CONTROL_PREFIX } from './control.js';
import { ApiErrors, problem } from '../../wire/problem.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import { unauthorized } from '../http/auth.js';
import { formErrorResponse } from '../http/form-errors.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { checkEndpoint } from '../interactions/deliver.js';
import type { Application, ApplicationProfile, World } from '../state/world.js';

function botUser(app: Application): Obj {
  return {
    id: app.botUserId,
    username: app.name,
    global_name: null,
    avatar: null,
    discriminator: BOT_DISCRIMINATOR,
    public_flags: 0,
    flags: 0,
    bot: true,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
    mfa_enabled: true,
    locale: 'en-US',
    verified: true,
    email: null,
  };
}

/** The owner shown on the application: the owner of a guild it is installed in, else its first member. */
function ownerOf(world: World, app: Application): Obj {
  const guilds = Object.values(world.guilds).filter((g) => Object.hasOwn(g.apps, app.id));
  const owned = guilds.find((g) => g.ownerId !== undefined);
  const member = owned ? owned.members.find((m) => m.id === owned.ownerId) : guilds.flatMap((g) => g.members)[0];
  const id = owned?.ownerId ?? member?.id ?? app.botUserId;
  return {
    id,
    username: member?.username ?? 'owner',
    global_name: null,
    avatar: null,
    discriminator: '0',
    public_flags: 0,
    flags: 0,
  };
}

export function applicationObject(world: World, app: Application): Obj {
  const p: ApplicationProfile = app.profile ?? {};
  const installParams = p.install_params ?? null;
  const config: Obj = {};
  for (const type of app.integrationTypes) {
    config[String(type)] =
      type === IntegrationType.GUILD_INSTALL && installParams ? { oauth2_install_params: installParams } : {};
  }
  return {
    id: app.id,
    name: app.name,
    icon: null,
    description: p.description ?? '',
    summary: '',
    type: null,
    hook: true,
    bot_public: true,
    bot_require_code_grant: false,
    // The public half of the key interactions are signed with (emulator/interactions/keys.ts).
    verify_key: app.publicKey ?? createHash('sha256').update(`verify-key:${app.id}`).digest('hex'),
    flags: (app.embedded ? ApplicationFlag.EMBEDDED : 0) | (p.flags ?? 0),
    is_monetized: false,
    is_verified: false,
    is_discoverable: app.discoverable === true,
    team: null,
    owner: ownerOf(world, app),
    bot: botUser(app),
    tags: p.tags ?? [],
    redirect_uris: [],
    interactions_endpoint_url: app.interactionsEndpointUrl ?? null,
    role_connections_verification_url: p.role_connections_verification_url ?? null,
    custom_install_url: p.custom_install_url ?? null,
    ...(installParams ? { install_params: installParams } : {}),
    integration_types_config: config,
    approximate_guild_count: Object.values(world.guilds).filter((g) => Object.hasOwn(g.apps, app.id)).length,
  };
}

function callerApp(req: EmulatorRequest): Application | undefined {
  return req.auth.kind === 'none' ? undefined : req.auth.application;
}

function getMe(req: EmulatorRequest): EmulatorResponse {
  const app = callerApp(req);
  if (!app) return unauthorized();
  return { status: 200, body: botUser(app) };
}

function getApplication(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const app = callerApp(req);
  if (!app) return unauthorized();
  // The marker lets cmdsync's plan read this emulator's own limits (wire/emulator-control.ts); clients ignore it.
  return {
    status: 200,
    body: applicationObject(ctx.world, app),
    headers: { [EMULATOR_MARKER_HEADER]: CONTROL_PREFIX },
  };
}

function patchApplication(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  if (req.auth.kind !== 'bot') return unauthorized();
  const refused = formErrorResponse(validateApplicationPatch(req.body));
  if (refused) return refused;
  const body = req.body as Obj;
  // Through the world's collection, so the change tracker sees the entry change.
  const app = ctx.world.applications[req.auth.application.id]!;
  const profile: ApplicationProfile = { ...(app.profile ?? {}) };
  if (typeof body.description === 'string') profile.description = body.description;
  if (Array.isArray(body.tags)) profile.tags = body.tags as string[];
  // The endpoint URL is where delivery reads it (interactions/), not a profile field.
  if (body.interactions_endpoint_url !== undefined) {
    if (typeof body.interactions_endpoint_url === 'string' && body.interactions_endpoint_url !== '')
      app.interactionsEndpointUrl = body.interactions_endpoint_url;
    else delete app.interactionsEndpointUrl;
  }
  for (const key of ['role_connections_verification_url', 'custom_install_url'] as const) {
    if (body[key] !== undefined) profile[key] = body[key] as string | null;
  }
  if (body.install_params !== undefined)
    profile.install_params = body.install_params as ApplicationProfile['install_params'];
  // The approved (non-limited) intent flags are not the owner's to change.
  if (typeof body.flags === 'number')
    profile.flags = ((profile.flags ?? 0) & ~SETTABLE_APPLICATION_FLAGS) | (body.flags & SETTABLE_APPLICATION_FLAGS);
  if (isObject(body.integration_types_config)) {
    app.integrationTypes = Object.keys(body.integration_types_config)
      .map(Number)
      .sort((a, b) => a - b);
  }
  app.profile = profile;
  ctx.changed();
  return { status: 200, body: applicationObject(ctx.world, app) };
}

/**
 * A new interactions endpoint URL is saved only if it passes the service's
 * check (facts §9: a signed PING gets `{"type":1}`, a forged one 401); the
 * service answers 50035 at the field otherwise. Our message says what failed.
 */
async function checkNewEndpoint(req: EmulatorRequest, now: () => number): Promise<EmulatorResponse | undefined> {
  if (req.auth.kind !== 'bot' || !isObject(req.body)) return undefined;
  const url = req.body.interactions_endpoint_url;
  if (typeof url !== 'string' || url === '') return undefined;
  const refuse = (detail: string) =>
    formErrorResponse([
      problem(
        'interactions-endpoint-url',
        ['interactions_endpoint_url'],
        `interactions_endpoint_url could not be verified: ${detail}`,
        ApiErrors.endpointUnverified(detail),
      ),
    ]);
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    return refuse('not an http:// or https:// URL');
  const check = await checkEndpoint({ ...req.auth.application, interactionsEndpointUrl: url }, now() / 1000);
  return check.ok ? undefined : refuse(check.problems.join('; '));
}

export const identityRoutes: Route[] = [
  { method: 'GET', pattern: '/users/@me', auth: 'app', bucket: 'default', handler: getMe },
  { method: 'GET', pattern: '/applications/@me', auth: 'app', bucket: 'default', handler: getApplication },
  {
    method: 'PATCH',
    pattern: '/applications/@me',
    auth: 'app',
    bucket: 'default',
    handler: patchApplication,
    precheck: checkNewEndpoint,
  },
  { method: 'GET', pattern: '/oauth2/applications/@me', auth: 'app', bucket: 'default', handler: getApplication },
];
