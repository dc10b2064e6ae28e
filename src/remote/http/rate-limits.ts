import { AbortedError, InvalidRequestLimitError, RateLimitError, type RequestInfo } from '../errors.js';
import { parseBody } from './body.js';
import { BucketRegistry, readRateLimitHeaders, type BucketQueue, type RateLimitHeaders } from './buckets.js';
import type { InvalidRequestCounter } from './invalid-requests.js';
import { GlobalPacer } from './pacer.js';
import type { RouteInfo } from './route.js';
import { Semaphore } from './semaphore.js';
import type { TransportResponse } from './transport.js';
import { waitForRequest } from './wait.js';

export interface RateLimitOptions {
  globalRequestsPerSecond: number;
  concurrency: number;
  invalidRequestLimit: number;
  maxRateLimitRetries: number;
  maxRateLimitWaitMs: number;
  rateLimitOffsetMs: number;
}

/** Where a request stands in the rate limits: its route, its API base and the bucket queue it joined. */
export interface Queued {
  route: RouteInfo;
  baseUrl: string;
  queue: BucketQueue;
  info: RequestInfo;
  signal?: AbortSignal;
}

/** An answer's rate-limit headers, and the queue the service's bucket id maps the route to from now on. */
export interface Learned {
  limits: RateLimitHeaders;
  learned: BucketQueue | undefined;
  now: number;
}

/**
 * Every limit the client keeps to, in the order a request meets them
 * (the @discordjs/rest model: per-bucket queues behind a global limit): the
 * invalid-request cap, its bucket's queue and reset, the in-flight cap, the
 * global pacer; then what the answer's headers teach, and the waits a 429
 * asks for.
 */
export class RateLimits {
  readonly #options: RateLimitOptions;
  readonly #buckets = new BucketRegistry();
  readonly #pacer: GlobalPacer;
  readonly #semaphore: Semaphore;
  readonly #invalid: InvalidRequestCounter;
  readonly #debug: (line: string) => void;

  constructor(options: RateLimitOptions, invalid: InvalidRequestCounter, debug: (line: string) => void) {
    this.#options = options;
    this.#pacer = new GlobalPacer(options.globalRequestsPerSecond);
    this.#semaphore = new Semaphore(options.concurrency);
    this.#invalid = invalid;
    this.#debug = debug;
  }

  /** 401/403/429 answers counted in the current window. */
  get invalidCount(): number {
    return this.#invalid.count();
  }

  /** The queue a new request on `route` joins. */
  queueFor(route: RouteInfo, baseUrl: string): BucketQueue {
    return this.#buckets.queueFor(route, baseUrl);
  }

  /** Refuses to send once the client's own cap on invalid answers is reached (the service bans far above it). */
  refuseWhenOverInvalidLimit(): void {
    const count = this.#invalid.count();
    if (count >= this.#options.invalidRequestLimit)
      throw new InvalidRequestLimitError(count, this.#options.invalidRequestLimit, this.#invalid.windowMs);
  }

  /** Waits until the request's bucket has room. */
  async waitForBucket(req: Queued): Promise<void> {
    const wait = req.queue.delay(Date.now());
    if (wait <= 0) return;
    this.#debug(`… wait ${wait}ms: bucket ${req.queue.id} exhausted (${req.info.method} ${req.info.url})`);
    await waitForRequest(wait, req.signal, req.info);
  }

  /** A slot in flight, once the global pacer lets one more start; the returned function gives the slot back. */
  async slot(req: Queued): Promise<() => void> {
    const release = await this.#semaphore.acquire();
    try {
      await this.#pacer.take(req.signal, (ms, why) =>
        this.#debug(
          `… wait ${ms}ms: ${why === 'global-limit' ? 'global rate limit' : 'global pacer'} (${req.info.method} ${req.info.url})`,
        ),
      );
    } catch (error) {
      release();
      throw req.signal?.aborted ? new AbortedError(req.info) : error;
    }
    return release;
  }

