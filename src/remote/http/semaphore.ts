/**
 * At most `max` holders at once; waiters are served in order. Kept by hand
 * (issue 36 item 9): the client holds a slot across a whole attempt and
 * gives it back from elsewhere, which p-limit's run-this-function API does
 * not fit, and async-sema's shared `release()` would need this class's
 * once-only release and handoff wrapped around it again
 * (test/remote/semaphore.test.ts pins both).
 */
export class Semaphore {
  readonly max: number;
  #active = 0;
  readonly #waiters: Array<() => void> = [];

  constructor(max: number) {
    if (!(max >= 1)) throw new RangeError(`concurrency must be at least 1, got ${max}`);
    this.max = max;
  }

  /** Resolves with a release function once a slot is free. */
  async acquire(): Promise<() => void> {
    if (this.#active >= this.max) await new Promise<void>((resolve) => this.#waiters.push(resolve));
    else this.#active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiters.shift();
      // Hand the slot straight to the next waiter so a newcomer cannot jump the queue.
      if (next) next();
      else this.#active--;
    };
  }

  get active(): number {
    return this.#active;
  }
}
