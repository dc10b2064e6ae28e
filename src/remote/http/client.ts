import { STATUS_CODES } from 'node:http';
import { buildQuery, multipartBody, parseBody, type FileUpload, type QueryValue } from './body.js';
import { DEFAULT_API_URL, normalizeApiUrl, requireAppAuth } from '../credentials.js';
import {
  AbortedError,
  CredentialsError,
  DiscordAPIError,
  HTTPError,
  InvalidRequestLimitError,
  NetworkError,
  OAuth2Error,
  RateLimitError,
  ResponseTooLargeError,
  TimeoutError,
  type RequestInfo,
} from '../errors.js';
import { InvalidRequestCounter } from './invalid-requests.js';
import { GlobalPacer } from './pacer.js';
import { BucketRegistry, readRateLimitHeaders, type BucketQueue, type RateLimitHeaders } from './rate-limit.js';
import { maskAuthorization, Redactor } from '../redact.js';
import { backoffDelay, isRetryableStatus } from './retry.js';
import { isPermissionEditPath, isWebhookTokenPath, routeOf, type RouteInfo } from './route.js';
import { Semaphore } from './semaphore.js';
import { BodyTooLarge, createUndiciTransport, type RequestFunction, type TransportRequest, type TransportResponse } from './transport.js';
import { userAgent } from './user-agent.js';
import { sleep } from './wait.js';

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

interface ResolvedAuth {
  header: string | undefined;
  source: 'bot' | 'client-credentials' | 'user' | 'none' | 'explicit';
}

const TIMEOUT = Symbol('timeout');
const ABORT = Symbol('abort');

/**
 * The HTTP client every network operation of cmdsync goes through: auth,
 * per-bucket queues learned from the service's headers, a global pacer,
 * 429 waits, bounded retries with backoff, per-attempt timeouts, a cap on
 * invalid requests, typed errors, and redaction of every secret in errors
 * and debug output.
 */
export class RestClient {
  readonly apiUrl: string;
  /** Requests in flight at once. */
  readonly concurrency: number;
  /** Registers and strips secrets; the CLI may use it for its own output. */
  readonly redactor: Redactor;
  readonly stats: ClientStats = { sent: 0, rateLimited: 0, retried: 0 };

  readonly #options: typeof DEFAULT_CLIENT_OPTIONS & ClientOptions;
  readonly #credentials: ClientCredentials;
  readonly #transport: RequestFunction;
  readonly #closeTransport: (() => Promise<void>) | undefined;
  readonly #buckets = new BucketRegistry();
  readonly #pacer: GlobalPacer;
  readonly #semaphore: Semaphore;
  readonly #invalid: InvalidRequestCounter;
  readonly #userAgent: string;
  #bearer: { token: string; expiresAt: number } | undefined;
  #bearerExchange: Promise<string> | undefined;

