/**
 * Waiting for an application's answer is one promise woken by the change
 * itself (registry.ts `when`, `quietFor`), not a loop of timed polls: it
 * settles as soon as the answer is recorded, and at the deadline otherwise.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { InteractionRegistry, quietFor, when, type LiveInteraction } from '../../src/emulator/interactions/registry.js';

function live(): LiveInteraction {
  return {
    id: '1000000000000000001',
    token: 't',
    applicationId: '1000000000000000002',
    type: 2,
    commandType: 1,
    commandName: 'ping',
    userId: '1000000000000000003',
    channelId: '1000000000000000004',
    payload: {},
    createdAt: 0,
    followups: [],
    received: [],
    waiters: new Set(),
  };
}

/** Whether the promise has settled, after the microtasks queued so far ran. */
async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('waiting for an answer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('when: settles on the change that makes it ready, with no time passing, and leaves no waiter behind', async () => {
    const reg = new InteractionRegistry(() => 0);
    const i = live();
    const answered = when(i, (x) => x.answeredWith !== undefined, 3000);
    reg.record(i, 'followup', {});
    expect(await settled(answered)).toBe(false);
    i.answeredWith = 4;
    reg.record(i, 'callback', { type: 4 });
    expect(await settled(answered)).toBe(true);
    expect(i.waiters.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('when: without the change, settles at the deadline and not before', async () => {
    const i = live();
    const answered = when(i, (x) => x.answeredWith !== undefined, 3000);
    vi.advanceTimersByTime(2999);
    expect(await settled(answered)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(answered)).toBe(true);
    expect(i.waiters.size).toBe(0);
  });

  test('when: already ready, or no time left, settles at once', async () => {
    const i = live();
    i.answeredWith = 4;
    expect(await settled(when(i, (x) => x.answeredWith !== undefined, 3000))).toBe(true);
    expect(await settled(when(live(), () => false, 0))).toBe(true);
  });

  test('quietFor: each change starts the quiet gap over; the deadline ends it regardless', async () => {
    const reg = new InteractionRegistry(() => 0);
    const i = live();
    const quiet = quietFor(i, 300, 1000);
    vi.advanceTimersByTime(250);
    reg.record(i, 'followup', {});
    vi.advanceTimersByTime(250);
    expect(await settled(quiet)).toBe(false);
    vi.advanceTimersByTime(50);
    expect(await settled(quiet)).toBe(true);
    expect(i.waiters.size).toBe(0);

    const busy = quietFor(i, 300, 1000);
    for (let t = 0; t < 800; t += 200) {
      vi.advanceTimersByTime(200);
      reg.record(i, 'followup', {});
    }
    vi.advanceTimersByTime(150);
    expect(await settled(busy)).toBe(false);
    vi.advanceTimersByTime(50);
    expect(await settled(busy)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
