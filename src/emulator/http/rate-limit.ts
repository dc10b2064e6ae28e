/**
 * The service's rate-limit model (facts §2): a global limit per caller
 * (50 requests per second by default) and per-route buckets, split by the
 * top-level resource in the path (guild, channel, webhook id + token, or the
 * application for global command routes), with the X-RateLimit-* headers the
 * real service sends. Fixed windows that start at a bucket's first request.
 * Which bucket a request counts in is declared by its route (`Route.bucket`,
 * http/buckets.ts), never worked out from the path.
 */
import { hash as digest } from 'node:crypto';
import { type BucketName, DEFAULT_ROUTE_LIMITS, type RouteBucket, type RouteLimit } from './buckets.js';
import type { EmulatorResponse } from './http-types.js';
import { RATE_LIMITED_MESSAGE } from '../../wire/error-answers.js';

export type { BucketName, RouteLimit } from './buckets.js';

export interface RateLimitOptions {
  /** Requests per second per caller, across routes; false turns the global limit off. */
  global?: number | false;
  /** Per-bucket overrides; false turns that bucket off. */
  routes?: Partial<Record<BucketName, RouteLimit | false>>;
}

export const DEFAULT_GLOBAL_PER_SECOND = 50;

/**
 * The top-level resource of a request path: its bucket is split by it, so a
 * client working on several guilds in parallel is not throttled as one queue.
 */
export function majorParameter(path: string): string {
  const segs = path.split('/').filter(Boolean);
  const at = (name: string) => {
    const i = segs.indexOf(name);
    return i >= 0 && segs[i + 1] !== undefined && /^\d+$/.test(segs[i + 1]!) ? i : -1;
  };
  const g = at('guilds');
  if (g >= 0) return `guild:${segs[g + 1]}`;
  const c = at('channels');
  if (c >= 0) return `channel:${segs[c + 1]}`;
  if (segs[0] === 'webhooks' && segs[1]) {
    // The token is hashed: bucket keys live in memory only, but never hold a secret in clear.
    return segs[2] && segs[2] !== 'messages'
      ? `webhook:${segs[1]}:${hash(segs[2]).slice(0, 16)}`
      : `webhook:${segs[1]}`;
  }
  const a = at('applications');
  if (a >= 0) return `application:${segs[a + 1]}`;
  return 'none';
}

function hash(text: string): string {
  return digest('sha256', text, 'hex');
}

/** Bucket ids by `method name`: a handful of them, hashed once each rather than on every request. */
const bucketIds = new Map<string, string>();
function bucketId(method: string, name: BucketName): string {
  const key = `${method} ${name}`;
  let id = bucketIds.get(key);
  if (id === undefined) {
    id = hash(key).slice(0, 32);
    bucketIds.set(key, id);
  }
  return id;
}

interface Window {
  count: number;
  resetAt: number;
  /** What the window counts, for `snapshot`: its bucket and the route's method. */
  label?: { name: BucketName; method: string; major: string; limit: number };
}

/** One live window as the web view's state panel shows it. */
export interface BucketSnapshot {
  /** `global`, or the bucket name (`commands.create`). */
  bucket: string;
  /** The X-RateLimit-Bucket id the requests were answered with (the event log shows it); absent for the global window. */
  bucketId?: string;
  /** The method and top-level resource the window is split by (`POST guild:123`), or `all routes`. */
  key: string;
  limit: number;
  remaining: number;
  resetAfterMs: number;
  /** A short label of the caller's credential hash, never the credential. */
  caller: string;
}

/** A caller label: the first characters of its credential hash, or the address of a caller without one. */
export function callerLabel(caller: string): string {
  return caller.startsWith('ip:') ? `no credential (${caller.slice(3)})` : `caller ${caller.slice(0, 6)}`;
}

export type RateDecision = { ok: true; headers: Record<string, string> } | { ok: false; response: EmulatorResponse };

