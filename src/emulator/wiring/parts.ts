/**
 * The emulator's parts and how they are wired: the interaction side (invoke,
 * components, endpoint checks), the web view's server side, the API routes
 * and the control routes. `startEmulator` (index.ts) assembles them around
 * the store and the server.
 */
import type { Limits } from '../../wire/limits.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { FaultController } from '../http/faults.js';
import type { Route } from '../http/http-types.js';
import { firstControl } from '../http/control-chain.js';
import { isLoopback, type ServerOptions } from '../http/server.js';
import { memberControl } from '../routes/member-control.js';
import { own } from '../state/own.js';
import { resolveNames } from '../state/names.js';
import type { Gateway } from '../gateway/gateway.js';
import { commandRoutes } from '../routes/commands.js';
import { gatewayRoutes } from '../routes/gateway.js';
import { identityRoutes } from '../routes/identity.js';
import { oauthRoutes } from '../routes/oauth.js';
import { webhookAuthorizeControl, withCodeGrant } from '../routes/webhook-authorize.js';
import type { WebhookAuthorizations } from '../state/webhook-authorizations.js';
import { permissionRoutes } from '../routes/permissions.js';
import { webhookRoutes } from '../routes/webhooks.js';
import { channelFollowerRoutes } from '../routes/channel-followers.js';
import { botRestRoutes } from '../routes/bot-rest.js';
import { messageControl } from '../routes/message-control.js';
import { ActivityLog } from '../view/activity.js';
import { viewApi } from '../view/api.js';
import type { StateSources } from '../view/state-panel.js';
import { pageServer } from '../view/page.js';
import { ViewStreams } from '../view/stream.js';
import type { Store } from '../state/store.js';
import type { EventBus } from '../gateway/events.js';
import { ChannelMessages } from '../view/channel-messages.js';
import { AvatarImages } from '../view/avatar-images.js';
import type { Seed, World } from '../state/world.js';
import { checkEndpoint, type EndpointCheck } from '../interactions/deliver.js';
import { invoke as invokeInteraction, type InvokeRequest } from '../interactions/invoke.js';
import { InteractionRegistry, type Timers } from '../interactions/registry.js';
import { componentActions } from '../interactions/component-api.js';
import { interactionControl } from '../routes/interaction-control.js';
import { interactionRoutes } from '../routes/interactions.js';
import { EmulatorStartError } from '../http/start-error.js';
import type { AdvancingClock } from '../harness/clock.js';

/** What the start options and the seed configure (not state: they apply even when a data file holds the world). */
export interface StartConfig {
  now: () => number;
  /** The clock `now` reads: a test runner advances it. */
  clock: AdvancingClock;
  /** The timers of the waits for an answer (EmulatorOptions.timers); undefined: the process's. */
  timers: Timers | undefined;
  seed: Seed | undefined;
  limits: Limits;
  pinnedToken: string | undefined;
  host: string;
}

/** One change outside a request (an answer an endpoint gave inline), journalled as a request's would be. */
export function writeOnce<T>(store: Store, change: (world: World) => T): T {
  const tx = store.begin(true);
  let result: T;
  try {
    result = change(tx.world);
  } catch (err) {
    tx.rollback();
    throw err;
  }
  tx.commit(false);
  return result;
}

/** The parts that answer interactions: invoking a command as a user would, and the service's check of an endpoint (the last one of each application kept for the web view). */
export function interactionParts(
  store: Store,
  nextId: () => Snowflake,
  { now, timers, limits }: StartConfig,
  events: EventBus,
  gateway: Gateway,
) {
  const registry = new InteractionRegistry(now, timers);
  const env = {
    world: () => store.world,
    registry,
    events,
    nextId,
    now,
    limits,
    defaultApplicationId: store.meta.defaultApplicationId,
    defaultGuildId: store.meta.defaultGuildId,
    hasSessionFor: (appId: Snowflake, guildId?: Snowflake) => gateway.hasSessionFor(appId, guildId),
    write: <T>(change: (world: World) => T) => writeOnce(store, change),
  };
  const invoke = (request: InvokeRequest) => invokeInteraction(env, request);
  const components = componentActions(env);
  const lastChecks = new Map<string, EndpointCheck & { at: number }>();
  const checkInteractionsEndpoint = async (applicationId?: string): Promise<EndpointCheck> => {
    // A name where the id goes, as `invoke --application` takes (an unknown or ambiguous one lists the candidates).
    const named = resolveNames(
      store.world,
      applicationId !== undefined ? { applicationId } : {},
      store.meta.defaultGuildId,
    );
    if ('problem' in named) throw new EmulatorStartError(named.problem);
    const app = own(store.world.applications, named.applicationId ?? store.meta.defaultApplicationId);
    if (!app) throw new EmulatorStartError(`unknown application ${applicationId}`);
    if (!app.interactionsEndpointUrl)
      return {
        url: '',
        ok: false,
        problems: [
          `application ${app.id} (${app.name}) has no interactions endpoint URL: it gets interactions over the gateway`,
        ],
        answered: false,
      };
    const check = await checkEndpoint(app, now() / 1000);
    lastChecks.set(app.id, { ...check, at: now() });
    return check;
  };
  return { registry, invoke, components, checkInteractionsEndpoint, lastChecks };
}

