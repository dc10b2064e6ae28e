import { CmdsyncError } from '../errors.js';

/**
 * How long a fetch that is not the service may take (an avatar given as a
 * URL, the --notify webhook): a stuck server must not hang a deploy.
 * CMDSYNC_FETCH_TIMEOUT_MS overrides it (tests, slow networks).
 */
export const FETCH_TIMEOUT_MS = 10_000;

export function fetchTimeoutMs(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env.CMDSYNC_FETCH_TIMEOUT_MS?.trim();
  if (!raw) return FETCH_TIMEOUT_MS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0)
    throw new CmdsyncError(
      'FETCH_TIMEOUT_INVALID',
      `CMDSYNC_FETCH_TIMEOUT_MS must be a whole number of milliseconds above 0, not ${JSON.stringify(raw)}.`,
    );
  return n;
}
