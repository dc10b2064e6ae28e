import { ApiErrors, problem } from '../../wire/problem.js';
import { isSnowflake } from '../../wire/snowflake.js';
import { formErrorResponse } from './form-errors.js';
import type { EmulatorResponse, Route } from './http-types.js';

interface Compiled {
  route: Route;
  /** Each segment's literal, or undefined where the pattern has a parameter. */
  literals: Array<string | undefined>;
  /** The parameters: their place in the path and their name. */
  params: Array<[number, string]>;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed' }
  | { kind: 'not-found' };

const NOT_FOUND: RouteMatch = Object.freeze({ kind: 'not-found' });
const METHOD_NOT_ALLOWED: RouteMatch = Object.freeze({ kind: 'method-not-allowed' });

/** A path segment decoded, or undefined when its percent-encoding is malformed (it then matches nothing). */
function decodeSegment(segment: string): string | undefined {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

function compile(route: Route): Compiled {
  const segments = split(route.pattern);
  const params: Array<[number, string]> = [];
  const literals = segments.map((seg, i) => {
    if (!seg.startsWith(':')) return seg;
    params.push([i, seg.slice(1)]);
    return undefined;
  });
  return { route, literals, params };
}

/**
 * How well a route fits the path's segments, or -1 when it does not: one bit
 * per segment, the first the highest, set where a parameter matched. Lower is
 * better, so a literal segment beats a parameter at the same position.
 */
function fitScore(c: Compiled, parts: ReadonlyArray<string | undefined>): number {
  let score = 0;
  for (let i = 0; i < parts.length; i++) {
    const literal = c.literals[i];
    const part = parts[i];
    if (literal === undefined) {
      if (part === undefined) return -1;
      score = score * 2 + 1;
    } else if (literal === part) score *= 2;
    else return -1;
  }
  return score;
}

/**
 * Matches a path (relative to /api/v10) against route patterns. A literal
 * segment beats a parameter at the same position, so
 * `/commands/permissions` is never taken for `/commands/:commandId`.
 */
export class Router {
  /**
   * The routes that can match a path, in the order given: by its number of segments, then by its first
   * segment (those with that literal first and those with a parameter first; `undefined` holds the latter only).
   */
  private readonly candidates = new Map<number, Map<string | undefined, Compiled[]>>();

  constructor(routes: readonly Route[]) {
    const compiled = routes.map(compile);
    for (const c of compiled) {
      let byFirst = this.candidates.get(c.literals.length);
      if (!byFirst) this.candidates.set(c.literals.length, (byFirst = new Map()));
      byFirst.set(c.literals[0], []);
      byFirst.set(undefined, []);
    }
    for (const c of compiled) {
      for (const [first, list] of this.candidates.get(c.literals.length)!) {
        if (c.literals[0] === undefined || c.literals[0] === first) list.push(c);
      }
    }
  }

  match(method: string, path: string): RouteMatch {
    // Segments are compared decoded, as the service does: clients send `@original` as `%40original`.
    // (Dot segments, encoded or not, were refused before routing.)
    const parts: Array<string | undefined> = [];
    for (const segment of path.split('/')) if (segment.length > 0) parts.push(decodeSegment(segment));
    let best: Compiled | undefined;
    let bestScore = -1;
    let bestAny = -1;
    const byFirst = this.candidates.get(parts.length);
    for (const c of byFirst?.get(parts[0]) ?? byFirst?.get(undefined) ?? []) {
      const score = fitScore(c, parts);
      if (score < 0) continue;
      if (bestAny < 0 || score < bestAny) bestAny = score;
      if (c.route.method !== method) continue;
      if (!best || score < bestScore) {
        best = c;
        bestScore = score;
      }
    }
    // A literal route for another method still owns its path: `DELETE .../commands/permissions` is not `DELETE .../:commandId`.
    if (best && bestScore === bestAny) {
      const params: Record<string, string> = {};
      for (const [i, name] of best.params) params[name] = parts[i]!;
      return { kind: 'found', route: best.route, params };
    }
    return bestAny >= 0 ? METHOD_NOT_ALLOWED : NOT_FOUND;
  }
}

/** The query of every target without one: shared, so it refuses changes (one would reach the next request). */
class NoQuery extends URLSearchParams {
  override append(): void {
    throw new TypeError('a request without a query has a read-only one');
  }
  override delete(): void {
    this.append();
  }
  override set(): void {
    this.append();
  }
  override sort(): void {
    this.append();
  }
}

const NO_QUERY: URLSearchParams = new NoQuery();

/** A request target split into its path (exactly as sent, no dot-segment resolution) and its query. */
export function splitTarget(target: string): { path: string; query: URLSearchParams } {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  return {
    path: path.startsWith('/') ? path : `/${path}`,
    query: q < 0 ? NO_QUERY : new URLSearchParams(target.slice(q + 1)),
  };
}

/** `.` or `..` as a segment, literally or percent-encoded: such a path names no resource. */
export function hasDotSegment(path: string): boolean {
  if (!path.includes('.') && !path.includes('%')) return false;
  return path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
}

/**
 * Ids in the path must be snowflakes: the service answers anything else in an
 * id position with 50035 NUMBER_TYPE_COERCE at `<name>_id` (e.g. `guild_id`).
 * Every `:…Id` parameter is an id; `:webhookToken` is not.
 */
export function malformedIds(params: Record<string, string>): EmulatorResponse | undefined {
  // Nearly every request's ids are fine: look before building anything.
  let bad = false;
  for (const name in params) if (name.endsWith('Id') && !isSnowflake(params[name])) bad = true;
  if (!bad) return undefined;
  const problems = Object.entries(params)
    .filter(([name, value]) => name.endsWith('Id') && !isSnowflake(value))
    .map(([name, value]) => {
      const field = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      return problem('path-snowflake', [field], `${field} must be a snowflake.`, ApiErrors.snowflake(value));
    });
  return formErrorResponse(problems);
}
