/**
 * `startEmulator`: a local, faithful implementation of the interface (parts A
 * and B) on a loopback port, with an optional data file that survives kills.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { limitOverrideProblems, resolveLimits, type Limits } from '../wire/limits.js';
import { dailyCreatesToday, utcDay } from './state/commands-model.js';
import { FaultController, type FaultRule } from './http/faults.js';
import { openWorld } from './state/open-world.js';
import { RateLimiter, type RateLimitOptions } from './http/rate-limit.js';
import { Gateway, type GatewayOptions } from './gateway/gateway.js';
import { WebhookAuthorizations } from './state/webhook-authorizations.js';
import { EmulatorStartError } from './http/start-error.js';
import type { Snowflake } from '../wire/snowflake.js';
import type { EmulatorResponse } from './http/http-types.js';
import { memberActCalls, type MemberActs } from './routes/member-act-calls.js';
import { memberSay } from './routes/message-control.js';
import { AdvancingClock } from './harness/clock.js';
import { InFlight } from './harness/in-flight.js';
import { emulatorHarness, type EmulatorHarness } from './harness/harness.js';
export type { EmulatorHarness, InteractionAnswers, SettleOptions } from './harness/harness.js';
export type { ProvisionRequest } from './state/provision.js';
export { isCommandWrite } from './routes/commands.js';
import { credentialsOf, readSeedFile, SeedError } from './state/seed.js';
import { API_PREFIX, createEmulatorServer, type ServerTimeouts } from './http/server.js';
export type { ServerTimeouts } from './http/server.js';
export type { GatewayOptions } from './gateway/gateway.js';
import type { StoreOptions } from './state/store.js';
import { EventBus } from './gateway/events.js';
import type { EmulatorCredentials, Seed, World } from './state/world.js';
import {
  apiRoutes,
  controlRoutes,
  interactionParts,
  stateSources,
  viewParts,
  type StartConfig,
  writeOnce,
} from './wiring/parts.js';
import { archiveIdleThreads } from './models/thread-archive.js';
import type { EndpointCheck } from './interactions/deliver.js';
import { watchEndpoint, type EndpointWatchReport } from './interactions/endpoint-watch.js';
import type { InvokeOutcome, InvokeRequest } from './interactions/invoke.js';
import type { ComponentActions } from './interactions/component-api.js';
import { controlTokenProblem } from './state/seed.js';
export { controlTokenProblem } from './state/seed.js';
export type { InvokeOutcome, InvokeRequest } from './interactions/invoke.js';
export type {
  ClickRequest,
  ComponentActions,
  ComponentDelivered,
  ComponentOutcome,
  ModalSubmitRequest,
  SelectRequest,
} from './interactions/component-api.js';
export type { EndpointCheck } from './interactions/deliver.js';
export type { Timers } from './interactions/registry.js';
import type { Timers } from './interactions/registry.js';
import type { Obj } from '../wire/rules/values.js';
export type { EndpointWatchReport } from './interactions/endpoint-watch.js';

export type { EmulatorCredentials, Seed } from './state/world.js';
export type { FaultRule, FaultKind } from './http/faults.js';
export type { RateLimitOptions, RouteLimit, BucketName } from './http/rate-limit.js';
export { SeedError } from './state/seed.js';
export { EmulatorDataError } from './state/store.js';
export { MessageCapError } from './state/message-cap.js';

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Persist the world here (a snapshot plus a journal appended on every change); omitted = in memory only. An existing file wins over any seed. */
  dataFile?: string;
  /** Messages kept per channel (a thread is its own channel); the oldest are dropped and then answer 10008. 0 = no cap. Default 1000. */
  maxMessagesPerChannel?: number;
  /** The journal is folded into a new snapshot once over this size and twice the snapshot's. Default 4 MiB (smaller in tests). */
  journalLimitBytes?: number;
  seed?: Seed;
  /** YAML or JSON seed file; ignored when `seed` is given. */
  seedFile?: string;
  /** Rate limits: on with real-looking numbers by default; `false` turns them off (tests, benchmarks). */
  rateLimits?: RateLimitOptions | false;
  /** Artificial latency added to every API request, in ms (to simulate a far-away service). */
  latencyMs?: number;
  faults?: FaultRule[];
  /** Overrides of the limits table (e.g. `{ user_commands: 15 }`, `{ daily_creates: 3 }`). */
  limits?: Partial<Record<string, number>>;
  /** Clock (epoch ms): the daily allowance, token lifetimes, the 3 s answer deadline, rate-limit windows. Tests pass one they move by hand (test/helpers/clock.ts). */
  now?: () => number;
  /** The timers of the waits for an application's answer (the 3 s, a deferred answer's edit, `--wait`); with `now`, a test's clock ends them without waiting real time. */
  timers?: Timers;
  /** The control routes' secret (`X-Cmdsync-Control`). Omitted: the seed's `control_token`, else the one the data file keeps, else a random one (kept in the data file). */
  controlToken?: string;
  /** Limits on slow peers (header/request/keep-alive time, connections per client address). */
  timeouts?: ServerTimeouts;
  /** The WebSocket gateway: heartbeat interval, session cap, resume window. */
  gateway?: GatewayOptions;
  /** Where the web view's built files are (default: dist/web of this package). */
  webRoot?: string;
  /** The default application's interactions endpoint URL: interactions are POSTed there, signed, instead of sent over the gateway. */
  interactionsUrl?: string;
  /**
   * Check every application's interactions endpoint URL at start, as the
   * service does when a URL is saved, again and again until it passes or
   * about 2 minutes pass (the bot may not be up yet); each new result is
   * reported here.
   */
  watchEndpoints?: (applicationId: string, report: EndpointWatchReport) => void;
  /** A test runner drives this emulator: `harness` is there (a saved point, the clock, settling). In memory only. */
  harness?: boolean;
}

