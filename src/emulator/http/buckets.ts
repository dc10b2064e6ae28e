/**
 * The emulator's rate-limit buckets and their default limits. Each route
 * declares its bucket (`Route.bucket`); routes that share a limit share a
 * name, and `RateLimiter` keeps one window per bucket, method and top-level
 * resource (facts §2.1: buckets differ by method and exclude the top-level
 * resource's id, which splits them).
 */

export interface RouteLimit {
  limit: number;
  windowMs: number;
}

/** Bucket names: the keys of `routes` in the rate-limit options. */
export type BucketName =
  | 'commands.list'
  | 'commands.get'
  | 'commands.create'
  | 'commands.edit'
  | 'commands.delete'
  | 'commands.bulk'
  | 'permissions.get'
  | 'permissions.edit'
  | 'webhook.execute'
  | 'webhooks'
  | 'oauth.token'
  | 'default';

/**
 * What a route declares: its bucket, or `exempt` for the interaction
 * callback, which counts in no bucket and not in the global limit either
 * (facts §2.3: interaction endpoints are exempt; @discordjs/rest sends it
 * without proactive limiting, §2.5).
 */
export type RouteBucket = BucketName | 'exempt';

/**
 * Real-looking numbers. Command creates: about 5 per 20 s per application
 * (facts §2.4, observed); edits and deletes share that pace; webhook execute:
 * 5 per 2 s per webhook (staff comment). The rest are the emulator's choice.
 */
export const DEFAULT_ROUTE_LIMITS: Record<BucketName, RouteLimit> = {
  'commands.list': { limit: 50, windowMs: 1000 },
  'commands.get': { limit: 50, windowMs: 1000 },
  'commands.create': { limit: 5, windowMs: 20_000 },
  'commands.edit': { limit: 5, windowMs: 20_000 },
  'commands.delete': { limit: 5, windowMs: 20_000 },
  'commands.bulk': { limit: 5, windowMs: 20_000 },
  'permissions.get': { limit: 50, windowMs: 1000 },
  'permissions.edit': { limit: 10, windowMs: 10_000 },
  'webhook.execute': { limit: 5, windowMs: 2000 },
  webhooks: { limit: 5, windowMs: 1000 },
  'oauth.token': { limit: 5, windowMs: 1000 },
  default: { limit: 50, windowMs: 1000 },
};