  constructor(options: ClientOptions = {}) {
    const merged = { ...DEFAULT_CLIENT_OPTIONS, ...dropUndefined(options) };
    this.#options = merged;
    this.apiUrl = normalizeApiUrl(merged.apiUrl, 'apiUrl');
    this.concurrency = merged.concurrency;
    this.#credentials = { ...options.credentials };
    this.redactor = new Redactor([this.#credentials.botToken, this.#credentials.clientSecret, this.#credentials.bearerToken]);
    if (options.request) {
      this.#transport = options.request;
    } else {
      const undici = createUndiciTransport({ connectionsPerOrigin: merged.concurrency });
      this.#transport = undici.request;
      this.#closeTransport = undici.close;
    }
    this.#pacer = new GlobalPacer(merged.globalRequestsPerSecond);
    this.#semaphore = new Semaphore(merged.concurrency);
    this.#invalid = options.invalidRequestCounter ?? new InvalidRequestCounter(merged.invalidRequestWindowMs);
    this.#userAgent = merged.userAgent ?? userAgent();
  }

  /** The credential app-authenticated requests use: `bot`, `client-credentials`, or `none` (requests would fail). */
  get appAuth(): 'bot' | 'client-credentials' | 'none' {
    if (this.#credentials.botToken) return 'bot';
    if (this.#credentials.clientId && this.#credentials.clientSecret) return 'client-credentials';
    return 'none';
  }

  /** The per-attempt timeout: how long a request may go unanswered before its outcome is unknown. */
  get timeoutMs(): number {
    return this.#options.timeoutMs;
  }

  /** Whether permission edits can be sent (a user bearer token is set). */
  get canEditPermissions(): boolean {
    return Boolean(this.#credentials.bearerToken);
  }

  /** 401/403/429 answers counted in the current window. */
  get invalidRequestCount(): number {
    return this.#invalid.count();
  }

  /** Sends a request and returns the parsed body. */
  async request<T = unknown>(options: RequestOptions): Promise<T> {
    return (await this.send<T>(options)).data;
  }

  /** Sends a request and returns status, headers and parsed body (e.g. to tell 201 from 200). */
  async send<T = unknown>(options: RequestOptions): Promise<ApiResponse<T>> {
    const method = options.method.toUpperCase() as HttpMethod;
    if (!options.path.startsWith('/')) throw new TypeError(`request path must start with "/": ${this.redactor.redact(options.path)}`);
    const baseUrl = options.baseUrl ? normalizeApiUrl(options.baseUrl, 'baseUrl') : this.apiUrl;
    const url = `${baseUrl}${options.path}${buildQuery(options.query)}`;
    const tokenPath = isWebhookTokenPath(options.path);
    if (tokenPath) {
      // The webhook token in the path is the credential: register it so no output shows it.
      const segment = stripQueryOf(options.path).split('/')[3] ?? '';
      this.redactor.add(segment);
      this.redactor.add(safeDecode(segment));
    }
    const info: RequestInfo = { method, url: this.redactor.redact(url) };
    // Token paths never carry Authorization (a 401 there must not look like a bad bot token), and permission edits
    // always use the user's bearer (the service refuses bot tokens with 20001): neither can be overridden.
    const mode: AuthMode = tokenPath ? 'none' : isPermissionEditPath(method, options.path) ? 'user' : (options.auth ?? 'app');
    // Resolve credentials before queueing: a missing bearer fails here, before anything is sent.
    // An explicit Authorization header is honoured only for `auth: 'none'` off token paths (the OAuth2 Basic exchange).
    const explicitHeaders = tokenPath ? undefined : options.headers;
    let auth = await this.#resolveAuth(mode, explicitHeaders);
    const route = routeOf(method, options.path);
    const queue = this.#buckets.queueFor(route, baseUrl);

    const headers: Record<string, string> = { 'user-agent': this.#userAgent };
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
    delete headers.authorization;
    if (options.reason !== undefined) headers['x-audit-log-reason'] = encodeURIComponent(options.reason);
    let body: TransportRequest['body'];
    if (options.files && options.files.length > 0) {
      body = multipartBody(options.body, options.files);
    } else if (options.form) {
      body = options.form.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }

    return queue.run(async () => {
      const retries = options.retries ?? this.#options.retries;
      const timeoutMs = options.timeoutMs ?? this.#options.timeoutMs;
      let failures = 0;
      let consecutive429 = 0;
      let waited429 = 0;
      let refreshedBearer = false;
      for (;;) {
        const count = this.#invalid.count();
        if (count >= this.#options.invalidRequestLimit) {
          throw new InvalidRequestLimitError(count, this.#options.invalidRequestLimit, this.#invalid.windowMs);
        }
        const bucketWait = queue.delay(Date.now());
        if (bucketWait > 0) {
          this.#debug(`… wait ${bucketWait}ms: bucket ${queue.id} exhausted (${method} ${info.url})`);
          await this.#sleep(bucketWait, options.signal, info);
        }

        const release = await this.#semaphore.acquire();
        let response: TransportResponse;
        const started = Date.now();
        try {
          await this.#pacer
            .take(options.signal, (ms, why) => this.#debug(`… wait ${ms}ms: ${why === 'global-limit' ? 'global rate limit' : 'global pacer'} (${method} ${info.url})`))
            .catch((error: unknown) => {
              throw options.signal?.aborted ? new AbortedError(info) : error;
            });
          this.stats.sent++;
          this.#debug(`→ ${method} ${info.url} [${queue.id}] auth=${maskAuthorization(auth.header)}`);
          response = await this.#attempt(
            {
              url,
              method,
              headers: auth.header ? { ...headers, authorization: auth.header } : headers,
              body,
              ...(this.#options.maxResponseBytes !== undefined ? { maxBodyBytes: this.#options.maxResponseBytes } : {}),
            },
            timeoutMs,
            options.signal,
          );
        } catch (error) {
          release();
          if (error instanceof AbortedError || error === ABORT) throw new AbortedError(info);
          // Asking again would only read the same endless body again.
          if (error instanceof BodyTooLarge) throw new ResponseTooLargeError(info, error.maxBytes);
          const timedOut = error === TIMEOUT;
          const errno = timedOut ? undefined : systemCode(error);
          const what = timedOut ? `timeout after ${timeoutMs}ms` : (errno ?? this.redactor.redact(errorMessage(error)));
          this.#debug(`✗ ${method} ${info.url}: ${what} (${Date.now() - started}ms)`);
          if (failures < retries) {
            failures++;
            await this.#backoff(failures, retries, info, what, undefined, options.signal);
            continue;
          }
          if (timedOut) throw new TimeoutError(info, timeoutMs, failures + 1);
          throw new NetworkError(info, failures + 1, errno, what);
        }
        release();
        // A transport that was given no way to stop early still must not hand on more than allowed.
        const cap = this.#options.maxResponseBytes;
        if (cap !== undefined && response.body.byteLength > cap) throw new ResponseTooLargeError(info, cap);

        const now = Date.now();
        const limits = readRateLimitHeaders(response.headers);
        queue.update(limits, now, this.#options.rateLimitOffsetMs);
        const learned = this.#buckets.learn(route, baseUrl, limits.bucket);
        if (learned && learned !== queue) learned.update(limits, now, this.#options.rateLimitOffsetMs);
        this.#debug(`← ${response.status} ${method} ${info.url} in ${now - started}ms${describeLimits(limits)}`);

        if (response.status === 429) {
          this.stats.rateLimited++;
          consecutive429++;
          const wait = this.#rateLimitWait(response, limits, route, info, consecutive429, waited429, [queue, learned]);
          waited429 += wait;
          continue;
        }
        consecutive429 = 0;
        if (response.status === 401 || response.status === 403) this.#invalid.record(now);
        if (response.status === 401 && auth.source === 'client-credentials' && !refreshedBearer) {
          // The cached bearer may have been revoked or expired early: exchange once more, then give up.
          refreshedBearer = true;
          this.#bearer = undefined;
          auth = await this.#resolveAuth(mode, explicitHeaders);
          this.#debug(`… 401 with the client-credentials bearer: exchanged a new one, retrying ${method} ${info.url}`);
          continue;
        }
        if (response.status >= 200 && response.status < 300) {
          return { status: response.status, headers: response.headers, data: parseBody(response.body, response.headers['content-type']) as T };
        }
        if (isRetryableStatus(response.status) && failures < retries) {
          failures++;
          await this.#backoff(failures, retries, info, `status ${response.status}`, limits.retryAfterMs, options.signal);
          continue;
        }
        throw this.#errorFrom(response, info);
      }
    });
  }

  /** Closes keep-alive connections of the default transport. The client must not be used afterwards. */
  async close(): Promise<void> {
    await this.#closeTransport?.();
  }

  /** Sends one attempt with the per-attempt timeout and the caller's signal; rejects with TIMEOUT or ABORT markers. */
  async #attempt(req: Omit<TransportRequest, 'signal'>, timeoutMs: number, callerSignal: AbortSignal | undefined): Promise<TransportResponse> {
    if (callerSignal?.aborted) throw ABORT;
    const controller = new AbortController();
    let why: typeof TIMEOUT | typeof ABORT | undefined;
    let rejectRace: (reason: unknown) => void = () => undefined;
    // Racing the transport means a transport that ignores its signal still cannot hang the client.
    const race = new Promise<never>((_resolve, reject) => {
      rejectRace = reject;
    });
    const stop = (reason: typeof TIMEOUT | typeof ABORT) => {
      why ??= reason;
      controller.abort(new Error(reason === TIMEOUT ? 'timeout' : 'aborted'));
      rejectRace(reason);
    };
    const timer = setTimeout(() => stop(TIMEOUT), timeoutMs);
    const onAbort = () => stop(ABORT);
    callerSignal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await Promise.race([this.#transport({ ...req, signal: controller.signal }), race]);
    } catch (error) {
      throw why ?? error;
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
    }
  }

  /** Handles one 429: records the wait on the pacer or the bucket, or throws when the bounds are hit. Returns the wait. */
  #rateLimitWait(
    response: TransportResponse,
    limits: RateLimitHeaders,
    route: RouteInfo,
    info: RequestInfo,
    consecutive: number,
    waitedSoFar: number,
    queues: Array<BucketQueue | undefined>,
  ): number {
    const body = parseBody(response.body, response.headers['content-type']);
    const payload = (body !== null && typeof body === 'object' ? body : {}) as { retry_after?: unknown; global?: unknown };
    const global = payload.global === true || limits.global || limits.scope === 'global';
    const fromBody = typeof payload.retry_after === 'number' && payload.retry_after >= 0 ? payload.retry_after * 1000 : undefined;
    const retryAfterMs = fromBody ?? limits.retryAfterMs ?? limits.resetAfterMs;
    // The service does not count shared-resource 429s toward the invalid-request ban.
    if (limits.scope !== 'shared') this.#invalid.record();
    const base = { ...info, route: route.key, retryAfterMs: retryAfterMs ?? 0, global, scope: limits.scope };
    if (retryAfterMs === undefined) {
      // A 429 without any retry information is a temporary ban in front of the service: waiting blind would extend it.
      throw new RateLimitError({ ...base, reason: 'blocked' }, 'a 429 without retry information: the service is blocking this client temporarily');
    }
    if (consecutive > this.#options.maxRateLimitRetries) {
      throw new RateLimitError({ ...base, reason: 'too-many-429s' }, `${consecutive} consecutive 429 answers`);
    }
    const wait = Math.ceil(retryAfterMs) + this.#options.rateLimitOffsetMs;
    if (waitedSoFar + wait > this.#options.maxRateLimitWaitMs) {
      throw new RateLimitError(
        { ...base, reason: 'wait-cap-exceeded' },
        `the service asks to wait ${formatSeconds(retryAfterMs)}, beyond the ${formatSeconds(this.#options.maxRateLimitWaitMs)} cap`,
      );
    }
    const now = Date.now();
    if (global) this.#pacer.blockUntil(now + wait);
    else for (const queue of queues) queue?.blockFor(wait, now);
    this.#debug(
      `… 429 ${info.method} ${info.url}: ${global ? 'global' : `bucket ${(queues[1] ?? queues[0])?.id}`} scope=${limits.scope ?? 'route'}, waiting ${wait}ms (${consecutive}/${this.#options.maxRateLimitRetries})`,
    );
    return wait;
  }

  async #backoff(attempt: number, retries: number, info: RequestInfo, why: string, retryAfterMs: number | undefined, signal: AbortSignal | undefined): Promise<void> {
    this.stats.retried++;
    const delay = Math.max(
      backoffDelay(attempt, { baseMs: this.#options.backoffBaseMs, maxMs: this.#options.backoffMaxMs }),
      Math.min(retryAfterMs ?? 0, this.#options.backoffMaxMs),
    );
    this.#debug(`… retry ${attempt}/${retries} of ${info.method} ${info.url} in ${delay}ms after ${why}`);
    await this.#sleep(delay, signal, info);
  }

  async #sleep(ms: number, signal: AbortSignal | undefined, info: RequestInfo): Promise<void> {
    try {
      await sleep(ms, signal);
    } catch {
      throw new AbortedError(info);
    }
  }

  async #resolveAuth(mode: AuthMode, headers: Record<string, string> | undefined): Promise<ResolvedAuth> {
    if (mode === 'none') {
      const explicit = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
      return explicit ? { header: explicit, source: 'explicit' } : { header: undefined, source: 'none' };
    }
    if (mode === 'user') {
      if (!this.#credentials.bearerToken) {
        throw new CredentialsError(
          'BEARER_TOKEN_REQUIRED',
          ['DISCORD_BEARER_TOKEN'],
          "editing command permissions needs a user's bearer token with the applications.commands.permissions.update scope (a bot token is refused): set DISCORD_BEARER_TOKEN in the environment or .env",
        );
      }
      return { header: `Bearer ${this.#credentials.bearerToken}`, source: 'user' };
    }
    if (this.#credentials.botToken) return { header: `Bot ${this.#credentials.botToken}`, source: 'bot' };
    requireAppAuth(this.#credentials);
    return { header: `Bearer ${await this.#clientCredentialsBearer()}`, source: 'client-credentials' };
  }

  /** The cached client-credentials bearer, exchanged once at a time and renewed a minute before it expires. */
  #clientCredentialsBearer(): Promise<string> {
    if (this.#bearer && this.#bearer.expiresAt - 60_000 > Date.now()) return Promise.resolve(this.#bearer.token);
    this.#bearerExchange ??= this.#exchangeClientCredentials().finally(() => {
      this.#bearerExchange = undefined;
    });
    return this.#bearerExchange;
  }

  async #exchangeClientCredentials(): Promise<string> {
    const { clientId, clientSecret } = this.#credentials;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    this.redactor.add(basic);
    const data = await this.request<{ access_token?: unknown; token_type?: unknown; expires_in?: unknown; scope?: unknown }>({
      method: 'POST',
      path: '/oauth2/token',
      form: new URLSearchParams({ grant_type: 'client_credentials', scope: this.#options.oauthScopes.join(' ') }),
      auth: 'none',
      headers: { authorization: `Basic ${basic}` },
    });
    if (data === null || typeof data !== 'object' || typeof data.access_token !== 'string' || data.access_token === '') {
      throw new OAuth2Error(200, 'invalid_response', 'the token endpoint answered without an access_token');
    }
    const token = data.access_token;
    this.redactor.add(token);
    this.#options.onSecret?.(token);
    const expiresIn = typeof data.expires_in === 'number' ? data.expires_in : 604_800;
    this.#bearer = { token, expiresAt: Date.now() + expiresIn * 1000 };
    this.#debug(`… client credentials exchanged for a bearer token (scope ${typeof data.scope === 'string' ? data.scope : '?'}, expires in ${expiresIn}s)`);
    return token;
  }

  #errorFrom(response: TransportResponse, info: RequestInfo): Error {
    const body = parseBody(response.body, response.headers['content-type']);
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const json = this.redactor.redactValue(body as Record<string, unknown>);
      if (typeof json.code === 'number' && typeof json.message === 'string') {
        return new DiscordAPIError(response.status, json as { code: number; message: string; errors?: unknown }, info);
      }
      if (typeof json.error === 'string') {
        return new OAuth2Error(response.status, json.error, typeof json.error_description === 'string' ? json.error_description : '');
      }
    }
    const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
    const snippet = this.redactor.redact(text.replace(/\s+/g, ' ').trim().slice(0, 200));
    return new HTTPError(response.status, STATUS_CODES[response.status] ?? '', snippet, info);
  }

  #debug(line: string): void {
    if (this.#options.onDebug) this.#options.onDebug(this.redactor.redact(line));
  }
}

function describeLimits(limits: RateLimitHeaders): string {
  const parts: string[] = [];
  if (limits.bucket) parts.push(`bucket=${limits.bucket}`);
  if (limits.remaining !== undefined) parts.push(`remaining=${limits.remaining}${limits.limit !== undefined ? `/${limits.limit}` : ''}`);
  if (limits.resetAfterMs !== undefined) parts.push(`reset-after=${formatSeconds(limits.resetAfterMs)}`);
  if (limits.scope) parts.push(`scope=${limits.scope}`);
  return parts.length > 0 ? ` (${parts.join(' ')})` : '';
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms) / 1000}s`;
}

function systemCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    if (typeof code === 'string' && code.startsWith('UND_ERR')) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function stripQueryOf(path: string): string {
  const q = path.search(/[?#]/);
  return q === -1 ? path : path.slice(0, q);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A client from loaded credentials: `createClient(loadCredentials(), { onDebug })`. */
export function createClient(credentials: ClientCredentials & { apiUrl?: string }, options: Omit<ClientOptions, 'credentials'> = {}): RestClient {
  const { botToken, clientId, clientSecret, bearerToken } = credentials;
  return new RestClient({ ...options, apiUrl: options.apiUrl ?? credentials.apiUrl, credentials: { botToken, clientId, clientSecret, bearerToken } });
}
