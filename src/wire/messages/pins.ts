/**
 * A channel's pinned messages (API reference, Message resource "Pin Message",
 * "Get Channel Pins"): how many a channel holds, and the query of the paged
 * list (`before` a pin time, `limit` 1-50). Pure.
 */
import { ApiErrors, problem, type Problem } from '../problem.js';
import { pageLimit } from './page-limit.js';

/** Pins a channel may hold (30003 past it). */
export const MAX_PINS_PER_CHANNEL = 50;

export const PINS_PAGE = { default: 50, min: 1, max: 50 } as const;

export interface PinsPageQuery {
  limit: number;
  /** Only pins made before this time (epoch ms). */
  beforeMs?: number;
}

export function parsePinsPageQuery(get: (name: string) => string | null): PinsPageQuery | Problem[] {
  const limit = pageLimit(get('limit'), PINS_PAGE, 'pins-limit');
  const out: Problem[] = typeof limit === 'number' ? [] : [limit];
  const before = get('before');
  const beforeMs = before === null ? undefined : Date.parse(before);
  if (beforeMs !== undefined && Number.isNaN(beforeMs))
    out.push(
      problem('pins-before', ['before'], 'before must be an ISO 8601 time.', ApiErrors.invalid('Invalid timestamp.')),
    );
  if (typeof limit !== 'number' || out.length > 0) return out;
  return beforeMs === undefined ? { limit } : { limit, beforeMs };
}
