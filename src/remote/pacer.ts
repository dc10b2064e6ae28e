import { sleep } from './wait.js';

/**
 * Keeps every request of the client, across all buckets, under
 * `perSecond` in any sliding window of `windowMs` (the service's global
 * limit is 50/s per bot), and holds everything back after a global 429.
 * Callers are served in arrival order.
 */
export class GlobalPacer {
  readonly perSecond: number;
  readonly #windowMs: number;
  /** Start times of the last `perSecond` requests, as a ring. */
  readonly #starts: number[];
  #next = 0;
  #blockedUntil = 0;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(perSecond: number, windowMs = 1000) {
    if (!(perSecond > 0)) throw new RangeError(`globalRequestsPerSecond must be positive, got ${perSecond}`);
    this.perSecond = perSecond;
    this.#windowMs = windowMs;
    this.#starts = Number.isFinite(perSecond) ? new Array<number>(Math.max(1, Math.floor(perSecond))).fill(Number.NEGATIVE_INFINITY) : [];
  }

  /** Resolves when one more request may start now; `onWait` hears about each wait. */
  take(signal?: AbortSignal, onWait?: (ms: number, reason: 'global-limit' | 'pacer') => void): Promise<void> {
    const turn = this.#tail.then(() => this.#take(signal, onWait));
    this.#tail = turn.catch(() => undefined);
    return turn;
  }

  async #take(signal: AbortSignal | undefined, onWait: ((ms: number, reason: 'global-limit' | 'pacer') => void) | undefined): Promise<void> {
    for (;;) {
      const now = Date.now();
      const blocked = this.#blockedUntil - now;
      const paced = this.#starts.length === 0 ? 0 : this.#starts[this.#next] + this.#windowMs - now;
      const wait = Math.max(blocked, paced);
      if (wait <= 0) break;
      onWait?.(wait, blocked >= paced ? 'global-limit' : 'pacer');
      await sleep(wait, signal);
    }
    if (this.#starts.length > 0) {
      this.#starts[this.#next] = Date.now();
      this.#next = (this.#next + 1) % this.#starts.length;
    }
  }

  /** After a global 429: no request starts before `until` (epoch ms). */
  blockUntil(until: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, until);
  }

  get blockedUntil(): number {
    return this.#blockedUntil;
  }
}
