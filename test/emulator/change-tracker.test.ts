/**
 * What one request changed, as ChangeTracker reports it to the store: in
 * memory only assignments and deletions (the message cap needs them), in a
 * persisted world also entries edited in place; an entry only read is never
 * a change, however it was read.
 */
import { describe, expect, it } from 'vitest';
import { ChangeTracker } from '../../src/emulator/state/change-tracker.js';
import { buildWorld } from '../../src/emulator/state/seed.js';
import type { StoredMessage, World } from '../../src/emulator/state/world.js';
import { DEFAULT_LIMITS } from '../../src/wire/limits.js';

let n = 1_000_000_000_000_000_000n;
const nextId = () => String(n++);
const freshWorld = (): World => buildWorld(undefined, nextId, Date.UTC(2026, 10, 24), DEFAULT_LIMITS).world;
const message = (id: string) => ({ id, webhookId: '1', channel_id: '2', message: { id }, files: {} }) as StoredMessage;
const keys = (t: ChangeTracker) =>
  t.changes().map((c) => `${c.collection}:${c.key}:${c.value === undefined ? 'deleted' : 'set'}`);

describe.each([false, true])('ChangeTracker (compare: %s)', (compare) => {
  it('reports each entry assigned, defined, assigned through Object.assign or deleted, once', () => {
    const world = freshWorld();
    world.messages.old = message('old');
    const t = new ChangeTracker(world, compare);
    t.view.messages.a = message('a');
    t.view.messages.a = message('a');
    Object.defineProperty(t.view.messages, 'b', {
      value: message('b'),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    Object.assign(t.view.messages, { c: message('c') });
    delete t.view.messages.old;
    expect(keys(t).sort()).toEqual(['messages:a:set', 'messages:b:set', 'messages:c:set', 'messages:old:deleted']);
    expect(Object.keys(world.messages).sort()).toEqual(['a', 'b', 'c']);
  });

  it('reports each of many entries once, touched again or not, and nothing after a reset', () => {
    const world = freshWorld();
    const t = new ChangeTracker(world, compare);
    for (const round of [1, 2]) for (let i = 0; i < 20; i++) t.view.messages[`m${i}`] = message(`m${i}-${round}`);
    expect(keys(t)).toEqual(Array.from({ length: 20 }, (_, i) => `messages:m${i}:set`));
    t.reset();
    expect(t.changes()).toEqual([]);
    t.view.messages.m3 = message('m3-again');
    delete t.view.messages.m4;
    expect(keys(t)).toEqual(['messages:m3:set', 'messages:m4:deleted']);
    t.rollback();
    expect(world.messages.m3?.message.id).toBe('m3-2');
    expect(world.messages.m4?.message.id).toBe('m4-2');
  });

  it('reports no entry only read, by key, by `in`, by enumeration or by descriptor', () => {
    const world = freshWorld();
    world.messages.m = message('m');
    const t = new ChangeTracker(world, compare);
    expect(t.view.messages.m?.id).toBe('m');
    expect('m' in t.view.messages).toBe(true);
    expect(Object.keys(t.view.messages)).toEqual(['m']);
    expect(Object.getOwnPropertyDescriptor(t.view.messages, 'm')?.value).toBe(world.messages.m);
    expect(t.changes()).toEqual([]);
  });

  it(
    compare
      ? 'reports an entry edited in place (a persisted world compares)'
      : 'does not see an entry edited in place (memory only)',
    () => {
      const world = freshWorld();
      world.messages.m = message('m');
      const t = new ChangeTracker(world, compare);
      t.view.messages.m!.message.content = 'edited';
      expect(keys(t)).toEqual(compare ? ['messages:m:set'] : []);
    },
  );
});
