/**
 * A clock a test moves by hand, for the emulator's injectable `now` and
 * `timers`: a token's 15 minutes, the daily allowance's UTC day, a
 * rate-limit window or the 3 s answer deadline pass in one call instead of
 * in real time.
 *
 *   startEmulator({ now: clock.now, timers: clock });
 *   const outcome = em.invoke(…);
 *   await clock.waiting();   // the emulator has begun its wait for the answer
 *   clock.advance(3_000);    // … and the 3 s are over
 *
 * A stopped clock (the default) moves only when told, so every wait of the
 * emulator needs an `advance`. A running one (`{ running: true }`) also
 * moves with real time and its timers fire on their own, for an emulator a
 * whole file shares: only the tests that jump ahead say so.
 */
import { performance } from 'node:perf_hooks';
import type { Timers } from '../../src/emulator/index.js';

interface Pending {
  at: number;
  fire: () => void;
  real?: ReturnType<typeof setTimeout>;
}

export class TestClock implements Timers {
  #ms: number;
  readonly #running: boolean;
  readonly #startedAt = performance.now();
  readonly #timers = new Map<number, Pending>();
  #nextId = 1;
  #onSet: Array<() => void> = [];

  constructor(start: number | string = '2026-01-15T12:00:00Z', opts: { running?: boolean } = {}) {
    this.#ms = typeof start === 'number' ? start : Date.parse(start);
    this.#running = opts.running ?? false;
  }

  /** Epoch milliseconds, as `Date.now` gives them; pass as `now: clock.now`. */
  readonly now = (): number => this.#ms + (this.#running ? Math.floor(performance.now() - this.#startedAt) : 0);

  /** Moves the clock on by `ms`, firing each timer that falls due on the way, in order. */
  advance(ms: number): void {
    const until = this.now() + ms;
    for (let next = this.#due(until); next; next = this.#due(until)) {
      // A stopped clock stands at each timer's moment as it fires, as real time would have.
      if (!this.#running) this.#ms = Math.max(this.#ms, next[1].at);
      this.#fire(next[0]);
    }
    this.#ms += until - this.now();
  }

  set(at: number | string): void {
    this.#ms = typeof at === 'number' ? at : Date.parse(at);
  }

  readonly setTimeout = (fire: () => void, ms: number): number => {
    const id = this.#nextId++;
    const pending: Pending = { at: this.now() + Math.max(0, ms), fire };
    if (this.#running) pending.real = setTimeout(() => this.#fire(id), Math.max(0, ms));
    this.#timers.set(id, pending);
    for (const wake of this.#onSet.splice(0)) wake();
    return id;
  };

  readonly clearTimeout = (handle: unknown): void => {
    const pending = this.#timers.get(handle as number);
    if (pending?.real) clearTimeout(pending.real);
    this.#timers.delete(handle as number);
  };

  /** Timers set and not yet fired or cleared. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Resolves once a timer is pending: the emulator has begun a wait, so an `advance` now ends it. */
  waiting(): Promise<void> {
    if (this.#timers.size > 0) return Promise.resolve();
    return new Promise((resolve) => this.#onSet.push(resolve));
  }

  /** `work`'s outcome once the wait it has begun (e.g. the 3 s for an answer that will not come) is passed over: `ms` at once. */
  async skipWait<T>(work: Promise<T>, ms: number): Promise<T> {
    await this.waiting();
    this.advance(ms);
    return work;
  }

  #due(until: number): [number, Pending] | undefined {
    let first: [number, Pending] | undefined;
    for (const entry of this.#timers) if (entry[1].at <= until && (!first || entry[1].at < first[1].at)) first = entry;
    return first;
  }

  #fire(id: number): void {
    const pending = this.#timers.get(id);
    if (!pending) return;
    this.#timers.delete(id);
    if (pending.real) clearTimeout(pending.real);
    pending.fire();
  }
}
