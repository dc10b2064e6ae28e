/**
 * `GET /__emulator/view/state`: what the emulator holds that shapes the next
 * answers — open rate-limit windows, today's command creates, fault rules
 * with their counters, gateway sessions and live interactions. Summaries
 * only: callers are named by a hash prefix and sessions by their
 * application, so no token (bot, bearer, interaction, webhook, control)
 * reaches the page.
 */
import type { Limits } from '../../spec/limits.js';
import { dailyCreatesToday, utcDay } from '../commands-model.js';
import type { FaultController, FaultRule } from '../faults.js';
import type { Gateway, SessionSnapshot } from '../gateway/gateway.js';
import type { BucketSnapshot, RateLimiter } from '../rate-limit.js';
import type { World } from '../world.js';

export interface StateSources {
  world(): World;
  /** The emulator's clock (the daily allowance counts by it). */
  now(): number;
  limits: Limits;
  faults: FaultController;
  /** Absent when rate limits are off. */
  rateLimiter?: RateLimiter;
  gateway: Gateway;
  liveInteractions(): number;
}

export interface ViewState {
  rateLimits: { enabled: boolean; global: { limit: number | null }; buckets: BucketSnapshot[] };
  /** The same answer as GET /__emulator/daily-creates. */
  dailyCreates: { day: string; limit_per_guild: number; global_limited: false; scopes: ReturnType<typeof dailyCreatesToday> };
  faults: Array<FaultRule & { matched: number; injected: number }>;
  gateway: { sessions: SessionSnapshot[] };
  interactions: { live: number };
}

export function viewState(s: StateSources): ViewState {
  const now = s.now();
  const global = s.rateLimiter?.globalPerSecond;
  return {
    rateLimits: {
      enabled: s.rateLimiter !== undefined,
      global: { limit: typeof global === 'number' ? global : null },
      // The server's limiter runs on the wall clock, not the emulator's (a test's clock may stand still).
      buckets: s.rateLimiter?.snapshot(Date.now()) ?? [],
    },
    dailyCreates: { day: utcDay(now), limit_per_guild: s.limits.daily_creates, global_limited: false, scopes: dailyCreatesToday(s.world(), now, s.limits.daily_creates) },
    faults: s.faults.list(),
    gateway: { sessions: s.gateway.snapshot() },
    interactions: { live: s.liveInteractions() },
  };
}
