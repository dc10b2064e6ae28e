/** Auth: who is calling (auth.ts), checked against what the route requires. */
import { notYourApplication, resolveAuth, unauthorized } from '../auth.js';
import type { EmulatorResponse, RequestAuth } from '../http-types.js';
import type { ServerOptions } from '../server-options.js';
import type { Matched } from './match-route.js';

export function authorize(
  { route, params }: Matched,
  header: string | undefined,
  { store, now }: ServerOptions,
): RequestAuth | EmulatorResponse {
  if (route.auth === 'none') return { kind: 'none' };
  const auth = resolveAuth(header, store.world, now());
  if (auth.kind === 'invalid') return unauthorized();
  if (route.auth === 'optional') return auth;
  if (auth.kind === 'none') return unauthorized();
  if (params.applicationId !== undefined && params.applicationId !== auth.application.id) return notYourApplication();
  return auth;
}