/** `click`, `select` and `submitModal` (ComponentActions): a member using a message's components, or submitting their open modal. */
export interface RunningEmulator extends ComponentActions {
  /** Base URL including the version: `http://127.0.0.1:PORT/api/v10`. */
  url: string;
  /** The REST base without the version, for libraries that add it themselves (discord.js `rest: { api }`): `http://127.0.0.1:PORT/api`. */
  restBase: string;
  credentials: EmulatorCredentials;
  /** Runtime fault control (the same rules as POST /__emulator/faults). */
  faults: FaultController;
  /** The secret of the control routes (/__emulator/…), sent as `X-Cmdsync-Control: <token>`. */
  controlToken: string;
  /** The web view's address (`http://127.0.0.1:PORT/`): channels, commands, an invoke form and the emulator's state. */
  viewUrl: string;
  /** Run-time events (gateway dispatches): subscribe to see what the service tells applications. */
  events: EventBus;
  /** The WebSocket gateway bots connect to (`ws://127.0.0.1:PORT`), as GET /gateway/bot returns it. */
  gatewayUrl: string;
  /** The live world, read-only by convention (tests inspect it). */
  readonly world: World;
  limits: Limits;
  /** Invokes a command as a user would (the same as POST /__emulator/interactions and `cmdsync invoke`). */
  invoke(request: InvokeRequest): Promise<InvokeOutcome>;
  /** A member posts in a channel, or (`dm: true`) writes to the bot in their DM (the same as POST /__emulator/messages and `cmdsync say`): 200 with the message, or the service's refusal. */
  say(
    request: ({ channelId: Snowflake } | { dm: true; applicationId?: Snowflake }) & {
      userId: Snowflake;
      content?: string;
    } & Obj,
  ): EmulatorResponse;
  /** What a member does besides posting: edit or delete a message, react, join or leave a guild (the control routes' handlers). */
  member: MemberActs;
  /** The service's check of an application's interactions endpoint (default: the default application's). */
  checkInteractionsEndpoint(applicationId?: string): Promise<EndpointCheck>;
  /** Today's command creates per application and scope (`left` is null where nothing is refused: global). */
  dailyCreates(): DailyCreates;
  /** With `harness: true`: what a test runner drives (a saved point, the clock, settling). */
  harness?: EmulatorHarness;
  close(): Promise<void>;
}

export interface DailyCreates {
  /** The UTC day counted. */
  day: string;
  limitPerGuild: number;
  scopes: Array<{ application_id: string; scope: string; used: number; left: number | null }>;
}

export { EmulatorStartError } from './http/start-error.js';

async function startConfig(options: EmulatorOptions): Promise<StartConfig> {
  const clock = new AdvancingClock(options.now ?? Date.now);
  const { now } = clock;
  // The seed is read first: its `limits:` apply even when a data file holds the world (they are configuration, not state).
  const seed = options.seed ?? (options.seedFile ? await readSeedFile(options.seedFile) : undefined);
  const seedLimits = seed && typeof seed === 'object' ? seed.limits : undefined;
  const badLimits = limitOverrideProblems(seedLimits);
  if (badLimits.length > 0) throw new SeedError(badLimits.join('; '));
  const limits = resolveLimits({ ...seedLimits, ...options.limits });
  // Like the limits, a pinned control token is configuration: it wins over the one a data file keeps.
  const pinnedToken = options.controlToken ?? (seed && typeof seed === 'object' ? seed.control_token : undefined);
  const badToken = pinnedToken === undefined ? undefined : controlTokenProblem(pinnedToken);
  if (badToken)
    throw new SeedError(`${options.controlToken !== undefined ? 'controlToken' : 'control_token'} ${badToken}`);
  return { now, clock, timers: options.timers, seed, limits, pinnedToken, host: options.host ?? '127.0.0.1' };
}

