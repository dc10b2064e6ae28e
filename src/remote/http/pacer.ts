import { sleep } from './wait.js';

/**
 * Margins a request's slot is held past its window, in ms. The pacer sees
 * when a request leaves; the service counts it when it arrives, and the
 * transit varies (event loop, network). With no margin, the request that
 * opens the service's window only has to travel a little slower than the
 * one sent a window later for that one to land in the full window and get a
 * global 429 (a 1000-guild plan at 50/s got ~40 of them).
 * - `steady`: ordinary jitter between requests on warm connections;
 * - `cold`: requests sent after the pacer was idle a whole window open new
 *   connections (TCP, TLS), so they arrive late by a handshake or more. It is
 *   paid once per burst.
 */
export const PACER_MARGIN_MS = { steady: 15, cold: 250 };

/**
 * Keeps every request of the client, across all buckets, under
 * `perSecond` in any sliding window of `windowMs` plus a margin (the
 * service's global limit is 50/s per bot), and holds everything back after
 * a global 429. Callers are served in arrival order.
 */
export class GlobalPacer {
  readonly perSecond: number;
  readonly #windowMs: number;
  readonly #margin: { steady: number; cold: number };
  /** When each of the last `perSecond` requests frees its slot (start + window + margin), as a ring. */
  readonly #frees: number[];
  #next = 0;
  /** Slots left to fill with the cold margin, in the burst that follows an idle window. */
  #cold = 0;
  /** Start of the latest request. */
  #last = Number.NEGATIVE_INFINITY;
  #blockedUntil = 0;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(perSecond: number, windowMs = 1000, margin: { steady: number; cold: number } = PACER_MARGIN_MS) {
    if (!(perSecond > 0)) throw new RangeError(`globalRequestsPerSecond must be positive, got ${perSecond}`);
    this.perSecond = perSecond;
    this.#windowMs = windowMs;
    this.#margin = margin;
    this.#frees = Number.isFinite(perSecond)
      ? new Array<number>(Math.max(1, Math.floor(perSecond))).fill(Number.NEGATIVE_INFINITY)
      : [];
  }

  /** Resolves when one more request may start now; `onWait` hears about each wait. */
  take(signal?: AbortSignal, onWait?: (ms: number, reason: 'global-limit' | 'pacer') => void): Promise<void> {
    const turn = this.#tail.then(() => this.#take(signal, onWait));
    this.#tail = turn.catch(() => undefined);
    return turn;
  }

  async #take(
    signal: AbortSignal | undefined,
    onWait: ((ms: number, reason: 'global-limit' | 'pacer') => void) | undefined,
  ): Promise<void> {
    // Idle is judged on arrival: a request the pacer itself holds back finds the connections still warm.
    const idle = Date.now() - this.#last >= this.#windowMs;
    for (;;) {
      const now = Date.now();
      const blocked = this.#blockedUntil - now;
      const paced = this.#frees.length === 0 ? 0 : this.#frees[this.#next] - now;
      const wait = Math.max(blocked, paced);
      if (wait <= 0) break;
      onWait?.(wait, blocked >= paced ? 'global-limit' : 'pacer');
      await sleep(wait, signal);
    }
    if (this.#frees.length > 0) {
      const now = Date.now();
      // Idle for a whole window: this burst opens connections; its first window gets the cold margin.
      if (idle) this.#cold = this.#frees.length;
      const margin = this.#cold > 0 ? this.#margin.cold : this.#margin.steady;
      if (this.#cold > 0) this.#cold--;
      this.#frees[this.#next] = now + this.#windowMs + margin;
      this.#next = (this.#next + 1) % this.#frees.length;
      this.#last = now;
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