/** The web view's server side: its page, its data API and its live stream, and what they keep while the emulator runs. */
export function viewParts(
  store: Store,
  webRoot: string | undefined,
  config: StartConfig,
  controlToken: string,
  state: Omit<StateSources, 'world' | 'now' | 'limits'>,
  events: EventBus,
) {
  const activity = new ActivityLog(events);
  const streams = new ViewStreams(activity);
  const channelMessages = new ChannelMessages(events, () => store.world);
  const avatars = new AvatarImages(events);
  const viewEnv = {
    world: () => store.world,
    defaults: { applicationId: store.meta.defaultApplicationId, guildId: store.meta.defaultGuildId },
    activity,
    state: { world: () => store.world, now: config.now, limits: config.limits, ...state },
    channelMessages,
    avatars,
  };
  const view: NonNullable<ServerOptions['view']> = {
    page: pageServer({
      ...(webRoot ? { webRoot } : {}),
      controlToken,
      listenHost: () => config.host,
      isLoopbackPeer: (req) => isLoopback(req.socket.remoteAddress),
    }),
    api: (method, path, query) => viewApi(viewEnv, method, path, query),
    streams,
  };
  const close = () => {
    streams.closeAll();
    activity.close();
    channelMessages.close();
    avatars.close();
  };
  return { view, close };
}

/** The API's routes. The interaction routes come first: they share the application webhook paths and fall through for other tokens. */
export function apiRoutes(
  limits: Limits,
  registry: InteractionRegistry,
  gateway: Gateway,
  webhookCodes: WebhookAuthorizations,
): Route[] {
  return [
    ...commandRoutes(limits),
    ...permissionRoutes(limits),
    ...withCodeGrant(oauthRoutes, webhookCodes),
    ...identityRoutes,
    ...interactionRoutes(registry, webhookRoutes),
    ...webhookRoutes,
    ...channelFollowerRoutes,
    ...botRestRoutes,
    ...gatewayRoutes(gateway),
  ];
}

/** The control routes (/__emulator/…): webhook authorisation, interactions and components, members, messages. */
export function controlRoutes(
  store: Store,
  events: EventBus,
  nextId: () => Snowflake,
  config: StartConfig,
  interactions: ReturnType<typeof interactionParts>,
  webhookCodes: WebhookAuthorizations,
) {
  const { now, limits } = config;
  return firstControl(
    webhookAuthorizeControl(() => store.world, store.meta.defaultApplicationId, webhookCodes),
    interactionControl(
      interactions.invoke,
      (id) => interactions.checkInteractionsEndpoint(id).catch((e: Error) => e.message),
      interactions.components,
    ),
    memberControl(store, events, nextId, now),
    messageControl({ store, events, nextId, now, limits }),
  );
}

/** The sources of the web view's state panel. */
export function stateSources(
  faults: FaultController,
  rateLimiter: StateSources['rateLimiter'] | undefined,
  gateway: Gateway,
  interactions: ReturnType<typeof interactionParts>,
): Omit<StateSources, 'world' | 'now' | 'limits'> {
  return {
    faults,
    rateLimiter,
    gateway,
    liveInteractions: () => interactions.registry.liveCount(),
    endpointChecks: (appId: string) => interactions.lastChecks.get(appId),
  };
}
