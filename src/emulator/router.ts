import type { Route } from './http-types.js';

interface Compiled {
  route: Route;
  segments: string[];
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed' }
  | { kind: 'not-found' };

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

/**
 * Matches a path (relative to /api/v10) against route patterns. A literal
 * segment beats a parameter at the same position, so
 * `/commands/permissions` is never taken for `/commands/:commandId`.
 */
export class Router {
  private readonly compiled: Compiled[];

  constructor(routes: readonly Route[]) {
    this.compiled = routes.map((route) => ({ route, segments: split(route.pattern) }));
  }

  match(method: string, path: string): RouteMatch {
    const parts = split(path);
    let best: { c: Compiled; params: Record<string, string>; score: string } | undefined;
    let bestAny: string | undefined;
    for (const c of this.compiled) {
      if (c.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let score = '';
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        const seg = c.segments[i]!;
        if (seg.startsWith(':')) {
          try {
            params[seg.slice(1)] = decodeURIComponent(parts[i]!);
          } catch {
            ok = false;
            break;
          }
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
