import type { RouteInfo } from './route.js';

/** The rate-limit headers of one response, parsed. Absent headers stay undefined. */
export interface RateLimitHeaders {
  bucket?: string;
  limit?: number;
  remaining?: number;
  /** `X-RateLimit-Reset-After`, in ms (the service sends fractional seconds). */
  resetAfterMs?: number;
  /** `Retry-After`, in ms (whole seconds on the wire). */
  retryAfterMs?: number;
  /** `X-RateLimit-Global: true`. */
  global: boolean;
  /** `X-RateLimit-Scope` (429 only): `user`, `global` or `shared`. */
  scope?: string;
}

/** Headers are lower-cased by the transport. */
export function readRateLimitHeaders(headers: Record<string, string>): RateLimitHeaders {
  const num = (name: string): number | undefined => {
    const raw = headers[name];
    if (raw === undefined || raw.trim() === '') return undefined;
    const n = Number(raw);
    return Number.isFinite(n) ? n : undefined;
  };
  const resetAfter = num('x-ratelimit-reset-after');
  const retryAfter = num('retry-after');
  return {
    bucket: headers['x-ratelimit-bucket'] || undefined,
    limit: num('x-ratelimit-limit'),
    remaining: num('x-ratelimit-remaining'),
    resetAfterMs: resetAfter === undefined ? undefined : resetAfter * 1000,
    retryAfterMs: retryAfter === undefined ? undefined : retryAfter * 1000,
    global: headers['x-ratelimit-global']?.toLowerCase() === 'true',
    scope: headers['x-ratelimit-scope'] || undefined,
  };
}

/**
 * One bucket of one major resource: a FIFO queue that runs one request at a
 * time (the answer tells how many are left, so the next request is sent only
 * once it is known to fit), plus what the last answer said.
 */
export class BucketQueue {
  /** `hash:major`, free of secrets. */
  readonly id: string;
  /** Unknown limits are infinite until an answer says otherwise. */
  limit = Number.POSITIVE_INFINITY;
  remaining = Number.POSITIVE_INFINITY;
  /** Epoch ms when the bucket refills. */
  resetAt = 0;
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;

  constructor(id: string) {
    this.id = id;
  }

  /** Runs `task` after every task queued before it has settled. */
  run<T>(task: () => Promise<T>): Promise<T> {
    this.#pending++;
    const result = this.#tail.then(task);
    this.#tail = result.then(
      () => this.#pending--,
      () => this.#pending--,
    );
    return result;
  }

  get pending(): number {
    return this.#pending;
  }

  /** How long the next request must wait for the bucket to refill (0 = go now). */
  delay(now: number): number {
    if (this.remaining > 0) return 0;
    if (now < this.resetAt) return this.resetAt - now;
    // The window passed: the service refilled the bucket; the next answer corrects the count.
    this.remaining = this.limit;
    return 0;
  }

  /** Takes in an answer's headers. `offsetMs` pads the reset against clock granularity. */
  update(headers: RateLimitHeaders, now: number, offsetMs: number): void {
    if (headers.limit !== undefined) this.limit = headers.limit;
    if (headers.remaining !== undefined) this.remaining = headers.remaining;
    if (headers.resetAfterMs !== undefined) this.resetAt = now + headers.resetAfterMs + offsetMs;
  }

  /** After a 429 on this bucket: nothing goes until `ms` from now. */
  blockFor(ms: number, now: number): void {
    this.remaining = 0;
    this.resetAt = Math.max(this.resetAt, now + ms);
  }
}

/**
 * The queues, keyed by learned bucket id and major parameter. Until a route's
 * first answer names its bucket (`X-RateLimit-Bucket`), it gets a queue of
 * its own keyed by the route; routes the service says share a bucket then
 * share a queue.
 */
export class BucketRegistry {
  /** route key (with origin) → bucket hash the service named. */
  readonly #hashes = new Map<string, string>();
  readonly #queues = new Map<string, BucketQueue>();

  /** The queue a new request on `route` joins. */
  queueFor(route: RouteInfo, origin: string): BucketQueue {
    const hash = this.#hashes.get(`${origin} ${route.key}`) ?? `route(${route.key})`;
    return this.#queue(`${hash}:${route.major}`, origin);
  }

  /**
   * Records an answer's bucket id for `route`. Returns the queue later
   * requests will use, so the caller can give it the same state: otherwise
   * the first request on the learned queue would not know it is exhausted.
   */
  learn(route: RouteInfo, origin: string, bucket: string | undefined): BucketQueue | undefined {
    if (bucket === undefined) return undefined;
    this.#hashes.set(`${origin} ${route.key}`, bucket);
    return this.#queue(`${bucket}:${route.major}`, origin);
  }

  get size(): number {
    return this.#queues.size;
  }

  #queue(id: string, origin: string): BucketQueue {
    const key = `${origin} ${id}`;
    let queue = this.#queues.get(key);
    if (!queue) {
      queue = new BucketQueue(id);
      this.#queues.set(key, queue);
    }
    return queue;
  }
}