/** Listens on the host and port; a failure is one line for the CLI. */
function listen(server: Server, host: string, port: number | undefined): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') reject(new EmulatorStartError(`port ${port} on ${host} is already in use`));
      else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND')
        reject(new EmulatorStartError(`cannot listen on ${host}: address not available`));
      else if (err.code === 'EACCES') reject(new EmulatorStartError(`no permission to listen on ${host}:${port}`));
      else reject(new EmulatorStartError(`cannot start the emulator: ${err.message}`));
    };
    server.once('error', onError);
    server.listen(port ?? 0, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const config = await startConfig(options);
  const { now, limits, host } = config;
  const storeOptions: StoreOptions = {
    maxMessagesPerChannel: options.maxMessagesPerChannel,
    journalLimitBytes: options.journalLimitBytes,
  };
  const { store, nextId, controlToken } = openWorld({
    dataFile: options.dataFile,
    seed: config.seed,
    interactionsUrl: options.interactionsUrl,
    pinnedToken: config.pinnedToken,
    limits,
    now,
    storeOptions,
  });
  const faults = new FaultController(options.faults ?? []);
  const events = new EventBus();
  // Time the runner moves on archives the threads whose inactivity ran out (THREAD_UPDATE each).
  config.clock.onAdvance(() => writeOnce(store, (world) => archiveIdleThreads(events, world, now())));
  const gateway = new Gateway(() => store.world, events, now, options.gateway);
  const interactions = interactionParts(store, nextId, config, events, gateway);
  const webhookCodes = new WebhookAuthorizations(now);
  const routes = apiRoutes(limits, interactions.registry, gateway, webhookCodes);
  const rateLimiter = options.rateLimits === false ? undefined : new RateLimiter(options.rateLimits ?? {});
  const view = viewParts(
    store,
    options.webRoot,
    config,
    controlToken,
    stateSources(faults, rateLimiter, gateway, interactions),
    events,
  );
  const server = createEmulatorServer({
    view: view.view,
    store,
    routes,
    limits,
    faults,
    latencyMs: options.latencyMs ?? 0,
    nextId,
    now,
    controlToken,
    events,
    control: controlRoutes(store, events, nextId, config, interactions, webhookCodes),
    timeouts: options.timeouts,
    rateLimiter,
  });
  gateway.attach(server);
  const inFlight = options.harness ? new InFlight(server, events) : undefined;
  const harness = inFlight
    ? emulatorHarness({
        store,
        registry: interactions.registry,
        faults,
        clock: config.clock,
        inFlight,
        nextId,
        hasSessionFor: (id) => gateway.hasSessionFor(id),
      })
    : undefined;
  const port = await listen(server, host, options.port);
  const hostPart = host.includes(':') ? `[${host}]` : host;
  gateway.url = `ws://${hostPart}:${port}`;

  const watches = options.watchEndpoints
    ? Object.values(store.world.applications)
        .filter((a) => a.interactionsEndpointUrl)
        .map((a) =>
          watchEndpoint(
            () => interactions.checkInteractionsEndpoint(a.id),
            (r) => options.watchEndpoints!(a.id, r),
          ),
        )
    : [];
  let closed: Promise<void> | undefined;
  return {
    url: `http://${hostPart}:${port}${API_PREFIX}`,
    restBase: `http://${hostPart}:${port}${API_PREFIX.replace(/\/v\d+$/, '')}`,
    credentials: credentialsOf(store.world, store.meta, now()),
    faults,
    controlToken,
    events,
    gatewayUrl: gateway.url,
    viewUrl: `http://${hostPart === '0.0.0.0' || hostPart === '[::]' ? '127.0.0.1' : hostPart}:${port}/`,
    get world() {
      return store.world;
    },
    limits,
    invoke: interactions.invoke,
    say: (request) => memberSay({ store, events, nextId, now, limits }, request),
    member: memberActCalls({ store, events, nextId, now, limits }),
    ...interactions.components,
    checkInteractionsEndpoint: interactions.checkInteractionsEndpoint,
    ...(harness ? { harness } : {}),
    dailyCreates() {
      return {
        day: utcDay(now()),
        limitPerGuild: limits.daily_creates,
        scopes: dailyCreatesToday(store.world, now(), limits.daily_creates),
      };
    },
    close() {
      for (const w of watches) w.stop();
      inFlight?.close();
      view.close();
      closed ??= gateway.close().then(
        () =>
          new Promise<void>((resolve) => {
            server.close(() => {
              store.close();
              resolve();
            });
            server.closeAllConnections();
          }),
      );
      return closed;
    },
  };
}
