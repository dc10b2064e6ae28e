import { ApiErrors, problem } from '../../wire/problem.js';
import { isSnowflake } from '../../wire/snowflake.js';
import { formErrorResponse } from './form-errors.js';
import type { EmulatorResponse, Route } from './http-types.js';

interface Compiled {
  route: Route;
  segments: string[];
}

export type RouteMatch = { kind: 'found'; route: Route; params: Record<string, string> } | { kind: 'method-not-allowed' } | { kind: 'not-found' };

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

/**
 * Matches a path (relative to /api/v10) against route patterns. A literal
 * segment beats a parameter at the same position, so
 * `/commands/permissions` is never taken for `/commands/:commandId`.
 */
export class Router {
  /** The routes by their number of segments, in the order given: only those can match a path. */
  private readonly bySegments = new Map<number, Compiled[]>();

  constructor(routes: readonly Route[]) {
    for (const route of routes) {
      const segments = split(route.pattern);
      const list = this.bySegments.get(segments.length);
      if (list) list.push({ route, segments });
      else this.bySegments.set(segments.length, [{ route, segments }]);
    }
  }

  match(method: string, path: string): RouteMatch {
    // Segments are compared decoded, as the service does: clients send `@original` as `%40original`.
    // (Dot segments, encoded or not, were refused before routing.)
    const parts = split(path).map(decodeSegment);
    let best: { c: Compiled; params: Record<string, string>; score: string } | undefined;
    let bestAny: string | undefined;
    for (const c of this.bySegments.get(parts.length) ?? []) {
      const params: Record<string, string> = {};
      let score = '';
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        const seg = c.segments[i]!;
        if (seg.startsWith(':')) {
          if (parts[i] === undefined) {
            ok = false;
            break;
          }
          params[seg.slice(1)] = parts[i]!;
          score += '1';
        } else if (seg === parts[i]) score += '0';
        else {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (bestAny === undefined || score < bestAny) bestAny = score;
      if (c.route.method !== method) continue;
      if (!best || score < best.score) best = { c, params, score };
    }
    // A literal route for another method still owns its path: `DELETE .../commands/permissions` is not `DELETE .../:commandId`.
    if (best && best.score === bestAny) return { kind: 'found', route: best.c.route, params: best.params };
    return bestAny !== undefined ? { kind: 'method-not-allowed' } : { kind: 'not-found' };
  }
}

/** A request target split into its path (exactly as sent, no dot-segment resolution) and its query. */
export function splitTarget(target: string): { path: string; query: URLSearchParams } {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  return { path: path.startsWith('/') ? path : `/${path}`, query: new URLSearchParams(q < 0 ? '' : target.slice(q + 1)) };
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
