/**
 * The emulator's clock as a test runner drives it: the configured clock plus
 * an offset the runner advances (`advance: 16m` makes interaction tokens
 * expire). Everything in the emulator reads time through `now`.
 */
export class AdvancingClock {
  private offset = 0;
  private readonly listeners: Array<() => void> = [];

  constructor(private readonly base: () => number) {}

  readonly now = (): number => this.base() + this.offset;

  /** Moves the clock forward; a negative or non-finite amount is refused (time does not go back). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`the clock moves forward only: ${ms} ms`);
    this.offset += ms;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` after each advance (what the passing time does to the world: threads archived by inactivity). */
  onAdvance(listener: () => void): void {
    this.listeners.push(listener);
  }

  get offsetMs(): number {
    return this.offset;
  }

  reset(): void {
    this.offset = 0;
  }
}
