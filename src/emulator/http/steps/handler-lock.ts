/**
 * Serialises handlers so a change and its persistence are never interleaved
 * with another request's. A handler that finds the lock free and answers
 * synchronously (nearly every one) runs at once and its answer comes back as
 * a value: no promise, no microtask turns. Only while an asynchronous handler
 * is in flight do later ones queue behind it, in order.
 */
export class HandlerLock {
  /** Handlers running or queued. */
  private pending = 0;
  private tail: Promise<void> = Promise.resolve();
  private readonly release = (): void => {
    this.pending--;
  };

  run<T>(fn: () => T | Promise<T>): T | Promise<T> {
    if (this.pending === 0) {
      this.pending = 1;
      let out: T | Promise<T>;
      try {
        out = fn();
      } catch (err) {
        this.pending = 0;
        throw err;
      }
      if (!(out instanceof Promise)) {
        this.pending = 0;
        return out;
      }
      this.tail = out.then(this.release, this.release);
      return out;
    }
    this.pending++;
    const result = this.tail.then(fn);
    this.tail = result.then(this.release, this.release);
    return result;
  }
}
