/**
 * A clock a test moves by hand, for the emulator's injectable `now`: a
 * token's 15 minutes, the daily allowance's UTC day or a rate-limit window
 * pass in one call instead of in real time.
 */
export class TestClock {
  #ms: number;

  constructor(start: number | string = '2026-01-15T12:00:00Z') {
    this.#ms = typeof start === 'number' ? start : Date.parse(start);
  }

  /** Epoch milliseconds, as `Date.now` gives them; pass as `now: clock.now`. */
  readonly now = (): number => this.#ms;

  advance(ms: number): void {
    this.#ms += ms;
  }

  set(at: number | string): void {
    this.#ms = typeof at === 'number' ? at : Date.parse(at);
  }
}
