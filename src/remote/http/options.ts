import type { FileUpload, QueryValue } from './body.js';
import { DEFAULT_API_URL } from '../../config/credentials.js';
import type { InvalidRequestCounter } from './invalid-requests.js';
import type { RequestFunction } from './transport.js';

/* What a RestClient and each request can be told, and the defaults, in one place. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Which credential a request carries:
 * - `app`: the application's bot token, or else a bearer from client credentials;
 * - `user`: the user's bearer token (`DISCORD_BEARER_TOKEN`), for permission edits;
 * - `none`: no Authorization (webhook-token routes, where the path is the credential).
 */
export type AuthMode = 'app' | 'user' | 'none';

/** The secrets the client may use. Any subset; each request asks for what it needs. */
export interface ClientCredentials {
  botToken?: string;
  clientId?: string;
  clientSecret?: string;
  bearerToken?: string;
}

export interface ClientOptions {
  /** API base, e.g. `https://discord.com/api/v10` or an emulator's `http://127.0.0.1:PORT/api/v10`. */
  apiUrl?: string;
  credentials?: ClientCredentials;
  /** The network primitive; default: undici with one keep-alive pool per origin. */
  request?: RequestFunction;
  /** Per attempt, covering the whole answer. */
  timeoutMs?: number;
  /** Answers with a larger body are refused (RESPONSE_TOO_LARGE, not retried); unlimited when absent. */
  maxResponseBytes?: number;
  /** Retries after a 5xx or a network failure/timeout (429s are waits, not retries). */
  retries?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Requests started per second across all buckets (the service allows 50 per bot). */
  globalRequestsPerSecond?: number;
  /** Requests in flight at once; callers may Promise.all freely above it. */
  concurrency?: number;
  /** Consecutive 429s on one request before giving up with RateLimitError. */
  maxRateLimitRetries?: number;
  /** Total 429 wait one request may accumulate before giving up. */
  maxRateLimitWaitMs?: number;
  /** 401/403/429 answers within the window after which the client refuses to send (the service bans at 10,000 / 10 min). */
  invalidRequestLimit?: number;
  invalidRequestWindowMs?: number;
  /** Share one counter across clients to count per process, as the service counts per IP. */
  invalidRequestCounter?: InvalidRequestCounter;
  /** Added to every bucket reset, against clock granularity. */
  rateLimitOffsetMs?: number;
  /** Scopes asked for in the client-credentials exchange. */
  oauthScopes?: string[];
  userAgent?: string;
  /** `--debug`: one redacted line per event (request, answer, wait, retry). */
  onDebug?: (line: string) => void;
  /** Called with each secret the client derives (the client-credentials bearer), e.g. to `::add-mask::` it. */
  onSecret?: (secret: string) => void;
}

/** Defaults, in one place (the @discordjs/rest `DefaultRestOptions` idea). */
export const DEFAULT_CLIENT_OPTIONS = {
  apiUrl: DEFAULT_API_URL,
  timeoutMs: 15_000,
  retries: 3,
  backoffBaseMs: 500,
  backoffMaxMs: 10_000,
  globalRequestsPerSecond: 50,
  concurrency: 16,
  maxRateLimitRetries: 5,
  maxRateLimitWaitMs: 120_000,
  invalidRequestLimit: 1_000,
  invalidRequestWindowMs: 10 * 60_000,
  rateLimitOffsetMs: 50,
  oauthScopes: ['applications.commands.update'],
} satisfies Partial<Record<keyof ClientOptions, unknown>>;

export interface RequestOptions {
  method: HttpMethod;
  /** Relative to the API base, starting with `/`: `/applications/1/commands`. */
  path: string;
  query?: Record<string, QueryValue> | URLSearchParams;
  /** JSON body (or the `payload_json` part when `files` are given). */
  body?: unknown;
  files?: readonly FileUpload[];
  /** A form-urlencoded body (OAuth2). */
  form?: URLSearchParams;
  /** Default `app`. Always `none` on webhook-token paths and `user` on permission edits, whatever is given. */
  auth?: AuthMode;
  /** `X-Audit-Log-Reason`, URL-encoded as the service requires. */
  reason?: string;
  headers?: Record<string, string>;
  /** Another API base for this request (a webhook URL pointing elsewhere). */
  baseUrl?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  retries?: number;
}

export interface ApiResponse<T> {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON; a string for text answers; undefined for 204. */
  data: T;
}

export interface ClientStats {
  /** Attempts sent over the network. */
  sent: number;
  /** 429 answers waited out. */
  rateLimited: number;
  /** Retries after 5xx/network failures. */
  retried: number;
}

/** The options a client runs with: the defaults, overridden by what was given. */
export type ResolvedClientOptions = typeof DEFAULT_CLIENT_OPTIONS & ClientOptions;
