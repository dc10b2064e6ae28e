/** Rate limits: the caller's request counted in its buckets (rate-limit.ts), or the 429. */
import { hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Exchange } from '../exchange.js';
import type { EmulatorResponse, Route } from '../http-types.js';

/** Who the caller is for rate limiting: a hash of its credential, or its address. */
function callerOf(req: IncomingMessage): string {
  const auth = req.headers.authorization;
  // One-shot hash: no Hash object per request.
  return auth ? hash('sha256', auth, 'hex').slice(0, 24) : `ip:${req.socket.remoteAddress ?? ''}`;
}

/** Counts the request; the refusal when over, else the exchange carries the limit headers and bucket from here on. */
export function countRateLimit(ex: Exchange, route: Route): EmulatorResponse | undefined {
  const limiter = ex.env.options.rateLimiter;
  if (!limiter) return undefined;
  const decision = limiter.check(callerOf(ex.req), ex.method, route.bucket, ex.path, ex.env.options.now());
  if (!decision.ok) return decision.response;
  ex.limitHeaders = decision.headers;
  ex.bucket = decision.headers['X-RateLimit-Bucket'];
  return undefined;
}
