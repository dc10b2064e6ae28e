import type { EventBus } from '../gateway/events.js';
import type { IncomingHttpHeaders } from 'node:http';
import type { Snowflake } from '../../wire/snowflake.js';
import type { Application, World } from '../state/world.js';
import type { ErrorAnswer } from '../../wire/error-answers.js';
import type { RouteBucket } from './buckets.js';

/** A parsed request, as every route handler sees it. Paths are relative to /api/v10. */
export interface EmulatorRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or the `payload_json` of a multipart body; undefined when none. */
  body: unknown;
  /** Multipart file parts (`files[n]`), when the request was multipart/form-data. */
  files: Array<{ field: string; filename: string; contentType?: string; data: Buffer }>;
  rawBody: Buffer;
  /** Who is calling, resolved from Authorization by the server before the handler runs. */
  auth: RequestAuth;
}

export type RequestAuth =
  | { kind: 'none' }
  | { kind: 'bot'; application: Application }
  | {
      kind: 'bearer';
      application: Application;
      scopes: string[];
      userId?: Snowflake /** The language setting of the grant's user (for client credentials, the owner's), when it carries one. */;
      locale?: string;
    };

export interface EmulatorResponse {
  status: number;
  /** JSON body; omitted for 204. */
  body?: unknown;
  /** A non-JSON body (the /slack endpoint answers `ok`). */
  text?: string;
  /** A binary body (the web view's attachment bytes); its Content-Type goes in `headers`. */
  bytes?: Buffer;
  headers?: Record<string, string>;
  /** The interaction whose token the request used (not sent): observers attribute the request to it. */
  interactionId?: string;
  /** Answered in the world the test runner's last reset left behind (not sent): late, for the scenario before. */
  retired?: true;
}

/** What a handler may touch: the world, and a way to mint ids and persist. */
export interface HandlerContext {
  world: World;
  /** A new snowflake from the current time (monotonic). */
  nextId(): Snowflake;
  /** Marks the world changed; the server persists it before the response is sent. */
  changed(): void;
  now(): number;
  /** Run-time events for the gateway (emulator/gateway/events.ts); sent once the request's write is committed. */
  events: EventBus;
}

export type Handler = (req: EmulatorRequest, ctx: HandlerContext) => EmulatorResponse | Promise<EmulatorResponse>;

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** e.g. `/applications/:applicationId/commands/:commandId`; `:webhookToken` segments are secrets. */
  pattern: string;
  /**
   * `app`: bot token or client-credentials bearer of the application in the path (or any app when no
   * :applicationId); `optional`: resolved when present (webhook routes by id check MANAGE_WEBHOOKS
   * themselves); `none`: the path carries the credential (webhook token routes).
   */
  auth: 'app' | 'optional' | 'none';
  /** The rate-limit bucket its requests count in (http/buckets.ts): declared here, never worked out from the pattern. */
  bucket: RouteBucket;
  handler: Handler;
  /**
   * A check that waits on the outside world (the service PINGs a new
   * interactions endpoint URL before saving it): run before the handler and
   * outside the handler lock, so other requests go on meanwhile. An answer
   * refuses the request.
   */
  precheck?: (req: EmulatorRequest, now: () => number) => Promise<EmulatorResponse | undefined>;
}

/**
 * The service's error body, `{ code, message, errors? }`, for one of its
 * answers as src/wire writes them (`ErrorAnswers`, `WebhookErrors`,
 * `ChannelErrors`, …): no status, code or message is written here.
 */
export function apiError({ status, code, message }: ErrorAnswer, errors?: unknown): EmulatorResponse {
  return { status, body: errors === undefined ? { message, code } : { message, code, errors } };
}
