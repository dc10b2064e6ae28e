/**
 * A paged read's `limit` query parameter (facts §5.2), read the one way the
 * service reads it on every paged route: absent is the route's default; a
 * whole number within the route's bounds is itself; anything else is the
 * service's 50035 finding. Pure.
 */
import { ApiErrors, problem, type Problem } from '../problem.js';

/** A route's `limit`: what absent means, and the least and most the service takes. */
export interface PageBounds {
  readonly default: number;
  readonly min: number;
  readonly max: number;
}

/** The page size `raw` asks for, or the finding (under `rule`, at `limit`) that refuses it. */
export function pageLimit(raw: string | null, bounds: PageBounds, rule: string): number | Problem {
  if (raw === null) return bounds.default;
  if (!/^-?\d+$/.test(raw)) return problem(rule, ['limit'], 'limit must be a whole number.', ApiErrors.integer(raw));
  const n = Number(raw);
  if (n < bounds.min)
    return problem(rule, ['limit'], `limit is at least ${bounds.min}.`, ApiErrors.numberMin(bounds.min));
  if (n > bounds.max)
    return problem(rule, ['limit'], `limit is at most ${bounds.max}.`, ApiErrors.numberMax(bounds.max));
  return n;
}
