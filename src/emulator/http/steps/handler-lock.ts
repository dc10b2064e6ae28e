/** Serialises handlers so a change and its persistence are never interleaved with another request's. */
export class HandlerLock {
  private tail: Promise<void> = Promise.resolve();

  run<T>(fn: () => T | Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(settled, settled);
    return result;
  }
}

function settled(): void {}
