import { normalizeApiUrl } from '../../config/credentials.js';
import { ResponseTooLargeError, type RequestInfo } from '../errors.js';
import { maskAuthorization, Redactor } from '../../config/redact.js';
import { attempt } from './attempt.js';
import { Authenticator, type ResolvedAuth } from './auth.js';
import { buildQuery, encodeRequest, parseBody } from './body.js';
import { classifyAttemptError, errorFromLostAttempt, errorFromResponse, type LostAttempt } from './error-mapping.js';
import { InvalidRequestCounter } from './invalid-requests.js';
import {
  DEFAULT_CLIENT_OPTIONS,
  type ApiResponse,
  type AuthMode,
  type ClientCredentials,
  type ClientOptions,
  type ClientStats,
  type HttpMethod,
  type RequestOptions,
  type ResolvedClientOptions,
} from './options.js';
import { describeLimits, RateLimits, type Learned, type Queued } from './rate-limits.js';
import { isRetryableStatus, retryDelay, RetryBudget } from './retry.js';
import { isWebhookTokenPath, routeOf, stripQuery } from './route.js';
import {
  createUndiciTransport,
  type RequestFunction,
  type TransportRequest,
  type TransportResponse,
} from './transport.js';
import { userAgent } from './user-agent.js';
import { waitForRequest } from './wait.js';

export { DEFAULT_CLIENT_OPTIONS } from './options.js';
export type {
  ApiResponse,
  AuthMode,
  ClientCredentials,
  ClientOptions,
  ClientStats,
  HttpMethod,
  RequestOptions,
} from './options.js';

/** Everything decided once per request, before it joins its bucket's queue. */
interface Prepared extends Queued {
  method: HttpMethod;
  url: string;
  mode: AuthMode;
  /** The caller's headers where an explicit Authorization may be honoured (never on token paths). */
  explicitHeaders: Record<string, string> | undefined;
  auth: ResolvedAuth;
  wire: { headers: Record<string, string>; body: TransportRequest['body'] };
  retries: number;
  timeoutMs: number;
}

/** What one attempt came to: an answer, or no answer worth another try. */
type Sent = { response: TransportResponse; started: number } | { lost: LostAttempt };

/** An answer that asks for another attempt (a 429 waited out, a renewed bearer, a 5xx retried). */
const AGAIN = Symbol('again');

/**
 * The HTTP client every network operation of cmdsync goes through. A request
 * is prepared (URL, credential, body), queued in its bucket, and attempted
 * until an answer settles it: the rate limits (`rate-limits.ts`), the
 * credential (`auth.ts`), one attempt within its timeout (`attempt.ts`),
 * the retry budget (`retry.ts`) and the typed errors (`error-mapping.ts`)
 * each live in their own module. Every secret is redacted from errors and
 * debug output.
 */
export class RestClient {
  readonly apiUrl: string;
  /** Requests in flight at once. */
  readonly concurrency: number;
  /** Registers and strips secrets; the CLI may use it for its own output. */
  readonly redactor: Redactor;
  readonly stats: ClientStats = { sent: 0, rateLimited: 0, retried: 0 };

  readonly #options: ResolvedClientOptions;
  readonly #transport: RequestFunction;
  readonly #closeTransport: (() => Promise<void>) | undefined;
  readonly #limits: RateLimits;
  readonly #auth: Authenticator;
  readonly #userAgent: string;

