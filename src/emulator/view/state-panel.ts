/**
 * `GET /__emulator/view/state`: what the emulator holds that shapes the next
 * answers — open rate-limit windows, today's command creates, fault rules
 * with their counters, gateway sessions and live interactions. Summaries
 * only: callers are named by a hash prefix and sessions by their
 * application, so no token (bot, bearer, interaction, webhook, control)
 * reaches the page.
 */
import type { Limits } from '../../wire/limits.js';
import { dailyCreatesToday, utcDay } from '../state/commands-model.js';
import type { FaultController } from '../http/faults.js';
import type { Gateway } from '../gateway/gateway.js';
import type { RateLimiter } from '../http/rate-limit.js';
import type { EndpointCheck } from '../interactions/deliver.js';
import type { World } from '../state/world.js';
import type { ViewEndpoint, ViewState } from './state-types.js';

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
  /** The last check of an application's interactions endpoint URL, if one ran. */
  endpointChecks?(applicationId: string): (EndpointCheck & { at: number }) | undefined;
}

function endpoints(s: StateSources): ViewEndpoint[] {
  return Object.values(s.world().applications).map((a) => {
    const last = a.interactionsEndpointUrl ? s.endpointChecks?.(a.id) : undefined;
    return {
      applicationId: a.id,
      ...(a.interactionsEndpointUrl ? { url: a.interactionsEndpointUrl } : {}),
      ...(last && last.url === a.interactionsEndpointUrl
        ? { lastCheck: { ok: last.ok, problems: last.problems, at: last.at } }
        : {}),
    };
  });
}

export function viewState(s: StateSources): ViewState {
  const now = s.now();
  const global = s.rateLimiter?.globalPerSecond;
  return {
    rateLimits: {
      enabled: s.rateLimiter !== undefined,
      global: { limit: typeof global === 'number' ? global : null },
      buckets: s.rateLimiter?.snapshot(now) ?? [],
    },
    dailyCreates: {
      day: utcDay(now),
      limit_per_guild: s.limits.daily_creates,
      global_limited: false,
      scopes: dailyCreatesToday(s.world(), now, s.limits.daily_creates),
    },
    faults: s.faults.list(),
    gateway: { sessions: s.gateway.snapshot() },
    interactions: { live: s.liveInteractions(), endpoints: endpoints(s) },
  };
}
