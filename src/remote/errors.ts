import { CmdsyncError } from '../errors.js';
import { flattenFormErrors, formatFieldError, type FieldError } from './form-errors.js';

/*
 * Every error the HTTP client raises. Constructors take strings that are
 * already redacted (the client owns the redactor), so a message, `url` or
 * `String(error)` never holds a token. No raw transport error is attached as
 * `cause`: its text could echo a URL with a webhook token in it.
 */

/** Identifies the request an error is about. `url` is redacted. */
export interface RequestInfo {
  method: string;
  url: string;
}

/**
 * The service answered with a JSON error body `{ code, message, errors? }`.
 * `code` is cmdsync's stable code; the service's numeric code is `apiCode`.
 */
export class DiscordAPIError extends CmdsyncError {
  readonly status: number;
  /** The service's JSON error code (50035, 10063, 20001…); 0 for generic 401/404 bodies. */
  readonly apiCode: number;
  /** The service's own `message` (e.g. `Invalid Form Body`), without the field lines. */
  readonly apiMessage: string;
  readonly method: string;
  readonly url: string;
  /** The parsed body, with secrets redacted. */
  readonly rawError: unknown;
  /** The 50035 `errors` tree flattened; empty for other errors. */
  readonly fieldErrors: FieldError[];

  constructor(status: number, body: { code: number; message: string; errors?: unknown }, request: RequestInfo) {
    const fieldErrors = flattenFormErrors(body.errors);
    const head = `${request.method} ${request.url} → ${status} ${body.message} (code ${body.code})`;
    super('DISCORD_API_ERROR', [head, ...fieldErrors.map((e) => `  ${formatFieldError(e)}`)].join('\n'));
    this.status = status;
    this.apiCode = body.code;
    this.apiMessage = body.message;
    this.method = request.method;
    this.url = request.url;
    this.rawError = body;
    this.fieldErrors = fieldErrors;
  }
}

/** A failure whose body is not the service's JSON error shape (a proxy's HTML page, a bare 502). */
export class HTTPError extends CmdsyncError {
  readonly status: number;
  readonly method: string;
  readonly url: string;
  /** The start of the body (redacted), for diagnosis. */
  readonly bodySnippet: string;

  constructor(status: number, statusText: string, bodySnippet: string, request: RequestInfo) {
    super(
      'HTTP_ERROR',
      `${request.method} ${request.url} → ${status}${statusText ? ` ${statusText}` : ''}${bodySnippet ? `: ${bodySnippet}` : ''}`,
    );
    this.status = status;
    this.method = request.method;
    this.url = request.url;
    this.bodySnippet = bodySnippet;
  }
}

export type RateLimitGiveUpReason =
  /** More consecutive 429s on one request than `maxRateLimitRetries`. */
  | 'too-many-429s'
  /** Waiting would exceed `maxRateLimitWaitMs` for one request. */
  | 'wait-cap-exceeded'
  /** A 429 with no retry information: a temporary ban in front of the service. */
  | 'blocked';

/** The client stopped waiting out rate limits for one request. */
export class RateLimitError extends CmdsyncError {
  readonly method: string;
  readonly url: string;
  /** The route key, e.g. `PUT /applications/:id/guilds/:id/commands`. */
  readonly route: string;
  /** The wait the service asked for last, in ms (0 when it gave none). */
  readonly retryAfterMs: number;
  readonly global: boolean;
  /** `X-RateLimit-Scope`: `user`, `global`, `shared`, or undefined. */
  readonly scope: string | undefined;
  readonly reason: RateLimitGiveUpReason;

  constructor(
    info: RequestInfo & {
      route: string;
      retryAfterMs: number;
      global: boolean;
      scope: string | undefined;
      reason: RateLimitGiveUpReason;
    },
    detail: string,
  ) {
    super('RATE_LIMITED', `${info.method} ${info.url}: rate limited (${detail})`);
    this.method = info.method;
    this.url = info.url;
    this.route = info.route;
    this.retryAfterMs = info.retryAfterMs;
    this.global = info.global;
    this.scope = info.scope;
    this.reason = info.reason;
  }
}

/**
 * Too many 401/403/429 answers in the window: the service bans an IP at
 * 10,000 per 10 minutes, so the client stops long before that.
 */