  constructor(options: ClientOptions = {}) {
    const merged = { ...DEFAULT_CLIENT_OPTIONS, ...dropUndefined(options) };
    this.#options = merged;
    this.apiUrl = normalizeApiUrl(merged.apiUrl, 'apiUrl');
    this.concurrency = merged.concurrency;
    const credentials = { ...options.credentials };
    this.redactor = new Redactor([credentials.botToken, credentials.clientSecret, credentials.bearerToken]);
    if (options.request) {
      this.#transport = options.request;
    } else {
      const undici = createUndiciTransport({ connectionsPerOrigin: merged.concurrency });
      this.#transport = undici.request;
      this.#closeTransport = undici.close;
    }
    const invalid = options.invalidRequestCounter ?? new InvalidRequestCounter(merged.invalidRequestWindowMs);
    this.#limits = new RateLimits(merged, invalid, (line) => this.#debug(line));
    this.#auth = new Authenticator({
      credentials,
      oauthScopes: merged.oauthScopes,
      redactor: this.redactor,
      exchange: (request) => this.request(request),
      onSecret: options.onSecret,
      debug: (line) => this.#debug(line),
    });
    this.#userAgent = merged.userAgent ?? userAgent();
  }

  /** The credential app-authenticated requests use: `bot`, `client-credentials`, or `none` (requests would fail). */
  get appAuth(): 'bot' | 'client-credentials' | 'none' {
    return this.#auth.appAuth;
  }

  /** The per-attempt timeout: how long a request may go unanswered before its outcome is unknown. */
  get timeoutMs(): number {
    return this.#options.timeoutMs;
  }

  /** Whether permission edits can be sent (a user bearer token is set). */
  get canEditPermissions(): boolean {
    return this.#auth.canEditPermissions;
  }

  /** 401/403/429 answers counted in the current window. */
  get invalidRequestCount(): number {
    return this.#limits.invalidCount;
  }

  /** Sends a request and returns the parsed body. */
  async request<T = unknown>(options: RequestOptions): Promise<T> {
    return (await this.send<T>(options)).data;
  }

  /** Sends a request and returns status, headers and parsed body (e.g. to tell 201 from 200). */
  async send<T = unknown>(options: RequestOptions): Promise<ApiResponse<T>> {
    const req = await this.#prepare(options);
    return req.queue.run(() => this.#settle<T>(req));
  }

  /** Closes keep-alive connections of the default transport. The client must not be used afterwards. */
  async close(): Promise<void> {
    await this.#closeTransport?.();
  }

  /** Resolves the credential before queueing, so a missing one fails before anything is sent. */
  async #prepare(options: RequestOptions): Promise<Prepared> {
    const method = options.method.toUpperCase() as HttpMethod;
    if (!options.path.startsWith('/'))
      throw new TypeError(`request path must start with "/": ${this.redactor.redact(options.path)}`);
    const baseUrl = options.baseUrl ? normalizeApiUrl(options.baseUrl, 'baseUrl') : this.apiUrl;
    const url = `${baseUrl}${options.path}${buildQuery(options.query)}`;
    const tokenPath = isWebhookTokenPath(options.path);
    if (tokenPath) this.#registerPathToken(options.path);
    const info: RequestInfo = { method, url: this.redactor.redact(url) };
    const mode = this.#auth.modeFor(method, options.path, tokenPath, options.auth);
    const explicitHeaders = tokenPath ? undefined : options.headers;
    const auth = await this.#auth.resolve(mode, explicitHeaders);
    const route = routeOf(method, options.path);
    return {
      method,
      url,
      baseUrl,
      info,
      route,
      queue: this.#limits.queueFor(route, baseUrl),
      mode,
      explicitHeaders,
      auth,
      wire: encodeRequest(options, this.#userAgent),
      retries: options.retries ?? this.#options.retries,
      timeoutMs: options.timeoutMs ?? this.#options.timeoutMs,
      signal: options.signal,
    };
  }

  /** The webhook token in the path is the credential: registered so no output shows it. */
  #registerPathToken(path: string): void {
    const segment = stripQuery(path).split('/')[3] ?? '';
    this.redactor.add(segment);
    this.redactor.add(safeDecode(segment));
  }

  /** Attempts the request, in its turn of the queue, until an answer settles it. */
  async #settle<T>(req: Prepared): Promise<ApiResponse<T>> {
    const budget = new RetryBudget(req.retries);
    for (;;) {
      this.#limits.refuseWhenOverInvalidLimit();
      await this.#limits.waitForBucket(req);
      const sent = await this.#sendOnce(req);
      if ('lost' in sent) {
        if (!budget.takeRetry()) throw errorFromLostAttempt(sent.lost, req.info, req.timeoutMs, budget.attempts);
        await this.#backoff(req, budget, sent.lost.what, undefined);
        continue;
      }
      const outcome = await this.#judge<T>(req, budget, sent.response, this.#learn(req, sent));
      if (outcome !== AGAIN) return outcome;
    }
  }

  /** One attempt through the in-flight cap and the pacer. */
  async #sendOnce(req: Prepared): Promise<Sent> {
    const started = Date.now();
    let response: TransportResponse;
    const release = await this.#limits.slot(req);
    try {
      this.stats.sent++;
      this.#debug(`→ ${req.method} ${req.info.url} [${req.queue.id}] auth=${maskAuthorization(req.auth.header)}`);
      const cap = this.#options.maxResponseBytes;
      const headers = req.auth.header ? { ...req.wire.headers, authorization: req.auth.header } : req.wire.headers;
      response = await attempt(
        this.#transport,
        {
          url: req.url,
          method: req.method,
          headers,
          body: req.wire.body,
          maxBodyBytes: cap,
        },
        req.timeoutMs,
        req.signal,
      );
    } catch (error) {
      release();
      const failure = classifyAttemptError(error, req.info, req.timeoutMs, this.redactor);
      if ('final' in failure) throw failure.final;
      this.#debug(`✗ ${req.method} ${req.info.url}: ${failure.lost.what} (${Date.now() - started}ms)`);
      return failure;
    }
    release();
    // A transport that was given no way to stop early still must not hand on more than allowed.
    const cap = this.#options.maxResponseBytes;
    if (cap !== undefined && response.body.byteLength > cap) throw new ResponseTooLargeError(req.info, cap);
    return { response, started };
  }

  #learn(req: Prepared, sent: { response: TransportResponse; started: number }): Learned {
    const learned = this.#limits.learn(req, sent.response.headers);
    this.#debug(
      `← ${sent.response.status} ${req.method} ${req.info.url} in ${learned.now - sent.started}ms${describeLimits(learned.limits)}`,
    );
    return learned;
  }

  /** What an answer means: the result, another attempt, or the request's typed error. */
  async #judge<T>(
    req: Prepared,
    budget: RetryBudget,
    response: TransportResponse,
    learned: Learned,
  ): Promise<ApiResponse<T> | typeof AGAIN> {
    if (response.status === 429) {
      this.stats.rateLimited++;
      budget.consecutive429++;
      budget.waited429Ms += this.#limits.onRateLimited(req, response, learned, {
        consecutive: budget.consecutive429,
        waitedMs: budget.waited429Ms,
      });
      return AGAIN;
    }
    budget.consecutive429 = 0;
    if (response.status === 401 || response.status === 403) this.#limits.recordInvalid(learned.now);
    if (response.status === 401 && req.auth.source === 'client-credentials' && !budget.bearerRenewed) {
      // The cached bearer may have been revoked or expired early: exchange once more, then give up.
      budget.bearerRenewed = true;
      this.#auth.forgetBearer();
      req.auth = await this.#auth.resolve(req.mode, req.explicitHeaders);
      this.#debug(
        `… 401 with the client-credentials bearer: exchanged a new one, retrying ${req.method} ${req.info.url}`,
      );
      return AGAIN;
    }
    if (response.status >= 200 && response.status < 300) {
      return {
        status: response.status,
        headers: response.headers,
        data: parseBody(response.body, response.headers['content-type']) as T,
      };
    }
    if (isRetryableStatus(response.status) && budget.takeRetry()) {
      await this.#backoff(req, budget, `status ${response.status}`, learned.limits.retryAfterMs);
      return AGAIN;
    }
    throw errorFromResponse(response, req.info, this.redactor);
  }

  async #backoff(req: Prepared, budget: RetryBudget, why: string, retryAfterMs: number | undefined): Promise<void> {
    this.stats.retried++;
    const delay = retryDelay(
      budget.failures,
      { baseMs: this.#options.backoffBaseMs, maxMs: this.#options.backoffMaxMs },
      retryAfterMs,
    );
    this.#debug(
      `… retry ${budget.failures}/${budget.retries} of ${req.info.method} ${req.info.url} in ${delay}ms after ${why}`,
    );
    await waitForRequest(delay, req.signal, req.info);
  }

  #debug(line: string): void {
    if (this.#options.onDebug) this.#options.onDebug(this.redactor.redact(line));
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A client from loaded credentials: `createClient(loadCredentials(), { onDebug })`. */
export function createClient(
  credentials: ClientCredentials & { apiUrl?: string },
  options: Omit<ClientOptions, 'credentials'> = {},
): RestClient {
  const { botToken, clientId, clientSecret, bearerToken } = credentials;
  return new RestClient({
    ...options,
    apiUrl: options.apiUrl ?? credentials.apiUrl,
    credentials: { botToken, clientId, clientSecret, bearerToken },
  });
}
