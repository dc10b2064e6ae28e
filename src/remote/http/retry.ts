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

/**
 * The delay before a retry: the backoff, or the `Retry-After` a 5xx came
 * with when that is longer (never past `maxMs`).
 */
export function retryDelay(attempt: number, options: BackoffOptions, retryAfterMs: number | undefined): number {
  return Math.max(backoffDelay(attempt, options), Math.min(retryAfterMs ?? 0, options.maxMs));
}

/**
 * One request's counts across its attempts. Retries (after a 5xx or a lost
 * attempt) are bounded by `retries`; 429s are waits, bounded apart (in a row
 * and in total); a 401 on a client-credentials bearer renews it once.
 */
export class RetryBudget {
  /** Retries used. */
  failures = 0;
  consecutive429 = 0;
  waited429Ms = 0;
  bearerRenewed = false;

  constructor(readonly retries: number) {}

  /** Takes one retry when any is left. */
  takeRetry(): boolean {
    if (this.failures >= this.retries) return false;
    this.failures++;
    return true;
  }

  /** The attempt that failed last, counted from 1. */
  get attempts(): number {
    return this.failures + 1;
  }
}
