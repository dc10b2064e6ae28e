import { describe, expect, it } from 'vitest';
import { HandlerLock } from '../../src/emulator/http/steps/handler-lock.js';

describe('HandlerLock', () => {
  it('runs a synchronous handler at once when free and hands back its value, not a promise', () => {
    const lock = new HandlerLock();
    expect(lock.run(() => 42)).toBe(42);
    expect(lock.run(() => 'again')).toBe('again');
  });

  it('queues handlers behind an asynchronous one and runs them in order, one at a time', async () => {
    const lock = new HandlerLock();
    const log: string[] = [];
    let open!: () => void;
    const first = lock.run(async () => {
      log.push('a start');
      await new Promise<void>((r) => (open = r));
      log.push('a end');
      return 'a';
    });
    const second = lock.run(() => {
      log.push('b');
      return 'b';
    });
    const third = lock.run(async () => {
      log.push('c');
      return 'c';
    });
    expect(second).toBeInstanceOf(Promise);
    expect(log).toEqual(['a start']);
    open();
    expect(await Promise.all([first, second, third])).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b', 'c']);
    // Free again: synchronous once more.
    expect(lock.run(() => 'd')).toBe('d');
  });

  it('is free again after a handler throws or rejects', async () => {
    const lock = new HandlerLock();
    expect(() =>
      lock.run(() => {
        throw new Error('sync');
      }),
    ).toThrow('sync');
    expect(lock.run(() => 1)).toBe(1);
    await expect(lock.run(() => Promise.reject(new Error('async')))).rejects.toThrow('async');
    expect(lock.run(() => 2)).toBe(2);
  });
});
