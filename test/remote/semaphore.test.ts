/**
 * The client's cap on requests in flight (remote/http/semaphore.ts): what
 * the client relies on, and what a library in its place would have to keep.
 */
import { describe, expect, it } from 'vitest';
import { Semaphore } from '../../src/remote/http/semaphore.js';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('serves waiters in the order they came, and a slot given back goes to the first of them, not to a newcomer', async () => {
    const s = new Semaphore(1);
    const order: string[] = [];
    const take = (name: string) =>
      s.acquire().then((release) => {
        order.push(name);
        return release;
      });
    const first = await s.acquire();
    const waiting = ['a', 'b'].map(take);
    first();
    // The slot is the first waiter's before it runs: one that asks now waits behind b.
    const late = take('late');
    expect(s.active).toBe(1);
    (await waiting[0])();
    (await waiting[1])();
    (await late)();
    expect(order).toEqual(['a', 'b', 'late']);
    expect(s.active).toBe(0);
  });

  it('a release called twice gives back one slot', async () => {
    const s = new Semaphore(2);
    const a = await s.acquire();
    await s.acquire();
    a();
    a();
    expect(s.active).toBe(1);
    let third = false;
    void s.acquire().then(() => (third = true));
    let fourth = false;
    void s.acquire().then(() => (fourth = true));
    await settle();
    expect([third, fourth]).toEqual([true, false]);
  });

  it('refuses a cap below one', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
    expect(() => new Semaphore(Number.NaN)).toThrow('concurrency must be at least 1, got NaN');
  });
});
