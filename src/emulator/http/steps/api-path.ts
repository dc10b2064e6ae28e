/** The step after the control routes: only paths under a served API version go on (the rest are 404). */
export const API_PREFIX = '/api/v10';
/** Versions served with the same routes: the service still serves v9, and clients pinned to it exist. */
const API_PREFIXES = [API_PREFIX, '/api/v9'];
/** The OAuth2 token endpoint is also served without a version. */
const UNVERSIONED_TOKEN_PATH = '/api/oauth2/token';
const UNVERSIONED_PREFIX = '/api';

/** The prefix the routes' paths follow (`/api/v10`; `/api` for the unversioned token endpoint); undefined outside the API. */
export function apiPrefix(target: string): string | undefined {
  for (const prefix of API_PREFIXES)
    if (target.startsWith(prefix) && target.charCodeAt(prefix.length) === 0x2f) return prefix;
  return target === UNVERSIONED_TOKEN_PATH ? UNVERSIONED_PREFIX : undefined;
}

/** Whether the prefix names a version, so a path below it may repeat the version (doubled-version.ts). */
export function isVersioned(prefix: string): boolean {
  return prefix !== UNVERSIONED_PREFIX;
}
