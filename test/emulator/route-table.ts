/** The emulator's API route table, as startEmulator assembles it (wiring/parts.ts), for tests that read the table itself. */
import type { Route } from '../../src/emulator/http/http-types.js';
import { apiRoutes } from '../../src/emulator/wiring/parts.js';
import { DEFAULT_LIMITS } from '../../src/wire/limits.js';

/** Building the table reads none of these; its handlers, never called here, would. */
export const API_ROUTES: readonly Route[] = apiRoutes(DEFAULT_LIMITS, {} as never, {} as never, {} as never);

/** The bucket the route of this method and pattern declares. */
export function declaredBucket(method: string, pattern: string): Route['bucket'] {
  const route = API_ROUTES.find((r) => r.method === method && r.pattern === pattern);
  if (!route) throw new Error(`no route ${method} ${pattern}`);
  return route.bucket;
}