  /** Takes in an answer's headers: the bucket it says the route is in, and how much is left there. */
  learn(req: Queued, headers: Record<string, string>): Learned {
    const now = Date.now();
    const limits = readRateLimitHeaders(headers);
    req.queue.update(limits, now, this.#options.rateLimitOffsetMs);
    const learned = this.#buckets.learn(req.route, req.baseUrl, limits.bucket);
    if (learned && learned !== req.queue) learned.update(limits, now, this.#options.rateLimitOffsetMs);
    return { limits, learned, now };
  }

  /** A 401 or 403: counted toward the invalid-request cap. */
  recordInvalid(now: number): void {
    this.#invalid.record(now);
  }

  /**
   * One 429: holds the pacer (global) or the buckets back for the wait the
   * service asks, or throws RateLimitError when a bound is hit. Returns the wait.
   */
  onRateLimited(
    req: Queued,
    response: TransportResponse,
    answer: Learned,
    tries: { consecutive: number; waitedMs: number },
  ): number {
    const { limits } = answer;
    const body = parseBody(response.body, response.headers['content-type']);
    const payload = (body !== null && typeof body === 'object' ? body : {}) as {
      retry_after?: unknown;
      global?: unknown;
    };
    const global = payload.global === true || limits.global || limits.scope === 'global';
    const fromBody =
      typeof payload.retry_after === 'number' && payload.retry_after >= 0 ? payload.retry_after * 1000 : undefined;
    const retryAfterMs = fromBody ?? limits.retryAfterMs ?? limits.resetAfterMs;
    // The service does not count shared-resource 429s toward the invalid-request ban.
    if (limits.scope !== 'shared') this.#invalid.record();
    const wait = this.#allowedWait(req, { retryAfterMs, global, scope: limits.scope }, tries);
    const now = Date.now();
    if (global) this.#pacer.blockUntil(now + wait);
    else for (const queue of [req.queue, answer.learned]) queue?.blockFor(wait, now);
    const bucket = (answer.learned ?? req.queue).id;
    this.#debug(
      `… 429 ${req.info.method} ${req.info.url}: ${global ? 'global' : `bucket ${bucket}`} scope=${limits.scope ?? 'route'}, waiting ${wait}ms (${tries.consecutive}/${this.#options.maxRateLimitRetries})`,
    );
    return wait;
  }

  /** The wait a 429 asks for, padded, or RateLimitError when there is none to trust or it goes past the bounds. */
  #allowedWait(
    req: Queued,
    asked: { retryAfterMs: number | undefined; global: boolean; scope: string | undefined },
    tries: { consecutive: number; waitedMs: number },
  ): number {
    const { retryAfterMs } = asked;
    const base = {
      ...req.info,
      route: req.route.key,
      retryAfterMs: retryAfterMs ?? 0,
      global: asked.global,
      scope: asked.scope,
    };
    if (retryAfterMs === undefined) {
      // A 429 without any retry information is a temporary ban in front of the service: waiting blind would extend it.
      throw new RateLimitError(
        { ...base, reason: 'blocked' },
        'a 429 without retry information: the service is blocking this client temporarily',
      );
    }
    if (tries.consecutive > this.#options.maxRateLimitRetries) {
      throw new RateLimitError({ ...base, reason: 'too-many-429s' }, `${tries.consecutive} consecutive 429 answers`);
    }
    const wait = Math.ceil(retryAfterMs) + this.#options.rateLimitOffsetMs;
    if (tries.waitedMs + wait > this.#options.maxRateLimitWaitMs) {
      throw new RateLimitError(
        { ...base, reason: 'wait-cap-exceeded' },
        `the service asks to wait ${formatSeconds(retryAfterMs)}, beyond the ${formatSeconds(this.#options.maxRateLimitWaitMs)} cap`,
      );
    }
    return wait;
  }
}

/** ` (bucket=… remaining=4/5 reset-after=1s scope=…)` for the debug line of an answer; '' when it had no such headers. */
export function describeLimits(limits: RateLimitHeaders): string {
  const parts: string[] = [];
  if (limits.bucket) parts.push(`bucket=${limits.bucket}`);
  if (limits.remaining !== undefined)
    parts.push(`remaining=${limits.remaining}${limits.limit !== undefined ? `/${limits.limit}` : ''}`);
  if (limits.resetAfterMs !== undefined) parts.push(`reset-after=${formatSeconds(limits.resetAfterMs)}`);
  if (limits.scope) parts.push(`scope=${limits.scope}`);
  return parts.length > 0 ? ` (${parts.join(' ')})` : '';
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms) / 1000}s`;
}
