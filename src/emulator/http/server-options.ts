/** What the emulator's HTTP server is made of: its state, routes, limits and the parts it serves beside the API. */
import type { Limits } from '../../wire/limits.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { EventBus } from '../gateway/events.js';
import type { Store } from '../state/store.js';
import type { PageServer } from '../view/page.js';
import type { ViewStreams } from '../view/stream.js';
import type { FaultController } from './faults.js';
import type { EmulatorResponse, Route } from './http-types.js';
import type { RateLimiter } from './rate-limit.js';

export interface ServerOptions {
  store: Store;
  routes: readonly Route[];
  limits: Limits;
  rateLimiter?: RateLimiter;
  faults: FaultController;
  latencyMs: number;
  nextId: () => Snowflake;
  now: () => number;
  /** The secret the control routes (/__emulator/…) require in `X-Cmdsync-Control`. */
  controlToken: string;
  timeouts?: ServerTimeouts;
  events: EventBus;
  /** The web view: its page and assets, its API under /__emulator/view/, and its live stream. */
  view?: {
    page: PageServer;
    api: (
      method: string,
      path: string,
      query: URLSearchParams,
    ) => EmulatorResponse | Promise<EmulatorResponse> | undefined;
    streams: ViewStreams;
  };
  /** More control endpoints (e.g. /interactions): an answer, or undefined to fall through to the built-in ones. Run outside the handler lock: they may wait on requests the application makes. */
  control?: (method: string, path: string, body: unknown) => Promise<EmulatorResponse> | undefined;
}

/**
 * How long a peer may take, as a public service sets it, so a slow client
 * (one byte every few hundred ms) cannot hold connections forever.
 */
export interface ServerTimeouts {
  /** Whole request head (Node's headersTimeout). Default 10 s. */
  headersMs?: number;
  /** Whole request, head and body (requestTimeout). Default 60 s. */
  requestMs?: number;
  /** Idle keep-alive connection (keepAliveTimeout). Default 5 s. */
  keepAliveMs?: number;
  /** How often Node checks the two limits above (connectionsCheckingInterval). Default 1 s. */
  checkIntervalMs?: number;
  /** Open connections one client address may hold; past it, a new one closes the one making least progress (connection-cap.ts). Default 256. */
  maxConnectionsPerClient?: number;
}

export const DEFAULT_TIMEOUTS: Required<ServerTimeouts> = {
  headersMs: 10_000,
  requestMs: 60_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
  maxConnectionsPerClient: 256,
};
