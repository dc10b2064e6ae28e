/**
 * Gateway connections that have not identified (or resumed) yet. They hold
 * no session and cost the emulator only a socket, but without a bound a
 * client could keep any number of them open with heartbeats alone and shut
 * every bot out. So each one has a deadline to identify by, and there are at
 * most `max` at once: a new connection over that closes the one that has
 * waited longest. A bot identifies within moments of Hello, so it always
 * gets its session however many idle sockets another client opens.
 */

export interface AwaitingLimits {
  /** Connections waiting to identify, at most. */
  max: number;
  /** How long a connection may wait before it identifies. */
  timeoutMs: number;
}

export class AwaitingIdentify<C> {
  /** In the order they began waiting: the first is the oldest. */
  private readonly waiting = new Map<C, NodeJS.Timeout>();

  constructor(
    private readonly limits: AwaitingLimits,
    /** Ends a connection that waited too long or made room; it is no longer waiting when this is called. */
    private readonly expire: (connection: C) => void,
  ) {}

  get size(): number {
    return this.waiting.size;
  }

  /** A connection begins (or, after a refused Resume, begins again) to wait for its Identify. */
  add(connection: C): void {
    this.done(connection);
    if (this.waiting.size >= this.limits.max) {
      const oldest = this.waiting.keys().next().value as C;
      this.done(oldest);
      this.expire(oldest);
    }
    const timer = setTimeout(() => {
      this.waiting.delete(connection);
      this.expire(connection);
    }, this.limits.timeoutMs);
    timer.unref();
    this.waiting.set(connection, timer);
  }

  /** It identified, resumed or went away. */
  done(connection: C): void {
    const timer = this.waiting.get(connection);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.waiting.delete(connection);
  }

  clear(): void {
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
  }
}