export class InvalidRequestLimitError extends CmdsyncError {
  readonly count: number;
  readonly limit: number;
  readonly windowMs: number;

  constructor(count: number, limit: number, windowMs: number) {
    super(
      'INVALID_REQUEST_LIMIT',
      `stopped after ${count} invalid requests (401/403/429) in ${Math.round(windowMs / 60_000)} minutes (limit ${limit}); the service bans clients that keep going. Check the credentials and permissions, then retry later.`,
    );
    this.count = count;
    this.limit = limit;
    this.windowMs = windowMs;
  }
}

/** The connection failed (refused, reset, DNS…) on every attempt. */
export class NetworkError extends CmdsyncError {
  readonly method: string;
  readonly url: string;
  readonly attempts: number;
  /** The system error code, e.g. `ECONNRESET`, when there was one. */
  readonly errno: string | undefined;

  constructor(request: RequestInfo, attempts: number, errno: string | undefined, detail: string) {
    super(
      'NETWORK_ERROR',
      `${request.method} ${request.url}: network error after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${detail}`,
    );
    this.method = request.method;
    this.url = request.url;
    this.attempts = attempts;
    this.errno = errno;
  }
}

/** No complete answer within the per-request timeout, on every attempt. */
export class TimeoutError extends CmdsyncError {
  readonly method: string;
  readonly url: string;
  readonly timeoutMs: number;
  readonly attempts: number;

  constructor(request: RequestInfo, timeoutMs: number, attempts: number) {
    super(
      'TIMEOUT',
      `${request.method} ${request.url}: no answer within ${timeoutMs} ms (${attempts} attempt${attempts === 1 ? '' : 's'})`,
    );
    this.method = request.method;
    this.url = request.url;
    this.timeoutMs = timeoutMs;
    this.attempts = attempts;
  }
}

/** The answer's body went past the size the caller allows (a server streaming without end, or far too much). */
export class ResponseTooLargeError extends CmdsyncError {
  readonly url: string;
  readonly maxBytes: number;

  constructor(request: RequestInfo, maxBytes: number) {
    super('RESPONSE_TOO_LARGE', `${request.method} ${request.url}: the answer is larger than ${formatBytes(maxBytes)}`);
    this.url = request.url;
    this.maxBytes = maxBytes;
  }
}

/** `10 MiB`, `64 KiB`, `512 bytes`. */
export function formatBytes(n: number): string {
  if (n >= 1048576 && n % 1048576 === 0) return `${n / 1048576} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/** The caller's AbortSignal fired. */
export class AbortedError extends CmdsyncError {
  constructor(request: RequestInfo) {
    super('ABORTED', `${request.method} ${request.url}: aborted`);
  }
}

/** The client-credentials exchange was refused (`{ error, error_description }` body). */
export class OAuth2Error extends CmdsyncError {
  readonly status: number;
  /** OAuth2 `error`, e.g. `invalid_client`, `invalid_scope`. */
  readonly error: string;
  readonly description: string;

  constructor(status: number, error: string, description: string) {
    super(
      'OAUTH2_FAILED',
      `client-credentials exchange failed (${status} ${error}${description ? `: ${description}` : ''}); check DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET`,
    );
    this.status = status;
    this.error = error;
    this.description = description;
  }
}

/** A string that is not a webhook URL. The message never repeats the token. */
export class WebhookUrlError extends CmdsyncError {
  constructor(message: string) {
    super('WEBHOOK_URL_INVALID', message);
  }
}

/** Failures to connect at all: the request never left, so nothing can have been written. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Whether a write that failed with `err` may still have been carried out: no
 * answer (a timeout, a dropped or reset connection, an abort, an answer cut
 * off or too large) or a 5xx, which a service may send after writing. A 4xx
 * or a 429 is an answer, and a connection never made sent nothing: nothing
 * was written. An error of unknown kind is taken as unknown, the safe side
 * for a write that must not be repeated.
 */
export function writeOutcomeUnknown(err: unknown): boolean {
  if (err instanceof DiscordAPIError || err instanceof HTTPError) return err.status >= 500;
  if (err instanceof NetworkError) return !(err.errno !== undefined && NEVER_SENT.has(err.errno));
  if (err instanceof TimeoutError || err instanceof AbortedError || err instanceof ResponseTooLargeError) return true;
  return !(err instanceof CmdsyncError);
}