function secs(ms: number): string {
  return (ms / 1000).toFixed(3);
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly global: number | false;
  private readonly routes: Record<BucketName, RouteLimit | false>;

  constructor(options: RateLimitOptions = {}) {
    this.global = options.global === undefined ? DEFAULT_GLOBAL_PER_SECOND : options.global;
    this.routes = { ...DEFAULT_ROUTE_LIMITS, ...(options.routes ?? {}) };
  }

  private window(key: string, windowMs: number, now: number, label?: Window['label']): Window {
    let w = this.windows.get(key);
    if (!w || now >= w.resetAt) {
      w = { count: 0, resetAt: now + windowMs, label };
      this.windows.set(key, w);
      if (this.windows.size > 50_000) this.prune(now);
    }
    return w;
  }

  private prune(now: number): void {
    for (const [k, w] of this.windows) if (now >= w.resetAt) this.windows.delete(k);
  }

  /**
   * Admits or refuses one request to a route of the given bucket (declared on
   * the route). `caller` identifies the credential (a hash of the
   * Authorization header, or the client address when there is none).
   */
  check(caller: string, method: string, name: RouteBucket, path: string, now: number): RateDecision {
    if (name === 'exempt') return { ok: true, headers: {} };
    if (this.global !== false) {
      const g = this.window(`global|${caller}`, 1000, now);
      if (g.count >= this.global) {
        const retry = (g.resetAt - now) / 1000;
        return {
          ok: false,
          response: {
            status: 429,
            body: { message: RATE_LIMITED_MESSAGE, retry_after: Number(retry.toFixed(3)), global: true },
            headers: {
              'Retry-After': String(Math.max(1, Math.ceil(retry))),
              'X-RateLimit-Global': 'true',
              'X-RateLimit-Scope': 'global',
            },
          },
        };
      }
      g.count++;
    }
    const limit = this.routes[name];
    if (!limit) return { ok: true, headers: {} };
    const bucket = bucketId(method, name);
    const major = majorParameter(path);
    const w = this.window(`route|${caller}|${bucket}|${major}`, limit.windowMs, now, {
      name,
      method,
      major,
      limit: limit.limit,
    });
    const headers = (remaining: number): Record<string, string> => ({
      'X-RateLimit-Limit': String(limit.limit),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': secs(w.resetAt),
      'X-RateLimit-Reset-After': secs(w.resetAt - now),
      'X-RateLimit-Bucket': bucket,
    });
    if (w.count >= limit.limit) {
      const retry = (w.resetAt - now) / 1000;
      return {
        ok: false,
        response: {
          status: 429,
          body: { message: RATE_LIMITED_MESSAGE, retry_after: Number(retry.toFixed(3)), global: false },
          headers: { ...headers(0), 'Retry-After': String(Math.max(1, Math.ceil(retry))), 'X-RateLimit-Scope': 'user' },
        },
      };
    }
    w.count++;
    return { ok: true, headers: headers(limit.limit - w.count) };
  }

  /** The global limit per caller and second, or false when off. */
  get globalPerSecond(): number | false {
    return this.global;
  }

  /** The windows still open at `now` (read only: nothing is reset or pruned), the busiest `max` first: a flood of callers must not make the page's poll huge. */
  snapshot(now: number, max = 200): BucketSnapshot[] {
    const out: BucketSnapshot[] = [];
    for (const [key, w] of this.windows) {
      if (now >= w.resetAt) continue;
      const [kind, caller = '', bucketId] = key.split('|');
      const resetAfterMs = w.resetAt - now;
      if (kind === 'global') {
        if (this.global === false) continue;
        out.push({
          bucket: 'global',
          key: 'all routes',
          limit: this.global,
          remaining: Math.max(0, this.global - w.count),
          resetAfterMs,
          caller: callerLabel(caller),
        });
      } else if (w.label) {
        const { name, method, limit } = w.label;
        // A webhook's key holds a hash of its token: the view shows the webhook id alone.
        const major = w.label.major.split(':').slice(0, 2).join(':');
        out.push({
          bucket: name,
          bucketId: bucketId!,
          key: major === 'none' ? method : `${method} ${major}`,
          limit,
          remaining: Math.max(0, limit - w.count),
          resetAfterMs,
          caller: callerLabel(caller),
        });
      }
    }
    return out
      .sort((a, b) => a.remaining / a.limit - b.remaining / b.limit || a.bucket.localeCompare(b.bucket))
      .slice(0, max);
  }
}
