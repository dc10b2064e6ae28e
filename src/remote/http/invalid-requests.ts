/**
 * Counts invalid answers (401, 403, and 429 except `shared` scope) in a
 * sliding window. The service bans an IP at 10,000 per 10 minutes; the client
 * refuses to send once `count()` reaches its own, much lower, limit. Share one
 * counter between clients of a process to count per process, as the service
 * counts per IP.
 */
export class InvalidRequestCounter {
  readonly windowMs: number;
  #times: number[] = [];

  constructor(windowMs = 10 * 60_000) {
    this.windowMs = windowMs;
  }

  record(now = Date.now()): void {
    this.#times.push(now);
    this.#prune(now);
  }

  count(now = Date.now()): number {
    this.#prune(now);
    return this.#times.length;
  }

  #prune(now: number): void {
    const cutoff = now - this.windowMs;
    let drop = 0;
    while (drop < this.#times.length && this.#times[drop] <= cutoff) drop++;
    if (drop > 0) this.#times = this.#times.slice(drop);
  }
}
