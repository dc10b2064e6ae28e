/** Backoff before retry `attempt` (1 = first retry) after a 5xx or network failure. */
export interface BackoffOptions {
  /** Delay before the first retry, before jitter. */
  baseMs: number;
  /** Upper bound of any one delay. */
  maxMs: number;
}

/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half
 * random, so many clients failing together do not retry in lockstep, yet
 * each still waits a meaningful minimum. `random` is injectable for tests.
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const exp = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/**
 * Statuses worth retrying: the service's transient failures. Every 4xx is the
 * request's fault and would fail again (429 is handled apart, as a wait).
 */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 && status <= 599;
}
